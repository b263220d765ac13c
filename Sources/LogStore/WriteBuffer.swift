/// The writer's pending bytes: frames are encoded straight into this memory and leave it with
/// one `write` (no `Data`, no per-record allocation).
final class WriteBuffer {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 4096)
        self.base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit {
        base.deallocate()
    }

    /// Room for `bytes` more bytes; returns where they go. Call ``commit(_:)`` after filling them.
    func reserve(_ bytes: Int) -> UnsafeMutableRawPointer {
        if count + bytes > capacity {
            let newCapacity = max(capacity * 2, count + bytes)
            let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            newBase.copyMemory(from: base, byteCount: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
        return base + count
    }

    func commit(_ bytes: Int) {
        count += bytes
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func removeAll() {
        count = 0
    }
}
