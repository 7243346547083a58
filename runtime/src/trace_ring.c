#include "trace_ring.h"

_Static_assert(sizeof(struct oc_trace_record) == 32, "the file format's record size");

size_t oc_trace_ring_pop(struct oc_trace_ring *ring, struct oc_trace_record *out, size_t max) {
  uint64_t tail = atomic_load_explicit(&ring->tail, memory_order_relaxed);
  uint64_t head = atomic_load_explicit(&ring->head, memory_order_acquire);
  size_t n = head - tail < max ? (size_t)(head - tail) : max;
  for (size_t i = 0; i < n; i++)
    out[i] = ring->records[(tail + i) & (OC_TRACE_RING_RECORDS - 1)];
  atomic_store_explicit(&ring->tail, tail + n, memory_order_release);
  return n;
}

void oc_trace_ring_reset(struct oc_trace_ring *ring) {
  atomic_store_explicit(&ring->head, 0, memory_order_relaxed);
  atomic_store_explicit(&ring->tail, 0, memory_order_relaxed);
  atomic_store_explicit(&ring->lost, 0, memory_order_relaxed);
  ring->tail_seen = 0;
  ring->run.len = 0;
}
