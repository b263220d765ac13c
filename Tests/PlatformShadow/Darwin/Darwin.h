// The shadow `Darwin` module: exactly the Darwin names LogCore's platform layer uses
// (Sources/LogCore/Platform), with the types and values of Apple's SDK headers (the
// macOS 13 / iOS 16 SDKs: <sys/fcntl.h>, <sys/errno.h>, <sys/stat.h>, <dirent.h>,
// <pthread.h>, <time.h>, ...). `make test` type-checks the layer's `#if canImport(Darwin)`
// branches against it (mk/platform-shadow.py), so a name that Darwin does not have, or a
// value of the wrong type (an `Int32` where Darwin wants `mode_t`, a `UInt16`), fails there.
//
// Self-contained on purpose: no #include, so nothing of Linux's libc leaks in. Grouped by
// the SDK header each name comes from. To add a name: copy its declaration from the SDK
// header (or Apple's documentation), with Darwin's types and value, into its group, and
// its availability when it is newer than the package's floor (macOS 13, iOS 16, tvOS 16,
// watchOS 9, visionOS 1): the iOS-target run checks the C availability attributes.
// Names the Swift overlay adds (errno, open with a mode, fcntl, S_IF*, SIG_IGN) are in
// Tests/PlatformShadow/Darwin.swift, as Apple's are in its Swift overlay.

#ifndef SHADOW_DARWIN_H
#define SHADOW_DARWIN_H

// MARK: <sys/_types.h>, <sys/types.h>: Darwin's integer types

typedef signed char __int8_t;
typedef unsigned char __uint8_t;
typedef short __int16_t;
typedef unsigned short __uint16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef long long __int64_t;
typedef unsigned long long __uint64_t;

typedef __SIZE_TYPE__ size_t;        // Swift: Int
typedef long ssize_t;                // Swift: Int
typedef __int64_t off_t;             // Swift: Int64
typedef __uint16_t mode_t;           // Swift: UInt16 (UInt32 on Linux)
typedef __int32_t dev_t;
typedef __uint16_t nlink_t;          // UInt64 on Linux
typedef __uint64_t ino_t;            // 64-bit inodes (__DARWIN_64_BIT_INO_T)
typedef __uint32_t uid_t;
typedef __uint32_t gid_t;
typedef __int32_t pid_t;
typedef __int64_t blkcnt_t;
typedef __int32_t blksize_t;
typedef long time_t;                 // __darwin_time_t
typedef __int32_t suseconds_t;       // Int32 (Int on Linux)
typedef __uint32_t useconds_t;

// MARK: <sys/errno.h> (the Swift overlay adds `errno`; Darwin's C macro is `(*__error())`)

extern int *__error(void);

#define EPERM        1
#define ENOENT       2
#define EINTR        4
#define EIO          5
#define EBADF        9
#define ENOMEM      12
#define EACCES      13
#define EEXIST      17
#define EXDEV       18
#define ENOTDIR     20
#define EISDIR      21
#define EINVAL      22
#define ENFILE      23
#define EMFILE      24
#define ENOTTY      25
#define EFBIG       27
#define ENOSPC      28
#define EROFS       30
#define EPIPE       32
#define EAGAIN      35
#define EWOULDBLOCK EAGAIN
#define EINPROGRESS 36
#define ENOTSUP     45
#define ECONNRESET  54
#define ETIMEDOUT   60
#define ECONNREFUSED 61
#define ELOOP       62
#define ENAMETOOLONG 63
#define ENOTEMPTY   66
#define EDQUOT      69

// MARK: <string.h>

extern char *strerror(int __errnum);
extern int memcmp(const void *__s1, const void *__s2, size_t __n);
extern void *memchr(const void *__s, int __c, size_t __n);

// MARK: <stdlib.h>

extern char *getenv(const char *);
extern void exit(int) __attribute__((__noreturn__));
extern void free(void *);

// MARK: <sys/fcntl.h> (`open` and `fcntl` are variadic in C; the Swift overlay declares them)

#define O_RDONLY    0x0000
#define O_WRONLY    0x0001
#define O_RDWR      0x0002
#define O_NONBLOCK  0x00000004
#define O_APPEND    0x00000008
#define O_CREAT     0x00000200
#define O_TRUNC     0x00000400
#define O_EXCL      0x00000800
#define O_NOFOLLOW  0x00000100
#define O_DIRECTORY 0x00100000
#define O_CLOEXEC   0x01000000

#define F_GETFD        1
#define F_SETFD        2
#define F_GETFL        3
#define F_SETFL        4
#define F_NOCACHE     48
#define F_FULLFSYNC   51 // flush the drive's cache to permanent storage
#define F_BARRIERFSYNC 85 // fsync plus a barrier: ordering, not flushing

#define FD_CLOEXEC 1

// Variadic: Swift does not import these; the overlay declares the Swift ones.
extern int open(const char *, int, ...);
extern int fcntl(int, int, ...);

// MARK: <sys/file.h>

