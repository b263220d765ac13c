/// How a `BehaviorLogger` routes logs: its filter chain and its outputs, each bound to a tag
/// pattern, and the bounds of its in-memory queue.
///
/// Validated when built: the initializer throws a `ConfigurationError` for a value out of
/// range, and tag patterns are checked when the settings are built (`FilterSetting(…,
/// tagPattern:)` throws), so a bad configuration fails at start-up, not at the first log. The
/// values cannot be changed afterwards (a change would skip those checks). An immutable class,
/// not a struct: a struct linked its value witnesses into every app.
public final class LoggerConfiguration: Sendable {
    /// The filter chain, in order.
    public let filters: [FilterSetting]
    /// The outputs; each log goes to every output whose pattern and route match it.
    public let outputs: [OutputSetting]
    /// The schema's version or hash, written in every log's `schema` key. Empty (the
    /// default) writes each generated event's own `schemaHash` (`GeneratedSchema.hash`, the
    /// hash `loggen schema` prints), and an empty `schema` for logs posted by tag; a value
    /// set here overrides it for every log.
    public let schemaVersion: String
    /// How many logs may wait in memory for the writer (at least 1). When the queue is full,
    /// `post` waits until the writer takes the queue (a spill; about one batch's write at
    /// most): memory stays bounded and no log is dropped; the caller waits instead — but
    /// never the main thread (see `BehaviorLogger`). (Waiting, not writing the queue itself:
    /// the writer is already writing, so a poster that took over would first wait for that
    /// batch, then stop the writer while it wrote its own.)
    public let queueCapacity: Int
    /// The user's consent at start: the answer the app kept, `.granted` by default (see
    /// `LogConsent`; change it later with `BehaviorLogger.setConsent(_:)`).
    public let consent: LogConsent

    /// - Parameters:
    ///   - filters: The filter chain, in order (none by default).
    ///   - outputs: The outputs.
    ///   - schemaVersion: The `schema` of every log; empty (the default) for each event's own.
    ///   - queueCapacity: How many logs may wait for the writer (4,096 by default; at least 1).
    ///   - consent: The user's consent at start (`.granted` by default).
    /// - Throws: `ConfigurationError` when `queueCapacity` is below 1, or when `outputs` holds a
    ///   history and a `BufferedOutput` made with it (`BufferedOutput(history:…)` writes the
    ///   history itself: its logs would be written twice).
    public init(
        filters: [FilterSetting] = [], outputs: [OutputSetting], schemaVersion: String = "",
        queueCapacity: Int = 4_096, consent: LogConsent = .granted
    ) throws(ConfigurationError) {
        guard queueCapacity >= 1 else {
            throw ConfigurationError(
                "LoggerConfiguration: queueCapacity \(queueCapacity) is below 1; the queue must hold at least one log (4096 is the default)")
        }
        for setting in outputs {
            guard let history = (setting.output as? BufferedOutput)?.history else { continue }
            if outputs.contains(where: { $0.output === history }) {
                throw ConfigurationError(
                    "LoggerConfiguration: the history at \(history.directory.path) is among the outputs, and so is the BufferedOutput made with it, which writes it; give the logger the BufferedOutput only"
                )
            }
        }
        self.filters = filters
        self.outputs = outputs
        self.schemaVersion = schemaVersion
        self.queueCapacity = queueCapacity
        self.consent = consent
    }
}
