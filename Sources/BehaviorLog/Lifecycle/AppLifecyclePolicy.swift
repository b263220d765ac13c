/// What the app-lifecycle helper (`AppLifecycleObserver`, on iOS, tvOS, visionOS, Mac Catalyst
/// and watchOS) needs of a logger: `BehaviorLogger` conforms.
public protocol LifecycleLogging: AnyObject, Sendable {
    /// Makes everything written durable, and sends what is pending now.
    func flush() async
    /// Stops sending; writing goes on.
    func suspend()
    /// Starts sending again after `suspend()`.
    func resume()
}

/// The decisions of the app-lifecycle helpers, as a value: which lifecycle event leads to a
/// flush inside a background task, to suspending or resuming the sending, and to ending the
/// task. The helpers only feed it the platform's events and carry out its actions, so that
/// every platform tests the logic.
///
/// - Entering the background begins a background task and a flush (one per stay in the
///   background; each has its own number).
/// - When the flush finishes, or the system says the background time is up, its task ends;
///   if the app is still in the background and no other flush is running, sending is
///   suspended first (a suspended app's connections fail anyway, and each failure would
///   cost a retry with backoff).
/// - Returning to the foreground resumes sending if it was suspended. A flush still running
///   then is left to finish; its task ends when it does.
struct AppLifecyclePolicy: Sendable, Equatable {
    /// What the platform reports.
    enum Event: Sendable, Equatable {
        /// The app entered the background (`didEnterBackgroundNotification`).
        case enteredBackground
        /// The app is about to return to the foreground (`willEnterForegroundNotification`).
        case enteringForeground
        /// The flush begun by `beginBackgroundFlush(id)` returned.
        case flushFinished(UInt64)
        /// The background time of task `id` is up (the task's expiration handler).
        case backgroundTimeExpired(UInt64)
    }

    /// What the helper does, in order.
    enum Action: Sendable, Equatable {
        /// Begin a background task numbered `id`, then `flush()` the logger in it.
        case beginBackgroundFlush(UInt64)
        /// `suspend()` the logger.
        case suspendSending
        /// `resume()` the logger.
        case resumeSending
        /// End background task `id`.
        case endBackgroundTask(UInt64)
    }

    /// Whether the app is in the background.
    private(set) var isInBackground = false
    /// Whether the logger's sending is suspended (by this policy).
    private(set) var isSendingSuspended = false
    /// The background tasks begun and not yet ended.
    private(set) var openTasks: Set<UInt64> = []
    private var nextTask: UInt64 = 1

    init() {}

    /// The actions for `event`, and the state after it.
    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .enteredBackground:
            guard !isInBackground else { return [] }
            isInBackground = true
            let task = nextTask
            nextTask += 1
            openTasks.insert(task)
            return [.beginBackgroundFlush(task)]
        case .enteringForeground:
            guard isInBackground else { return [] }
            isInBackground = false
            guard isSendingSuspended else { return [] }
            isSendingSuspended = false
            return [.resumeSending]
        case .flushFinished(let task), .backgroundTimeExpired(let task):
            guard openTasks.remove(task) != nil else { return [] }
            var actions: [Action] = []
            if isInBackground && !isSendingSuspended && openTasks.isEmpty {
                isSendingSuspended = true
                actions.append(.suspendSending)
            }
            actions.append(.endBackgroundTask(task))
            return actions
        }
    }
}
