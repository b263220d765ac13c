/// Sends the logs whose envelope records a constraint violation to a separate route, so
/// that an output bound to that route (`OutputSetting(…, route: .named("violations"))`)
/// receives them — for example a local store a developer checks, or an alerting backend.
///
/// A routed log leaves the main stream: outputs bound to `.main` no longer see it, outputs
/// bound to `.every` still do (a history store usually wants every log).
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
public final class ViolationRoutingFilter: LogFilter {
    /// The route's name.
    public let route: String

    public init(route: String = "violations") {
        self.route = route
    }

    public func apply(to envelope: inout LogEnvelope) -> LogFilterDecision {
        if envelope.hasViolations { envelope.route = route }
        return .pass
    }
}
