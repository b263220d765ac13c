import CZlib

/// gzip compression (RFC 1952) with zlib, for request bodies (`Content-Encoding: gzip`).
package enum Gzip {
    /// The bytes as one gzip member.
    /// - Parameter level: zlib's level, 1 (fastest) to 9 (smallest); 6 is zlib's default.
    package static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib's deflateInit2 failed (\(status)): out of memory")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = UInt32(destination.count)
                let result = deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "zlib's deflate did not finish (\(result)) within deflateBound")
                return destination.count - Int(stream.avail_out)
            }
        }
        output.removeLast(output.count - produced)
        return output
    }

    /// The bytes of a gzip stream, decompressed (for tests and for reading what was sent).
    /// - Returns: `nil` when the bytes are not valid gzip.
    package static func decompress(_ bytes: [UInt8]) -> [UInt8]? {
        if case .bytes(let output) = decompress(bytes, maximumCount: .max) { return output }
        return nil
    }

    /// What ``decompress(_:maximumCount:)`` found.
    package enum Decompressed: Sendable, Equatable {
        case bytes([UInt8])
        /// Not a valid gzip stream (or several members, or bytes after the end).
        case invalid
        /// It would decompress to more than the maximum (a "zip bomb" stops here, not in memory).
        case tooLarge
    }

    /// The bytes of a gzip stream, decompressed, refusing to produce more than `maximumCount`
    /// bytes: for bodies that arrive from the network.
    package static func decompress(_ bytes: [UInt8], maximumCount: Int) -> Decompressed {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .invalid }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        output.reserveCapacity(min(maximumCount, max(64 * 1024, bytes.count * 4)))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeMutableBufferPointer { source -> Decompressed in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (result, count) = buffer.withUnsafeMutableBufferPointer { destination in
                    stream.next_out = destination.baseAddress
                    stream.avail_out = UInt32(destination.count)
                    let result = inflate(&stream, Z_NO_FLUSH)
                    return (result, destination.count - Int(stream.avail_out))
                }
                if output.count + count > maximumCount { return .tooLarge }
                output.append(contentsOf: buffer[0..<count])
                if result == Z_STREAM_END { return stream.avail_in == 0 ? .bytes(output) : .invalid }
                if result != Z_OK { return .invalid }
                if count == 0 && stream.avail_in == 0 { return .invalid }  // truncated
            }
        }
    }
}
