// The Foundation API the watchOS branch of AppLifecycleObserver uses that Linux's Foundation
// lacks, declared as Apple's is (developer.apple.com/documentation/foundation/processinfo/
// performexpiringactivity(withreason:using:)), for Tests/Support/apple-swift-check.sh.
@_exported import Foundation

extension ProcessInfo {
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {}
}
