/// The user's answer to "may this app send behaviour logs off the device?".
///
/// The app asks, keeps the answer, and passes it to the logger at every start
/// (`LoggerConfiguration(…, consent:)`) and on every change (`BehaviorLogger.setConsent(_:)`); the
/// SDK never guesses or stores it. Only the outputs that need consent
/// (`OutputSetting.requiresConsent`: the ones that ship logs off the device) are affected;
/// the console and the local history go on.
///
/// A struct with static properties, not an enum: the enum's synthesised `Hashable` and value
/// witnesses were linked into every app.
public struct LogConsent: Sendable, Equatable, CustomStringConvertible {
    /// 0 granted, 1 pending, 2 denied.
    let code: UInt8
    @usableFromInline init(code: UInt8) { self.code = code }

    /// Logs are kept and sent as usual (the default).
    @_alwaysEmitIntoClient public static var granted: LogConsent { LogConsent(code: 0) }
    /// The user has not answered yet: consent-requiring outputs keep the logs in their stores
    /// (within the stores' caps) and send nothing; on `.granted` they send them.
    @_alwaysEmitIntoClient public static var pending: LogConsent { LogConsent(code: 1) }
    /// The user said no: consent-requiring outputs receive no log posted under it, delete
    /// every log they have not sent, and send nothing.
    @_alwaysEmitIntoClient public static var denied: LogConsent { LogConsent(code: 2) }

    public var description: String {
        switch code {
        case 0: "granted"
        case 1: "pending"
        default: "denied"
        }
    }
}
