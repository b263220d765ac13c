import Foundation

/// Keeps a fraction of the logs, chosen by rate per tag pattern.
///
/// The choice is deterministic by the log's UUID: the same log is always kept or always
/// dropped, in every process and on every resend, and with a rate of 0.1 about one log
/// in ten is kept. The first pattern that matches a tag gives its rate; tags that match
/// no pattern are kept.
///
/// ```swift
/// let sampling = try SamplingFilter(rates: [("recipe_detail.scroll", 0.01), ("debug.**", 0.1)])
/// ```
public struct SamplingFilter: LogFilter {
    private let rates: [(pattern: TagPattern, threshold: UInt64, keepsAll: Bool)]

    /// - Parameters:
    ///   - rates: Patterns with the fraction of their logs to keep, from 0 to 1.
    /// - Throws: `ConfigurationError` for a rate outside 0…1; `TagPatternError` for a bad pattern.
    public init(rates: [(pattern: String, rate: Double)]) throws {
        // Labelled like the stored property: an unlabelled array would be converted by a
        // generic cast linked into every app.
        var parsed: [(pattern: TagPattern, threshold: UInt64, keepsAll: Bool)] = []
        for (text, rate) in rates {
            let pattern = try TagPattern(text)
            guard rate.isFinite, (0...1).contains(rate) else {
                throw ConfigurationError(
                    "SamplingFilter: invalid sampling rate \(rate) for `\(text)`: write the fraction of logs to keep, from 0 to 1 (0.1 keeps one in ten)"
                )
            }
            let threshold = rate >= 1 ? UInt64.max : UInt64((rate * 0x1p64).rounded(.down))
            parsed.append((pattern: pattern, threshold: threshold, keepsAll: rate >= 1))
        }
        self.rates = parsed
    }

    public func apply(to envelope: inout LogEnvelope) -> LogFilterDecision {
        for rate in rates where rate.pattern.matches(envelope.tag) {
            return rate.keepsAll || SamplingFilter.draw(envelope.uuid) < rate.threshold ? .pass : .drop
        }
        return .pass
    }

    /// The rate of one tag, resolved once: posting then costs one comparison.
    public func specialized(forTag tag: String) -> any LogFilter {
        guard let rate = rates.first(where: { $0.pattern.matches(tag) }) else { return KeepAll() }
        return rate.keepsAll ? KeepAll() : Threshold(threshold: rate.threshold)
    }

    private struct KeepAll: PassThroughFilter {}

    private struct Threshold: LogFilter {
        let threshold: UInt64
        func apply(to envelope: inout LogEnvelope) -> LogFilterDecision {
            SamplingFilter.draw(envelope.uuid) < threshold ? .pass : .drop
        }
    }

    /// A uniform 64-bit draw from the UUID's random bits (its last eight bytes, mixed).
    static func draw(_ uuid: UUID) -> UInt64 {
        withUnsafeBytes(of: uuid.uuid) { raw in
            var value: UInt64 = 0
            for index in 8..<16 { value = value << 8 | UInt64(raw[index]) }
            return SplitMix64.mix(value)
        }
    }
}
