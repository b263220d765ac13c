// What a benchmark process counts about itself, for the scripts that run it under strace or
// on its own (Scripts/strace-phase.sh): the phase markers, wake-ups and bytes written.
// Linux only (the figures are Linux's).

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A phase starts or ends: one `getppid()`, which the scripts find in `strace -f` output
/// (nothing else in a benchmark calls it). Call it once before a phase and once after.
public func phaseMarker() {
    _ = getppid()
}

/// The voluntary context switches of every thread of the process so far (getrusage): each is a
/// wake-up once the thread's wait ends.
public func voluntarySwitches() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_nvcsw
}

/// The bytes the process has passed to write(2) and its kin so far (`/proc/self/io` `wchar`).
public func bytesWritten() -> Int {
    guard let io = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return 0 }
    for line in io.split(separator: "\n") where line.hasPrefix("wchar:") {
        return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    return 0
}
