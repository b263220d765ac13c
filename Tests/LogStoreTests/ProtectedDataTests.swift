import Foundation
import LogCore
import LogStoreTestSupport
import Testing
import TestSupport
@testable import LogStore

/// A store opened while the device is locked (issue 24): with its files of class
/// `completeUnlessOpen` (or `complete`), every file it had closed — the lock file, the last
/// segment, the cursors — is unreadable until the device is unlocked. The writer is made all the
/// same, refuses appends and reads with a clear error until then, and opens at the first call after.
@Suite struct ProtectedDataTests {
    @Test func aStoreOpenedWhileLockedOpensAtTheFirstAppendAfterUnlocking() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let device = LockableDevice()
        var configuration = TemporaryStore.configuration()
        configuration.fileProtection = .completeUnlessOpen
        configuration.fileSystem = device.fileSystem
        do {
            let before = try LogStoreWriter(directory: store.path, configuration: configuration)
            for index in 1...3 { _ = try before.append(sampleEntry(index)) }
            try before.acknowledge(cursor: "sender", through: 2)
            try before.close()
        }

        device.isLocked = true
        let writer = try LogStoreWriter(directory: store.path, configuration: configuration)
        #expect(!writer.isOpen)
        #expect(device.refusedOpens.withLock { $0 } > 0)
        #expect(throws: LogStoreError.protectedDataUnavailable(directory: store.path)) { try writer.append(sampleEntry(4)) }
        #expect(throws: LogStoreError.protectedDataUnavailable(directory: store.path)) { try writer.read(cursor: "sender", limit: 10) }
        #expect(try writer.sync() == 0, "nothing was written: a sync has nothing to do and does not fail")
        #expect(writer.stats().recordCount == 0)

        device.isLocked = false
        #expect(try writer.append(sampleEntry(4)) == 4, "the sequence goes on from the store's")
        #expect(writer.isOpen)
        #expect(try writer.read(cursor: "sender", limit: 10).map(\.sequence) == [3, 4], "the cursor was read, not taken as 0")
        try writer.close()
    }

    @Test func aCursorThatCannotBeReadIsAnErrorNotZero() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let writer = try LogStoreWriter(directory: store.path, configuration: TemporaryStore.configuration())
        for index in 1...3 { _ = try writer.append(sampleEntry(index)) }
        try writer.acknowledge(cursor: "sender", through: 3)
        try writer.close()

        // A reader opens the cursor file again: a locked device refuses, and the reader says so
        // instead of reporting the cursor at 0 (all three logs pending).
        let device = LockableDevice()
        device.isLocked = true
        let layout = StoreLayout(directory: store.path, fileSystem: device.fileSystem)
        #expect(throws: LogStoreError.self) { try CursorFile.read(layout, name: "sender") }
        device.isLocked = false
        #expect(try CursorFile.read(layout, name: "sender") == 3)
    }

    @Test func closingAWriterThatNeverOpenedClosesIt() throws {
        let store = TemporaryStore()
        defer { store.remove() }
        let device = LockableDevice()
        var configuration = TemporaryStore.configuration()
        configuration.fileSystem = device.fileSystem
        try LogStoreWriter(directory: store.path, configuration: configuration).close()
        device.isLocked = true
        let writer = try LogStoreWriter(directory: store.path, configuration: configuration)
        try writer.close()
        device.isLocked = false
        #expect(throws: LogStoreError.closed) { try writer.append(sampleEntry(1)) }
    }
}
