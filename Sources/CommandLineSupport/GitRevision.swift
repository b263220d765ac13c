import Foundation

/// Files of a folder as they were at a git revision, read with `git ls-tree` and
/// `git cat-file` in the working directory: nothing is checked out or written.
///
/// `loggen diff --against origin/main` and `logview check --definitions-at v1.2` read their
/// older definitions this way. Documents are named `REV:path`, which is how git names them
/// (`git show origin/main:LogDefinitions/shop.md`), so diagnostics say where they came from.
public struct GitRevision: Sendable {
    /// The revision as given: a branch, tag, commit or expression such as `HEAD~1`.
    public var revision: String

    public init(_ revision: String) {
        self.revision = revision
    }

    /// The files of `directory` (relative to the working directory) at the revision whose
    /// names end in `fileExtension`, in name order, with their bytes.
    /// - Throws: `CommandFailure` with git's own reason when the revision is unknown, the
    ///   working directory is not in a git repository, or the folder has no such files there.
    public func files(in directory: String, withExtension fileExtension: String) throws(CommandFailure) -> [(path: String, contents: [UInt8])] {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw CommandFailure("'\(revision)' is not a git revision; pass a branch, tag or commit, such as origin/main")
        }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        let listing = try git(["ls-tree", "--name-only", "-z", revision, "--", folder])
        let names = listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .filter { $0.hasSuffix(fileExtension) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard !names.isEmpty else {
            throw CommandFailure(
                "no *\(fileExtension) files in '\(directory)' at \(revision); check the folder's path at that revision (git ls-tree \(revision) -- \(folder))")
        }
        return try names.map { (name: String) throws(CommandFailure) in
            let path = name.contains("/") ? name : "./" + name
            return (path: "\(revision):\(path)", contents: try git(["cat-file", "blob", "\(revision):./\(name)"]))
        }
    }

    /// Runs git with the arguments; its standard output, or its first line of standard error as the failure.
    private func git(_ arguments: [String]) throws(CommandFailure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot run git to read revision \(revision): \(error.localizedDescription); install git or pass a folder instead")
        }
        // git's messages are short: reading the output to its end first cannot block on them.
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = message.split(separator: "\n").first.map(String.init) ?? "git exited with status \(process.terminationStatus)"
            throw CommandFailure("cannot read revision '\(revision)': \(reason)")
        }
        return bytes
    }
}
