#ifndef BEHAVIORLOG_GFM_NODE_H
#define BEHAVIORLOG_GFM_NODE_H
/* What cmark-gfm (Debian's library and the swift-cmark package alike) spells differently from
 * libcmark; included after <cmark-gfm.h>. */
#include <stdbool.h>

/* Whether a node is a block (not an inline). cmark-gfm has no block range (extensions add
 * types at run time, and `CMARK_NODE_LAST_BLOCK` is a variable): the type carries its kind
 * in its high bits. */
static inline bool behaviorlog_node_is_block(cmark_node *node) {
    return (cmark_node_get_type(node) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK;
}
#endif
