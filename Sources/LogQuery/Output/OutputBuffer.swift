import Foundation
import LogCore
import LogStore

/// Bytes on their way out: formatters append to it, and it hands full chunks to its sink.
///
/// Writing a million logs through `print` would cost a lock and a `String` each; the buffer
/// collects bytes and writes them in 64 KiB chunks instead. A formatter that writes many
/// pieces per log reserves room for all of them at once (``withRoom(_:_:)``) and writes them
/// through an ``OutputWriter``, without a check per piece.
public struct OutputBuffer {
    /// Where full chunks go.
    public typealias Sink = (UnsafeBufferPointer<UInt8>) throws -> Void

    /// Room for the bytes: the first `count` are the output, the rest is not yet written.
    private var storage: [UInt8]
    /// How many bytes are collected.
    public private(set) var count = 0
    private let sink: Sink
    private let chunkSize: Int

    /// - Parameters:
    ///   - chunkSize: how many bytes to collect before handing them to the sink.
    ///   - sink: receives the bytes; it may throw (a closed pipe) to stop the writer.
    public init(chunkSize: Int = 1 << 16, sink: @escaping Sink) {
        self.init(chunkSize: chunkSize, initialRoom: min(chunkSize, 1 << 20) + 4096, sink: sink)
    }

    private init(chunkSize: Int, initialRoom: Int, sink: @escaping Sink) {
        self.chunkSize = chunkSize
        self.sink = sink
        storage = [UInt8](repeating: 0, count: initialRoom)
    }

    /// A buffer that writes to a file descriptor (standard output unless given).
    public static func fileDescriptor(_ descriptor: Int32 = 1) -> OutputBuffer {
        OutputBuffer { chunk in try writeAll(chunk, to: descriptor) }
    }

    /// A buffer that keeps everything, for tests: read ``text`` at the end.
    public static func collecting() -> OutputBuffer {
        OutputBuffer(chunkSize: .max, initialRoom: 256) { _ in }
    }

    /// Everything not yet flushed.
    public var bytes: [UInt8] { Array(storage[..<count]) }

    /// Everything not yet flushed, as text (for the collecting buffer: everything).
    public var text: String { String(decoding: storage[..<count], as: UTF8.self) }

    /// Lets `body` write at most `maximumCount` bytes straight into the buffer.
    @inline(__always)
    public mutating func withRoom(_ maximumCount: Int, _ body: (inout OutputWriter) -> Void) {
        if storage.count - count < maximumCount { grow(toHold: maximumCount) }
        let start = count
        let written = storage.withUnsafeMutableBufferPointer { room in
            var writer = OutputWriter(room.baseAddress! + start)
            body(&writer)
            let written = writer.position - (room.baseAddress! + start)
            precondition(written <= maximumCount, "an OutputWriter wrote past the room it was given")
            return written
        }
        count = start + written
    }

    private mutating func grow(toHold extra: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(storage.count, count + extra - storage.count)))
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        withRoom(1) { $0.write(byte) }
    }

    @inline(__always)
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    @inline(__always)
    public mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        withRoom(chunk.count) { $0.write(chunk) }
    }

    public mutating func append(_ chunk: [UInt8]) {
        chunk.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a whole number in decimal.
    public mutating func appendDecimal(_ value: Int64) {
        withRoom(20) { $0.writeDecimal(value) }
    }

    /// Appends a whole number in decimal.
    public mutating func appendDecimal(_ value: UInt64) {
        withRoom(20) { $0.writeDecimal(value) }
    }

    /// Appends a UUID as the runtime writes it: lowercase hexadecimal with dashes.
    public mutating func appendUUID(_ uuid: UUID) {
        withRoom(36) { $0.writeUUID(uuid) }
    }

    /// Appends a whole number padded with zeros to `width` digits.
    @inline(__always)
    public mutating func appendPadded(_ value: Int, width: Int) {
        withRoom(width) { $0.writePadded(value, width: width) }
    }

    /// Hands everything collected to the sink once it passes the chunk size.
    @inline(__always)
    public mutating func flushIfFull() throws {
        if count >= chunkSize { try flush() }
    }

    /// Hands everything collected to the sink.
    public mutating func flush() throws {
        guard count > 0 else { return }
        let collected = count
        try storage.withUnsafeBufferPointer { try sink(UnsafeBufferPointer(rebasing: $0[..<collected])) }
        count = 0
    }
}

private func writeAll(_ chunk: UnsafeBufferPointer<UInt8>, to descriptor: Int32) throws {
    do {
        try System.writeAll(descriptor, UnsafeRawBufferPointer(chunk))
    } catch {
        throw OutputError(code: error.code)
    }
}
