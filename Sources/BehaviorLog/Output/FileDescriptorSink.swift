import LogCore
import LogStore

/// Writes bytes to a file descriptor in full, with no buffering: used for standard error, so
/// nothing waits in a buffer when the app dies. A failed write is dropped (there is nowhere
/// left to report it).
enum FileDescriptorSink {
    static func write(_ bytes: [UInt8], to descriptor: Int32 = 2) {
        bytes.withUnsafeBytes { raw in try? System.writeAll(descriptor, raw) }
    }

    static func write(_ text: String, to descriptor: Int32 = 2) {
        write(Array(text.utf8), to: descriptor)
    }
}
