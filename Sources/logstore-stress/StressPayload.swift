import LogCore
import LogCoreTools

/// Payloads that check themselves: the record's sequence number, a digest, then filler derived
/// from the sequence number. A payload returned under the wrong sequence, or with any byte
/// changed, fails ``isValid(_:sequence:)``.
enum StressPayload {
    static let minimumBytes = 16

    static func make(sequence: UInt64, bytes: Int) -> [UInt8] {
        var payload = [UInt8](repeating: 0, count: max(bytes, minimumBytes))
        for index in 16..<payload.count { payload[index] = UInt8(truncatingIfNeeded: sequence &* 31 &+ UInt64(index)) }
        store(sequence, into: &payload, at: 0)
        store(digest(payload), into: &payload, at: 8)
        return payload
    }

    static func isValid(_ payload: [UInt8], sequence: UInt64) -> Bool {
        guard payload.count >= minimumBytes, load(payload, at: 0) == sequence, load(payload, at: 8) == digest(payload) else { return false }
        return true
    }

    /// FNV-1a over everything but the digest field.
    private static func digest(_ payload: [UInt8]) -> UInt64 {
        var hasher = FNV1a64()
        hasher.add(payload.prefix(8))
        hasher.add(payload.dropFirst(16))
        return hasher.value
    }

    private static func store(_ value: UInt64, into payload: inout [UInt8], at offset: Int) {
        for index in 0..<8 { payload[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    }

    private static func load(_ payload: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(payload[offset + $1]) << (8 * UInt64($1)) }
    }
}
