import Foundation
import LogCore
import LogSchema
import LogServer

/// The viewer of `logview serve` inside the app, over the app's own history store: the live
/// list, filters, each log's definition with its `file:line`, violations and coverage, from
/// the definitions `loggen generate --embed-schema` compiled into the app
/// (`GeneratedSchema.definitionsJSON`).
///
/// It listens on the loopback interface only, on a port the system picks, and every request
/// must carry a token made at random for each ``start()`` (the ``url`` carries it once; the
/// page then keeps it in an HttpOnly cookie), so only the screen that opens ``url`` can read
/// the logs; the `Host` and `Origin` checks of `logview serve` apply. It serves only between
/// ``start()`` and ``stop()``: `LogViewerView` and `LogViewerViewController` (Apple platforms) start it
/// while they are on screen with the app in the foreground, and stop it otherwise.
///
/// For debug and internal builds only: a release build that links it and shows its screen
/// lets anything on the device that learns the URL read the history store (docs/InAppViewer.md).
///
/// ```swift
/// let viewer = try InAppLogViewer(storeDirectory: history.directory, definitionsJSON: GeneratedSchema.definitionsJSON)
/// let url = try viewer.start()   // http://127.0.0.1:PORT/?token=…
/// viewer.stop()
/// ```
public final class InAppLogViewer: Sendable {
    /// The store it shows (a `LocalStoreOutput`'s `directory`).
    public let storeDirectory: URL
    /// The definitions, decoded once; `nil` when none were given.
    public let schema: Schema?
    private let server = Locked<LogViewerServer?>(nil)

    /// Reads the definitions; serves nothing until ``start()``.
    /// - Parameters:
    ///   - storeDirectory: the history store to show, such as `LocalStoreOutput.directory`.
    ///   - definitionsJSON: `GeneratedSchema.definitionsJSON` (`loggen generate --embed-schema`,
    ///     or an empty `.embed-schema` file beside the definitions for the build plugin); `nil`
    ///     shows the logs without their definitions.
    /// - Throws: ``InAppLogViewerError`` when the definitions' JSON does not decode.
    public init(storeDirectory: URL, definitionsJSON: String?) throws(InAppLogViewerError) {
        self.storeDirectory = storeDirectory
        if let definitionsJSON {
            do {
                schema = try SchemaJSONDecoder().decode(definitionsJSON)
            } catch {
                throw InAppLogViewerError(description: "the embedded definitions do not decode: \(error.description)")
            }
        } else {
            schema = nil
        }
    }

    deinit {
        server.withLock { $0 }?.stop()
    }

    /// The address to open, with its token, while it serves; `nil` when stopped.
    public var url: URL? {
        server.withLock { $0 }.flatMap { URL(string: $0.url) }
    }

    /// Starts serving on `127.0.0.1` with a new port and token; when it already serves,
    /// returns the same address.
    /// - Returns: the address to open (`http://127.0.0.1:PORT/?token=TOKEN`).
    /// - Throws: ``InAppLogViewerError`` when the store cannot be opened or no port is free.
    @discardableResult
    public func start() throws(InAppLogViewerError) -> URL {
        if let running = server.withLock({ $0 }), let url = URL(string: running.url) { return url }
        let configuration = LogViewerConfiguration(
            storeDirectory: storeDirectory.path, schema: schema, host: "127.0.0.1", port: 0, token: Self.newToken())
        let started: LogViewerServer
        do {
            started = try LogViewerServer(configuration: configuration)
        } catch {
            throw InAppLogViewerError(description: "the viewer cannot start: \(error.description)")
        }
        // Another caller may have started one meanwhile: keep the first, stop this one (outside the lock).
        let kept = server.withLock { current -> LogViewerServer in
            if let current { return current }
            current = started
            return started
        }
        if kept !== started { started.stop() }
        guard let url = URL(string: kept.url) else { throw InAppLogViewerError(description: "the viewer's address '\(kept.url)' is not a URL") }
        return url
    }

    /// Stops serving: the port closes and open connections (the live stream too) end within
    /// a fraction of a second. Safe to call when stopped.
    public func stop() {
        let running = server.withLock { current -> LogViewerServer? in
            defer { current = nil }
            return current
        }
        running?.stop()
    }

    /// 128 random bits as 32 hex digits, from the system's secure generator.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.string(generator.next() as UInt64) + Hex.string(generator.next() as UInt64)
    }
}

/// Why the in-app viewer cannot start, in one line.
public struct InAppLogViewerError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
