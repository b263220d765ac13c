/// What every type that `loggen` generates declares about itself: the runtime API version
/// it was written for (checked when it compiles) and the schema it came from.
///
/// Generated code is checked against the runtime the way swift-protobuf's is: each
/// generated type says `typealias LoggenVersion = LoggenVersion1`. When the runtime's API
/// for generated code changes, the runtime moves on to `LoggenVersion2` and marks
/// `LoggenVersion1` unavailable with a message, so a stale `Generated/` folder fails to
/// compile with "'LoggenVersion1' is unavailable: …regenerate…" instead of misbehaving;
/// code from a newer `loggen` fails with "cannot find type 'LoggenVersion2'".
public protocol LoggenGenerated {
    /// The runtime API version the code was generated for.
    associatedtype LoggenVersion: LoggenCompatibleVersion
    /// A stable hash of the schema the code was generated from (`"fnv1a64:…"`), the same
    /// for every type of one `loggen generate` run. The log envelope carries it as `schema`.
    static var schemaHash: String { get }
}

/// The runtime API versions of generated code that this runtime supports.
public protocol LoggenCompatibleVersion {}

/// Version 1 of the API that generated code uses: ``LogEvent``, ``LogPayload`` and its
/// checked appends, ``LogPattern``, ``LogCommonPayload``.
public enum LoggenVersion1: LoggenCompatibleVersion {}

/// Version 2 of the API that generated code uses: version 1 plus ``LogPayloadLayout``, the
/// table that builds an event's payload in one call.
public enum LoggenVersion2: LoggenCompatibleVersion {}
