import Foundation
import LogCore
import LogStore

/// Prints every log to standard error (or another file handle), for development.
///
/// `.readable` prints `10:29:54.123 recipe_search.search keyword="egg" order="latest"`;
/// `.jsonLines` prints the full envelope, one JSON object per line (its `seq` counts the
/// logs this output printed, from 1).
public final class ConsoleOutput: LogOutput {
    /// How a log is printed: `.readable` or `.jsonLines`.
    ///
    /// A struct with static properties, not an enum: the enum's synthesised `Hashable` and
    /// value witnesses were linked into every app.
    public struct Format: Sendable, Equatable {
        /// Whether a log is printed as its JSON envelope.
        let isJSONLines: Bool
        @usableFromInline init(isJSONLines: Bool) { self.isJSONLines = isJSONLines }

        /// The time, the tag and the payload's fields, on one line.
        @_alwaysEmitIntoClient public static var readable: Format { Format(isJSONLines: false) }
        /// The full envelope, one JSON object per line.
        @_alwaysEmitIntoClient public static var jsonLines: Format { Format(isJSONLines: true) }

        public static func == (left: Format, right: Format) -> Bool { left.isJSONLines == right.isJSONLines }
    }

    private let format: Format
    private let sink: @Sendable ([UInt8]) -> Void
    /// Set in `init`: an initial value here was a function of its own in every app (issue 26).
    private let printed: Locked<UInt64>

    /// - Parameters:
    ///   - format: Readable lines (default) or JSON lines.
    ///   - sink: Where the text goes; standard error by default.
    public init(format: Format = .readable, sink: (@Sendable ([UInt8]) -> Void)? = nil) {
        self.format = format
        self.sink = sink ?? { FileDescriptorSink.write($0) }
        printed = Locked(0)
    }

    public func write(_ logs: [EncodedLog]) {
        var writer = JSONWriter(capacity: 128 * logs.count)
        printed.withLock { count in
            for log in logs {
                count += 1
                if format.isJSONLines {
                    EnvelopeEncoder.appendEnvelope(
                        uuid: log.envelope.uuid, sequence: count, time: log.envelope.time, tag: log.envelope.tag,
                        body: log.body, to: &writer)
                } else {
                    Self.appendReadable(log.envelope, to: &writer)
                }
                writer.byte(0x0A)
            }
        }
        sink(writer.bytes)
    }

    static func appendReadable(_ envelope: LogEnvelope, to writer: inout JSONWriter) {
        let civil = CivilTime(microseconds: UnixTime.milliseconds(envelope.time) * 1000)
        writer.digits(civil.hour, width: 2); writer.byte(UInt8(ascii: ":"))
        writer.digits(civil.minute, width: 2); writer.byte(UInt8(ascii: ":"))
        writer.digits(civil.second, width: 2); writer.byte(UInt8(ascii: "."))
        writer.digits(civil.microsecond / 1000, width: 3); writer.byte(UInt8(ascii: " "))
        writer.bytes.append(contentsOf: envelope.tag.utf8)
        for field in envelope.payload.fields {
            writer.byte(UInt8(ascii: " "))
            writer.bytes.append(contentsOf: field.key.utf8)
            writer.byte(UInt8(ascii: "="))
            writer.value(field.value)
        }
        for violation in envelope.violations {
            writer.bytes.append(contentsOf: " !violation ".utf8)
            writer.bytes.append(contentsOf: violation.description.utf8)
        }
    }
}
