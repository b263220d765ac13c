#if canImport(OSLog)
import OSLog
import os

/// Writes every log to Apple's unified logging system, where Xcode's console, Console.app and
/// `log stream --predicate 'subsystem == "com.example.recipes"'` show it. On a device this is
/// where development output belongs: `ConsoleOutput` writes to standard error, which goes
/// nowhere there.
///
/// ```swift apple
/// let console = OutputSetting(OSLogOutput(subsystem: "com.example.recipes"))
/// ```
///
/// Each log is one message: its tag and the JSON of its payload fields, public, then the
/// fields the definitions mark `[pii]`, private (see `UnifiedLogLine` for why). A log is
/// written at the info level (kept in memory, and on disk only around a fault), or at the
/// error level when it carries constraint violations, which are bugs to see.
///
/// `os.Logger` is available from iOS 14, macOS 11, tvOS 14, watchOS 7; the package's floor is
/// above all of them.
public final class OSLogOutput: LogOutput, @unchecked Sendable {
    // @unchecked: the only state is an immutable `os.Logger`, which Apple documents as safe to
    // use from any thread (the SDKs before iOS 17 do not mark it `Sendable`).
    private let logger: os.Logger

    /// - Parameters:
    ///   - subsystem: The app's subsystem, by convention its bundle identifier.
    ///   - category: The category the messages are filed under; `behavior` by default.
    public init(subsystem: String, category: String = "behavior") {
        logger = os.Logger(subsystem: subsystem, category: category)
    }

    public func write(_ logs: [EncodedLog]) {
        for log in logs {
            let line = UnifiedLogLine(log.envelope)
            switch (line.personalFields.isEmpty, line.violations.isEmpty) {
            case (true, true):
                logger.info("\(line.tag, privacy: .public) \(line.publicFields, privacy: .public)")
            case (false, true):
                logger.info(
                    "\(line.tag, privacy: .public) \(line.publicFields, privacy: .public) personal: \(line.personalFields, privacy: .private)")
            case (true, false):
                logger.error(
                    "\(line.tag, privacy: .public) \(line.publicFields, privacy: .public) violations: \(line.violations, privacy: .public)")
            case (false, false):
                logger.error(
                    "\(line.tag, privacy: .public) \(line.publicFields, privacy: .public) personal: \(line.personalFields, privacy: .private) violations: \(line.violations, privacy: .public)"
                )
            }
        }
    }
}
#endif
