/// Exponential backoff with jitter for retrying a failed send.
///
/// The n-th consecutive failure waits `min(maximum, initial × multiplier^(n-1))`, of which
/// a random part (`jitter`, a fraction from 0 to 1) is drawn uniformly, so that many
/// devices that lost the network together do not retry together ("equal jitter" at 0.5).
/// An app sets it through `BufferedOutputConfiguration`'s `retryDelay`, `maximumRetryDelay`
/// and `retryJitter`.
struct Backoff: Sendable, Equatable {
    /// The wait after the first failure, in seconds.
    var initial: Double
    /// The longest wait, in seconds.
    var maximum: Double
    /// The growth per failure.
    var multiplier: Double
    /// The random fraction of each wait, from 0 (none) to 1 (anywhere from 0 to the wait).
    var jitter: Double

    init(initial: Double = 1, maximum: Double = 300, multiplier: Double = 2, jitter: Double = 0.5) {
        self.initial = initial
        self.maximum = maximum
        self.multiplier = multiplier
        self.jitter = min(1, max(0, jitter))
    }

    /// The wait after `failures` consecutive failures (from 1), in seconds.
    func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Double {
        let exponent = Double(max(0, failures - 1))
        let full = min(maximum, initial * pow(multiplier, exponent))
        guard jitter > 0 else { return full }
        return full * (1 - jitter) + Double.random(in: 0...(full * jitter), using: &generator)
    }

    private func pow(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        var count = Int(exponent)
        while count > 0 && result < maximum * 2 { result *= base; count -= 1 }
        return result
    }
}
