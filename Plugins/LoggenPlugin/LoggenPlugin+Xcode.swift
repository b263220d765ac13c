#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// LoggenPlugin in an Xcode project: an app target (most iOS apps are one) adds the plugin under
/// Build Phases › Run Build Tool Plug-ins and its `LogDefinitions/` folder to the target.
/// Xcode gives the plugin the target's files, not a source directory, so the folder is the one
/// that holds the target's `LogDefinitions/*.md`; the command is the SwiftPM one.
extension LoggenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let folders = LoggenCommand.definitionFolders(among: target.inputFiles.map(\.url))
        guard let definitions = folders.first else {
            Diagnostics.warning(
                "\(target.displayName) uses LoggenPlugin but no LogDefinitions/<category>.md is a member of the target; add the LogDefinitions folder to the target"
            )
            return []
        }
        guard folders.count == 1 else {
            Diagnostics.error(
                "\(target.displayName) has definitions in \(folders.count) LogDefinitions folders (\(folders.map(\.path).joined(separator: ", "))); keep one per target"
            )
            return []
        }
        return try LoggenCommand.plan(
            targetName: target.displayName, definitions: definitions,
            workDirectory: context.pluginWorkDirectoryURL, loggen: context.tool(named: "loggen").url)
    }
}
#endif
