#ifndef BEHAVIORLOG_CCMARK_SHIM_H
#define BEHAVIORLOG_CCMARK_SHIM_H
/* CCmark over libcmark (Debian's libcmark-dev, Homebrew's cmark): `LOGGEN_CMARK=libcmark`, and
 * the default on Linux. */
#include <cmark.h>
#include <stdbool.h>

/* Whether a node is a block (not an inline). libcmark numbers the block types as one range. */
static inline bool behaviorlog_node_is_block(cmark_node *node) {
    cmark_node_type type = cmark_node_get_type(node);
    return type >= CMARK_NODE_FIRST_BLOCK && type <= CMARK_NODE_LAST_BLOCK;
}

#include "../cmark_arena.h"
#endif
