// expect: 5 (a fixture of mk/platform-check.py: locks other than `Locked`; not compiled)
let lock = NSLock()
let condition = NSCondition()
var unfair = os_unfair_lock()
let allocated = OSAllocatedUnfairLock(initialState: 0)
func take(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) { pthread_mutex_lock(mutex) }
// NSLock in a comment, and "NSCondition" in a string, are not flagged:
let text = "NSCondition"
