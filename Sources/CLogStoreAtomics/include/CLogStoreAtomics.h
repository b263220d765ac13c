#ifndef CLOGSTOREATOMICS_H
#define CLOGSTOREATOMICS_H

// A 64-bit atomic counter for the app-linked targets, which cannot use Swift's
// `Synchronization.Atomic` (iOS 18 / macOS 15). C11 <stdatomic.h>, static inline so that
// every call compiles to one instruction in the caller.

#include <stdatomic.h>
#include <stdint.h>

typedef struct {
    _Atomic(uint64_t) value;
} blatomic_u64;

static inline void blatomic_u64_init(blatomic_u64 *atomic, uint64_t value) {
    atomic_init(&atomic->value, value);
}

static inline uint64_t blatomic_u64_load(blatomic_u64 *atomic) {
    return atomic_load_explicit(&atomic->value, memory_order_acquire);
}

static inline void blatomic_u64_store(blatomic_u64 *atomic, uint64_t value) {
    atomic_store_explicit(&atomic->value, value, memory_order_release);
}

/// Adds `delta`; returns the value before.
static inline uint64_t blatomic_u64_add(blatomic_u64 *atomic, uint64_t delta) {
    return atomic_fetch_add_explicit(&atomic->value, delta, memory_order_relaxed);
}

/// Raises the value to `value` if it is higher; returns the value after.
static inline uint64_t blatomic_u64_max(blatomic_u64 *atomic, uint64_t value) {
    uint64_t current = atomic_load_explicit(&atomic->value, memory_order_relaxed);
    while (current < value) {
        if (atomic_compare_exchange_weak_explicit(&atomic->value, &current, value, memory_order_acq_rel, memory_order_relaxed)) {
            return value;
        }
    }
    return current;
}

#endif
