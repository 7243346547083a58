#include "spill_arena.h"

#include <string.h>

void oc_arena_extents_init(struct oc_arena_extents *a, size_t capacity) {
  a->capacity = capacity;
  a->top = 0;
  a->free_count = 0;
}

static void remove_free(struct oc_arena_extents *a, size_t i) {
  memmove(&a->free[i], &a->free[i + 1], (a->free_count - i - 1) * sizeof a->free[0]);
  a->free_count--;
}

static size_t align_up(size_t off, size_t align) { return (off + align - 1) & ~(align - 1); }

/* Inserts the free extent [off, off + len) at index i of the sorted list, which has
 * a free slot and no neighbour that touches it. */
static void insert_free(struct oc_arena_extents *a, size_t i, size_t off, size_t len) {
  memmove(&a->free[i + 1], &a->free[i], (a->free_count - i) * sizeof a->free[0]);
  a->free[i] = (struct oc_arena_extent){off, len};
  a->free_count++;
}

bool oc_arena_extents_take(struct oc_arena_extents *a, size_t len, size_t align, size_t *off) {
  for (size_t i = 0; i < a->free_count; i++) {
    struct oc_arena_extent *e = &a->free[i];
    size_t at = align_up(e->off, align), end = e->off + e->len;
    if (at > end || end - at < len)
      continue;
    bool both_sides = at > e->off && at + len < end;
    if (both_sides && a->free_count == OC_ARENA_FREE_MAX)
      continue; /* no slot for the part after it */
    *off = at;
    if (at > e->off) { /* the part before stays free */
      e->len = at - e->off;
      if (at + len < end)
        insert_free(a, i + 1, at + len, end - (at + len));
    } else {
      e->off += len;
      e->len -= len;
      if (e->len == 0)
        remove_free(a, i);
    }
    return true;
  }
  size_t at = align_up(a->top, align);
  if (at < a->top || at > a->capacity || len > a->capacity - at)
    return false;
  size_t gap = at - a->top;
  *off = at;
  a->top = at + len;
  if (gap > 0 && a->free_count < OC_ARENA_FREE_MAX) /* the gap below the block is free */
    insert_free(a, a->free_count, at - gap, gap);
  return true;
}

void oc_arena_extents_give(struct oc_arena_extents *a, size_t off, size_t len) {
  size_t i = 0; /* the first free extent after off */
  while (i < a->free_count && a->free[i].off < off)
    i++;
  if (i > 0 && a->free[i - 1].off + a->free[i - 1].len == off) {
    off = a->free[i - 1].off; /* merge with the one before */
    len += a->free[i - 1].len;
    remove_free(a, --i);
  }
  if (i < a->free_count && off + len == a->free[i].off) {
    len += a->free[i].len; /* and with the one after */
    remove_free(a, i);
  }
  if (off + len == a->top) {
    a->top = off;
    return;
  }
  if (a->free_count == OC_ARENA_FREE_MAX)
    return; /* never handed out again */
  insert_free(a, i, off, len);
}

struct oc_arena_extent oc_arena_extents_free_around(const struct oc_arena_extents *a, size_t off,
                                                    size_t len) {
  size_t lo = 0, hi = a->free_count; /* the first free extent starting after off */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (a->free[mid].off <= off)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo > 0 && off + len <= a->free[lo - 1].off + a->free[lo - 1].len)
    return a->free[lo - 1];
  return (struct oc_arena_extent){off, len};
}

bool oc_arena_pending_add(struct oc_arena_pending *p, size_t off, size_t len) {
  for (size_t i = 0; i < p->count; i++) {
    struct oc_arena_extent *r = &p->range[i];
    if (r->off + r->len == off || off + len == r->off) {
      r->off = off < r->off ? off : r->off;
      r->len += len;
      p->bytes += len;
      return true;
    }
  }
  if (p->count == OC_ARENA_PENDING_MAX)
    return false;
  p->range[p->count++] = (struct oc_arena_extent){off, len};
  p->bytes += len;
  return true;
}

bool oc_arena_pending_meets(const struct oc_arena_pending *p, size_t off, size_t len) {
  for (size_t i = 0; i < p->count; i++)
    if (p->range[i].off < off + len && off < p->range[i].off + p->range[i].len)
      return true;
  return false;
}

bool oc_arena_pending_cancel(struct oc_arena_pending *p, size_t off, size_t len) {
  for (size_t i = 0; i < p->count; i++) {
    struct oc_arena_extent *r = &p->range[i];
    if (off < r->off || r->off + r->len < off + len)
      continue;
    struct oc_arena_extent after = {off + len, r->off + r->len - (off + len)};
    bool split = off > r->off && after.len > 0;
    if (split && p->count == OC_ARENA_PENDING_MAX)
      return false;
    r->len = off - r->off;
    if (r->len == 0)
      *r = p->range[--p->count];
    if (after.len > 0)
      p->range[p->count++] = after;
    p->bytes -= len;
    return true;
  }
  return false;
}
