#ifndef BEHAVIORLOG_CCMARK_PACKAGE_H
#define BEHAVIORLOG_CCMARK_PACKAGE_H
/* CCmark over the swift-cmark package (product `cmark-gfm`, the C library swift-markdown and
 * DocC use): the default on a Mac, and `LOGGEN_CMARK=swift-cmark` anywhere. SwiftPM fetches and
 * builds it with the package, so neither Homebrew nor pkg-config is involved. */
#include <cmark-gfm.h>
#include "../../gfm_node.h"
#include "../../cmark_arena.h"
#endif
