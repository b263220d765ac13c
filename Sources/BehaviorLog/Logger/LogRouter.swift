import LogStore

/// Which outputs receive which logs: a log goes to every output whose tag pattern matches its
/// tag and whose route accepts its route — except, under `LogConsent.denied`, the outputs that
/// require consent (issue 17). One function of the outputs' settings, the consent and a batch
/// (``route(_:consent:encode:)``), called by the writer once per run of logs; its one memo (the
/// outputs whose pattern matches a tag) never changes a result.
///
/// A class, not a struct: a struct's metadata and value witnesses would be linked into every
/// app. Only the logger's writer thread calls it (as `WriterOwned` held it before), hence
/// `@unchecked Sendable`, and its memo without run-time exclusivity checks.
final class LogRouter: @unchecked Sendable {
    /// An output's setting, as routing reads it. A tuple, not a struct of its own: an array's
    /// element type needs metadata, and a struct's comes with value witnesses that every app
    /// would link.
    typealias Output = (tagPattern: TagPattern, route: OutputRoute, requiresConsent: Bool)

    /// A batch, routed.
    struct Routed {
        /// Each output's logs (by the outputs' order), in post order; `nil` when every output
        /// takes the whole batch (the usual case: no log is copied).
        var perOutput: [[EncodedLog]]?
        /// Logs that go to at least one output.
        var delivered: UInt64 = 0
        /// Logs that match no output.
        var unrouted: UInt64 = 0
        /// Logs a consent-requiring output did not receive under `.denied` (counted whether or
        /// not another output took them).
        var unroutedForConsent: UInt64 = 0
    }

    let outputs: [Output]
    /// Whether every output takes every tag: routing then looks at a log's route only, not
    /// its tag.
    let everyOutputTakesEveryTag: Bool
    /// The outputs whose tag pattern matches a tag, matched once per tag.
    @exclusivity(unchecked) private var outputsByTag: [String: [Int]] = [:]

    init(_ settings: [OutputSetting]) {
        outputs = settings.map { ($0.tagPattern, $0.route, $0.requiresConsent) }
        everyOutputTakesEveryTag = outputs.allSatisfy { $0.tagPattern == .all }
    }

    /// Routes a batch.
    /// - Parameters:
    ///   - batch: The logs, in post order. Read in place (no envelope is copied); each log that
    ///     goes somewhere is handed to `encode` first.
    ///   - consent: The consent the logs were posted under.
    ///   - encode: Called once for each log that goes to at least one output, in order, before
    ///     it is handed out (the writer fills its body there).
    /// - Returns: Each output's logs, and the counts.
    func route(_ batch: inout [EncodedLog], consent: LogConsent, encode: (inout EncodedLog) -> Void) -> Routed {
        var routed = Routed()
        var everyLogEverywhere = true
        var accepting: [Int] = []
        let denied = consent == .denied
        batch.withUnsafeMutableBufferPointer { logs in
            for index in logs.indices {
                // Through the pointer, so that reading the envelope borrows it (no copy).
                let log = logs.baseAddress! + index
                let withheld = accept(log, denied: denied, into: &accepting)
                if withheld { routed.unroutedForConsent += 1 }
                if accepting.count != outputs.count { everyLogEverywhere = false }
                if accepting.isEmpty {
                    if !withheld { routed.unrouted += 1 }
                    continue
                }
                routed.delivered += 1
                encode(&log.pointee)
            }
        }
        guard !everyLogEverywhere else { return routed }
        var perOutput = [[EncodedLog]](repeating: [], count: outputs.count)
        batch.withUnsafeMutableBufferPointer { logs in
            for index in logs.indices {
                let log = logs.baseAddress! + index
                _ = accept(log, denied: denied, into: &accepting)
                for output in accepting { perOutput[output].append(log.pointee) }
            }
        }
        routed.perOutput = perOutput
        return routed
    }

    /// Sets `accepting` to the outputs that take the log.
    /// - Returns: Whether a consent-requiring output was left out for `.denied`.
    private func accept(_ log: UnsafeMutablePointer<EncodedLog>, denied: Bool, into accepting: inout [Int]) -> Bool {
        accepting.removeAll(keepingCapacity: true)
        var withheld = false
        if everyOutputTakesEveryTag {
            for output in outputs.indices where outputs[output].route.accepts(log.pointee.envelope.route) {
                if denied && outputs[output].requiresConsent {
                    withheld = true
                    continue
                }
                accepting.append(output)
            }
        } else {
            for output in outputsMatching(tag: log.pointee.envelope.tag) where outputs[output].route.accepts(log.pointee.envelope.route) {
                if denied && outputs[output].requiresConsent {
                    withheld = true
                    continue
                }
                accepting.append(output)
            }
        }
        return withheld
    }

    private func outputsMatching(tag: String) -> [Int] {
        if let cached = outputsByTag[tag] { return cached }
        let matching = outputs.indices.filter { outputs[$0].tagPattern.matches(tag) }
        outputsByTag[tag] = matching
        return matching
    }
}
