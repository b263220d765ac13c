import Dispatch

extension Array where Element: Sendable {
    /// The transform of every element, computed on all cores, in the original order.
    /// (The tools' one way to use both cores: loading documents, generating files.)
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let shared = results
        self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let input = elements
            DispatchQueue.concurrentPerform(iterations: count) { index in
                shared[index] = transform(input[index])
            }
        }
        let output = results.map { $0! }
        _ = results.deinitialize()
        return output
    }
}
