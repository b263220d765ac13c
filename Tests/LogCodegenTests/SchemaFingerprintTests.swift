import LogSchema
import Testing
@testable import LogCodegen

@Suite struct SchemaFingerprintTests {
    let schema = SampleSchemas.recipeSearch

    @Test func hashIsStable() {
        // A fixed value: the hash must not change between runs, platforms or Swift versions.
        #expect(SchemaFingerprint.hash(of: schema) == "fnv1a64:8f51fcd306158c2c")
    }

    @Test func descriptionsAndLocationsDoNotChangeTheHash() {
        var edited = schema
        edited.categories[0].descriptions = ["Another text."]
        edited.categories[0].events[0].fields[0].descriptions = []
        edited.categories[0].events[0].location.line += 10
        #expect(SchemaFingerprint.hash(of: edited) == SchemaFingerprint.hash(of: schema))
    }

    @Test(arguments: 0..<5)
    func whatIsLoggedChangesTheHash(edit: Int) {
        var edited = schema
        switch edit {
        case 0: edited.categories[0].events[0].fields[0].type.maxLength = 255
        case 1: edited.categories[0].events[0].fields[0].isOptional = true
        case 2: edited.categories[0].events[1].status = .active
        case 3: edited.types[0].cases.removeLast()
        default: edited.common[0].isPersonalData = false
        }
        #expect(SchemaFingerprint.hash(of: edited) != SchemaFingerprint.hash(of: schema))
    }
}
