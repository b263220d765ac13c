@testable import BehaviorLog
import Foundation
import LogCore
import RecipeLogs
import Testing
import TestSupport

@Suite struct FilterTests {
    @Test func commonPayloadIsTakenAtPostTime() {
        let counter = Counter()
        let filter = CommonPayloadFilter(personalDataFields: ["user_id"]) {
            LogPayload([("user_id", .integer(counter.next())), ("app_version", .string("1.2"))])
        }
        var first = LogEnvelope(tag: "a.b", payload: LogPayload())
        var second = first
        #expect(filter.apply(to: &first) == .pass)
        #expect(filter.apply(to: &second) == .pass)
        #expect(first.common["user_id"] == .integer(1))
        #expect(second.common["user_id"] == .integer(2))
        #expect(first.commonPersonalDataFields == ["user_id"])
    }

    @Test func samplingIsDeterministicByUUIDAndKeepsAboutTheRate() throws {
        let filter = try SamplingFilter(rates: [("recipe_detail.scroll", 0.1), ("debug.**", 0), ("**", 1)])
        let generator = UUIDGenerator(seed: 1)
        var kept = 0
        for _ in 0..<20_000 {
            var envelope = LogEnvelope(uuid: generator.next(at: Date()), tag: "recipe_detail.scroll", payload: LogPayload())
            let decision = filter.apply(to: &envelope)
            var again = envelope
            #expect(filter.apply(to: &again) == decision)  // the same log, the same answer
            if decision == .pass { kept += 1 }
        }
        #expect((1_700...2_300).contains(kept), "kept \(kept) of 20000 at rate 0.1")

        var debug = LogEnvelope(tag: "debug.trace.deep", payload: LogPayload())
        #expect(filter.apply(to: &debug) == .drop)
        var other = LogEnvelope(tag: "recipe_search.search", payload: LogPayload())
        #expect(filter.apply(to: &other) == .pass)
    }

    @Test func samplingRejectsBadRatesAndPatterns() {
        #expect(throws: ConfigurationError.self) { _ = try SamplingFilter(rates: [("a.b", 1.5)]) }
        #expect(throws: ConfigurationError.self) { _ = try SamplingFilter(rates: [("a.b", .nan)]) }
        #expect(throws: TagPatternError.self) { _ = try SamplingFilter(rates: [("a..b", 0.5)]) }
    }

    @Test func personalDataIsDropped() {
        let event = UserPostDetail.show(postId: 9, recipeId: 1, mediaKinds: [], ingredientNames: [], authorNickname: "cook@example.com")
        var envelope = LogEnvelope(
            tag: event.tag, payload: event.payload, common: LogPayload([("device", .string("d1")), ("user", .string("u"))]),
            personalDataFields: event.personalDataFields, commonPersonalDataFields: ["user"])
        #expect(PersonalDataFilter(mode: .drop).apply(to: &envelope) == .pass)
        #expect(envelope.payload.keys == ["post_id", "recipe_id", "media_kinds", "ingredient_names"])
        #expect(envelope.common.keys == ["device"])
    }

