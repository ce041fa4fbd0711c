import KuchiBase
import KuchiData

/// PersistenceError: Kuchi's own (KuchiBase), not GRDB's deprecated name for `RecordError` —
/// a module's own declarations win over the ones it imports.
public typealias PersistenceError = KuchiBase.PersistenceError
