import KuchiBase

/// PersistenceError: Kuchi's own (KuchiBase). GRDB also exports a deprecated `PersistenceError`
/// (its old name for `RecordError`); a module that imports both names Kuchi's through this alias,
/// since a module's own declarations win over imported ones.
public typealias PersistenceError = KuchiBase.PersistenceError
