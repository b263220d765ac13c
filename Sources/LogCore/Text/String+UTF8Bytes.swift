extension String {
    /// Calls `body` with the string's UTF-8: in place for a native or small string, from a copy
    /// for a bridged or foreign one. The same bytes as `withUTF8`, without its
    /// `makeContiguousUTF8()`: that emits `String._copying` and a `Substring.UTF8View` copy
    /// (1.4 KB) into every app whose code calls it anywhere (issue 26). Not `mutating`.
    @_alwaysEmitIntoClient @inline(__always)
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try withUTF8BytesAfterMiss(body)
    }

    /// The rest of `withUTF8Bytes`: the in-place try again, then the copy. In a step of its own
    /// because with the copy right after the first try, the optimizer retained and released
    /// the string around `body` on the in-place path too, on every store append and every
    /// string a log writes (callgrind: 40 instructions an append).
    @_alwaysEmitIntoClient @inline(__always)
    @usableFromInline
    func withUTF8BytesAfterMiss<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}
