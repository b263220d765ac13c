/// A fast check that bytes are well-formed UTF-8, reporting where they stop being so.
enum UTF8Validation {
    /// The offset of the first byte that does not belong to a well-formed UTF-8
    /// sequence, or `nil` when all of them do.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            let count = buffer.count
            var index = 0
            let raw = UnsafeRawBufferPointer(buffer)
            while index < count {
                // Definitions are nearly all ASCII: skip eight ASCII bytes a step.
                while index + 8 <= count && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                guard index < count else { break }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                var lower: UInt8 = 0x80
                var upper: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; upper = 0x9F
                case 0xF0: length = 4; lower = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; upper = 0x8F
                default: return index
                }
                guard index + length <= count else { return index }
                let second = buffer[index + 1]
                guard second >= lower && second <= upper else { return index }
                var offset = 2
                while offset < length {
                    guard buffer[index + offset] & 0xC0 == 0x80 else { return index }
                    offset += 1
                }
                index += length
            }
            return nil
        }
    }
}
