import Foundation
import LogStore
import Synchronization

/// Reads a store forward on its own thread, a few chunks ahead of the consumer, so that
/// reading (checksums, framing) and filtering/formatting run on two cores at once.
///
/// The prefetcher owns its own ``LogStoreReader`` (readers are not thread-safe). At most
/// ``depth`` chunks wait in memory; ``cancel()`` (or deinit) stops the thread early.
final class RecordPrefetcher: Sendable {
    private struct State {
        var chunks: [[LogRecord]] = []
        var finished = false
        var cancelled = false
        var failure: LogStoreError?
    }

    private let state = Mutex(State())
    private let items = DispatchSemaphore(value: 0)
    private let space: DispatchSemaphore
    /// How many chunks may wait.
    let depth: Int

    /// Starts reading records after `after` that match `filter`, `chunkSize` at a time.
    init(directory: String, filter: LogRecordFilter, after: UInt64 = 0, chunkSize: Int, depth: Int = 4) {
        self.depth = depth
        space = DispatchSemaphore(value: depth)
        let thread = Thread { [self] in
            var after = after
            let reader: LogStoreReader
            do throws(LogStoreError) {
                reader = try LogStoreReader(directory: directory)
            } catch {
                self.state.withLock { $0.failure = error; $0.finished = true }
                self.items.signal()
                return
            }
            while true {
                self.space.wait()
                if self.state.withLock({ $0.cancelled }) { break }
                let chunk: [LogRecord]
                do throws(LogStoreError) {
                    chunk = try reader.read(after: after, limit: chunkSize, matching: filter)
                } catch {
                    self.state.withLock { $0.failure = error; $0.finished = true }
                    self.items.signal()
                    return
                }
                guard let last = chunk.last else { break }
                after = last.sequence
                self.state.withLock { $0.chunks.append(chunk) }
                self.items.signal()
            }
            self.state.withLock { $0.finished = true }
            self.items.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit {
        cancel()
    }

    /// The next chunk in order; `nil` at the end.
    /// - Throws: the store's error, once the chunks read before it are taken.
    func next() throws(LogStoreError) -> [LogRecord]? {
        while true {
            items.wait()
            let (chunk, finished, failure) = state.withLock { state -> ([LogRecord]?, Bool, LogStoreError?) in
                if !state.chunks.isEmpty { return (state.chunks.removeFirst(), false, nil) }
                return (nil, state.finished, state.failure)
            }
            if let chunk {
                space.signal()
                return chunk
            }
            if let failure { throw failure }
            if finished {
                items.signal()   // later calls see the end too
                return nil
            }
        }
    }

    /// Stops reading; the thread ends at its next chunk.
    func cancel() {
        let wasCancelled = state.withLock { state -> Bool in
            defer { state.cancelled = true }
            return state.cancelled
        }
        if !wasCancelled { space.signal() }
    }
}
