#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Bytes on their way out: formatters append to it, and it hands full chunks to its sink.
///
/// Writing a million logs through `print` would cost a lock and a `String` each; the buffer
/// collects bytes and writes them in 64 KiB chunks instead.
public struct OutputBuffer {
    /// Where full chunks go.
    public typealias Sink = (UnsafeBufferPointer<UInt8>) throws -> Void

    public private(set) var bytes: [UInt8] = []
    private let sink: Sink
    private let chunkSize: Int

    /// - Parameters:
    ///   - chunkSize: how many bytes to collect before handing them to the sink.
    ///   - sink: receives the bytes; it may throw (a closed pipe) to stop the writer.
    public init(chunkSize: Int = 1 << 16, sink: @escaping Sink) {
        self.chunkSize = chunkSize
        self.sink = sink
        bytes.reserveCapacity(min(chunkSize, 1 << 20) + 4096)
    }

    /// A buffer that writes to a file descriptor (standard output unless given).
    public static func fileDescriptor(_ descriptor: Int32 = 1) -> OutputBuffer {
        OutputBuffer { chunk in try writeAll(chunk, to: descriptor) }
    }

    /// A buffer that keeps everything, for tests: read ``text`` at the end.
    public static func collecting() -> OutputBuffer {
        OutputBuffer(chunkSize: .max) { _ in }
    }

    /// Everything not yet flushed, as text (for the collecting buffer: everything).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inline(__always)
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    public mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: chunk)
    }

    public mutating func append(_ chunk: [UInt8]) {
        bytes.append(contentsOf: chunk)
    }

    /// Appends a whole number in decimal.
    public mutating func appendDecimal(_ value: Int64) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendDecimal(UInt64(value.magnitude))
        } else {
            appendDecimal(UInt64(value))
        }
    }

    /// Appends a whole number in decimal.
    public mutating func appendDecimal(_ value: UInt64) {
        if value < 10 { bytes.append(UInt8(ascii: "0") + UInt8(value)); return }
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                bytes.append(buffer[count])
            }
        }
    }

    /// Appends a UUID as the runtime writes it: lowercase hexadecimal with dashes.
    public mutating func appendUUID(_ uuid: UUID) {
        // Formatted on the stack and appended once: 36 appends cost more than the digits.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { out in
            withUnsafeBytes(of: uuid.uuid) { raw in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    out[position] = Self.hexDigit(raw[index] >> 4)
                    out[position + 1] = Self.hexDigit(raw[index] & 0x0F)
                    position += 2
                }
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: out[0..<36]))
        }
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }

    /// Appends a whole number padded with zeros to `width` digits.
    @inline(__always)
    public mutating func appendPadded(_ value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Hands everything collected to the sink once it passes the chunk size.
    @inline(__always)
    public mutating func flushIfFull() throws {
        if bytes.count >= chunkSize { try flush() }
    }

    /// Hands everything collected to the sink.
    public mutating func flush() throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { try sink($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}

private func writeAll(_ chunk: UnsafeBufferPointer<UInt8>, to descriptor: Int32) throws {
    guard var pointer = chunk.baseAddress else { return }
    var remaining = chunk.count
    while remaining > 0 {
        let written = write(descriptor, pointer, remaining)
        if written < 0 {
            if errno == EINTR { continue }
            throw OutputError(code: errno)
        }
        pointer += written
        remaining -= written
    }
}
