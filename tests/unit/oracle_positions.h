/* oracle_positions.h — the repository's copy of the oracle
 * (tests/data/oracle/perft.tsv) read one position at a time: the rows of
 * one position differ only in depth, so each (variant, FEN, chess960) comes
 * once. A missing file fails the test, never passes it without comparing.
 * Header-only, like shipped_library.h. */
#ifndef CHIMERA_TESTS_ORACLE_POSITIONS_H
#define CHIMERA_TESTS_ORACLE_POSITIONS_H

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  FILE *tsv;
  char line[8192], last[8192];
  const char *variant, *fen; /* the current position, valid until the next call */
  bool chess960;
} OraclePositions;

static void oracle_positions_open(OraclePositions *o) {
  o->tsv = fopen(CHIMERA_ORACLE_DIR "/perft.tsv", "r");
  ck_assert_msg(o->tsv != NULL, "cannot open %s/perft.tsv", CHIMERA_ORACLE_DIR);
  o->last[0] = '\0';
}

/* Steps to the next position; false at the end of the file (closed then). */
static bool oracle_positions_next(OraclePositions *o) {
  while (fgets(o->line, sizeof o->line, o->tsv)) {
    char *fields[8] = {0};
    int n = 0;
    for (char *save = NULL, *f = strtok_r(o->line, "\t\n", &save); f && n < 8;
         f = strtok_r(NULL, "\t\n", &save))
      fields[n++] = f;
    if (n < 5 || !strcmp(fields[0], "variant")) continue;
    char key[8192];
    snprintf(key, sizeof key, "%s\t%s\t%s", fields[0], fields[1], fields[4]);
    if (!strcmp(key, o->last)) continue;
    snprintf(o->last, sizeof o->last, "%s", key);
    o->variant = fields[0];
    o->fen = fields[1];
    o->chess960 = !strcmp(fields[4], "1");
    return true;
  }
  fclose(o->tsv);
  o->tsv = NULL;
  return false;
}

#endif
