import BehaviorLog
import Foundation
import TestSupport

/// Logs to write straight into an output, and a scratch directory for its store.
enum TestLogs {
    static let encoder = EnvelopeEncoder(schemaVersion: "test-schema")

    /// `count` logs of `recipe_search.search`, each with its own UUID.
    static func make(_ count: Int, start: Int = 0) -> [EncodedLog] {
        (start..<start + count).map { index in
            var payload = LogPayload()
            payload.append("keyword", .string("egg \(index)"))
            payload.append("page", .integer(Int64(index)))
            let envelope = LogEnvelope(
                time: Date(timeIntervalSinceNow: Double(index) / 1000 - 60), tag: "recipe_search.search",
                payload: payload)
            return EncodedLog(envelope: envelope, body: encoder.body(of: envelope))
        }
    }

    static func temporaryDirectory(_ name: String = #function) -> String {
        TemporaryDirectory("behaviorlog-http-\(name.filter(\.isLetter))").path
    }
}

extension HTTPBackendTestsSupport {
    /// Flushes until nothing is left to send, or the deadline passes.
    static func drain(_ flush: () async -> Void, unsent: () -> Int, within seconds: Double = 30) async {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        await flush()  // makes the written logs durable, so that they count as unsent
        while unsent() > 0 && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            await flush()
        }
    }
}

enum HTTPBackendTestsSupport {}
