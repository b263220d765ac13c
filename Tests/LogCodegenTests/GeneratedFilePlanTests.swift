import Foundation
import LogMarkdown
import Testing
@testable import LogCodegen

/// The file plan LoggenPlugin declares as its command's outputs (GeneratedFilePlan, compiled
/// into the plugin through a symlink) is the one the generator writes.
@Suite struct GeneratedFilePlanTests {
    @Test(arguments: ["LogDefinitions", "Tests/LogCodegenTests/Resources/hostile/definitions"])
    func namesTheFilesTheTranslatorPlans(folder: String) throws {
        let directory = TestPaths.packageRoot.appending(path: folder)
        let loaded = SchemaLoader().load(directory: directory.path)
        #expect(!loaded.hasErrors, "\(DiagnosticPrinter.render(loaded.diagnostics))")
        let documents = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        let planned = try SwiftTranslator().plan(loaded.schema).map(\.name)
        #expect(GeneratedFilePlan.fileNames(forDocuments: documents) == planned)
    }

    /// The plugin's copy is the generator's file, not a copy that could drift.
    @Test func pluginSharesThePlanThroughASymlink() throws {
        let link = TestPaths.packageRoot.appending(path: "Plugins/LoggenPlugin/GeneratedFilePlan.swift")
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(target == "../../Sources/LogCodegen/Translate/GeneratedFilePlan.swift")
        #expect(
            link.resolvingSymlinksInPath().path
                == TestPaths.packageRoot.appending(path: "Sources/LogCodegen/Translate/GeneratedFilePlan.swift").resolvingSymlinksInPath().path)
    }
}
