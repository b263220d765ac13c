// expect: 2 (a fixture of mk/platform-check.py: a test file's Linux-only imports; not compiled)
import Glibc
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#else
import Musl
#endif
#if os(Linux)
let page = Glibc.sysconf(Int32(_SC_PAGESIZE))
#endif
#if DEBUG
let size = Glibc.getpagesize()
#endif
// import Glibc, in a comment, and "import Glibc" in a string are not flagged.
let text = "import Glibc"
