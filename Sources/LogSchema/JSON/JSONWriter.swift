/// A buffer of JSON bytes handed on in chunks: the schema's JSON and `loggen diff --format json`.
package struct JSONWriter {
    let chunkSize: Int
    let write: ([UInt8]) -> Void
    package var buffer: [UInt8] = []

    package init(chunkSize: Int, write: @escaping ([UInt8]) -> Void) {
        self.chunkSize = chunkSize
        self.write = write
        buffer.reserveCapacity(min(chunkSize, 1 << 16) + 1024)
    }

    /// JSON punctuation and keys, written as they are (a copy of static bytes).
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        if buffer.count >= chunkSize { flush() }
    }

    /// Text that needs no escaping (a number), written as it is.
    package mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= chunkSize { flush() }
    }

    /// A whole number, written digit by digit without making a string.
    package mutating func integer(_ value: Int) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { storage in
            repeat {
                storage[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(storage[index]) }
        }
    }

    package mutating func bytes(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= chunkSize { flush() }
    }

    package mutating func strings(_ values: [String]) {
        buffer.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            string(value)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { bytes in
            buffer.append(UInt8(ascii: "\""))
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscaped(byte)
                start = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            buffer.append(UInt8(ascii: "\""))
        }
        if buffer.count >= chunkSize { flush() }
    }

    /// A quote, backslash or control character as a JSON escape.
    private mutating func appendEscaped(_ byte: UInt8) {
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
        case UInt8(ascii: "\n"): buffer.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\t"): buffer.append(UInt8(ascii: "t"))
        case UInt8(ascii: "\r"): buffer.append(UInt8(ascii: "r"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            buffer.append(contentsOf: Array("u00".utf8))
            buffer.append(hex[Int(byte >> 4)])
            buffer.append(hex[Int(byte & 0xF)])
        }
    }

    package mutating func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
