import Testing
@testable import BehaviorLog

/// The decisions behind `AppLifecycleObserver` (which exists only with UIKit or on watchOS):
/// flush in a background task on entering the background, suspend sending once no flush
/// runs, resume on return, end every task exactly once.
@Suite struct AppLifecyclePolicyTests {
    @Test func backgroundFlushThenSuspendThenResume() {
        var policy = AppLifecyclePolicy()
        #expect(policy.handle(.enteredBackground) == [.beginBackgroundFlush(1)])
        #expect(policy.openTasks == [1] && !policy.isSendingSuspended)
        #expect(policy.handle(.flushFinished(1)) == [.suspendSending, .endBackgroundTask(1)])
        #expect(policy.isSendingSuspended && policy.openTasks.isEmpty)
        #expect(policy.handle(.enteringForeground) == [.resumeSending])
        #expect(!policy.isSendingSuspended && !policy.isInBackground)
    }

    @Test func expiryEndsTheTaskAndSuspendsAtOnceAndTheLateFlushIsIgnored() {
        var policy = AppLifecyclePolicy()
        _ = policy.handle(.enteredBackground)
        #expect(policy.handle(.backgroundTimeExpired(1)) == [.suspendSending, .endBackgroundTask(1)])
        #expect(policy.handle(.flushFinished(1)) == [])
        #expect(policy.handle(.backgroundTimeExpired(1)) == [])
    }

    @Test func returningBeforeTheFlushEndsNeitherSuspendsNorResumes() {
        var policy = AppLifecyclePolicy()
        _ = policy.handle(.enteredBackground)
        #expect(policy.handle(.enteringForeground) == [])
        // The flush finishes in the foreground: its task ends, sending goes on.
        #expect(policy.handle(.flushFinished(1)) == [.endBackgroundTask(1)])
        #expect(!policy.isSendingSuspended)
    }

    @Test func aSecondStayInTheBackgroundWaitsForBothFlushes() {
        var policy = AppLifecyclePolicy()
        #expect(policy.handle(.enteredBackground) == [.beginBackgroundFlush(1)])
        #expect(policy.handle(.enteringForeground) == [])
        #expect(policy.handle(.enteredBackground) == [.beginBackgroundFlush(2)])
        // The first flush ends while the second runs: no suspension yet.
        #expect(policy.handle(.flushFinished(1)) == [.endBackgroundTask(1)])
        #expect(policy.handle(.flushFinished(2)) == [.suspendSending, .endBackgroundTask(2)])
        #expect(policy.handle(.enteringForeground) == [.resumeSending])
    }

    @Test func repeatedAndUnmatchedEventsDoNothing() {
        var policy = AppLifecyclePolicy()
        #expect(policy.handle(.enteringForeground) == [])  // launch in the foreground
        #expect(policy.handle(.flushFinished(9)) == [])
        _ = policy.handle(.enteredBackground)
        #expect(policy.handle(.enteredBackground) == [])
        #expect(policy.openTasks == [1])
    }

    /// The logger type conforms, so the helper takes it as it is.
    @Test func theLoggerIsLifecycleLogging() async throws {
        let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: []))
        let lifecycle: any LifecycleLogging = logger
        lifecycle.suspend()
        lifecycle.resume()
        await lifecycle.flush()
        await logger.shutdown()
    }
}
