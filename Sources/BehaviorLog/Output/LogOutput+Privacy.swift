// The defaults of the privacy requirements of `LogOutput` (issue 17).
extension LogOutput {
    /// An output that does not say may ship logs off the device: it needs consent.
    public var requiresConsentByDefault: Bool { true }
    public func consentChanged(to consent: LogConsent) {}
    /// An output that keeps nothing on disk has nothing to erase.
    public func eraseAllData() async throws {}
}

extension ConsoleOutput {
    /// On-device debugging: it follows no consent unless its setting says so.
    public var requiresConsentByDefault: Bool { false }
}

extension LocalStoreOutput {
    /// The on-device history, for debugging: it follows no consent unless its setting says so.
    public var requiresConsentByDefault: Bool { false }
}
