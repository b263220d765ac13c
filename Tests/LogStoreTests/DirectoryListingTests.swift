import Foundation
import LogCore
import Testing
@testable import LogStore

/// `System.listDirectory` over a directory whose names end the kernel's directory buffer at
/// many different offsets (issue 13, item 0).
///
/// `readdir` hands out records from a buffer that `getdents` filled with as many records as fit;
/// each record is only as long as its name, so the last one of a fill can end a few bytes before
/// the end of the buffer. Copying the fixed-size `d_name` (256 bytes on Linux) read past that
/// end: a crash in release builds when the buffer ended at a page boundary, and a
/// heap-buffer-overflow under AddressSanitizer, which `make test` runs these tests under
/// (`make asan-store`, mk/asan.mk). Thousands of names of every length from 1 to 255 bytes make
/// every buffer fill end at a different offset, so the old copy was caught on every run.
@Suite struct DirectoryListingTests {
    /// 2,600 distinct names whose lengths cycle through 1 ... 255 bytes (a step of 7, prime
    /// to 255, so neighbours differ in length), with the longest names the kernel allows, a
    /// few multi-byte UTF-8 ones, and names that look like the store's own files but are not.
    static let names: [String] = {
        var names: [String] = []
        for index in 0..<2_600 {
            let length = 1 + (index * 7) % 255
            let unique = String(index, radix: 36)
            let filler: Character = index % 97 == 0 ? "é" : "-"  // 2 bytes in UTF-8
            var name = unique
            while name.utf8.count + filler.utf8.count <= length { name.append(filler) }
            names.append(name)
        }
        names += [
            String(repeating: "z", count: 255), String(repeating: "y", count: 254),
            "segment-1.log", "segment-0000000000000000.log", "cursor-", "cursor-bad name", "LOCKS",
        ]
        return names
    }()

    static func makeDirectory(holding names: [String], in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in names {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: nil), "could not create \(name)")
        }
    }

    @Test func listsEveryNameOfEveryLength() throws {
        let store = TemporaryStore("listing")
        defer { store.remove() }
        try Self.makeDirectory(holding: Self.names, in: store.path)
        #expect(Set(Self.names.map { $0.utf8.count }).isSuperset(of: 1...255))

        let listed = try System.listDirectory(store.path)
        #expect(listed.count == Self.names.count, "listed \(listed.count) names, created \(Self.names.count)")
        #expect(Set(listed) == Set(Self.names))
        #expect(!listed.contains(".") && !listed.contains(".."))
    }

    @Test func anEmptyDirectoryListsNothingAndAMissingOneThrows() throws {
        let store = TemporaryStore("listing-empty")
        defer { store.remove() }
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        #expect(try System.listDirectory(store.path).isEmpty)
        #expect(throws: System.Failure.self) { try System.listDirectory(store.path + "/missing") }
    }

    /// A store directory stuffed with foreign files still lists its own: the segments, the
    /// indexes, and every record through a reader.
    @Test func aStoreAmongThousandsOfForeignFilesListsItsSegments() throws {
        let store = TemporaryStore("listing-store")
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration(segmentBytes: 4096))
        for index in 1...300 { _ = try writer.append(sampleEntry(index)) }
        try writer.close()
        let before = try StoreLayout(directory: store.path).list()
        #expect(before.segments.count > 3, "too few segments to tell: \(before.segments)")

        try Self.makeDirectory(holding: Self.names, in: store.path)
        let after = try StoreLayout(directory: store.path).list()
        #expect(after.segments == before.segments)
        #expect(Set(after.indexes) == Set(before.indexes))  // in the directory's order, which the new files change
        #expect(after.cursors == before.cursors)
        #expect(after.temporaryFiles.isEmpty)

        let reader = try LogStoreReader(directory: store.path)
        #expect(try reader.segments().count == before.segments.count)
        let records = try readAll(store.path)
        #expect(records.map(\.sequence) == Array(1...300))
        #expect(try reader.verify().corruptSkipped == 0)
    }
}
