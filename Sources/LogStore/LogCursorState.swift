/// A consumer's durable position in the store.
public struct LogCursorState: Equatable, Sendable {
    /// The cursor's name.
    public internal(set) var name: String
    /// Every record up to and including this sequence number is acknowledged (0: none).
    public internal(set) var acknowledgedSequence: UInt64
    /// Records after it still in the store.
    public internal(set) var pendingRecords: Int

    /// A cursor's state.
    public init(name: String, acknowledgedSequence: UInt64, pendingRecords: Int) {
        self.name = name
        self.acknowledgedSequence = acknowledgedSequence
        self.pendingRecords = pendingRecords
    }
}
