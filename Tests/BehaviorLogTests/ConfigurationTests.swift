import BehaviorLog
import Foundation
import LogStore
import Testing

/// Every configuration checks its values when it is built and throws a message that names the
/// value and the fix; nothing is clamped silently (issue 14, item 3).
@Suite struct ConfigurationTests {
    @Test func aLoggerQueueMustHoldALog() throws {
        #expect(throws: ConfigurationError("LoggerConfiguration: queueCapacity 0 is below 1; the queue must hold at least one log (4096 is the default)")) {
            try LoggerConfiguration(outputs: [], queueCapacity: 0)
        }
        #expect(try LoggerConfiguration(outputs: [], queueCapacity: 1).queueCapacity == 1)
    }

    @Test func bufferedOutputValuesOutOfRangeThrowInsteadOfBeingClamped() throws {
        func message(_ build: () throws -> BufferedOutputConfiguration) -> String? {
            do { _ = try build(); return nil } catch { return (error as? ConfigurationError)?.description ?? "not a ConfigurationError: \(error)" }
        }
        #expect(
            message { try BufferedOutputConfiguration(chunkCount: 0) } == "BufferedOutputConfiguration: chunkCount 0 is below 1; a chunk holds at least one log"
        )
        #expect(message { try BufferedOutputConfiguration(chunkBytes: -1) }?.hasPrefix("BufferedOutputConfiguration: chunkBytes -1 is below 1") == true)
        #expect(message { try BufferedOutputConfiguration(flushInterval: .seconds(-1)) }?.contains("flushInterval") == true)
        #expect(message { try BufferedOutputConfiguration(sendTimeout: .zero) }?.contains("sendTimeout") == true)
        #expect(message { try BufferedOutputConfiguration(retryDelay: .zero) }?.contains("retryDelay") == true)
        #expect(message { try BufferedOutputConfiguration(retryDelay: .seconds(10), maximumRetryDelay: .seconds(5)) }?.contains("maximumRetryDelay") == true)
        #expect(message { try BufferedOutputConfiguration(retryJitter: 1.5) }?.contains("retryJitter 1.5 is outside 0...1") == true)
        #expect(message { try BufferedOutputConfiguration(retryJitter: .nan) } != nil)
        #expect(message { try BufferedOutputConfiguration(syncInterval: .seconds(-1)) }?.contains("syncInterval") == true)
        // In range, a value is kept as given.
        let kept = try BufferedOutputConfiguration(
            chunkCount: 1, flushInterval: .zero, retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(5), retryJitter: 1)
        #expect(kept.chunkCount == 1 && kept.flushInterval == .zero && kept.retryJitter == 1)
        #expect(BufferedOutputConfiguration.standard.flushInterval == .seconds(10))
    }

    @Test func storeTimesAreDurationsAndChecked() throws {
        #expect(throws: LogStoreError.self) { try LogStoreConfiguration(syncInterval: .milliseconds(-1)) }
        #expect(throws: LogStoreError.self) { try LogStoreConfiguration(maximumAge: .milliseconds(500)) }
        let configuration = try LogStoreConfiguration(syncInterval: .milliseconds(250), maximumAge: .seconds(3600))
        #expect(configuration.syncIntervalNanoseconds == 250_000_000)
        #expect(configuration.maximumAge == .seconds(3600))
        #expect(LogStoreConfiguration.standard.syncInterval == .milliseconds(200))
    }
}
