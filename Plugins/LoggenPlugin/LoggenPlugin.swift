import Foundation
import PackagePlugin

/// Runs `loggen generate` on the `LogDefinitions/` folder of a target during the build, so the
/// target compiles typed log events with no other set-up. A SwiftPM target:
///
/// ```swift
/// .target(name: "App", dependencies: [.product(name: "BehaviorLog", package: "BehaviorLog")],
///         plugins: [.plugin(name: "LoggenPlugin", package: "BehaviorLog")])
/// ```
///
/// or an Xcode app target (Build Phases › Run Build Tool Plug-ins › LoggenPlugin; see
/// `LoggenPlugin+Xcode.swift`). Both entry points plan the same command (`LoggenCommand`).
///
/// The plugin only plans the command; `loggen` (found with `context.tool(named:)`) does
/// the work, so the plugin and the command line share one code path. Problems in the
/// definitions appear in the build output as `path:line:column: error:` lines.
@main
struct LoggenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let definitions = target.directoryURL.appendingPathComponent("LogDefinitions")
        return try LoggenCommand.plan(
            targetName: target.name, definitions: definitions,
            workDirectory: context.pluginWorkDirectoryURL, loggen: context.tool(named: "loggen").url)
    }
}

/// The one `loggen generate` command both entry points (SwiftPM and Xcode) build.
enum LoggenCommand {
    /// The command that turns the `*.md` documents of `definitions` into Swift in the plugin's
    /// work directory, or none (with a warning) when the folder holds no documents.
    static func plan(targetName: String, definitions: URL, workDirectory: URL, loggen: URL) -> [Command] {
        let documents = markdownDocuments(in: definitions)
        guard !documents.isEmpty else {
            Diagnostics.warning("\(targetName) uses LoggenPlugin but has no definitions; add \(definitions.path)/<category>.md")
            return []
        }
        let output = workDirectory.appendingPathComponent("Generated")
        // An empty `.embed-schema` file in the folder asks for the definitions' JSON in the
        // app (`GeneratedSchema.definitionsJSON`, for BehaviorLogViewer); an input, so adding or
        // removing it runs the command again.
        let marker = definitions.appendingPathComponent(embedSchemaMarker)
        let embedsSchema = FileManager.default.fileExists(atPath: marker.path)
        return [
            .buildCommand(
                displayName: "Generating log events for \(targetName) from LogDefinitions",
                executable: loggen,
                // The cache lets a build that changed one document render and write that
                // category's file alone.
                arguments: [
                    "generate", definitions.path, "--output", output.path, "--access", "internal",
                    "--cache", workDirectory.appendingPathComponent("loggen-cache").path,
                ]
                    + (embedsSchema ? ["--embed-schema"] : []),
                inputFiles: documents + (embedsSchema ? [marker] : []),
                outputFiles: outputFiles(for: documents, in: output, embedsSchema: embedsSchema))
        ]
    }

    /// The file whose presence in the definitions folder adds `--embed-schema`.
    static let embedSchemaMarker = ".embed-schema"

    /// The `*.md` documents of the folder, as `loggen` reads them.
    static func markdownDocuments(in folder: URL) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The `LogDefinitions` folders that hold the given files' `*.md` documents (an Xcode
    /// target lists its files, not its folders), sorted.
    static func definitionFolders(among files: [URL]) -> [URL] {
        let folders = files.filter { $0.pathExtension == "md" && $0.deletingLastPathComponent().lastPathComponent == "LogDefinitions" }
            .map { $0.deletingLastPathComponent().standardizedFileURL }
        return Set(folders).sorted { $0.path < $1.path }
    }

    /// The files `loggen generate` writes, by the generator's own file plan
    /// (GeneratedFilePlan.swift, a symlink to LogCodegen's).
    static func outputFiles(for documents: [URL], in output: URL, embedsSchema: Bool) -> [URL] {
        GeneratedFilePlan.fileNames(forDocuments: documents.map { $0.deletingPathExtension().lastPathComponent }, embedsSchema: embedsSchema)
            .map { output.appendingPathComponent($0) }
    }
}
