// Stand-in for Apple's `os` module (the Swift `Logger` API of iOS 14 / macOS 11 and later), for
// Tests/Support/apple-swift-check.sh: the declarations OSLogOutput uses, with Apple's names and
// signatures (developer.apple.com/documentation/os/logger). It type-checks; it logs nothing.
public struct OSLogPrivacy: Sendable {
    public static var `public`: OSLogPrivacy { OSLogPrivacy() }
    public static var `private`: OSLogPrivacy { OSLogPrivacy() }
    public static var sensitive: OSLogPrivacy { OSLogPrivacy() }
    public static var auto: OSLogPrivacy { OSLogPrivacy() }
}

public struct OSLogStringAlignment: Sendable {
    public static var none: OSLogStringAlignment { OSLogStringAlignment() }
}

public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {}
}

public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringInterpolation: OSLogInterpolation) {}
    public init(stringLiteral value: String) {}
}

public struct OSLogType: Sendable {
    public static let `default` = OSLogType()
    public static let info = OSLogType()
    public static let debug = OSLogType()
    public static let error = OSLogType()
    public static let fault = OSLogType()
}

public struct Logger {
    public init(subsystem: String, category: String) {}
    public func log(level: OSLogType, _ message: OSLogMessage) {}
    public func log(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func debug(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
    public func error(_ message: OSLogMessage) {}
    public func fault(_ message: OSLogMessage) {}
}
