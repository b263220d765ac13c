import LogCore

/// The user's consent and the erasure of what the outputs keep (issue 17).
extension BehaviorLogger {
    /// The user's consent as last given (`LoggerConfiguration.consent`, then `setConsent(_:)`).
    public var consent: LogConsent { writer.consent }

    /// Changes the user's consent, from any thread. Every log posted after this returns follows
    /// the new consent; a log posted before it follows the consent it was posted under (the
    /// writer hands the change to the outputs between the two). Under `.denied`, consent-requiring
    /// outputs receive no log, and each buffered one deletes what it has not sent; under
    /// `.pending` they keep logs and send nothing; `.granted` lets them send. The app keeps the
    /// answer and passes it again at the next start (`LoggerConfiguration(…, consent:)`).
    public func setConsent(_ consent: LogConsent) {
        writer.setConsent(consent)
    }

    /// Deletes every log this logger's outputs keep — stores, outboxes, cursors, indexes, logs
    /// set aside — and the personal-data salt (`PersonalDataFilter` with a `PersonalDataSalt`),
    /// then goes on with empty stores and a new salt: hashes made before no longer match those
    /// made after. A send in flight is abandoned. Returns when the files are gone from disk
    /// (their directories synced). Logs posted while it runs may be erased too.
    /// - Throws: The first error of a filter or an output; the others still erase.
    public func eraseAllData() async throws {
        // A new salt first, so that no log posted from here on carries a hash made with the old one;
        // on the writer's thread, not the caller's task: it is disk work (issue 25).
        let filterError = Locked<(any Error)?>(nil)
        let filters = configuration.filters
        await writer.perform {
            for setting in filters {
                do { try setting.filter.eraseAllData() } catch { filterError.withLock { $0 = $0 ?? error } }
            }
        }
        var firstError = filterError.withLock { $0 }
        await writer.waitUntilDelivered()
        for setting in configuration.outputs {
            do { try await setting.output.eraseAllData() } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }
}
