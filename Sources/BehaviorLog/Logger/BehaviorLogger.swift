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
/// itself); its posts are counted as `writerThreadOverflows` and `writerThreadDrops`. Nor does
/// a Swift concurrency task (`post` from an `async` function): Swift's cooperative pool has one
/// thread per core and must never block (`taskOverflows`, `taskDrops`).
/// Call `shutdown()` before the process ends to write and sync what is queued.
public final class BehaviorLogger: Sendable {
    let configuration: LoggerConfiguration
    /// The queue and the thread that empties it; the thread holds the writer, never the logger.
    let writer: LogWriter
    // Set in `init`, not at their declarations: an initial value there was a function of
    // its own in every app (issue 26).
    private let uuids: UUIDGenerator
    private let filterRoutes: Locked<FilterRoutes>
    private let filteredOutCount: AtomicCounter

    /// The writer thread's name (`Thread.current.name` on it; `comm` for the kernel).
    static var writerThreadName: String { LogWriter.threadName }

    /// Starts a logger and its writer thread.
    public convenience init(configuration: LoggerConfiguration) {
        self.init(configuration: configuration, isMainThread: { Thread.isMainThread })
    }

    /// - Parameter isMainThread: Whether the calling thread must never wait (tests stand in
    ///   for the main thread with it).
    init(configuration: LoggerConfiguration, isMainThread: @escaping @Sendable () -> Bool) {
        self.configuration = configuration
        uuids = UUIDGenerator()
        filterRoutes = Locked(FilterRoutes())
        filteredOutCount = AtomicCounter()
        writer = LogWriter(configuration: configuration, isMainThread: isMainThread)
    }

    /// Released without `shutdown()`: the writer writes what is queued and ends, and the
    /// outputs nobody else holds are freed with it, which makes what they wrote durable.
    deinit {
        writer.stop()
    }

    // MARK: Posting

    /// Posts a generated event. Returns at once.
    public func post<Event: LogEvent>(_ event: Event) {
        let contents = event.contents
        post(tag: contents.tag, payload: contents.payload, personalDataFields: contents.personalDataFields, schema: contents.schema)
    }

    /// Posts a log by tag and payload, for logs without generated code. Returns at once.
    /// - Parameters:
    ///   - tag: The routing tag, `category.event`.
    ///   - payload: The fields.
    ///   - personalDataFields: The payload keys that hold personal data, for `PersonalDataFilter`.
    public func post(tag: String, payload: consuming LogPayload, personalDataFields: [String] = []) {
        post(tag: tag, payload: consume payload, personalDataFields: personalDataFields, schema: "")
    }

    private func post(tag: String, payload: consuming LogPayload, personalDataFields: [String], schema: String) {
        let now = Date()
        // Made where it is queued (an `EncodedLog` whose body the writer fills), so that the
        // filters change it in place and it is moved, never copied, into the queue.
        var log = EncodedLog(
            envelope: LogEnvelope(
                uuid: uuids.next(at: now), time: now, tag: tag, payload: consume payload,
                personalDataFields: personalDataFields, schema: schema), body: [])
        for filter in filters(for: tag) where filter.apply(to: &log.envelope).drops {
            filteredOutCount.add(1)
            return
        }
        writer.enqueue(consume log)
    }

    /// The filter chain of `tag`, resolved once per tag.
    private func filters(for tag: String) -> [any LogFilter] {
        let identity = FilterRoutes.identity(of: tag)
        if let cached = filterRoutes.withLock({ $0.filters(for: tag, identity: identity) }) { return cached }
        // A filter that does nothing for this tag (sampling at 100%) is left out of its chain.
        var matching: [any LogFilter] = []
        for setting in configuration.filters where setting.tagPattern.matches(tag) {
            let filter = setting.filter.specialized(forTag: tag)
            if !(filter is any PassThroughFilter) { matching.append(filter) }
        }
        filterRoutes.withLock { $0.add(matching, for: tag, identity: identity) }
        return matching
    }

    // MARK: Control

    /// Waits until every log posted before the call is written to the outputs; then makes
    /// every output's logs durable, all outputs at once (`LogOutput.makeDurable()`, each on the
    /// output's own thread); then has every output send what is pending, all at once
    /// (`LogOutput.flush()`). No output's sync waits for another output, nor for a network.
    public func flush() async {
        await writer.waitUntilDelivered()
        let outputs = configuration.outputs.map(\.output)
        await Self.onEveryOutput(outputs) { await $0.makeDurable() }
        await Self.onEveryOutput(outputs) { await $0.flush() }
    }

    /// Runs `work` on every output at once, and returns when all are done: one task group for
    /// both steps of `flush()`, not a copy of it (and of its task's closure) per step.
    private static func onEveryOutput(_ outputs: [any LogOutput], _ work: @escaping @Sendable (any LogOutput) async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for output in outputs { group.addTask { await work(output) } }
        }
    }

    /// Stops the outputs from sending (for example when the app goes to the background);
    /// posting and writing go on.
    public func suspend() {
        for setting in configuration.outputs { setting.output.suspend() }
    }

    /// Lets the outputs send again.
    public func resume() {
        for setting in configuration.outputs { setting.output.resume() }
    }

    /// Writes everything queued, stops the writer and shuts the outputs down (which makes
    /// their logs durable). Logs posted afterwards are counted and not written.
    public func shutdown() async {
        writer.stop()
        await writer.waitForExit()
        for setting in configuration.outputs { await setting.output.shutdown() }
    }

    // Privacy (issue 17): `consent`, `setConsent(_:)` and `eraseAllData()` in BehaviorLogger+Privacy.swift.

    /// What the logger did so far.
    public var statistics: LoggerStatistics {
        var result = writer.statistics
        result.filteredOut = filteredOutCount.load()
        result.posted += result.filteredOut
        return result
    }
}
