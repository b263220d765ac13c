/// The user's answer to "may this app send behaviour logs off the device?".
///
/// The app asks, keeps the answer, and passes it to the logger at every start
/// (`LoggerConfiguration(…, consent:)`) and on every change (`BehaviorLogger.setConsent(_:)`); the
/// SDK never guesses or stores it. Only the outputs that need consent
/// (`OutputSetting.requiresConsent`: the ones that ship logs off the device) are affected;
/// the console and the local history go on.
public enum LogConsent: Sendable, Hashable, CustomStringConvertible {
    /// Logs are kept and sent as usual (the default).
    case granted
    /// The user has not answered yet: consent-requiring outputs keep the logs in their stores
    /// (within the stores' caps) and send nothing; on `.granted` they send them.
    case pending
    /// The user said no: consent-requiring outputs receive no log posted under it, delete
    /// every log they have not sent, and send nothing.
    case denied

    public var description: String {
        switch self {
        case .granted: "granted"
        case .pending: "pending"
        case .denied: "denied"
        }
    }
}
