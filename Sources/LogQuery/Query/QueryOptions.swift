import Foundation
import LogStore

/// The filter options of a `logview` command as written (`--tag`, `--since`, `--until`,
/// `--where`, `-n`, `--head`, `--reverse`), turned into a ``LogQuery``.
public struct QueryOptions: Sendable {
    public var tags: [String]
    public var since: String?
    public var until: String?
    public var conditions: [String]
    public var limit: Int?
    public var head: Bool
    public var reverse: Bool

    public init(
        tags: [String] = [], since: String? = nil, until: String? = nil, conditions: [String] = [],
        limit: Int? = nil, head: Bool = false, reverse: Bool = false
    ) {
        self.tags = tags
        self.since = since
        self.until = until
        self.conditions = conditions
        self.limit = limit
        self.head = head
        self.reverse = reverse
    }

    /// The query these options describe.
    /// - Parameter clock: reads times (relative ones count back from its `now`).
    /// - Throws: ``QueryOptionError`` naming the option, what is wrong, and the fix.
    public func query(clock: TimeExpression = TimeExpression()) throws(QueryOptionError) -> LogQuery {
        var query = LogQuery(limit: limit, fromStart: head, newestFirst: reverse)
        for tag in tags {
            do throws(TagPatternError) {
                query.tagPatterns.append(try TagPattern(tag))
            } catch {
                throw QueryOptionError(message: "--tag: \(error.description)")
            }
        }
        for (name, text) in [("--since", since), ("--until", until)] {
            guard let text else { continue }
            do throws(TimeExpressionError) {
                let moment = try clock.parse(text)
                if name == "--since" { query.since = moment } else { query.until = moment }
            } catch {
                throw QueryOptionError(message: "\(name): \(error.description)")
            }
        }
        if let since = query.since, let until = query.until, since >= until {
            throw QueryOptionError(message: "--since \(self.since!) is not before --until \(self.until!); swap them or widen the window")
        }
        for condition in conditions {
            do throws(WhereExpressionError) {
                query.conditions.append(try WhereExpression(condition, timeExpression: clock))
            } catch {
                throw QueryOptionError(message: error.description)
            }
        }
        if let limit, limit < 0 {
            throw QueryOptionError(message: "-n \(limit) is negative; give how many logs to show, such as -n 20")
        }
        return query
    }
}

/// A filter option that cannot be used.
public struct QueryOptionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Where the store to read is: `--store DIR`, else `BEHAVIORLOG_STORE`, else the default
/// `.behaviorlog/store` under the current directory.
public struct StoreLocation: Hashable, Sendable {
    /// The default store directory, relative to the current directory.
    public static let defaultPath = ".behaviorlog/store"
    /// The environment variable naming the store.
    public static let environmentVariable = "BEHAVIORLOG_STORE"

    public var path: String
    /// Where the path came from, for error messages: `--store`, `BEHAVIORLOG_STORE` or `the default`.
    public var source: String

    public init(option: String?, environment: [String: String]) {
        if let option, !option.isEmpty {
            path = option
            source = "--store"
        } else if let variable = environment[Self.environmentVariable], !variable.isEmpty {
            path = variable
            source = Self.environmentVariable
        } else {
            path = Self.defaultPath
            source = "the default"
        }
    }

    /// Opens the store for reading.
    /// - Throws: ``StoreQueryError/noStore(_:source:)`` saying where the path came from and how to point at a store.
    public func open() throws(StoreQueryError) -> StoreQuery {
        do {
            return try StoreQuery(directory: path)
        } catch .noStore {
            throw .noStore(path, source: source)
        } catch .notAStore {
            throw .notAStore(path, source: source)
        }
    }
}
