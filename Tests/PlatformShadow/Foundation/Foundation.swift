// A shadow `Foundation` for the platform layer's Darwin branches that use Foundation
// (FileProtection.swift, Worker.swift): only the declarations they call, with the signatures and the
// availability of Apple's documentation (developer.apple.com/documentation/foundation).
// Linux's Foundation cannot stand in: it imports Glibc and lacks the data-protection API's
// shape, and there is no Foundation at all for the iOS-target run. Nothing here runs.

@_exported import Darwin

public struct FileAttributeKey: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    @available(macOS 11.0, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
    public static let protectionKey = FileAttributeKey("NSFileProtectionKey")
}

@available(macOS 11.0, iOS 4.0, tvOS 9.0, watchOS 2.0, *)
public struct FileProtectionType: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let none = FileProtectionType("NSFileProtectionNone")
    public static let complete = FileProtectionType("NSFileProtectionComplete")
    @available(macOS 11.0, iOS 5.0, tvOS 9.0, watchOS 2.0, *)
    public static let completeUnlessOpen = FileProtectionType("NSFileProtectionCompleteUnlessOpen")
    @available(macOS 11.0, iOS 5.0, tvOS 9.0, watchOS 2.0, *)
    public static let completeUntilFirstUserAuthentication = FileProtectionType("NSFileProtectionCompleteUntilFirstUserAuthentication")
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public static let completeWhenUserInactive = FileProtectionType("NSFileProtectionCompleteWhenUserInactive")
}

open class FileManager {
    public init() {}
    open class var `default`: FileManager { fatalError("shadow") }
    open func setAttributes(_ attributes: [FileAttributeKey: Any], ofItemAtPath path: String) throws { fatalError("shadow") }
}

public struct URL: Hashable, Sendable {
    public init(fileURLWithPath path: String) { fatalError("shadow") }
    public init(fileURLWithPath path: String, isDirectory: Bool) { fatalError("shadow") }
    public var path: String { fatalError("shadow") }

    @available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
    public mutating func setResourceValues(_ values: URLResourceValues) throws { fatalError("shadow") }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, *)
public struct URLResourceValues {
    public init() {}
    public var isExcludedFromBackup: Bool?
}

// Worker.swift starts its thread with Foundation's `Thread` (developer.apple.com/documentation/foundation/thread).
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
open class Thread {
    public convenience init(block: @escaping @Sendable () -> Void) { fatalError("shadow") }
    open var name: String?
    open func start() { fatalError("shadow") }
}
