import LogCore

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body with typed throws.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(LogStoreError) -> Result) throws(LogStoreError) -> Result {
        try withUnsafeBytes { raw in Swift.Result { () throws(LogStoreError) -> Result in try body(raw) } }.get()
    }

    /// `withUnsafeMutableBytes` for a body with typed throws.
    mutating func withMutableBytes<Result>(_ body: (UnsafeMutableRawBufferPointer) throws(LogStoreError) -> Result) throws(LogStoreError) -> Result {
        try withUnsafeMutableBytes { raw in Swift.Result { () throws(LogStoreError) -> Result in try body(raw) } }.get()
    }

    /// Whether `bytes` start with these (a file's magic): one `memcmp`, where `elementsEqual`
    /// linked a specialisation for each pair of sequence types it compared (issue 26).
    func isPrefix(of bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= count else { return false }
        return isEmpty || withUnsafeBytes { System.bytesEqual(bytes.baseAddress!, $0.baseAddress!, count: count) }
    }
}
