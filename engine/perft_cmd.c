/* perft_cmd.c — `chimera perft`: counts the legal move tree of a position of
 * any loaded variant, the way `go perft` does over UCI, for testing the move
 * generator against reference counts from the command line.
 */
#include "engine/perft_cmd.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/perft.h"
#include "board/position.h"
#include "engine/variant_set.h"

static int perft_usage(FILE *err, const char *why) {
  fprintf(err, "chimera perft: %s\n", why);
  fprintf(err, "usage: chimera perft [--variant NAME] [--fen FEN] [--chess960] [--load FILE] "
               "[--divide] DEPTH\n");
  return 1;
}

int perft_cmd_run(int argc, char *const *argv, FILE *out, FILE *err) {
  const char *variant_name = "chess", *fen = NULL, *load = NULL;
  bool divide = false, chess960 = false;
  int depth = -1;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    if (!strcmp(a, "--variant") && has_value) {
      variant_name = argv[++i];
    } else if (!strcmp(a, "--fen") && has_value) {
      fen = argv[++i];
    } else if (!strcmp(a, "--load") && has_value) {
      load = argv[++i];
    } else if (!strcmp(a, "--divide")) {
      divide = true;
    } else if (!strcmp(a, "--chess960")) {
      chess960 = true;
    } else if (a[0] != '-' && depth < 0) {
      char *end;
      long d = strtol(a, &end, 10);
      if (*end || d < 0 || d > 64) return perft_usage(err, "DEPTH must be a number 0..64");
      depth = (int)d;
    } else {
      char why[160];
      snprintf(why, sizeof why, "unexpected argument '%s'", a);
      return perft_usage(err, why);
    }
  }
  if (depth < 0) return perft_usage(err, "missing DEPTH");

  char msg[512];
  VariantSet set;
  memset(&set, 0, sizeof set);
  int loaded = load ? variant_set_load_path(&set, load, msg, sizeof msg)
                    : variant_set_load_default(&set, msg, sizeof msg);
  int index = variant_set_find(&set, variant_name);
  if (index < 0) {
    if (loaded < 0) fprintf(err, "chimera perft: %s\n", msg);
    char why[512];
    if (variant_set_why_unplayable(&set, variant_name, why, sizeof why))
      fprintf(err, "chimera perft: variant '%s' cannot be played: %s\n", variant_name, why);
    else
      fprintf(err, "chimera perft: unknown variant '%s'\n", variant_name);
    variant_set_free(&set);
    return 1;
  }
  if (!perft_variant_ready(set.variants[index], msg, sizeof msg)) {
    fprintf(err, "chimera perft: %s\n", msg);
    variant_set_free(&set);
    return 1;
  }
  int status = 0;
  Position *pos = pos_new(set.variants[index], msg, sizeof msg);
  if (!pos) {
    fprintf(err, "chimera perft: variant '%s': %s\n", variant_name, msg);
    status = 1;
  } else {
    pos_set_chess960(pos, chess960);
    if (fen && !pos_set_fen(pos, fen, msg, sizeof msg)) {
      fprintf(err, "chimera perft: %s\n", msg);
      status = 1;
    } else {
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      uint64_t nodes = perft_divide(pos, depth, divide ? out : NULL);
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
      if (divide) fprintf(out, "\n");
      fprintf(out, "Time (ms): %.0f\n", seconds * 1000);
      fprintf(out, "Nodes/second: %.0f\n", seconds > 0 ? (double)nodes / seconds : 0.0);
      fprintf(out, "Nodes searched: %llu\n", (unsigned long long)nodes);
    }
    pos_free(pos);
  }
  variant_set_free(&set);
  return status;
}