#define LOCK_SH 0x01
#define LOCK_EX 0x02
#define LOCK_NB 0x04
#define LOCK_UN 0x08

extern int flock(int, int);

// MARK: <unistd.h>

extern int close(int);
extern ssize_t write(int __fd, const void *__buf, size_t __nbyte);
extern ssize_t read(int, void *, size_t);
extern ssize_t pread(int __fd, void *__buf, size_t __nbyte, off_t __offset);
extern ssize_t pwrite(int __fd, const void *__buf, size_t __nbyte, off_t __offset);
extern int fsync(int);
extern int ftruncate(int, off_t);
extern int dup(int);
extern int unlink(const char *);
extern int rmdir(const char *);
extern int isatty(int);
extern int usleep(useconds_t);
extern char *getcwd(char *, size_t);
extern pid_t getpid(void);

// MARK: <stdio.h>

typedef struct __sFILE FILE;          // opaque here; only ever passed as a pointer
extern int rename(const char *__old, const char *__new);
extern int fflush(FILE *);

// MARK: <time.h> (clockid_t is an enum on Darwin, not an Int32)

struct timespec {
    time_t tv_sec;
    long tv_nsec;
};

typedef enum {
    _CLOCK_REALTIME = 0,
    _CLOCK_MONOTONIC = 6,
    _CLOCK_MONOTONIC_RAW = 4,
    _CLOCK_MONOTONIC_RAW_APPROX = 5,
    _CLOCK_UPTIME_RAW = 8,
    _CLOCK_UPTIME_RAW_APPROX = 9,
    _CLOCK_PROCESS_CPUTIME_ID = 12,
    _CLOCK_THREAD_CPUTIME_ID = 16
} clockid_t;

// CLOCK_REALTIME etc. are `#define CLOCK_REALTIME _CLOCK_REALTIME` in the SDK, which Swift
// on a Mac sees as `clockid_t` values; this toolchain's importer skips a macro that names an
// enum constant, so Darwin.swift declares them (same names, same type).

extern int clock_gettime(clockid_t __clock_id, struct timespec *__tp)
    __attribute__((availability(macos, introduced = 10.12), availability(ios, introduced = 10.0),
                   availability(tvos, introduced = 10.0), availability(watchos, introduced = 3.0)));

// MARK: <sys/time.h>

struct timeval {
    time_t tv_sec;
    suseconds_t tv_usec;
};

// MARK: <sys/socket.h>, <netinet/in.h>, <netinet/tcp.h>, <netdb.h>, <poll.h>
// The client calls (Socket.swift) and the server calls (ServerSocket.swift). Darwin has no
// MSG_NOSIGNAL in its public API (set SO_NOSIGPIPE on the socket), no SOCK_CLOEXEC and no
// accept4 (set FD_CLOEXEC with fcntl); its socket addresses start with a length byte.

typedef __uint32_t socklen_t;
typedef __uint8_t sa_family_t;

struct sockaddr {
    __uint8_t sa_len;
    sa_family_t sa_family;
    char sa_data[14];
};

// <netinet/in.h>: the port and address are in network byte order in both families.
typedef __uint16_t in_port_t;
typedef __uint32_t in_addr_t;

struct in_addr {
    in_addr_t s_addr;
};

struct sockaddr_in {
    __uint8_t sin_len;               // not on Linux
    sa_family_t sin_family;          // UInt8 (UInt16 on Linux)
    in_port_t sin_port;
    struct in_addr sin_addr;
    char sin_zero[8];
};

struct in6_addr {
    union {
        __uint8_t __u6_addr8[16];
        __uint16_t __u6_addr16[8];
        __uint32_t __u6_addr32[4];
    } __u6_addr;                     // __in6_u on Linux
};

struct sockaddr_in6 {
    __uint8_t sin6_len;              // not on Linux
    sa_family_t sin6_family;
    in_port_t sin6_port;
    __uint32_t sin6_flowinfo;
    struct in6_addr sin6_addr;
    __uint32_t sin6_scope_id;
};

// <sys/socket.h>: _SS_MAXSIZE 128, aligned on an __int64_t.
struct sockaddr_storage {
    __uint8_t ss_len;                // not on Linux
    sa_family_t ss_family;
    char __ss_pad1[6];
    __int64_t __ss_align;
    char __ss_pad2[112];
};

struct addrinfo {
    int ai_flags;
    int ai_family;
    int ai_socktype;
    int ai_protocol;
    socklen_t ai_addrlen;
    char *ai_canonname;              // before ai_addr on Darwin, after it on Linux
    struct sockaddr *ai_addr;
    struct addrinfo *ai_next;
};

#define AI_PASSIVE 0x00000001          // as on Linux
#define AI_NUMERICSERV 0x00001000      // 0x0400 on Linux

