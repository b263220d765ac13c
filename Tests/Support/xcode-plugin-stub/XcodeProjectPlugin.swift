// A stand-in for Xcode's `XcodeProjectPlugin` module, for Tests/Support/xcode-plugin-check.sh:
// only the declarations LoggenPlugin+Xcode.swift uses, with the names and types of the module
// Xcode ships (as SwiftPM's plugin API declares them: `XcodeBuildToolPlugin`,
// `XcodePluginContext.pluginWorkDirectoryURL` and `tool(named:)`, `XcodeTarget.displayName`
// and `inputFiles`). It lets Linux type-check the Xcode entry point; it proves nothing about
// how Xcode runs it.
import Foundation
import PackagePlugin

public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

public struct XcodePluginContext {
    public var pluginWorkDirectoryURL: URL { fatalError("stub") }
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("stub") }
}

public struct XcodeTarget {
    public var id: String { fatalError("stub") }
    public var displayName: String { fatalError("stub") }
    public var inputFiles: FileList { fatalError("stub") }
}
