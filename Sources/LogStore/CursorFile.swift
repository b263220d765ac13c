/// Cursor and counter files: one checksummed number each, replaced atomically.
enum CursorFile {
    static let cursorMagic = "BLOGCUR1"
    static let droppedMagic = "BLOGDRP1"

    /// The acknowledged sequence of cursor `name`: 0 when the cursor does not exist.
    /// A damaged cursor file reads as 0 too: records are delivered again, never lost. One that
    /// cannot be read (a locked device) throws: that says nothing of what was acknowledged.
    static func read(_ layout: StoreLayout, name: String) throws(LogStoreError) -> UInt64 {
        try layout.readNumber(at: try layout.cursorPath(name), magic: cursorMagic) ?? 0
    }

    static func write(_ layout: StoreLayout, name: String, sequence: UInt64, durable: Bool = true) throws(LogStoreError) {
        let path = try layout.cursorPath(name)
        let bytes = StoreLayout.encodeNumber(sequence, magic: cursorMagic)
        // Without a sync, the file is overwritten in place, never replaced: a rename can reach
        // the disk before the new file's bytes, and a power loss then leaves an empty or torn
        // cursor, read as 0 (everything sent again). Its 20 bytes lie in one sector, which a
        // disk writes whole or not at all: the old position or the new. (A new or damaged
        // cursor file is replaced durably.)
        if !durable, try layout.overwriteInPlace(at: path, with: bytes) { return }
        try layout.replaceFile(at: path, with: bytes, durable: true)
    }

    static func readDropped(_ layout: StoreLayout) throws(LogStoreError) -> UInt64 {
        try layout.readNumber(at: layout.droppedPath, magic: droppedMagic) ?? 0
    }

    static func writeDropped(_ layout: StoreLayout, count: UInt64) throws(LogStoreError) {
        try layout.replaceFile(at: layout.droppedPath, with: StoreLayout.encodeNumber(count, magic: droppedMagic), durable: true)
    }
}
