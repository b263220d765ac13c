import BehaviorLog

/// The sample app's reachability, an external type that `LogDefinitions/common.md` names
/// (`network: NetworkKind?`) without declaring it in `types.md`: the app provides it, and
/// the generated code requires only that it conforms to `LogValueConvertible`.
public enum NetworkKind: String, LogValueConvertible, Sendable {
    case wifi, cellular, offline
}
