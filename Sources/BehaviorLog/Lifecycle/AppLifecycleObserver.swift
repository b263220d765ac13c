#if (canImport(UIKit) && !os(watchOS)) || os(watchOS)
import Foundation
#if !os(watchOS)
import UIKit
#endif

/// Opt-in: flushes the logger when the app goes to the background, inside the background time
/// the system grants, then suspends its sending until the app returns; resumes it then.
///
/// ```swift apple
/// let lifecycle = AppLifecycleObserver(logger: logger)   // keep it as long as the logger
/// ```
///
/// On iOS, iPadOS, tvOS, visionOS and Mac Catalyst it observes `UIApplication`'s
/// `didEnterBackgroundNotification` and `willEnterForegroundNotification` and flushes inside
/// `UIApplication.beginBackgroundTask(withName:expirationHandler:)`. On watchOS, which has no
/// `UIApplication`, the app reports the scene phase itself and the flush runs inside
/// `ProcessInfo.performExpiringActivity(withReason:using:)`:
///
/// ```swift fragment
/// .onChange(of: scenePhase) { phase in
///     if phase == .background { lifecycle.enteredBackground() }
///     if phase == .active { lifecycle.enteringForeground() }
/// }
/// ```
///
/// (A SwiftUI app on the other platforms may do the same with `observingNotifications: false`.)
/// When the background time runs out before the flush returns, sending is suspended and the
/// task ended at once; what was not sent stays in the outbox for the next launch or return.
/// The decisions are `AppLifecyclePolicy`'s; this class only carries them out.
@MainActor
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
public final class AppLifecycleObserver {
    private let logger: any LifecycleLogging
    private var policy = AppLifecyclePolicy()
    private var observers: [any NSObjectProtocol] = []
    #if !os(watchOS)
    private var backgroundTasks: [UInt64: UIBackgroundTaskIdentifier] = [:]
    #endif

    /// - Parameters:
    ///   - logger: The logger to flush, suspend and resume.
    ///   - observingNotifications: Whether to follow `UIApplication`'s notifications (ignored on
    ///     watchOS, where the app calls `enteredBackground()` and `enteringForeground()`).
    public init(logger: any LifecycleLogging, observingNotifications: Bool = true) {
        self.logger = logger
        #if !os(watchOS)
        guard observingNotifications else { return }
        let center = NotificationCenter.default
        observers.append(
            center.addObserver(
                forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.enteredBackground() }
            })
        observers.append(
            center.addObserver(
                forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.enteringForeground() }
            })
        #endif
    }

    /// The app entered the background: flush inside a background task, then suspend sending.
    public func enteredBackground() { handle(.enteredBackground) }

    /// The app is returning to the foreground: resume sending.
    public func enteringForeground() { handle(.enteringForeground) }

    /// Stops following the notifications.
    public func stop() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers.removeAll()
    }

    private func handle(_ event: AppLifecyclePolicy.Event) {
        for action in policy.handle(event) {
            switch action {
            case .beginBackgroundFlush(let task): beginBackgroundFlush(task)
            case .suspendSending: logger.suspend()
            case .resumeSending: logger.resume()
            case .endBackgroundTask(let task): endBackgroundTask(task)
            }
        }
    }

    #if !os(watchOS)
    private func beginBackgroundFlush(_ task: UInt64) {
        // The expiration handler runs on the main thread (UIKit's documentation).
        backgroundTasks[task] = UIApplication.shared.beginBackgroundTask(withName: "BehaviorLog flush") { [weak self] in
            MainActor.assumeIsolated { self?.handle(.backgroundTimeExpired(task)) }
        }
        let logger = self.logger
        Task { [weak self] in
            await logger.flush()
            self?.handle(.flushFinished(task))
        }
    }

    private func endBackgroundTask(_ task: UInt64) {
        guard let identifier = backgroundTasks.removeValue(forKey: task), identifier != .invalid else { return }
        UIApplication.shared.endBackgroundTask(identifier)
    }
    #else
    private func beginBackgroundFlush(_ task: UInt64) {
        let logger = self.logger
        let activity = ExpiringActivityFlush()
        // The block runs on a background queue, and the activity lasts until it returns; it is
        // called again with `expired` true (possibly at once) when the time is up, which ends
        // the first call's wait at once (`ExpiringActivityFlush`).
        ProcessInfo.processInfo.performExpiringActivity(withReason: "BehaviorLog flush") { [weak self] expired in
            let observer = self
            activity.run(expired: expired, flush: { await logger.flush() }) { event in
                Task { @MainActor in
                    observer?.handle(event == .expired ? .backgroundTimeExpired(task) : .flushFinished(task))
                }
            }
        }
    }

    private func endBackgroundTask(_ task: UInt64) {
        // The activity ends when its block returns.
    }
    #endif
}
#endif
