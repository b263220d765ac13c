// expect: 2 (a fixture of mk/platform-check.py: libc functions named by module; not compiled)
let descriptor = Glibc.open(path, O_RDONLY)
_ = Darwin.close(descriptor)
/* Glibc.write(descriptor, buffer, count): a comment, not flagged */
let message = "Darwin.fsync is not called here"  // a string, not flagged
