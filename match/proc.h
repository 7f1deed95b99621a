/* proc.h — an engine as a child process talking through pipes.
 *
 * Owns fork/exec, the pipes and the child's life: the child runs in its own
 * process group so that stopping it kills whatever it started too (no orphan
 * helpers), and every read waits in poll() with a deadline, so a silent or
 * hung engine costs no CPU and never blocks the runner forever.
 */
#ifndef CHIMERA_MATCH_PROC_H
#define CHIMERA_MATCH_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PROC_ARGS_MAX 32
#define PROC_LINE_MAX 65536

typedef struct {
  pid_t pid;    /* 0 when not running */
  int to_child; /* the child's stdin */
  int from_child;
  char *buf; /* bytes read but not yet returned as lines */
  size_t len, cap;
  bool eof;
} Proc;

/* Starts argv[0] (searched in PATH when it has no '/') in dir (NULL: the
 * current folder), its stderr left as ours. Returns 0, or -1 with err. */
int proc_start(Proc *proc, char *const *argv, const char *dir, char *err, size_t err_size);
/* Writes one line (a newline is added). False if the child has gone. */
bool proc_send(Proc *proc, const char *line);
/* Reads one line into line (without the newline), waiting until deadline_ms
 * (proc_clock_ms scale; <0: forever; a past deadline still takes what the
 * pipe holds now). Returns 1 for a line, 0 on timeout, -1 when the child
 * closed its output or died. */
int proc_read_line(Proc *proc, char *line, size_t size, int64_t deadline_ms);
/* Whether the child is still running (reaps it if not). */
bool proc_alive(Proc *proc);
/* Waits up to grace_ms for the child to exit by itself, then kills its whole
 * process group and reaps it. Safe on a stopped Proc. */
void proc_stop(Proc *proc, int grace_ms);
/* Kills every process group this module started and has not reaped yet:
 * for a signal handler's path out. Async-signal-safe. */
void proc_kill_all(void);

/* Milliseconds of a monotonic clock. */
int64_t proc_clock_ms(void);

#endif
