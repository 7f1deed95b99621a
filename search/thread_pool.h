/* thread_pool.h — a persistent pool of worker threads sleeping on condition
 * variables (after Stockfish's Thread::idle_loop).
 *
 * Workers are created once (and again only when the count changes), so a
 * search never creates a thread or allocates. Each worker runs `job(data)`
 * when woken and goes back to sleep when it returns.
 */
#ifndef CHIMERA_SEARCH_THREAD_POOL_H
#define CHIMERA_SEARCH_THREAD_POOL_H

#include <pthread.h>
#include <stdbool.h>

typedef void (*PoolJob)(void *data);

typedef struct {
  pthread_t handle;
  pthread_mutex_t mutex;
  pthread_cond_t cond;
  bool busy;    /* a job is queued or running */
  bool exiting; /* leave the idle loop */
  PoolJob job;
  void *data;
} PoolWorker;

/* Starts a worker thread; false if the thread could not be created. */
bool pool_worker_start(PoolWorker *worker);
/* Stops and joins a worker (waits for its job to finish first). */
void pool_worker_stop(PoolWorker *worker);
/* Wakes the worker to run job(data). The worker must be idle. */
void pool_worker_run(PoolWorker *worker, PoolJob job, void *data);
/* Blocks until the worker's job has returned. */
void pool_worker_wait(PoolWorker *worker);
bool pool_worker_busy(PoolWorker *worker);

#endif
