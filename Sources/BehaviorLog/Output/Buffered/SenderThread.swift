import Foundation

/// The thread a `BufferedOutput` sends from: a task executor for its sender task, and the
/// timers of its intervals, backoffs and send timeouts.
///
/// Sending does not run on Swift's shared cooperative pool, so an app (or a test suite)
/// that blocks the pool's few threads never stalls its logs, and one output's sender never
/// waits for another's. After `stop()`, late jobs (a backend that answers after shutdown)
/// go to the global executor and timers to Dispatch.
final class SenderThread: TaskExecutor, @unchecked Sendable {
    private struct Timer {
        var deadline: UInt64
        var action: @Sendable () -> Void
    }

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var timers: [Timer] = []
    private var stopped = false

    init(name: String) {
        Thread.start(named: name) { [self] in run() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if stopped {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `action` on this thread after `seconds`.
    func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        let deadline = Self.now() + UInt64(max(0, seconds) * 1e9)
        condition.lock()
        if stopped {
            condition.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds), execute: action)
            return
        }
        timers.append(Timer(deadline: deadline, action: action))
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once its queued jobs have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            var due: [Timer] = []
            while true {
                let now = Self.now()
                due = timers.filter { $0.deadline <= now }
                if !due.isEmpty {
                    timers.removeAll { $0.deadline <= now }
                    break
                }
                if !jobs.isEmpty { break }
                if stopped {
                    let late = timers
                    timers.removeAll()
                    condition.unlock()
                    for timer in late {
                        let seconds = Double(timer.deadline &- min(timer.deadline, Self.now())) / 1e9
                        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: timer.action)
                    }
                    return
                }
                if let next = timers.map(\.deadline).min() {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: Double(next - now) / 1e9))
                } else {
                    condition.wait()
                }
            }
            let ready = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for timer in due { timer.action() }
            for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
