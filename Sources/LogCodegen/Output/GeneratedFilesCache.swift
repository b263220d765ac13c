import Foundation
import LogCore

/// What `loggen generate --cache FILE` remembers between runs, so that a build which
/// changed one document renders and compares one file: for each generated file, the
/// digest of what it was made from and its status on disk (size, modification time,
/// inode) when it was last written or found up to date.
///
/// A file is skipped only when both match — the same input, and the very file written
/// then — and only for the same generator: `generator` names the `loggen` build and its
/// options, and a cache of another generator is ignored. Anything else (no cache, a file
/// touched by hand, a new `loggen`) falls back to rendering and comparing bytes, so the
/// cache can make a run faster, never its output different.
package struct GeneratedFilesCache: Sendable {
    package struct Entry: Hashable, Sendable {
        var input: UInt64
        var status: OutputFile.Status
    }

    /// The `loggen` build and the options the entries were generated with.
    package var generator: String
    package var entries: [String: Entry] = [:]

    package init(generator: String) {
        self.generator = generator
    }

    private static let formatLine = "loggen generate cache 1"

    /// The cache recorded at `path` for `generator`; empty when there is none, it is
    /// unreadable, or it was recorded for another generator.
    package init(contentsOf path: String, generator: String) {
        self.init(generator: generator)
        guard let bytes = OutputFile.bytes(at: path) else { return }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == Self.formatLine, lines[1] == "generator " + Self.escaped(generator) else { return }
        for line in lines.dropFirst(2) where !line.isEmpty {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 6, let input = UInt64(parts[1], radix: 16), let size = Int64(parts[2]),
                let seconds = Int64(parts[3]), let nanoseconds = Int64(parts[4]), let inode = UInt64(parts[5])
            else {
                entries = [:]
                return
            }
            entries[String(parts[0])] = Entry(
                input: input,
                status: OutputFile.Status(size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds, inode: inode))
        }
    }

    /// Records the cache at `path` (one line per file, sorted by name).
    ///
    /// - Throws: ``GeneratedFilesError`` when the file cannot be written.
    package func write(to path: String) throws(GeneratedFilesError) {
        var text = Self.formatLine + "\ngenerator " + Self.escaped(generator) + "\n"
        for name in entries.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let entry = entries[name]!
            text += name + "\t" + Hex.string(entry.input)
            text += "\t\(entry.status.size)\t\(entry.status.modifiedSeconds)\t\(entry.status.modifiedNanoseconds)\t\(entry.status.inode)\n"
        }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw GeneratedFilesError("cannot write the cache '\(path)': \(error.localizedDescription); pass another --cache file or leave it out")
        }
    }

    /// The generator on one line.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }
}
