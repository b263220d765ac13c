import Foundation
import LogSchema

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
        try update(files.map(PendingFile.init), writing: false).changes
    }

    /// Writes the files whose bytes changed and deletes generated files no longer produced.
    ///
    /// - Returns: the changes made, sorted by path.
    /// - Throws: ``GeneratedFilesError`` when the folder cannot be created or written, or a
    ///   generated file would replace a file that `loggen` did not write.
    @discardableResult
    public func write(_ files: [GeneratedFile]) throws(GeneratedFilesError) -> [Change] {
        try update(files.map(PendingFile.init), writing: true).changes
    }

    // MARK: - Files produced on demand

    /// A file to put into the folder, produced only when it is needed: not when the cache
    /// knows it unchanged.
    package struct PendingFile: Sendable {
        /// The file name, such as `recipe_search.swift`.
        package var name: String
        /// The digest of everything the file is made from, or `nil` when unknown (the file is
        /// then always produced and compared).
        package var input: ContentDigest?
        /// The file's bytes.
        package var produce: @Sendable () -> [UInt8]

        package init(name: String, input: ContentDigest?, produce: @escaping @Sendable () -> [UInt8]) {
            self.name = name
            self.input = input
            self.produce = produce
        }

        init(_ file: GeneratedFile) {
            self.init(name: file.name, input: nil, produce: { file.bytes })
        }
    }

    /// What ``update(_:writing:cache:)`` did.
    package struct Update: Sendable {
        /// The changes made (or, without writing, to make), sorted by path.
        package var changes: [Change]
        /// How many files were produced (the rest the cache knew unchanged).
        package var produced: Int
        /// The cache for the next run: every file as it now is on disk.
        package var cache: GeneratedFilesCache
    }

    /// Brings the folder up to date with `files`, on all cores: each file the cache does not
    /// know unchanged is produced, compared with the file on disk and, when `writing` and
    /// its bytes differ, written (one file in memory per core, never all of them). Generated
    /// files no longer produced are deleted. Files without the header are never touched: a
    /// generated file that would replace one is an error before anything is written.
    ///
    /// - Parameters:
    ///   - writing: `false` to write nothing and only report (`--check`).
    ///   - cache: what an earlier run recorded (its `generator` must match).
    package func update(
        _ files: [PendingFile], writing: Bool, cache: GeneratedFilesCache = GeneratedFilesCache(generator: "")
    ) throws(GeneratedFilesError) -> Update {
        if writing {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw GeneratedFilesError("cannot create output folder '\(directory)': \(error.localizedDescription)")
            }
        }
        let existing = try swiftFilesOnDisk()
        // Known unchanged: the same input as recorded, and the file on disk is the one written then.
        let known = files.map { file -> Bool in
            guard let input = file.input, let entry = cache.entries[file.name], let status = existing[file.name] else { return false }
            return entry.input == input.value && entry.status == status
        }
        for (file, isKnown) in zip(files, known) where !isKnown && existing[file.name] != nil {
            let path = join(file.name)
            guard OutputFile.starts(path, with: Self.header) else {
                throw GeneratedFilesError("'\(path)' was not written by loggen (no '\(GeneratedFile.headerPrefix)' header); move it out of the output folder")
            }
        }

        let outcomes = Array(zip(files, known)).concurrentMap { file, isKnown -> Outcome in
            update(file, isKnown: isKnown, status: existing[file.name], recorded: cache.entries[file.name], writing: writing)
        }

        var changes: [Change] = []
        var next = GeneratedFilesCache(generator: cache.generator)
        for (file, outcome) in zip(files, outcomes) {
            if let error = outcome.error { throw error }
            if let change = outcome.change { changes.append(change) }
            if let entry = outcome.entry { next.entries[file.name] = entry }
        }
        let names = Set(files.map(\.name))
        for name in existing.keys.sorted() where !names.contains(name) {
            let path = join(name)
            guard let old = OutputFile.bytes(at: path), old.starts(with: Self.header) else { continue }
            changes.append(Change(kind: .deleted, path: path, linesAdded: 0, linesRemoved: Self.lineCount(old)))
            if writing {
                do {
                    try FileManager.default.removeItem(atPath: path)
                } catch {
                    throw GeneratedFilesError("cannot write '\(path)': \(error.localizedDescription)")
                }
            }
        }
        changes.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return Update(changes: changes, produced: known.lazy.filter { !$0 }.count, cache: next)
    }

    private struct Outcome: Sendable {
        var change: Change?
        var entry: GeneratedFilesCache.Entry?
        var error: GeneratedFilesError?
    }

    /// One file: produced, compared and written unless known unchanged.
    private func update(
        _ file: PendingFile, isKnown: Bool, status: OutputFile.Status?, recorded: GeneratedFilesCache.Entry?, writing: Bool
    ) -> Outcome {
        let entry = { (status: OutputFile.Status?) in
            file.input.flatMap { input in status.map { GeneratedFilesCache.Entry(input: input.value, status: $0) } }
        }
        if isKnown { return Outcome(entry: recorded) }
        let path = join(file.name)
        let new = file.produce()
        // Unchanged (the everyday case): the size first, then the bytes as they are read.
        if let status, status.size == Int64(new.count), OutputFile.holds(path, exactly: new) {
            return Outcome(entry: entry(status))
        }
        let old = status == nil ? nil : OutputFile.bytes(at: path)
        let change: Change
        if let old {
            if old == new { return Outcome(entry: entry(status)) }
            let (added, removed) = Self.lineDifference(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self))
            change = Change(kind: .updated, path: path, linesAdded: added, linesRemoved: removed)
        } else {
            change = Change(kind: .created, path: path, linesAdded: Self.lineCount(new), linesRemoved: 0)
        }
        guard writing else { return Outcome(change: change) }
        switch OutputFile.write(path, new, exists: status != nil) {
        case .success(let written): return Outcome(change: change, entry: entry(written))
        case .failure(let failure): return Outcome(error: GeneratedFilesError("cannot write '\(path)': \(failure.reason)"))
        }
    }

    /// The `*.swift` files of the folder, with their status.
    private func swiftFilesOnDisk() throws(GeneratedFilesError) -> [String: OutputFile.Status] {
        let names: [String]
        switch OutputFile.names(in: directory) {
        case .missing: return [:]
        case .notAFolder:
            throw GeneratedFilesError("output '\(directory)' is a file, not a folder; pass a folder such as Generated")
        case .unreadable(let reason):
            throw GeneratedFilesError("cannot read output folder '\(directory)': \(reason)")
        case .names(let all): names = all
        }
        var files: [String: OutputFile.Status] = [:]
        for name in names where name.hasSuffix(".swift") {
            if let status = OutputFile.status(join(name)) { files[name] = status }
        }
        return files
    }

    private func join(_ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static let header = Array(GeneratedFile.headerPrefix.utf8)

    /// The number of lines of a text (a last line without a line break counts).
    private static func lineCount(_ bytes: [UInt8]) -> Int {
        // A count without a branch per byte, which the compiler vectorizes.
        var count = bytes.withUnsafeBufferPointer { buffer in
            buffer.reduce(0) { $0 &+ ($1 == 0x0A ? 1 : 0) }
        }
        if let last = bytes.last, last != 0x0A { count += 1 }
        return count
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
