import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Thread {
    /// Starts a thread that runs `body`, named `name` for debuggers and also for the kernel,
    /// so that `top -H`, `perf` and `/proc/<pid>/task/*/comm` tell the logger's threads apart
    /// (on Linux, `Thread.name` alone does not reach the kernel; there names are cut to 15
    /// bytes, so put the distinctive part first).
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            #if canImport(Glibc)
            // `pthread_setname_np` and `prctl` are not visible from Swift's Glibc module;
            // the kernel takes the name written to this file too.
            let file = open("/proc/thread-self/comm", O_WRONLY)
            if file >= 0 {
                let bytes = Array(name.utf8.prefix(15))
                _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                close(file)
            }
            #endif
            body()
        }
        thread.name = name
        thread.start()
    }
}
