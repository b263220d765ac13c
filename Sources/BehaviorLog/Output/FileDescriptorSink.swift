#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a file descriptor in full (retrying short writes and `EINTR`), with no
/// buffering: used for standard error, so nothing waits in a buffer when the app dies.
enum FileDescriptorSink {
    static func write(_ bytes: [UInt8], to descriptor: Int32 = 2) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    static func write(_ text: String, to descriptor: Int32 = 2) {
        write(Array(text.utf8), to: descriptor)
    }
}
