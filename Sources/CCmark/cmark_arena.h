#ifndef BEHAVIORLOG_CMARK_ARENA_H
#define BEHAVIORLOG_CMARK_ARENA_H
/*
 * The part of the CCmark module that is the same for every cmark the module can wrap
 * (libcmark, Debian's libcmark-gfm, the swift-cmark package): included by each variant's
 * header after that variant has included its library's header, so it sees `cmark_mem`,
 * `cmark_parser_new_with_mem` and the other calls below, which both libraries declare alike.
 */
#include <stdint.h>

/*
 * A node, as Swift sees it: an opaque pointer where the library's header leaves `cmark_node`
 * incomplete (libcmark, Debian's cmark-gfm), a typed one where its module exports the struct
 * (the swift-cmark package). Swift code names this type, so one source builds with either.
 */
typedef cmark_node *behaviorlog_cmark_node;
#include <stdlib.h>
#include <string.h>

/*
 * A per-thread arena for libcmark's allocations.
 *
 * libcmark allocates every node and buffer with calloc and frees the tree node by node.
 * `loggen` reads a document's tree once and drops it, so the arena turns each allocation
 * into a pointer bump and freeing the whole tree into a few `free`s — and keeps threads
 * that parse files concurrently off the shared malloc locks. Each allocation is preceded
 * by its size (so that realloc can copy), and the last allocation grows in place.
 */

typedef struct behaviorlog_arena_chunk {
    struct behaviorlog_arena_chunk *next;
    size_t capacity;
    size_t used;
    size_t last;  /* offset of the last allocation's payload, for growth in place */
    _Alignas(16) unsigned char bytes[];
} behaviorlog_arena_chunk;

enum { behaviorlog_arena_chunk_size = 1 << 18 };

/* The chunks in use (the head is the one allocated from) and the chunks kept for reuse. */
static _Thread_local behaviorlog_arena_chunk *behaviorlog_arena_head = NULL;
static _Thread_local behaviorlog_arena_chunk *behaviorlog_arena_spare = NULL;

static inline void *behaviorlog_arena_allocate(size_t size) {
    if (size > SIZE_MAX / 2) abort();
    size_t need = ((size + 15) & ~(size_t)15) + 16;
    behaviorlog_arena_chunk *chunk = behaviorlog_arena_head;
    if (chunk == NULL || chunk->used + need > chunk->capacity) {
        behaviorlog_arena_chunk *fresh = behaviorlog_arena_spare;
        if (fresh != NULL && need <= fresh->capacity) {
            behaviorlog_arena_spare = fresh->next;
        } else {
            size_t capacity = need > behaviorlog_arena_chunk_size ? need : behaviorlog_arena_chunk_size;
            fresh = (behaviorlog_arena_chunk *)malloc(sizeof(behaviorlog_arena_chunk) + capacity);
            if (fresh == NULL) abort();
            fresh->capacity = capacity;
        }
        fresh->next = chunk;
        fresh->used = 0;
        fresh->last = 0;
        behaviorlog_arena_head = fresh;
        chunk = fresh;
    }
    unsigned char *header = chunk->bytes + chunk->used;
    *(size_t *)header = size;
    chunk->last = chunk->used + 16;
    chunk->used += need;
    return header + 16;
}

static void *behaviorlog_arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / 2 / size) abort();
    void *pointer = behaviorlog_arena_allocate(count * size);
    memset(pointer, 0, count * size);
    return pointer;
}

static void *behaviorlog_arena_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return behaviorlog_arena_allocate(size);
    size_t *header = (size_t *)((unsigned char *)pointer - 16);
    size_t old = *header;
    if (size <= old) return pointer;
    behaviorlog_arena_chunk *chunk = behaviorlog_arena_head;
    if (chunk != NULL && (unsigned char *)pointer == chunk->bytes + chunk->last) {
        size_t need = ((size + 15) & ~(size_t)15) + 16;
        if (chunk->last - 16 + need <= chunk->capacity) {  /* the last allocation: grow in place */
            *header = size;
            chunk->used = chunk->last - 16 + need;
            return pointer;
        }
    }
    void *fresh = behaviorlog_arena_allocate(size);
    memcpy(fresh, pointer, old);
    return fresh;
}

static void behaviorlog_arena_free(void *pointer) { (void)pointer; }

/*
 * Frees everything the current thread's arena holds. Standard-size chunks are kept for
 * the thread's next document (no malloc churn, no heap holes between the schema's objects);
 * oversized ones are freed.
 */
static inline void behaviorlog_arena_release(void) {
    behaviorlog_arena_chunk *chunk = behaviorlog_arena_head;
    while (chunk != NULL) {
        behaviorlog_arena_chunk *next = chunk->next;
        if (chunk->capacity == behaviorlog_arena_chunk_size) {
            chunk->next = behaviorlog_arena_spare;
            behaviorlog_arena_spare = chunk;
        } else {
            free(chunk);
        }
        chunk = next;
    }
    behaviorlog_arena_head = NULL;
}

/*
 * Parses a document into the current thread's arena. The tree lives until
 * `behaviorlog_arena_release()`; do not call `cmark_node_free` on it.
 */
static inline cmark_node *behaviorlog_parse_in_arena(const char *buffer, size_t length, int options) {
    static cmark_mem memory = {behaviorlog_arena_calloc, behaviorlog_arena_realloc, behaviorlog_arena_free};
    cmark_parser *parser = cmark_parser_new_with_mem(options, &memory);
    cmark_parser_feed(parser, buffer, length);
    cmark_node *document = cmark_parser_finish(parser);
    cmark_parser_free(parser);
    return document;
}

#endif
