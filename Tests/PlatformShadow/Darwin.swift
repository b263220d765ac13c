// The Swift half of the shadow `Darwin` module: what Apple's Swift overlay for Darwin adds
// to the C module (swiftlang/swift stdlib/public/Platform/Platform.swift), limited to the
// names LogCore's platform layer uses. Compiled as module `Darwin` over the C module of the
// same name (Darwin/module.modulemap), the way an SDK's overlay is.

@_exported import Darwin  // the C module

// MARK: sys/errno.h

public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

// MARK: fcntl.h (variadic in C)

public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError("shadow") }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError("shadow") }
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError("shadow") }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError("shadow") }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { fatalError("shadow") }

// MARK: sys/stat.h (mode_t, UInt16 on Darwin)

public var S_IFMT: mode_t { mode_t(0o170000) }
public var S_IFIFO: mode_t { mode_t(0o010000) }
public var S_IFCHR: mode_t { mode_t(0o020000) }
public var S_IFDIR: mode_t { mode_t(0o040000) }
public var S_IFBLK: mode_t { mode_t(0o060000) }
public var S_IFREG: mode_t { mode_t(0o100000) }
public var S_IFLNK: mode_t { mode_t(0o120000) }
public var S_IFSOCK: mode_t { mode_t(0o140000) }
public var S_IRWXU: mode_t { mode_t(0o000700) }
public var S_IRUSR: mode_t { mode_t(0o000400) }
public var S_IWUSR: mode_t { mode_t(0o000200) }

// MARK: signal.h

public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }
public var SIG_ERR: sig_t { unsafeBitCast(-1, to: sig_t.self) }

// MARK: time.h (macros naming enum constants in the SDK: see Darwin.h)

public var CLOCK_REALTIME: clockid_t { _CLOCK_REALTIME }
public var CLOCK_MONOTONIC: clockid_t { _CLOCK_MONOTONIC }
public var CLOCK_MONOTONIC_RAW: clockid_t { _CLOCK_MONOTONIC_RAW }
public var CLOCK_UPTIME_RAW: clockid_t { _CLOCK_UPTIME_RAW }
