import Foundation

/// Puts generated files into an output folder the way builds like it: a file is written
/// only when its bytes change (so incremental builds stay incremental), and generated
/// files that are no longer produced (a deleted category) are removed. Files that do not
/// start with ``GeneratedFile/headerPrefix`` are never touched.
public struct GeneratedFilesWriter: Sendable {
    /// One difference between the generated files and the output folder.
    public struct Change: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable {
            case created, updated, deleted
        }

        public var kind: Kind
        /// The file's path: the output folder joined with its name.
        public var path: String
        /// Lines only in the new text, and lines only in the old one.
        public var linesAdded: Int
        public var linesRemoved: Int

        /// One line for `--check`: `Generated/recipe_search.swift: stale (+3 -1 lines); run loggen generate`.
        public var description: String {
            switch kind {
            case .created: "\(path): missing (+\(linesAdded) lines)"
            case .updated: "\(path): stale (+\(linesAdded) -\(linesRemoved) lines)"
            case .deleted: "\(path): no longer generated (-\(linesRemoved) lines)"
            }
        }
    }

    /// The output folder, as given.
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The changes that writing `files` would make, sorted by path; nothing is written.
    ///
    /// - Throws: ``GeneratedFilesError`` when a generated file would replace a file that
    ///   `loggen` did not write, or the folder cannot be read.
    public func changes(for files: [GeneratedFile]) throws(GeneratedFilesError) -> [Change] {
        var changes: [Change] = []
        let manager = FileManager.default
        let existing = try generatedFilesOnDisk()
        for file in files {
            let path = join(file.name)
            if let old = manager.contents(atPath: path) {
                guard old.starts(with: Array(GeneratedFile.headerPrefix.utf8)) else {
                    throw GeneratedFilesError("'\(path)' was not written by loggen (no '\(GeneratedFile.headerPrefix)' header); move it out of the output folder")
                }
                let new = Data(file.contents.utf8)
                if old != new {
                    let (added, removed) = Self.lineDifference(old: String(decoding: old, as: UTF8.self), new: file.contents)
                    changes.append(Change(kind: .updated, path: path, linesAdded: added, linesRemoved: removed))
                }
            } else {
                changes.append(Change(kind: .created, path: path, linesAdded: Self.lines(file.contents).count, linesRemoved: 0))
            }
        }
        let names = Set(files.map(\.name))
        for (name, contents) in existing where !names.contains(name) {
            changes.append(Change(kind: .deleted, path: join(name), linesAdded: 0, linesRemoved: Self.lines(contents).count))
        }
        return changes.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Writes the files whose bytes changed and deletes generated files no longer produced.
    ///
    /// - Returns: the changes made, sorted by path.
    /// - Throws: ``GeneratedFilesError`` when the folder cannot be created or written, or a
    ///   generated file would replace a file that `loggen` did not write.
    @discardableResult
    public func write(_ files: [GeneratedFile]) throws(GeneratedFilesError) -> [Change] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw GeneratedFilesError("cannot create output folder '\(directory)': \(error.localizedDescription)")
        }
        let changes = try changes(for: files)
        let contents = Dictionary(files.map { (join($0.name), $0.contents) }, uniquingKeysWith: { first, _ in first })
        for change in changes {
            do {
                switch change.kind {
                case .created, .updated:
                    try Data(contents[change.path]!.utf8).write(to: URL(fileURLWithPath: change.path), options: .atomic)
                case .deleted:
                    try FileManager.default.removeItem(atPath: change.path)
                }
            } catch {
                throw GeneratedFilesError("cannot write '\(change.path)': \(error.localizedDescription)")
            }
        }
        return changes
    }

    /// The `*.swift` files of the folder that carry the generated header, with their text.
    private func generatedFilesOnDisk() throws(GeneratedFilesError) -> [(String, String)] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw GeneratedFilesError("output '\(directory)' is a file, not a folder; pass a folder such as Generated")
        }
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: directory)
        } catch {
            throw GeneratedFilesError("cannot read output folder '\(directory)': \(error.localizedDescription)")
        }
        return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            guard let data = manager.contents(atPath: join(name)),
                  data.starts(with: Array(GeneratedFile.headerPrefix.utf8)) else { return nil }
            return (name, String(decoding: data, as: UTF8.self))
        }
    }

    private func join(_ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
    }

    /// Lines only in `new` and lines only in `old`, counted as multisets: a cheap summary,
    /// not a diff (reordered lines do not count).
    static func lineDifference(old: String, new: String) -> (added: Int, removed: Int) {
        var counts: [Substring: Int] = [:]
        for line in lines(old) { counts[line, default: 0] += 1 }
        var added = 0
        for line in lines(new) {
            if let count = counts[line], count > 0 { counts[line] = count - 1 } else { added += 1 }
        }
        return (added, counts.values.reduce(0, +))
    }
}

/// The output folder cannot be written as asked; the message says what to do.
public struct GeneratedFilesError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
