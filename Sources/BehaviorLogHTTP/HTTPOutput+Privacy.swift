import BehaviorLog

// Consent and erasure (issue 17): the buffered output underneath does both.
extension HTTPOutput {
    public func consentChanged(to consent: LogConsent) { buffered.consentChanged(to: consent) }
    public func eraseAllData() async throws { try await buffered.eraseAllData() }
}
