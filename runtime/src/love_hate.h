/*
 * oc_love and oc_hate (Neubert and Gekiere, love/hate hints): a small lock-free
 * table of loved granule ranges, which the release worker consults before it frees
 * pages and refills when the kernel evicted them; hated ranges go to the release
 * worker at once, as the lowest-priority release there is.
 */
#ifndef OC_LOVE_HATE_H
#define OC_LOVE_HATE_H

#include <stdbool.h>
#include <stdint.h>

#define OC_LOVED_RANGES 64
#define OC_LOVE_REFILL_NS 100000000L

/* The first granule in [first, end) that is loved (loved = true) or not loved
 * (false); end when there is none. */
uintptr_t oc_loved_find(uintptr_t first, uintptr_t end, bool loved);
/* Granules [first, end) are loved (true), or no longer (false: overlapping ranges are
 * trimmed). False when the table is full. Lock-free, for unit tests and oc_love. */
bool oc_loved_set(uintptr_t first, uintptr_t end, bool loved);
/* Prefetches evicted loved pages back when the limit has room for their range; the
 * release worker calls it from its housekeeping. */
void oc_love_refill(long now_ns);

#endif
