// expect: 4 (a fixture of mk/platform-check.py: every import below must be flagged; not compiled)
#if canImport(Darwin)
@preconcurrency import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
internal import Musl
import Synchronization
// import Glibc  (a comment: not flagged)
let text = "import Glibc"  // a string: not flagged
