import Foundation

/// The text of a UUID as the runtime writes it everywhere (the envelope, the store's
/// readers, logview, the warehouse rows): lowercase `8-4-4-4-12` hexadecimal digits, 36 bytes.
/// Read in either case.
public enum UUIDText {
    /// Bytes in the text.
    public static let count = 36

    /// Writes the 36 bytes at `position` and moves it past them.
    @_alwaysEmitIntoClient
    public static func write(_ uuid: UUID, at position: inout UnsafeMutablePointer<UInt8>) {
        let bytes = uuid.uuid
        let raw = UnsafeMutableRawPointer(position)
        let first = Hex.eightDigits(bytes.0, bytes.1, bytes.2, bytes.3)
        let second = Hex.eightDigits(bytes.4, bytes.5, bytes.6, bytes.7)
        let third = Hex.eightDigits(bytes.8, bytes.9, bytes.10, bytes.11)
        let fourth = Hex.eightDigits(bytes.12, bytes.13, bytes.14, bytes.15)
        // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx
        raw.storeBytes(of: first, toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 8, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: second), toByteOffset: 9, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 13, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32), toByteOffset: 14, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 18, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: third), toByteOffset: 19, as: UInt32.self)
        raw.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 23, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32), toByteOffset: 24, as: UInt32.self)
        raw.storeBytes(of: fourth, toByteOffset: 28, as: UInt64.self)
        position += 36
    }

    /// Appends the 36 bytes.
    @_alwaysEmitIntoClient
    public static func append(_ uuid: UUID, to text: inout [UInt8]) {
        let start = text.count
        text.append(contentsOf: repeatElement(0, count: count))
        text.withUnsafeMutableBufferPointer { buffer in
            var position = buffer.baseAddress! + start
            write(uuid, at: &position)
        }
    }

    /// The text as a string.
    @_alwaysEmitIntoClient
    public static func string(_ uuid: UUID) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(count)
        append(uuid, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The UUID spelled by exactly these 36 bytes, either case; `nil` for anything else.
    /// (`UUID(uuidString:)` goes through `sscanf`, a fifth of a collector's time per log.)
    @_alwaysEmitIntoClient
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == count else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        let parsed = withUnsafeMutableBytes(of: &value) { out -> Bool in
            for byteIndex in 0..<16 {
                if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                    guard text[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = Hex.value(text[index]), let low = Hex.value(text[index + 1]) else { return false }
                out[byteIndex] = high << 4 | low
                index += 2
            }
            return true
        }
        return parsed ? UUID(uuid: value) : nil
    }

    /// The UUID spelled by `text` (36 characters, either case).
    @_alwaysEmitIntoClient
    public static func parse(_ text: String) -> UUID? {
        text.withUTF8Bytes { parse($0) }
    }
}
