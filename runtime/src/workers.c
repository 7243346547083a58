#include "workers.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

void oc_queue_init(struct oc_queue *q) {
  pthread_mutex_init(&q->lock, NULL);
  pthread_condattr_t attr;
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&q->ready, &attr);
  pthread_cond_init(&q->drained, &attr);
  pthread_condattr_destroy(&attr);
  q->head = q->count = 0;
  q->stopping = q->woken = false;
}

bool oc_queue_push(struct oc_queue *q, const struct oc_work *work) {
  pthread_mutex_lock(&q->lock);
  bool accepted = !q->stopping && q->count < OC_QUEUE_CAPACITY;
  if (accepted) {
    q->ring[(q->head + q->count) % OC_QUEUE_CAPACITY] = *work;
    __atomic_store_n(&q->count, q->count + 1, __ATOMIC_RELAXED);
    pthread_cond_signal(&q->ready);
  }
  pthread_mutex_unlock(&q->lock);
  return accepted;
}

struct timespec oc_deadline_after(clockid_t clock, long timeout_ns) {
  struct timespec deadline;
  clock_gettime(clock, &deadline);
  deadline.tv_sec += timeout_ns / 1000000000L;
  deadline.tv_nsec += timeout_ns % 1000000000L;
  if (deadline.tv_nsec >= 1000000000L) {
    deadline.tv_sec++;
    deadline.tv_nsec -= 1000000000L;
  }
  return deadline;
}

enum oc_pop_result oc_queue_pop_many(struct oc_queue *q, struct oc_work *works, unsigned max,
                                     unsigned *taken, long timeout_ns) {
  struct timespec deadline = oc_deadline_after(CLOCK_MONOTONIC, timeout_ns >= 0 ? timeout_ns : 0);
  enum oc_pop_result result = OC_POP_ITEM;
  *taken = 0;
  pthread_mutex_lock(&q->lock);
  while (q->count == 0 && !q->stopping) {
    int rc = q->woken ? ETIMEDOUT
             : timeout_ns >= 0 ? pthread_cond_timedwait(&q->ready, &q->lock, &deadline)
                               : pthread_cond_wait(&q->ready, &q->lock);
    if (rc == ETIMEDOUT && q->count == 0) {
      result = OC_POP_TIMEOUT;
      break;
    }
  }
  q->woken = false;
  if (result == OC_POP_ITEM) {
    while (q->count && *taken < max) {
      works[(*taken)++] = q->ring[q->head];
      q->head = (q->head + 1) % OC_QUEUE_CAPACITY;
      __atomic_store_n(&q->count, q->count - 1, __ATOMIC_RELAXED);
    }
    if (*taken)
      pthread_cond_broadcast(&q->drained);
    else
      result = OC_POP_STOPPED;
  }
  pthread_mutex_unlock(&q->lock);
  return result;
}

enum oc_pop_result oc_queue_pop(struct oc_queue *q, struct oc_work *work, long timeout_ns) {
  unsigned taken;
  return oc_queue_pop_many(q, work, 1, &taken, timeout_ns);
}

void oc_queue_wait_below(struct oc_queue *q, unsigned n, long timeout_ns) {
  struct timespec deadline = oc_deadline_after(CLOCK_MONOTONIC, timeout_ns);
  pthread_mutex_lock(&q->lock);
  while (q->count >= n && !q->stopping &&
         pthread_cond_timedwait(&q->drained, &q->lock, &deadline) != ETIMEDOUT)
    ;
  pthread_mutex_unlock(&q->lock);
}

void oc_queue_wake(struct oc_queue *q) {
  pthread_mutex_lock(&q->lock);
  q->woken = true;
  pthread_cond_signal(&q->ready);
  pthread_mutex_unlock(&q->lock);
}

void oc_queue_stop(struct oc_queue *q) {
  pthread_mutex_lock(&q->lock);
  q->stopping = true;
  pthread_cond_broadcast(&q->ready);
  pthread_cond_broadcast(&q->drained);
  pthread_mutex_unlock(&q->lock);
}

unsigned oc_queue_length(struct oc_queue *q) { return __atomic_load_n(&q->count, __ATOMIC_RELAXED); }

void oc_queue_fork_prepare(struct oc_queue *q) { pthread_mutex_lock(&q->lock); }
void oc_queue_fork_parent(struct oc_queue *q) { pthread_mutex_unlock(&q->lock); }
void oc_queue_fork_child(struct oc_queue *q) {
  pthread_mutex_unlock(&q->lock);
  oc_queue_init(q);
}

/* Counted from before pthread_create until the thread's main returns, is cancelled
 * or exits: never fewer than the runtime's threads that may be running. */
static _Atomic(int) live_threads;

struct thread_start {
  void *(*main)(void *);
  void *arg;
};

static void thread_ended(void *unused) {
  (void)unused;
  atomic_fetch_sub_explicit(&live_threads, 1, memory_order_relaxed);
}

static void *counted_thread_main(void *start) {
  struct thread_start s = *(struct thread_start *)start;
  free(start);
  void *result;
  pthread_cleanup_push(thread_ended, NULL);
  result = s.main(s.arg);
  pthread_cleanup_pop(1);
  return result;
}

bool oc_thread_start(pthread_t *thread, void *(*main)(void *), void *arg) {
  struct thread_start *start = malloc(sizeof *start);
  if (!start)
    return false;
  *start = (struct thread_start){main, arg};
  atomic_fetch_add_explicit(&live_threads, 1, memory_order_relaxed);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  bool started = pthread_create(thread, NULL, counted_thread_main, start) == 0;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (!started) {
    free(start);
    thread_ended(NULL);
  }
  return started;
}

int oc_runtime_threads(void) { return atomic_load_explicit(&live_threads, memory_order_relaxed); }

void oc_threads_fork_child(void) { atomic_store_explicit(&live_threads, 0, memory_order_relaxed); }
