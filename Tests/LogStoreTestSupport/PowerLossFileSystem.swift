import Foundation
import LogCore
import LogStore
import TestSupport

/// An in-memory ``StoreFileSystem`` that can lose power, as SQLite's crash-test VFS does: it
/// keeps what a call made visible (what a live process reads) apart from what a sync made
/// durable, and at a power loss builds the disk image a machine could come back to.
///
/// What survives a power loss:
/// - everything a file sync (`sync` on the file's descriptor) covered, and every create,
///   rename, unlink and `mkdir` that a sync of its directory (`open(dir, .directory)` + `sync`)
///   covered;
/// - of each write since the file's last sync, independently: all of it, none of it, or some of
///   its 512-byte sectors (each sector of the disk is written whole or not at all, so an
///   overwrite within one sector leaves the old bytes or the new), or, as when a file system
///   commits a new size before the data, zeros where it reached past the file's end; the writes
///   land in any order (a later one without an earlier one leaves zeros in the gap);
/// - of each directory change since the directory's last sync, independently, whether it
///   happened (applied in the order they were made, to the files they named);
/// - a truncate since the file's last sync, whether it happened.
///
/// Every mutating call is counted (``operations``). With ``powerFailsAt`` set, power is lost
/// just before that call: the call and every later one fail with `EIO` (the machine is off;
/// what the process does next does not reach the disk), and ``image()`` is the disk afterwards.
package final class PowerLossFileSystem: StoreFileSystem {
    /// One file or directory (an inode).
    private struct Node {
        var isDirectory: Bool
        /// What reads see now.
        var current: [UInt8] = []
        /// What the last sync made durable.
        var durable: [UInt8] = []
        /// Changes since the last sync, in order.
        var pending: [FileChange] = []
    }

    private enum FileChange {
        case write(offset: Int, bytes: [UInt8])
        case truncate(length: Int)
    }

    /// A change to a directory's entries, naming the inodes involved.
    private enum NameChange {
        case link(path: String, node: Int)
        case rename(source: String, destination: String, node: Int)
        case unlink(path: String, node: Int)

        var directory: String {
            switch self {
            case .link(let path, _), .unlink(let path, _): PowerLossFileSystem.parent(of: path)
            case .rename(_, let destination, _): PowerLossFileSystem.parent(of: destination)
            }
        }
    }

    private struct OpenFile {
        var node: Int
        var path: String
        var appending: Bool
        var writable: Bool
        /// Shared by duplicates, like a kernel's open file description.
        var position: Box
    }

    private final class Box: @unchecked Sendable { var value = 0 }

    /// One call that changed something, as the log of ``operationLog`` shows it.
    package enum Operation: Equatable, Sendable, CustomStringConvertible {
        case create(String)
        case write(String, offset: Int, count: Int)
        case truncate(String, length: Int)
        case sync(String)
        case syncDirectory(String)
        case rename(String, String)
        case unlink(String)
        case makeDirectory(String)

        package var description: String {
            switch self {
            case .create(let path): "create \(path)"
            case .write(let path, let offset, let count): "write \(path) @\(offset) +\(count)"
            case .truncate(let path, let length): "truncate \(path) to \(length)"
            case .sync(let path): "sync \(path)"
            case .syncDirectory(let path): "sync directory \(path)"
            case .rename(let source, let destination): "rename \(source) -> \(destination)"
            case .unlink(let path): "unlink \(path)"
            case .makeDirectory(let path): "mkdir \(path)"
            }
        }
    }

    private struct State {
        var nodes: [Int: Node] = [:]
        var nextNode = 1
        /// Path → inode, as a live process sees it.
        var names: [String: Int] = [:]
        /// Path → inode, as the disk has it durably.
        var durableNames: [String: Int] = [:]
        var pendingNames: [NameChange] = []
        var open: [Int32: OpenFile] = [:]
        var nextDescriptor: Int32 = 3
        var locks: [Int: Int32] = [:]
        var log: [Operation] = []
        var powerFailsAt: Int?
        var random: SeededGenerator
        var lostPower = false
        var afterPowerLoss: (nodes: [Int: Node], names: [String: Int])?
    }

    private let state: Locked<State>

    /// An empty disk with the root directory `/`; `seed` decides the fate of unsynced changes.
    package init(seed: UInt64) {
        var initial = State(random: SeededGenerator(seed: seed))
        initial.nodes[0] = Node(isDirectory: true)
        initial.names["/"] = 0
        initial.durableNames["/"] = 0
        state = Locked(initial)
    }

    private init(nodes: [Int: Node], names: [String: Int], seed: UInt64) {
        var initial = State(random: SeededGenerator(seed: seed))
        initial.nodes = nodes
        initial.nextNode = (nodes.keys.max() ?? 0) + 1
        initial.names = names
        initial.durableNames = names
        state = Locked(initial)
    }

    // MARK: Power

    /// Power is lost just before mutating call number `count` (0 is the first); `nil` for never.
    package var powerFailsAt: Int? {
        get { state.withLock { $0.powerFailsAt } }
        set { state.withLock { $0.powerFailsAt = newValue } }
    }

    /// The number of mutating calls so far.
    package var operations: Int { state.withLock { $0.log.count } }

    /// Every mutating call so far, in order.
    package var operationLog: [Operation] { state.withLock { $0.log } }

    /// Whether power has been lost.
    package var hasLostPower: Bool { state.withLock { $0.lostPower } }

    /// Loses power now (if it has not already been lost).
    package func losePower() {
        state.withLock { Self.losePower(&$0) }
    }

    /// The disk as the machine finds it when it comes back: a new file system holding only
    /// what survived (losing power first if it has not been lost). `seed` is the new one's.
    package func image(seed: UInt64) -> PowerLossFileSystem {
        let (nodes, names) = state.withLock { state in
            Self.losePower(&state)
            return state.afterPowerLoss!
        }
        return PowerLossFileSystem(nodes: nodes, names: names, seed: seed)
    }

    /// The bytes of a file as a live process sees them (`nil` when there is no such file).
    package func contents(of path: String) -> [UInt8]? {
        state.withLock { state in state.names[path].flatMap { state.nodes[$0]?.current } }
    }

    /// The names in a directory as a live process sees them, sorted.
    package func names(in directory: String) -> [String] {
        ((try? listDirectory(directory)) ?? []).sorted()
    }

    private static func losePower(_ state: inout State) {
        guard !state.lostPower else { return }
        state.lostPower = true
        // The directory entries: durable ones, then each pending change independently.
        var names = state.durableNames
        for change in state.pendingNames where Bool.random(using: &state.random) {
            switch change {
            case .link(let path, let node):
                names[path] = node
            case .rename(let source, let destination, let node):
                names[destination] = node
                if names[source] == node { names[source] = nil }
            case .unlink(let path, let node):
                if names[path] == node { names[path] = nil }
            }
        }
        // An entry in a directory whose own entry did not survive is gone with it.
        for path in names.keys.sorted(by: { $0.count < $1.count }) where path != "/" && names[Self.parent(of: path)] == nil {
            names[path] = nil
        }
        // The files those entries reach: durable bytes, then the fate of each pending change.
        var nodes: [Int: Node] = [:]
        for id in Set(names.values).sorted() {
            guard let node = state.nodes[id] else { continue }
            var bytes = node.durable
            var run: [Piece] = []
            func land(_ writes: inout [Piece]) {
                writes.shuffle(using: &state.random)
                for write in writes {
                    if write.beyondEndOnly {
                        // A new size without its data: zeros past the end, nothing within it.
                        let skip = max(0, min(write.bytes.count, bytes.count - write.offset))
                        if skip < write.bytes.count { Self.write(Array(write.bytes[skip...]), at: write.offset + skip, into: &bytes) }
                    } else {
                        Self.write(write.bytes, at: write.offset, into: &bytes)
                    }
                }
                writes.removeAll()
            }
            for change in node.pending {
                switch change {
                case .write(let offset, let data):
                    run += Self.fate(of: data, at: offset, using: &state.random)
                case .truncate(let length):
                    land(&run)
                    if Bool.random(using: &state.random) {
                        if bytes.count > length { bytes.removeLast(bytes.count - length) } else { bytes += [UInt8](repeating: 0, count: length - bytes.count) }
                    }
                }
            }
            land(&run)
            nodes[id] = Node(isDirectory: node.isDirectory, current: bytes, durable: bytes)
        }
        state.afterPowerLoss = (nodes, names)
    }

    /// A part of an unsynced write that reaches the disk.
    private struct Piece {
        var offset: Int
        var bytes: [UInt8]
        /// Zeros for a size committed before the data: they land only past the file's end.
        var beyondEndOnly = false
    }

    /// What of one unsynced write reaches the disk.
    private static func fate(of data: [UInt8], at offset: Int, using random: inout SeededGenerator) -> [Piece] {
        switch random.next() % 8 {
        case 0, 1, 2: return [Piece(offset: offset, bytes: data)]  // kept
        case 3, 4: return []  // dropped
        case 5: return [Piece(offset: offset, bytes: [UInt8](repeating: 0, count: data.count), beyondEndOnly: true)]
        default:  // torn: sector by sector
            var pieces: [Piece] = []
            var start = offset
            while start < offset + data.count {
                let end = min((start / 512 + 1) * 512, offset + data.count)
                if Bool.random(using: &random) { pieces.append(Piece(offset: start, bytes: Array(data[(start - offset)..<(end - offset)]))) }
                start = end
            }
            return pieces
        }
    }

    private static func write(_ data: [UInt8], at offset: Int, into bytes: inout [UInt8]) {
        if bytes.count < offset { bytes += [UInt8](repeating: 0, count: offset - bytes.count) }
        let overlap = min(data.count, bytes.count - offset)
        bytes.replaceSubrange(offset..<offset + overlap, with: data[0..<overlap])
        if overlap < data.count { bytes += data[overlap...] }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Counts a mutating call; fails it (and every later call) once power is lost.
    private static func record(_ operation: Operation, in state: inout State) throws(System.Failure) {
        if state.lostPower { throw .ioError }
        if let limit = state.powerFailsAt, state.log.count >= limit {
            losePower(&state)
            throw .ioError
        }
        state.log.append(operation)
    }

    private static func checkPower(_ state: State) throws(System.Failure) {
        if state.lostPower { throw .ioError }
    }

    // MARK: StoreFileSystem

    package func open(_ path: String, _ mode: System.OpenMode) throws(System.Failure) -> Int32 {
        try state.withLock { (state) throws(System.Failure) -> Int32 in
            try Self.checkPower(state)
            guard let parent = state.names[Self.parent(of: path)], state.nodes[parent]!.isDirectory else { throw System.Failure(ENOENT) }
            var id = state.names[path]
            // The modes are `open`'s flags, told apart here by equality (System.OpenMode is no enum).
            if mode == .readOnly || mode == .readWrite {
                guard let existing = id else { throw System.Failure(ENOENT) }
                if state.nodes[existing]!.isDirectory && mode == .readWrite { throw System.Failure(EISDIR) }
            } else if mode == .directory {
                guard let existing = id else { throw System.Failure(ENOENT) }
                guard state.nodes[existing]!.isDirectory else { throw .notADirectory }
            } else if mode == .appendingNew || mode == .writingNew {
                guard id == nil else { throw System.Failure(EEXIST) }
            } else {  // readWriteCreating, replacing, appending
                if let existing = id, state.nodes[existing]!.isDirectory { throw System.Failure(EISDIR) }
            }
            if id == nil {
                try Self.record(.create(path), in: &state)
                let new = state.nextNode
                state.nextNode += 1
                state.nodes[new] = Node(isDirectory: false)
                state.names[path] = new
                state.pendingNames.append(.link(path: path, node: new))
                id = new
            } else if mode == .replacing, !state.nodes[id!]!.current.isEmpty {
                try Self.record(.truncate(path, length: 0), in: &state)
                state.nodes[id!]!.current = []
                state.nodes[id!]!.pending.append(.truncate(length: 0))
            }
            let descriptor = state.nextDescriptor
            state.nextDescriptor += 1
            let writable = mode != .readOnly && mode != .directory
            state.open[descriptor] = OpenFile(
                node: id!, path: path, appending: mode == .appendingNew || mode == .appending, writable: writable, position: Box())
            return descriptor
        }
    }

    package func close(_ descriptor: Int32) {
        state.withLock { state in
            guard let file = state.open.removeValue(forKey: descriptor) else { return }
            if state.locks[file.node] == descriptor { state.locks[file.node] = nil }
        }
    }

    private static func file(_ descriptor: Int32, in state: State) throws(System.Failure) -> OpenFile {
        guard let file = state.open[descriptor] else { throw System.Failure(EBADF) }
        return file
    }

    package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(System.Failure) {
        try state.withLock { (state) throws(System.Failure) in
            let file = try Self.file(descriptor, in: state)
            guard file.writable else { throw System.Failure(EBADF) }
            guard bytes.count > 0 else { return }
            let offset = file.appending ? state.nodes[file.node]!.current.count : file.position.value
            try Self.record(.write(file.path, offset: offset, count: bytes.count), in: &state)
            let data = [UInt8](bytes)
            Self.write(data, at: offset, into: &state.nodes[file.node]!.current)
            state.nodes[file.node]!.pending.append(.write(offset: offset, bytes: data))
            file.position.value = offset + data.count
        }
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(System.Failure) -> Int {
        try state.withLock { (state) throws(System.Failure) -> Int in
            try Self.checkPower(state)
            let file = try Self.file(descriptor, in: state)
            let bytes = state.nodes[file.node]!.current
            guard offset < bytes.count else { return 0 }
            let got = min(count, bytes.count - offset)
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: got) }
            return got
        }
    }

    package func size(_ descriptor: Int32) throws(System.Failure) -> Int {
        try state.withLock { (state) throws(System.Failure) -> Int in
            try Self.checkPower(state)
            return state.nodes[try Self.file(descriptor, in: state).node]!.current.count
        }
    }

    package func truncate(_ descriptor: Int32, to length: Int) throws(System.Failure) {
        try state.withLock { (state) throws(System.Failure) in
            let file = try Self.file(descriptor, in: state)
            guard file.writable else { throw System.Failure(EBADF) }
            try Self.record(.truncate(file.path, length: length), in: &state)
            var bytes = state.nodes[file.node]!.current
            if bytes.count > length { bytes.removeLast(bytes.count - length) } else { bytes += [UInt8](repeating: 0, count: length - bytes.count) }
            state.nodes[file.node]!.current = bytes
            state.nodes[file.node]!.pending.append(.truncate(length: length))
        }
    }

    package func sync(_ descriptor: Int32, method: System.SyncMethod) throws(System.Failure) {
        try state.withLock { (state) throws(System.Failure) in
            let file = try Self.file(descriptor, in: state)
            if state.nodes[file.node]!.isDirectory {
                try Self.record(.syncDirectory(file.path), in: &state)
                // Every entry change in this directory becomes durable, in order.
                var kept: [NameChange] = []
                for change in state.pendingNames {
                    guard change.directory == file.path else { kept.append(change); continue }
                    switch change {
                    case .link(let path, let node):
                        state.durableNames[path] = node
                    case .rename(let source, let destination, let node):
                        state.durableNames[destination] = node
                        if state.durableNames[source] == node { state.durableNames[source] = nil }
                    case .unlink(let path, let node):
                        if state.durableNames[path] == node { state.durableNames[path] = nil }
                    }
                }
                state.pendingNames = kept
            } else {
                try Self.record(.sync(file.path), in: &state)
                state.nodes[file.node]!.durable = state.nodes[file.node]!.current
                state.nodes[file.node]!.pending = []
            }
        }
    }

    package func duplicate(_ descriptor: Int32) throws(System.Failure) -> Int32 {
        try state.withLock { (state) throws(System.Failure) -> Int32 in
            try Self.checkPower(state)
            let file = try Self.file(descriptor, in: state)
            let duplicate = state.nextDescriptor
            state.nextDescriptor += 1
            state.open[duplicate] = file
            return duplicate
        }
    }

    package func lockExclusively(_ descriptor: Int32) throws(System.Failure) {
        try state.withLock { (state) throws(System.Failure) in
            try Self.checkPower(state)
            let file = try Self.file(descriptor, in: state)
            if let holder = state.locks[file.node], holder != descriptor, state.open[holder] != nil { throw System.Failure(EWOULDBLOCK) }
            state.locks[file.node] = descriptor
        }
    }

    package func rename(_ source: String, to destination: String) throws(System.Failure) {
        try state.withLock { (state) throws(System.Failure) in
            try Self.checkPower(state)
            guard let node = state.names[source] else { throw System.Failure(ENOENT) }
            guard state.names[Self.parent(of: destination)] != nil else { throw System.Failure(ENOENT) }
            try Self.record(.rename(source, destination), in: &state)
            state.names[source] = nil
            state.names[destination] = node
            state.pendingNames.append(.rename(source: source, destination: destination, node: node))
        }
    }

    package func unlink(_ path: String) throws(System.Failure) {
        try state.withLock { (state) throws(System.Failure) in
            try Self.checkPower(state)
            guard let node = state.names[path] else { throw System.Failure(ENOENT) }
            guard !state.nodes[node]!.isDirectory else { throw System.Failure(EISDIR) }
            try Self.record(.unlink(path), in: &state)
            state.names[path] = nil
            state.pendingNames.append(.unlink(path: path, node: node))
        }
    }

    package func kind(of path: String) throws(System.Failure) -> System.FileKind? {
        try state.withLock { (state) throws(System.Failure) -> System.FileKind? in
            try Self.checkPower(state)
            guard let node = state.names[path] else { return nil }
            return state.nodes[node]!.isDirectory ? .directory : .regular
        }
    }

    package func makeDirectory(_ path: String) throws(System.Failure) {
        try state.withLock { (state) throws(System.Failure) in
            try Self.checkPower(state)
            guard state.names[path] == nil else { throw System.Failure(EEXIST) }
            guard let parent = state.names[Self.parent(of: path)], state.nodes[parent]!.isDirectory else { throw System.Failure(ENOENT) }
            try Self.record(.makeDirectory(path), in: &state)
            let new = state.nextNode
            state.nextNode += 1
            state.nodes[new] = Node(isDirectory: true)
            state.names[path] = new
            state.pendingNames.append(.link(path: path, node: new))
        }
    }

    package func listDirectory(_ path: String) throws(System.Failure) -> [String] {
        try state.withLock { (state) throws(System.Failure) -> [String] in
            try Self.checkPower(state)
            guard let node = state.names[path] else { throw System.Failure(ENOENT) }
            guard state.nodes[node]!.isDirectory else { throw .notADirectory }
            let prefix = path == "/" ? "/" : path + "/"
            return state.names.keys.filter { $0.hasPrefix(prefix) && $0 != path && !$0.dropFirst(prefix.count).contains("/") }
                .map { String($0.dropFirst(prefix.count)) }
                .sorted()
        }
    }

    package func protect(directory path: String, with protection: LogFileProtection) {}
}
