import Foundation
import LogCore
import LogStore

extension Thread {
    /// Starts a thread that runs `body`, named `name` for debuggers and also for the kernel,
    /// so that `top -H`, `perf` and `/proc/<pid>/task/*/comm` tell the logger's threads apart
    /// (on Linux, `Thread.name` alone does not reach the kernel; there names are cut to 15
    /// bytes, so put the distinctive part first).
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            System.nameCurrentThread(name)
            body()
        }
        thread.name = name
        thread.start()
    }
}
