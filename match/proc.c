/* proc.c — child processes and their pipes (see proc.h).
 *
 * The child gets its own process group (setpgid in the child, and again in
 * the parent to close the race), so killpg reaches the engine and anything it
 * forked. SIGPIPE is ignored by the runner: a dead engine shows as a failed
 * write, not as the death of the whole match. A table of running process
 * groups lets Ctrl-C kill them all from the signal path.
 */
#include "match/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROC_GROUPS_MAX 512
/* How often a silent engine is checked for death (ms): 4 wake-ups a second. */
#define PROC_ALIVE_CHECK_MS 250

/* Process groups started and not yet reaped (0 = free slot). Written by the
 * threads that own the children, read by proc_kill_all in a signal handler. */
static volatile sig_atomic_t proc_groups[PROC_GROUPS_MAX];
static pthread_mutex_t proc_groups_lock = PTHREAD_MUTEX_INITIALIZER;

static void proc_register_locked(pid_t pid, bool add) {
  for (int i = 0; i < PROC_GROUPS_MAX; i++) {
    if (add ? proc_groups[i] == 0 : proc_groups[i] == pid) {
      proc_groups[i] = add ? pid : 0;
      return;
    }
  }
}

static void proc_register(pid_t pid, bool add) {
  pthread_mutex_lock(&proc_groups_lock);
  proc_register_locked(pid, add);
  pthread_mutex_unlock(&proc_groups_lock);
}
void proc_kill_all(void) {
  for (int i = 0; i < PROC_GROUPS_MAX; i++)
    if (proc_groups[i] > 0) kill(-(pid_t)proc_groups[i], SIGKILL);
}

int64_t proc_clock_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int proc_start(Proc *proc, char *const *argv, const char *dir, char *err, size_t err_size) {
  memset(proc, 0, sizeof *proc);
  proc->to_child = proc->from_child = -1;
  signal(SIGPIPE, SIG_IGN);
  int in[2], out[2], status_pipe[2];
  if (pipe(in) != 0) goto fail0;
  if (pipe(out) != 0) goto fail1;
  /* Closed on a successful exec; carries errno if exec fails. */
  if (pipe(status_pipe) != 0) goto fail2;
  fcntl(status_pipe[1], F_SETFD, FD_CLOEXEC);
  pid_t pid = fork();
  if (pid < 0) goto fail3;
  if (pid == 0) {
    setpgid(0, 0);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]), close(status_pipe[0]);
    signal(SIGPIPE, SIG_DFL);
    int code = 0;
    if (dir && chdir(dir) != 0) {
      code = errno;
    } else {
      execvp(argv[0], argv);
      code = errno;
    }
    if (write(status_pipe[1], &code, sizeof code) < 0) _exit(127);
    _exit(127);
  }
  setpgid(pid, pid);
  proc_register(pid, true);
  close(in[0]), close(out[1]), close(status_pipe[1]);
  int code = 0;
  ssize_t got;
  do got = read(status_pipe[0], &code, sizeof code);
  while (got < 0 && errno == EINTR);
  close(status_pipe[0]);
  proc->pid = pid;
  proc->to_child = in[1];
  proc->from_child = out[0];
  fcntl(proc->to_child, F_SETFD, FD_CLOEXEC);
  fcntl(proc->from_child, F_SETFD, FD_CLOEXEC);
  if (got == (ssize_t)sizeof code) {
    snprintf(err, err_size, "cannot start '%s'%s%s: %s", argv[0], dir ? " in " : "", dir ? dir : "",
             strerror(code));
    proc_stop(proc, 0);
    return -1;
  }
  return 0;
fail3:
  close(status_pipe[0]), close(status_pipe[1]);
fail2:
  close(out[0]), close(out[1]);
fail1:
  close(in[0]), close(in[1]);
fail0:
  snprintf(err, err_size, "cannot start '%s': %s", argv[0], strerror(errno));
  return -1;
}

