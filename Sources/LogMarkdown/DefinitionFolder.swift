import LogCore

/// The file system side of loading: listing a folder's documents and reading their
/// bytes, through the platform layer's `System` (no Foundation, which would cost more memory
/// and start time than the whole parse of a small folder).
enum DefinitionFolder {
    enum Problem: Error {
        case missing
        case notAFolder
        case unreadable(String)
    }

    /// The names of the `*.md` files in a folder (hidden ones excepted), sorted by bytes.
    static func documentNames(in directory: String) throws(Problem) -> [String] {
        let status: System.FileStatus
        do {
            status = try System.status(of: directory)
        } catch {
            throw error.isNotFound || error == .notADirectory ? .missing : .unreadable(error.description)
        }
        guard status.kind == .directory else { throw .notAFolder }
        let names: [String]
        do { names = try System.listDirectory(directory) } catch { throw .unreadable(error.description) }
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The bytes of a file, or `nil` when it cannot be read (or is not a regular file).
    static func contents(of path: String) -> [UInt8]? {
        guard let descriptor = try? System.open(path, .readOnly, followingLinks: true) else { return nil }
        defer { System.close(descriptor) }
        guard (try? System.status(descriptor).kind) == .regular else { return nil }
        return try? System.readAll(descriptor)
    }
}