    @Test func personalDataIsHashedWithTheSalt() {
        let event = UserPostDetail.show(postId: 9, recipeId: 1, mediaKinds: [], ingredientNames: [], authorNickname: "cook@example.com")
        func redacted(salt: [UInt8]) -> LogValue? {
            var envelope = LogEnvelope(tag: event.tag, payload: event.payload, personalDataFields: event.personalDataFields)
            _ = PersonalDataFilter(mode: .hash(salt: salt)).apply(to: &envelope)
            #expect(envelope.payload["post_id"] == .integer(9))
            return envelope.payload["author_nickname"]
        }
        let hashed = redacted(salt: [1, 2, 3])
        guard case .string(let text)? = hashed else {
            Issue.record("expected a hashed string, got \(String(describing: hashed))")
            return
        }
        #expect(text.hasPrefix("sha256:") && text.count == 39)
        #expect(!text.contains("cook"))
        #expect(redacted(salt: [1, 2, 3]) == hashed)  // stable on one install
        #expect(redacted(salt: [4, 5, 6]) != hashed)  // another install cannot join it
        // The hash is SHA-256 over the salt and the value's JSON text.
        let digest = SHA256.hash([1, 2, 3] + Array(#""cook@example.com""#.utf8))
        #expect(text == "sha256:" + digest.prefix(16).map { String(format: "%02x", $0) }.joined())
    }

    @Test func installSaltIsKeptAndPrivate() throws {
        let directory = TemporaryDirectory("salt").url
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try PersonalDataFilter.installSalt(in: directory)
        let second = try PersonalDataFilter.installSalt(in: directory)
        #expect(first.count == 32 && first == second)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("pii-salt").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    /// A salt that exists but cannot be read (here: a directory where the file should be; on a
    /// device, a file whose data protection keeps it locked) or is damaged is never replaced:
    /// a new salt would silently change every hash of the install.
    @Test func aSaltThatCannotBeReadIsNeverReplaced() throws {
        let directory = TemporaryDirectory("salt").url
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pii-salt")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect { try PersonalDataFilter.installSalt(in: directory) } throws: { error in
            "\(error)".contains("exists but cannot be read") && "\(error)".contains("no new salt is made")
        }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue)

        try FileManager.default.removeItem(at: file)
        try Data(repeating: 7, count: 10).write(to: file)
        #expect { try PersonalDataFilter.installSalt(in: directory) } throws: { "\($0)".contains("10 bytes, not 32 (damaged)") }
        #expect(try Data(contentsOf: file) == Data(repeating: 7, count: 10))
    }

    /// While the salt cannot be read, personal values are held back (removed and counted), not
    /// hashed with another salt; once it can, they are hashed with the install's own salt.
    @Test func personalValuesAreHeldBackWhileTheSaltCannotBeRead() async throws {
        let directory = TemporaryDirectory("salt").url
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pii-salt")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let filter = PersonalDataFilter(mode: .saltedHash(try PersonalDataSalt(directory: directory)))
        let event = UserPostDetail.show(postId: 9, recipeId: 1, mediaKinds: [], ingredientNames: [], authorNickname: "cook@example.com")
        func redacted() -> LogEnvelope {
            var envelope = LogEnvelope(tag: event.tag, payload: event.payload, personalDataFields: event.personalDataFields)
            _ = filter.apply(to: &envelope)
            return envelope
        }
        let held = redacted()
        #expect(held.payload.keys == ["post_id", "recipe_id", "media_kinds", "ingredient_names"] && filter.withheldValues == 1)

        // The salt becomes readable (the device is unlocked): after the retry delay, the
        // install's own salt is used.
        let salt = [UInt8](repeating: 3, count: 32)
        try FileManager.default.removeItem(at: file)
        try Data(salt).write(to: file)
        try await Task.sleep(for: .milliseconds(1_100))
        let hashed = redacted()
        #expect(hashed.payload["author_nickname"] == .string(PersonalDataFilter.hash(.string("cook@example.com"), salt: salt)))
        #expect(filter.withheldValues == 1)
        #expect(try Data(contentsOf: file) == Data(salt))
    }

    /// With no salt file, the first personal value makes one, and it is kept.
    @Test func aMissingSaltIsMadeOnceAndKept() throws {
        let directory = TemporaryDirectory("salt").url
        defer { try? FileManager.default.removeItem(at: directory) }
        let filter = PersonalDataFilter(mode: .saltedHash(try PersonalDataSalt(directory: directory)))
        var envelope = LogEnvelope(tag: "a.b", payload: LogPayload([("email", .string("x@y"))]), personalDataFields: ["email"])
        _ = filter.apply(to: &envelope)
        let salt = try PersonalDataFilter.installSalt(in: directory)
        #expect(envelope.payload["email"] == .string(PersonalDataFilter.hash(.string("x@y"), salt: salt)))
        #expect(filter.withheldValues == 0)
    }

    @Test func violationsAreRouted() {
        let filter = ViolationRoutingFilter(route: "violations")
        var clean = LogEnvelope(tag: "a.b", payload: RecipeSearch.search(keyword: "egg", order: .latest, filters: [], page: 1).payload)
        // The generated payload reports its violation (a debug build's default handler stops).
        let reported = Locked<[ConstraintViolation]>([])
        let long = RecipeSearch.search(keyword: String(repeating: "x", count: 300), order: .latest, filters: [], page: 1)
        var broken = ConstraintViolation.withHandler({ violation in reported.withLock { $0.append(violation) } }) {
            LogEnvelope(tag: "a.b", payload: long.payload)
        }
        #expect(reported.withLock { $0.map(\.field) } == ["keyword"])
        var brokenCommon = LogEnvelope(
            tag: "a.b", payload: LogPayload(),
            common: LogPayload([], violations: [ConstraintViolation(field: "v", kind: .range, detail: "")]))
        _ = filter.apply(to: &clean)
        _ = filter.apply(to: &broken)
        _ = filter.apply(to: &brokenCommon)
        #expect(clean.route == nil)
        #expect(broken.route == "violations")
        #expect(brokenCommon.route == "violations")
        #expect(brokenCommon.violations.map(\.field) == ["common.v"])
    }
}

final class Counter: Sendable {
    private let value = AtomicCounter()
    func next() -> Int64 { Int64(value.add(1) + 1) }
}

@Suite struct PersonalDataByTagTests {
    @Test func fieldsNamedByTagAreRedactedToo() {
        let filter = PersonalDataFilter(mode: .drop, additionalFields: ["user_post_detail.show": ["author_nickname"]])
        var named = LogEnvelope(tag: "user_post_detail.show", payload: LogPayload([("post_id", .integer(1)), ("author_nickname", .string("Aiko"))]))
        var other = LogEnvelope(tag: "user_post_detail.tap_media", payload: LogPayload([("author_nickname", .string("Aiko"))]))
        _ = filter.apply(to: &named)
        _ = filter.apply(to: &other)
        #expect(named.payload.keys == ["post_id"])
        #expect(other.payload.keys == ["author_nickname"])
    }
}
