/// The shared test helpers (temporary folders, the deck generator, the built binary) are in
/// every file of this target without an import of their own.
@_exported import KuchiTestSupport
