#include "spill_slab.h"

#include <string.h>

/* Classes 0..7: 16..128 bytes; then, per doubling from 128, four steps of a
 * quarter of the lower bound (160, 192, 224, 256, 320, ...), up to 4096. */
unsigned oc_slab_class_of(size_t bytes) {
  if (bytes <= 128)
    return bytes ? (unsigned)((bytes - 1) / 16) : 0;
  size_t s = bytes - 1;
  unsigned e = 63 - (unsigned)__builtin_clzl(s); /* s in [2^e, 2^(e+1)) */
  return 8 + (e - 7) * 4 + (unsigned)((s >> (e - 2)) & 3);
}

unsigned oc_slab_class_aligned(size_t bytes, size_t align) {
  unsigned cls = oc_slab_class_of(bytes);
  /* Every slot is 16-byte aligned; the last class, a page, is any multiple. */
  while (align > OC_SLAB_MIN_SLOT && oc_slab_class_bytes(cls) % align != 0)
    cls++;
  return cls;
}

size_t oc_slab_class_bytes(unsigned cls) {
  if (cls < 8)
    return (size_t)(cls + 1) * 16;
  unsigned e = 7 + (cls - 8) / 4, q = (cls - 8) % 4;
  return (size_t)(5 + q) << (e - 2);
}

void oc_slab_run_init(struct oc_slab_run *r, unsigned cls, size_t off, uint32_t id) {
  memset(r, 0, sizeof *r);
  r->off = off;
  r->id = id;
  r->cls = (uint16_t)cls;
  r->slots = (uint16_t)(OC_SLAB_RUN_BYTES / oc_slab_class_bytes(cls));
}

long oc_slab_run_take(struct oc_slab_run *r) {
  if (r->used == r->slots)
    return -1;
  size_t words = ((size_t)r->slots + 63) / 64;
  for (size_t w = r->scan; w < words; w++) {
    uint64_t free_bits = ~r->taken[w];
    if (w == words - 1 && r->slots % 64)
      free_bits &= ((uint64_t)1 << (r->slots % 64)) - 1;
    if (!free_bits)
      continue;
    unsigned bit = (unsigned)__builtin_ctzll(free_bits);
    r->taken[w] |= (uint64_t)1 << bit;
    r->used++;
    r->scan = (uint16_t)w;
    return (long)((w * 64 + bit) * oc_slab_class_bytes(r->cls));
  }
  return -1; /* not reached: used < slots means a free bit at or after scan */
}

bool oc_slab_run_give(struct oc_slab_run *r, size_t offset) {
  size_t size = oc_slab_class_bytes(r->cls), slot = offset / size;
  if (offset % size || slot >= r->slots)
    return false;
  uint64_t bit = (uint64_t)1 << (slot % 64);
  if (!(r->taken[slot / 64] & bit))
    return false;
  r->taken[slot / 64] &= ~bit;
  r->used--;
  if (slot / 64 < r->scan)
    r->scan = (uint16_t)(slot / 64);
  return true;
}
