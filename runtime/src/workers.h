/* Bounded work queues and the runtime's worker threads. */
#ifndef OC_WORKERS_H
#define OC_WORKERS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define OC_QUEUE_CAPACITY 1024

struct oc_work {
  uintptr_t start;
  size_t len;
  bool bounded; /* prefetch of private memory: only what the group has room for */
  /* Release pieces: bytes of the piece marked released when queued, what it holds
   * in memory (a strided piece spans a chunk but holds a few pages). */
  size_t held;
};

/* A fixed ring: pushing never allocates and never waits; a full queue refuses. */
struct oc_queue {
  pthread_mutex_t lock;
  pthread_cond_t ready;
  pthread_cond_t drained; /* an item was taken */
  unsigned head, count; /* count: stored atomically, so its length needs no lock */
  bool stopping;
  bool woken; /* oc_queue_wake: the next pop returns even with nothing queued */
  struct oc_work ring[OC_QUEUE_CAPACITY];
};

enum oc_pop_result { OC_POP_ITEM, OC_POP_TIMEOUT, OC_POP_STOPPED };

void oc_queue_init(struct oc_queue *queue);
bool oc_queue_push(struct oc_queue *queue, const struct oc_work *work);
/* Waits up to timeout_ns (< 0: for ever) for an item. After oc_queue_stop, returns
 * the items still queued, then OC_POP_STOPPED. */
enum oc_pop_result oc_queue_pop(struct oc_queue *queue, struct oc_work *work, long timeout_ns);
/* As oc_queue_pop, taking every queued item up to max (*taken of them). */
enum oc_pop_result oc_queue_pop_many(struct oc_queue *queue, struct oc_work *works, unsigned max,
                                     unsigned *taken, long timeout_ns);
void oc_queue_stop(struct oc_queue *queue);
/* Makes a waiting (or the next) pop return OC_POP_TIMEOUT at once. */
void oc_queue_wake(struct oc_queue *queue);
/* Items queued now; lock-free (the release hint path asks it). */
unsigned oc_queue_length(struct oc_queue *queue);
/* Waits up to timeout_ns until fewer than n items are queued. */
void oc_queue_wait_below(struct oc_queue *queue, unsigned n, long timeout_ns);

void oc_queue_fork_prepare(struct oc_queue *queue);
void oc_queue_fork_parent(struct oc_queue *queue);
/* The child has no workers: the queue is emptied. */
void oc_queue_fork_child(struct oc_queue *queue);

/* The time timeout_ns from now on clock, for pthread_cond_timedwait. */
struct timespec oc_deadline_after(clockid_t clock, long timeout_ns);

/* Starts a thread with every signal blocked (the program's handlers never run on
 * runtime threads). */
bool oc_thread_start(pthread_t *thread, void *(*main)(void *), void *arg);
/* The runtime's threads that may be running (counted by oc_thread_start); the
 * spill module's moves need the program's own threads to be one. */
int oc_runtime_threads(void);
/* A forked child has none. */
void oc_threads_fork_child(void);

#endif
