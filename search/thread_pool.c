/* thread_pool.c — idle loop, wake-up and wait for persistent workers. */
#include "search/thread_pool.h"

static void *pool_idle_loop(void *arg) {
  PoolWorker *worker = arg;
  pthread_mutex_lock(&worker->mutex);
  for (;;) {
    /* 1. Sleep until there is a job or we must leave. */
    while (!worker->busy && !worker->exiting) pthread_cond_wait(&worker->cond, &worker->mutex);
    if (worker->exiting && !worker->busy) break;

    /* 2. Run the job without holding the lock. */
    PoolJob job = worker->job;
    void *data = worker->data;
    pthread_mutex_unlock(&worker->mutex);
    job(data);
    pthread_mutex_lock(&worker->mutex);

    /* 3. Tell waiters the job is done. */
    worker->busy = false;
    pthread_cond_broadcast(&worker->cond);
  }
  pthread_mutex_unlock(&worker->mutex);
  return NULL;
}

bool pool_worker_start(PoolWorker *worker) {
  worker->busy = false;
  worker->exiting = false;
  worker->job = NULL;
  worker->data = NULL;
  pthread_mutex_init(&worker->mutex, NULL);
  pthread_cond_init(&worker->cond, NULL);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 8u << 20); /* deep recursion on big boards */
  bool ok = pthread_create(&worker->handle, &attr, pool_idle_loop, worker) == 0;
  pthread_attr_destroy(&attr);
  if (!ok) {
    pthread_mutex_destroy(&worker->mutex);
    pthread_cond_destroy(&worker->cond);
  }
  return ok;
}

void pool_worker_stop(PoolWorker *worker) {
  pthread_mutex_lock(&worker->mutex);
  worker->exiting = true;
  pthread_cond_broadcast(&worker->cond);
  pthread_mutex_unlock(&worker->mutex);
  pthread_join(worker->handle, NULL);
  pthread_mutex_destroy(&worker->mutex);
  pthread_cond_destroy(&worker->cond);
}

void pool_worker_run(PoolWorker *worker, PoolJob job, void *data) {
  pthread_mutex_lock(&worker->mutex);
  while (worker->busy) pthread_cond_wait(&worker->cond, &worker->mutex);
  worker->job = job;
  worker->data = data;
  worker->busy = true;
  pthread_cond_broadcast(&worker->cond);
  pthread_mutex_unlock(&worker->mutex);
}

void pool_worker_wait(PoolWorker *worker) {
  pthread_mutex_lock(&worker->mutex);
  while (worker->busy) pthread_cond_wait(&worker->cond, &worker->mutex);
  pthread_mutex_unlock(&worker->mutex);
}

bool pool_worker_busy(PoolWorker *worker) {
  pthread_mutex_lock(&worker->mutex);
  bool busy = worker->busy;
  pthread_mutex_unlock(&worker->mutex);
  return busy;
}
