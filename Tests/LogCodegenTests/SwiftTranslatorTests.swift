import LogSchema
import Testing
@testable import LogCodegen

@Suite struct SwiftTranslatorTests {
    @Test func peek() throws {
        for file in try CodeGenerator().generate(SampleSchemas.recipeSearch) {
            print("=== \(file.name)\n\(file.contents)")
        }
    }
}
