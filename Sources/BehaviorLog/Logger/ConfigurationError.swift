/// A configuration that cannot work, found when it is built: every configuration of the
/// runtime (`LoggerConfiguration`, `BufferedOutputConfiguration`, `SamplingFilter`, and in `BehaviorLogHTTP`
/// `HTTPBackendConfiguration` and `ClickHouseConfiguration`) checks its values in its
/// initializer and throws this, rather than clamp a value silently or fail at the first log.
///
/// The description names the configuration, the value and what to write instead:
/// `BufferedOutputConfiguration: chunkCount 0 is below 1; a chunk holds at least one log`.
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and how to fix it, in one line.
    public let description: String

    /// - Parameter description: What is wrong and how to fix it, in one line.
    public init(_ description: String) {
        self.description = description
    }

    public static func == (lhs: ConfigurationError, rhs: ConfigurationError) -> Bool {
        lhs.description == rhs.description
    }
}
