import Foundation
import Synchronization

/// Makes version 7 UUIDs (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits.
///
/// Time-ordered identifiers keep a warehouse's primary index local; the random bits come
/// from a xoshiro256** generator seeded once from the system's random source, so that a
/// post costs no system call.
final class UUIDGenerator: Sendable {
    private let state: Mutex<Xoshiro256StarStar>

    init(seed: UInt64? = nil) {
        if let seed {
            state = Mutex(Xoshiro256StarStar(seed: seed))
        } else {
            var system = SystemRandomNumberGenerator()
            state = Mutex(Xoshiro256StarStar(seed: system.next()))
        }
    }

    func next(at date: Date) -> UUID {
        let milliseconds = UInt64(max(0, LogClock.milliseconds(date)))
        let (high, low) = state.withLock { ($0.next(), $0.next()) }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index))) }
            for index in 6..<8 { raw[index] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(index))) }
            for index in 8..<16 { raw[index] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(index - 8))) }
            raw[6] = 0x70 | (raw[6] & 0x0F)   // version 7
            raw[8] = 0x80 | (raw[8] & 0x3F)   // variant 10
        }
        return UUID(uuid: bytes)
    }
}

/// xoshiro256** (Blackman and Vigna), seeded through SplitMix64.
struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    private var s0, s1, s2, s3: UInt64

    init(seed: UInt64) {
        var mixer = SplitMix64(state: seed)
        s0 = mixer.next(); s1 = mixer.next(); s2 = mixer.next(); s3 = mixer.next()
    }

    mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }
}

/// SplitMix64: a tiny generator and a good 64-bit mixing function.
struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
