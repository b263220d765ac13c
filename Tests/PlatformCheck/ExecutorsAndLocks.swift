// expect: 5 (a fixture of mk/platform-check.py: task executors and Synchronization types; not compiled)
final class Sender: TaskExecutor {}
func run() async { await withTaskExecutorPreference(nil) {} }
let task = Task(executorPreference: nil) {}
let lock = Mutex<Int>(0)
let count = Atomic<Int>(0)
let fine = AtomicCounter()
