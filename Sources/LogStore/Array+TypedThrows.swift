extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body with typed throws.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(LogStoreError) -> Result) throws(LogStoreError) -> Result {
        try withUnsafeBytes { raw in Swift.Result { () throws(LogStoreError) -> Result in try body(raw) } }.get()
    }

    /// `withUnsafeMutableBytes` for a body with typed throws.
    mutating func withMutableBytes<Result>(_ body: (UnsafeMutableRawBufferPointer) throws(LogStoreError) -> Result) throws(LogStoreError) -> Result {
        try withUnsafeMutableBytes { raw in Swift.Result { () throws(LogStoreError) -> Result in try body(raw) } }.get()
    }
}