#define AF_UNSPEC 0
#define AF_INET 2
#define AF_INET6 30                  // 10 on Linux
#define SOCK_STREAM 1                // an Int32 macro (an enum on Glibc)
#define SOCK_DGRAM 2
#define SOL_SOCKET 0xffff            // 1 on Linux
#define SO_REUSEADDR 0x0004          // 2 on Linux
#define SO_KEEPALIVE 0x0008
#define SO_SNDTIMEO 0x1005
#define SO_RCVTIMEO 0x1006
#define SO_NOSIGPIPE 0x1022
#define IPPROTO_TCP 6
#define TCP_NODELAY 0x01

extern int socket(int, int, int);
extern int connect(int, const struct sockaddr *, socklen_t);
extern int bind(int, const struct sockaddr *, socklen_t);
extern int listen(int, int);
extern int accept(int, struct sockaddr *__restrict, socklen_t *__restrict);
extern int getsockname(int, struct sockaddr *__restrict, socklen_t *__restrict);
extern ssize_t send(int, const void *, size_t, int);
extern ssize_t recv(int, void *, size_t, int);
extern int setsockopt(int, int, int, const void *, socklen_t);
extern int shutdown(int, int);
#define SHUT_RDWR 2
extern int getaddrinfo(const char *, const char *, const struct addrinfo *, struct addrinfo **);
extern void freeaddrinfo(struct addrinfo *);
extern const char *gai_strerror(int);

typedef unsigned int nfds_t;
struct pollfd {
    int fd;
    short events;
    short revents;
};
#define POLLIN 0x0001
#define POLLOUT 0x0004
#define POLLERR 0x0008
#define POLLHUP 0x0010
extern int poll(struct pollfd *, nfds_t, int);

// MARK: <sys/stat.h> (the 64-bit-inode `struct stat`; S_IF* are in the Swift overlay, as mode_t)

struct stat {
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    ino_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct timespec st_atimespec;     // st_atim on Linux
    struct timespec st_mtimespec;     // st_mtim on Linux
    struct timespec st_ctimespec;
    struct timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    __uint32_t st_flags;
    __uint32_t st_gen;
    __int32_t st_lspare;
    __int64_t st_qspare[2];
};

extern int fstat(int, struct stat *);
extern int lstat(const char *, struct stat *);
extern int stat(const char *, struct stat *);
extern int mkdir(const char *, mode_t);

// MARK: <dirent.h> (d_name is 1,024 bytes, 256 on Linux)

struct dirent {
    __uint64_t d_ino;
    __uint64_t d_seekoff;
    __uint16_t d_reclen;
    __uint16_t d_namlen;
    __uint8_t d_type;
    char d_name[1024];
};

typedef struct {
    int __dd_fd;
    long __dd_loc;
    long __dd_size;
    char *__dd_buf;
    int __dd_len;
    long __dd_seek;
    long __padding;
    int __dd_flags;
} DIR;

extern DIR *opendir(const char *);
extern struct dirent *readdir(DIR *);
extern int closedir(DIR *);

// MARK: <signal.h> (SIG_IGN is in the Swift overlay)

#define SIGPIPE 13
#define SIGXFSZ 25

typedef void (*sig_t)(int);
extern void (*signal(int, void (*)(int)))(int);

// MARK: <pthread.h>

struct _opaque_pthread_mutex_t { long __sig; char __opaque[56]; };
struct _opaque_pthread_mutexattr_t { long __sig; char __opaque[8]; };
typedef struct _opaque_pthread_mutex_t __darwin_pthread_mutex_t;
typedef struct _opaque_pthread_mutexattr_t __darwin_pthread_mutexattr_t;
typedef __darwin_pthread_mutex_t pthread_mutex_t;
typedef __darwin_pthread_mutexattr_t pthread_mutexattr_t;

extern int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *);
extern int pthread_mutex_destroy(pthread_mutex_t *);
extern int pthread_mutex_lock(pthread_mutex_t *);
extern int pthread_mutex_trylock(pthread_mutex_t *);
extern int pthread_mutex_unlock(pthread_mutex_t *);

struct _opaque_pthread_cond_t { long __sig; char __opaque[40]; };
struct _opaque_pthread_condattr_t { long __sig; char __opaque[8]; };
typedef struct _opaque_pthread_cond_t pthread_cond_t;
typedef struct _opaque_pthread_condattr_t pthread_condattr_t;

extern int pthread_cond_init(pthread_cond_t *, const pthread_condattr_t *);
extern int pthread_cond_destroy(pthread_cond_t *);
extern int pthread_cond_signal(pthread_cond_t *);
extern int pthread_cond_broadcast(pthread_cond_t *);
extern int pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
// Darwin has no pthread_condattr_setclock: a relative wait measures the monotonic clock.
extern int pthread_cond_timedwait_relative_np(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);

struct _opaque_pthread_t { long __sig; void *__cleanup_stack; char __opaque[8176]; };
typedef struct _opaque_pthread_t *__darwin_pthread_t;
typedef __darwin_pthread_t pthread_t;

extern pthread_t pthread_self(void);

// Darwin names only the calling thread: one argument (Linux: pthread_setname_np(thread, name)).
extern int pthread_setname_np(const char *)
    __attribute__((availability(macos, introduced = 10.6), availability(ios, introduced = 3.2)));

#endif
