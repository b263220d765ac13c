import Foundation
import LogCore

/// Routes logs through a filter chain to outputs. This is what an app posts to:
///
/// ```swift
/// let logs = BehaviorLogger.defaultDirectory
/// let salt = try PersonalDataSalt(directory: logs)
/// let logger = BehaviorLogger(configuration: try LoggerConfiguration(
///     filters: [FilterSetting(CommonPayloadFilter { session.commonPayload }),
///               FilterSetting(PersonalDataFilter(mode: .saltedHash(salt)))],
///     outputs: [OutputSetting(try LocalStoreOutput(directory: logs.appending(path: "history"))),
///               OutputSetting(try BufferedOutput(directory: logs.appending(path: "outputs/backend"), backend: collector))]))
/// logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
/// ```
///
/// `post` returns at once: it runs the filters on the calling thread and puts the log in
/// a bounded in-memory queue; a writer thread takes the queue in batches (waiting half a
/// millisecond for a batch to gather, so that posting rarely has to wake it), encodes each
/// log once and hands the batch to the outputs. When the queue is full the posting thread
/// waits until the writer takes it (a spill), so memory stays bounded and nothing is
/// dropped — except the main thread, which never waits: its logs go on into the queue past
/// its capacity (counted as `mainThreadOverflows`), up to four times the capacity, beyond
/// which they are dropped and counted (`mainThreadDrops`) rather than freeze the app's UI.
/// The writer thread never waits either (an output posting from `write`: it would wait for
/// itself); its posts are counted as `writerThreadOverflows` and `writerThreadDrops`.
/// Call `shutdown()` before the process ends to write and sync what is queued.
public final class BehaviorLogger: Sendable {
    let core: LoggerCore

    /// The writer thread's name (`Thread.current.name` on it; `comm` for the kernel).
    static var writerThreadName: String { LoggerCore.writerThreadName }

    /// Starts a logger and its writer thread.
    public convenience init(configuration: LoggerConfiguration) {
        self.init(configuration: configuration, isMainThread: { Thread.isMainThread })
    }

    /// - Parameter isMainThread: Whether the calling thread must never wait (tests stand in
    ///   for the main thread with it).
    init(configuration: LoggerConfiguration, isMainThread: @escaping @Sendable () -> Bool) {
        core = LoggerCore(configuration: configuration, isMainThread: isMainThread)
    }

    /// Released without `shutdown()`: the writer writes what is queued and ends, and the
    /// outputs nobody else holds are freed with it, which makes what they wrote durable.
    deinit {
        core.release()
    }

    // MARK: Posting

    /// Posts a generated event. Returns at once.
    public func post<Event: LogEvent>(_ event: Event) {
        core.post(event)
    }

    /// Posts a log by tag and payload, for logs without generated code. Returns at once.
    /// - Parameters:
    ///   - tag: The routing tag, `category.event`.
    ///   - payload: The fields.
    ///   - personalDataFields: The payload keys that hold personal data, for `PersonalDataFilter`.
    public func post(tag: String, payload: consuming LogPayload, personalDataFields: [String] = []) {
        core.post(tag: tag, payload: consume payload, personalDataFields: personalDataFields)
    }

    // MARK: Control

    /// Waits until every log posted before the call is written to the outputs, then asks
    /// each output to make it durable and to send what is pending, all at once: an output's
    /// send (a network) never holds up another output's sync.
    public func flush() async {
        await core.flush()
    }

    /// Stops the outputs from sending (for example when the app goes to the background);
    /// posting and writing go on.
    public func suspend() {
        core.suspend()
    }

    /// Lets the outputs send again.
    public func resume() {
        core.resume()
    }

    /// Writes everything queued, stops the writer and shuts the outputs down (which makes
    /// their logs durable). Logs posted afterwards are counted and not written.
    public func shutdown() async {
        await core.shutdown()
    }

    // MARK: Privacy (issue 17)

    /// The user's consent as last given (`LoggerConfiguration.consent`, then `setConsent(_:)`).
    public var consent: LogConsent { core.consent }

    /// Changes the user's consent, from any thread. Every log posted after this returns follows
    /// the new consent; a log posted before it follows the consent it was posted under (the
    /// writer hands the change to the outputs between the two). Under `.denied`, consent-requiring
    /// outputs receive no log, and each buffered one deletes what it has not sent; under
    /// `.pending` they keep logs and send nothing; `.granted` lets them send. The app keeps the
    /// answer and passes it again at the next start (`LoggerConfiguration(…, consent:)`).
    public func setConsent(_ consent: LogConsent) {
        core.setConsent(consent)
    }

    /// Deletes every log this logger's outputs keep — stores, outboxes, cursors, indexes, logs
    /// set aside — and the personal-data salt (`PersonalDataFilter` with a `PersonalDataSalt`),
    /// then goes on with empty stores and a new salt: hashes made before no longer match those
    /// made after. A send in flight is abandoned. Returns when the files are gone from disk
    /// (their directories synced). Logs posted while it runs may be erased too.
    /// - Throws: The first error of a filter or an output; the others still erase.
    public func eraseAllData() async throws {
        try await core.eraseAllData()
    }

    /// What the logger did so far.
    public var statistics: LoggerStatistics { core.statistics }
}
