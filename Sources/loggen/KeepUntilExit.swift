/// Values kept alive until the process exits.
nonisolated(unsafe) private var keptUntilExit: [Any] = []

/// Keeps a value alive until the process exits, so that a large schema is released by the
/// exit itself rather than object by object (a 50,000-event schema takes a tenth of a
/// second to free, all of it wasted at exit).
func keepUntilExit(_ value: Any) {
    keptUntilExit.append(value)
}
