/// A destination for logs: the console, a local history store, a backend.
///
/// The logger calls `write(_:)` on its writer thread with the logs bound to the output,
/// in post order, one batch at a time and never concurrently, and with no lock of the logger
/// held: an output may read `BehaviorLogger.statistics` or post from any of its methods
/// (a post from `write` never waits, even into a full queue: it goes past the capacity or, at
/// four times it, is dropped, counted in `LoggerStatistics.writerThreadOverflows` and
/// `writerThreadDrops`). `write` must not wait for a
/// network: an output that ships logs keeps them (`BufferedOutput`) and sends them from
/// its own thread, so that one slow output never holds up the others.
public protocol LogOutput: AnyObject, Sendable {
    /// Takes a batch of logs, in post order.
    func write(_ logs: [EncodedLog])
    /// Called by the writer when its queue runs empty after a batch (once; it then sleeps
    /// until something is posted): a place to make written logs durable without waiting
    /// for the next batch.
    func writerIsIdle()
    /// Makes everything written so far durable (synced to the device), and returns when it is.
    /// `BehaviorLogger.flush()` calls it on every output at once, before any output's
    /// `flush()`, so that one output's durability never waits for another's send. Do the disk
    /// work on a thread of the output's own, not on Swift's cooperative pool (the caller is a
    /// task). The default does nothing: an output without one makes its logs durable in `flush()`.
    func makeDurable() async
    /// Makes everything written so far durable, and sends what is pending now
    /// (`BehaviorLogger.flush()` calls it after every output's `makeDurable()`).
    func flush() async
    /// Stops sending (the app goes to the background); writing goes on.
    func suspend()
    /// Starts sending again after `suspend()`.
    func resume()
    /// Makes everything durable and stops; called once, by `BehaviorLogger.shutdown()`.
    func shutdown() async

    // Privacy (issue 17); defaults in LogOutput+Privacy.swift.
    /// Whether the output needs the user's consent when its `OutputSetting` does not say:
    /// `true` (it may ship logs off the device) unless the output says otherwise.
    var requiresConsentByDefault: Bool { get }
    /// Told by the logger's writer, in post order: at start, and between the last log posted
    /// before a `BehaviorLogger.setConsent(_:)` and the first one posted after it. An output that needs
    /// no consent is always told `.granted`.
    func consentChanged(to consent: LogConsent)
    /// Deletes everything the output keeps on disk (its store, outbox, cursors, indexes), then
    /// goes on empty; returns when the files are gone from disk.
    func eraseAllData() async throws
}

extension LogOutput {
    public func writerIsIdle() {}
    public func makeDurable() async {}
    public func flush() async {}
    public func suspend() {}
    public func resume() {}
    public func shutdown() async {}
}

/// A log as outputs receive it: the envelope, and its stored payload bytes (encoded once,
/// shared by every output; the format is in docs/Runtime.md).
public struct EncodedLog: Sendable {
    /// The log, after the filters.
    public internal(set) var envelope: LogEnvelope
    /// The envelope without `uuid`, `seq`, `time` and `tag`: the bytes a store keeps.
    public internal(set) var body: [UInt8]

    public init(envelope: LogEnvelope, body: [UInt8]) {
        self.envelope = envelope
        self.body = body
    }
}

/// Which routes an output receives (see `ViolationRoutingFilter`): `.main`, `.named(_:)` or
/// `.every`.
///
/// An immutable class, not an enum: the enum linked its value witnesses, outlined copies and
/// `Equatable` witness into every app.
public final class OutputRoute: Sendable, Equatable {
    /// The route's name; `nil` for `.main` and `.every`.
    public let name: String?
    /// Whether every log is received, whatever its route (`.every`).
    public let isEvery: Bool

    private init(name: String?, isEvery: Bool) {
        self.name = name
        self.isEvery = isEvery
    }

    /// The logs no filter routed elsewhere (the default).
    public static let main = OutputRoute(name: nil, isEvery: false)
    /// Every log, whatever its route.
    public static let every = OutputRoute(name: nil, isEvery: true)
    /// The logs a filter sent to this route.
    public static func named(_ name: String) -> OutputRoute { OutputRoute(name: name, isEvery: false) }

    public static func == (lhs: OutputRoute, rhs: OutputRoute) -> Bool {
        lhs.name == rhs.name && lhs.isEvery == rhs.isEvery
    }

    func accepts(_ route: String?) -> Bool {
        isEvery || route == name
    }
}

/// An output bound to the tags and the route it receives.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class OutputSetting: Sendable {
    public let output: any LogOutput
    public let tagPattern: TagPattern
    public let route: OutputRoute
    /// Whether the output follows the user's consent (`LogConsent`): it receives no log posted
    /// under `.denied`, and is told each change of consent.
    public let requiresConsent: Bool

    /// - Parameters:
    ///   - output: The output.
    ///   - tagPattern: The tags it receives; every tag by default.
    ///   - route: The route it receives; the main stream by default.
    ///   - requiresConsent: Whether it follows the user's consent; by default `true` for the
    ///     outputs that ship logs off the device (`BufferedOutput`, whatever its backend,
    ///     and any output that does not say), `false` for `ConsoleOutput`
    ///     and `LocalStoreOutput`.
    public init(_ output: any LogOutput, tagPattern: TagPattern = .all, route: OutputRoute = .main, requiresConsent: Bool? = nil) {
        self.output = output
        self.tagPattern = tagPattern
        self.route = route
        self.requiresConsent = requiresConsent ?? output.requiresConsentByDefault
    }

    /// - Throws: `TagPatternError` when the pattern is invalid.
    public convenience init(
        _ output: any LogOutput, tagPattern: String, route: OutputRoute = .main, requiresConsent: Bool? = nil
    ) throws(TagPatternError) {
        self.init(output, tagPattern: try TagPattern(tagPattern), route: route, requiresConsent: requiresConsent)
    }
}
