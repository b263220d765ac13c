import BehaviorLog
import Testing

/// Keywords as names, escaping hazards in descriptions and the longest names still make
/// code that compiles (this file compiles against it) and logs the names as written.
@Suite struct HostileNameTests {
    typealias Hostile = ACategoryNameThatIsExactlyAsLongAsTheValidatorAllows

    @Test func keywordEventsKeepTheirNames() {
        let events: [Hostile] = [
            .default(class: "c", `inout`: 1, var: nil, let: [2], where: .class, is: nil),
            .`init`(func: "f"),
            .in,
            .nil,
            .anEventNameThatIsAsLongAsTheValidatorAllowsItToBeX(aFieldNameThatIsAsLongAsTheValidatorAllowsItToBeXy: nil),
        ]
        #expect(events.map(\.eventName) == ["default", "init", "in", "nil", "an_event_name_that_is_as_long_as_the_validator_allows_it_to_be_x"])
        #expect(Hostile.categoryName == "a_category_name_that_is_exactly_as_long_as_the_validator_allows_")
        #expect(events[0].payload.keys == ["class", "inout", "var", "let", "where", "is"])
        #expect(events[0].payload["where"] == .string("class"))
    }

    @available(*, deprecated, message: "uses a deprecated event on purpose")
    @Test func deprecatedEventsStillLog() {
        let event = Hostile.return(true: 5)
        #expect(event.tag == "a_category_name_that_is_exactly_as_long_as_the_validator_allows_.return")
        #expect(event.payload["true"] == .integer(5))
    }

    /// A category's common fields (the list before its first event) open every case.
    @Test func categoryCommonFieldsLeadEveryCase() {
        let open = CategoryFields.open(screen: "home", referrer: nil)
        let tap = CategoryFields.tap(screen: "home", referrer: "push", target: "like")
        #expect(open.payload.keys == ["screen", "referrer"])
        #expect(tap.payload.keys == ["screen", "referrer", "target"])
        #expect(tap.payload["referrer"] == .string("push"))
        #expect(tap.tag == "category_fields.tap")
    }

    @Test func enumCasesLogTheirRawValues() {
        #expect(Shade.allCases.map(\.rawValue) == ["default", "class", "light_grey", "2tone"])
        #expect(Shade._2tone.logValue == .string("2tone"))
    }

    @Test func everyTypeCarriesTheSameSchemaHash() {
        #expect(Hostile.schemaHash == GeneratedSchema.hash)
        #expect(EveryType.schemaHash == GeneratedSchema.hash)
        #expect(CommonPayload.schemaHash == GeneratedSchema.hash)
        #expect(GeneratedSchema.hash.hasPrefix("fnv1a64:"))
        #expect(GeneratedSchema.hash.count == "fnv1a64:".count + 16)
    }

    /// The embedded schema's raw string literal holds the hostile descriptions as written: it
    /// compiled, and it is the JSON of the same hash, whole (the encoder's last bytes are there).
    @Test func theEmbeddedSchemaIsItsJSONWhole() {
        #expect(GeneratedSchema.definitionsJSON.hasPrefix("{\"hash\":\"\(GeneratedSchema.hash)\",\"categories\":["))
        #expect(GeneratedSchema.definitionsJSON.hasSuffix("]}"))
        #expect(GeneratedSchema.definitionsJSON.contains("\"file\":\"definitions/"))
    }
}