bool proc_send(Proc *proc, const char *line) {
  if (proc->to_child < 0) return false;
  size_t n = strlen(line);
  char *text = malloc(n + 1);
  if (!text) return false;
  memcpy(text, line, n);
  text[n] = '\n';
  size_t done = 0;
  bool ok = true;
  while (done < n + 1) {
    ssize_t w = write(proc->to_child, text + done, n + 1 - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      ok = false;
      break;
    }
    done += (size_t)w;
  }
  free(text);
  return ok;
}

/* Moves one complete line from the buffer into line; false if none. */
static bool proc_take_line(Proc *proc, char *line, size_t size) {
  char *nl = proc->len ? memchr(proc->buf, '\n', proc->len) : NULL;
  /* A line longer than PROC_LINE_MAX is cut: garbage must not grow memory. */
  if (!nl && proc->len < PROC_LINE_MAX && !(proc->eof && proc->len)) return false;
  size_t used = nl ? (size_t)(nl - proc->buf) + 1 : proc->len;
  size_t text = nl ? used - 1 : used;
  if (text && proc->buf[text - 1] == '\r') text--;
  size_t copy = text < size - 1 ? text : size - 1;
  memcpy(line, proc->buf, copy);
  line[copy] = '\0';
  memmove(proc->buf, proc->buf + used, proc->len - used);
  proc->len -= used;
  return true;
}

int proc_read_line(Proc *proc, char *line, size_t size, int64_t deadline_ms) {
  bool looked_late = false; /* past the deadline, the pipe is still looked at once */
  for (;;) {
    if (proc_take_line(proc, line, size)) return 1;
    if (proc->eof || proc->from_child < 0) return -1;
    int wait_ms = -1;
    if (deadline_ms >= 0) {
      int64_t left = deadline_ms - proc_clock_ms();
      if (left <= 0) {
        if (looked_late) return 0;
        looked_late = true;
        left = 0;
      }
      wait_ms = left > 1000000 ? 1000000 : (int)left;
    }
    /* Wake up now and then to see whether the engine itself is still
     * there: a helper it started may hold the pipe open after it died. */
    if (wait_ms < 0 || wait_ms > PROC_ALIVE_CHECK_MS) wait_ms = PROC_ALIVE_CHECK_MS;
    struct pollfd pfd = {.fd = proc->from_child, .events = POLLIN};
    int ready = poll(&pfd, 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return -1;
    if (ready == 0) {
      if (!proc_alive(proc)) proc->eof = true;
      continue; /* the deadline check above decides */
    }
    if (proc->cap - proc->len < 4096) {
      size_t cap = proc->cap ? proc->cap * 2 : 8192;
      char *grown = realloc(proc->buf, cap);
      if (!grown) return -1;
      proc->buf = grown, proc->cap = cap;
    }
    ssize_t got = read(proc->from_child, proc->buf + proc->len, proc->cap - proc->len);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      proc->eof = true;
      continue;
    }
    proc->len += (size_t)got;
  }
}

bool proc_alive(Proc *proc) {
  if (proc->pid <= 0) return false;
  int status;
  pid_t r = waitpid(proc->pid, &status, WNOHANG);
  if (r == proc->pid) {
    /* The leader is gone; anything it left in its group goes too. */
    kill(-proc->pid, SIGKILL);
    proc_register(proc->pid, false);
    proc->pid = 0;
    return false;
  }
  return true;
}

void proc_stop(Proc *proc, int grace_ms) {
  if (proc->to_child >= 0) close(proc->to_child);
  proc->to_child = -1;
  if (proc->pid > 0) {
    int64_t deadline = proc_clock_ms() + grace_ms;
    int status;
    pid_t r = 0;
    while ((r = waitpid(proc->pid, &status, WNOHANG)) == 0 && proc_clock_ms() < deadline) {
      struct timespec nap = {0, 10 * 1000000};
      nanosleep(&nap, NULL);
    }
    kill(-proc->pid, SIGKILL);
    if (r == 0) waitpid(proc->pid, &status, 0);
    proc_register(proc->pid, false);
    proc->pid = 0;
  }
  if (proc->from_child >= 0) close(proc->from_child);
  proc->from_child = -1;
  free(proc->buf);
  proc->buf = NULL;
  proc->len = proc->cap = 0;
}
