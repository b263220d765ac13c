import Foundation
import PackagePlugin

/// Runs `loggen generate` on the `LogDefinitions/` folder of a target during `swift build`,
/// so the target compiles typed log events with no other set-up:
///
/// ```swift
/// .target(name: "App", dependencies: [.product(name: "BehaviorLog", package: "BehaviorLog")],
///         plugins: [.plugin(name: "LoggenPlugin", package: "BehaviorLog")])
/// ```
///
/// The plugin only plans the command; `loggen` (found with `context.tool(named:)`) does
/// the work, so the plugin and the command line share one code path. Problems in the
/// definitions appear in the build output as `path:line:column: error:` lines.
@main
struct LoggenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let definitions = target.directoryURL.appending(path: "LogDefinitions")
        let documents = try markdownDocuments(in: definitions)
        guard !documents.isEmpty else {
            Diagnostics.warning("\(target.name) uses LoggenPlugin but has no definitions; add \(definitions.path)/<category>.md")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [.buildCommand(
            displayName: "Generating log events for \(target.name) from LogDefinitions",
            executable: try context.tool(named: "loggen").url,
            // The cache lets a build that changed one document render and write that
            // category's file alone.
            arguments: ["generate", definitions.path, "--output", output.path, "--access", "internal",
                        "--cache", context.pluginWorkDirectoryURL.appending(path: "loggen-cache").path],
            inputFiles: documents,
            outputFiles: Self.outputFiles(for: documents, in: output))]
    }

    /// The `*.md` documents of the folder, as `loggen` reads them.
    private func markdownDocuments(in folder: URL) throws -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted().map { folder.appending(path: $0) }
    }

    /// The files `loggen generate` writes: one per category document, named after it, and
    /// `common+types.swift` (mirrors `SwiftTranslator`'s file plan, which a plugin cannot import).
    static func outputFiles(for documents: [URL], in output: URL) -> [URL] {
        let special: Set<String> = ["common", "types"]
        let categories = documents.map { $0.deletingPathExtension().lastPathComponent }.filter { !special.contains($0) }
        return (categories.map { $0 + ".swift" } + ["common+types.swift"]).map { output.appending(path: $0) }
    }
}
