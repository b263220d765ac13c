/// A consumer's durable position in the store.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class LogCursorState: Equatable, Sendable {
    /// The cursor's name.
    public let name: String
    /// Every record up to and including this sequence number is acknowledged (0: none).
    public let acknowledgedSequence: UInt64
    /// Records after it still in the store.
    public let pendingRecords: Int

    /// A cursor's state.
    public init(name: String, acknowledgedSequence: UInt64, pendingRecords: Int) {
        self.name = name
        self.acknowledgedSequence = acknowledgedSequence
        self.pendingRecords = pendingRecords
    }

    public static func == (lhs: LogCursorState, rhs: LogCursorState) -> Bool {
        lhs.name == rhs.name && lhs.acknowledgedSequence == rhs.acknowledgedSequence && lhs.pendingRecords == rhs.pendingRecords
    }
}
