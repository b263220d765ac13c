import Foundation
import LogCore
import LogStore

/// Makes version 7 UUIDs (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits.
///
/// Time-ordered identifiers keep a warehouse's primary index local. The random bits are
/// SplitMix64 outputs of a per-process random seed plus an atomic counter: lock-free (a post
/// costs one atomic add and no system call), never the same twice in a process (the mix is
/// a bijection of the counter), and unpredictable across installs (the seed comes from the
/// system's random source).
final class UUIDGenerator: Sendable {
    private let seed: UInt64
    private let counter = AtomicCounter(0)

    init(seed: UInt64? = nil) {
        if let seed {
            self.seed = seed
        } else {
            var system = SystemRandomNumberGenerator()
            self.seed = system.next()
        }
    }

    func next(at date: Date) -> UUID {
        let milliseconds = UInt64(max(0, UnixTime.milliseconds(date)))
        let step = counter.add(1) &+ 1
        let low = SplitMix64.mix(seed &+ step &* 0x9E37_79B9_7F4A_7C15)
        let high = SplitMix64.mix(low ^ seed)
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index))) }
            for index in 6..<8 { raw[index] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(index))) }
            for index in 8..<16 { raw[index] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(index - 8))) }
            raw[6] = 0x70 | (raw[6] & 0x0F)  // version 7
            raw[8] = 0x80 | (raw[8] & 0x3F)  // variant 10
        }
        return UUID(uuid: bytes)
    }
}

/// SplitMix64: a tiny generator and a good 64-bit mixing function; the same everywhere, so
/// a seed replays a sequence (the demo's sessions, the tests' draws).
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package private(set) var state: UInt64

    package init(state: UInt64) {
        self.state = state
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
