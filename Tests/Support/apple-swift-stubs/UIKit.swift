// Stand-in for Apple's `UIKit`, for Tests/Support/apple-swift-check.sh: the declarations
// AppLifecycleObserver uses, with the names, isolation and signatures of the iOS 18 SDK
// (developer.apple.com/documentation/uikit/uiapplication). It type-checks; nothing runs.
@_exported import Foundation

public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

@MainActor
open class UIApplication {
    public class var shared: UIApplication { fatalError("stub") }
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { fatalError("stub") }
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}
