import Foundation
import Testing
@testable import BehaviorLog

/// What `OSLogOutput` writes (it exists only where `OSLog` does; this line is built everywhere):
/// the tag and the non-personal fields public, the `[pii]` fields apart, to be logged private.
@Suite struct UnifiedLogLineTests {
    @Test func personalFieldsAreSeparatedFromThePublicOnes() {
        let envelope = LogEnvelope(
            tag: "recipe_detail.comment",
            payload: LogPayload([("recipe_id", .integer(7)), ("author_nickname", .string("hana")), ("excerpt", .string("so \"good\""))]),
            common: LogPayload([("device_id", .string("d-1"))]),
            personalDataFields: ["author_nickname", "excerpt"], commonPersonalDataFields: ["device_id"])
        let line = UnifiedLogLine(envelope)
        #expect(line.tag == "recipe_detail.comment")
        #expect(line.publicFields == #"{"recipe_id":7}"#)
        #expect(line.personalFields == #"{"author_nickname":"hana","excerpt":"so \"good\""}"#)
        #expect(line.violations == "")
        // The common payload (here a personal device ID) is not written at all.
        #expect(!line.publicFields.contains("d-1") && !line.personalFields.contains("d-1"))
    }

    @Test func aLogWithoutPersonalFieldsHasNoPrivatePart() {
        let line = UnifiedLogLine(LogEnvelope(tag: "recipe_search.search", payload: LogPayload([("keyword", .string("egg")), ("page", .integer(1))])))
        #expect(line.publicFields == #"{"keyword":"egg","page":1}"#)
        #expect(line.personalFields.isEmpty)
    }

    @Test func violationsAreListed() {
        let violation = ConstraintViolation(field: "keyword", kind: .maxLength, detail: "300 bytes, limit 256")
        let line = UnifiedLogLine(
            LogEnvelope(
                tag: "recipe_search.search", payload: LogPayload([("keyword", .string("e"))], violations: [violation, violation])))
        #expect(line.violations == "\(violation); \(violation)")
        #expect(line.violations.contains("keyword"))
    }
}
