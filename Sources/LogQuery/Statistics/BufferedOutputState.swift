import Foundation
import LogStore

/// What waits behind one of the app's buffered outputs: the runtime keeps each in its own
/// store, `DIR/outputs/<name>/`, next to the history in `DIR` (docs/Runtime.md), with a
/// cursor `sent` at the last acknowledged log and rejected chunks in `rejected/`.
public struct BufferedOutputState: Hashable, Sendable {
    /// The output's name (its directory's name).
    public var name: String
    /// Logs not yet acknowledged by the backend.
    public var pending: Int
    /// Logs the backend rejected for good, set aside.
    public var rejected: Int
    /// Logs the output's store dropped to stay within its caps.
    public var droppedByCaps: UInt64

    /// The name of the cursor that marks what the backend acknowledged.
    public static let sentCursor = "sent"

    /// The buffered outputs next to the history store in `directory`, by name; none when
    /// there is no `outputs/` folder. An output whose store cannot be read is left out.
    public static func all(besideStoreIn directory: String) -> [BufferedOutputState] {
        let outputs = directory + "/outputs"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: outputs) else { return [] }
        return names.sorted().compactMap { name in
            let path = outputs + "/" + name
            guard let reader = try? LogStoreReader(directory: path), let stats = try? reader.stats() else { return nil }
            let pending = stats.cursors.first { $0.name == sentCursor }?.pendingRecords ?? stats.recordCount
            var rejected = 0
            if let rejectedReader = try? LogStoreReader(directory: path + "/rejected"), let rejectedStats = try? rejectedReader.stats() {
                rejected = rejectedStats.recordCount
            }
            return BufferedOutputState(name: name, pending: pending, rejected: rejected, droppedByCaps: stats.droppedByCaps)
        }
    }
}
