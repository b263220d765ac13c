import BehaviorLog
import BehaviorLogTesting
import RecipeAppTypes
import RecipeLogs
import Testing

/// A log carries the hash of the definitions its event was generated from, with no
/// configuration (issue 13, item 5): two generated sets posted through one logger keep
/// their own hashes, a configured `schemaVersion` overrides both, a log posted by tag has none.
@Suite struct SchemaStampTests {
    private func bodies(schemaVersion: String? = nil) async throws -> [String] {
        let recorder = RecordingOutput()
        let configuration =
            if let schemaVersion {
                try LoggerConfiguration(outputs: [OutputSetting(recorder)], schemaVersion: schemaVersion)
            } else {
                try LoggerConfiguration(outputs: [OutputSetting(recorder)])
            }
        let logger = BehaviorLogger(configuration: configuration)
        logger.post(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1))
        logger.post(ACategoryNameThatIsExactlyAsLongAsTheValidatorAllows.in)
        logger.post(tag: "hand.written", payload: LogPayload())
        await logger.shutdown()
        return recorder.encodedLogs.map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func eachLogCarriesItsEventTypesHashByDefault() async throws {
        let bodies = try await bodies()
        #expect(RecipeLogs.GeneratedSchema.hash != GeneratedSchema.hash)
        #expect(bodies.count == 3)
        guard bodies.count == 3 else { return }
        #expect(bodies[0].hasPrefix(#"{"schema":"\#(RecipeLogs.GeneratedSchema.hash)","common":"#))
        #expect(bodies[1].hasPrefix(#"{"schema":"\#(GeneratedSchema.hash)","common":"#))
        #expect(bodies[2].hasPrefix(#"{"schema":"","common":"#))
    }

    @Test func aConfiguredSchemaVersionOverridesEveryHash() async throws {
        let bodies = try await bodies(schemaVersion: "v1")
        #expect(bodies.count == 3)
        #expect(bodies.allSatisfy { $0.hasPrefix(#"{"schema":"v1","common":"#) })
    }

    @Test func contentsNameTheHash() {
        #expect(RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1).contents.schema == RecipeLogs.GeneratedSchema.hash)
    }
}
