/* test_mbn_conformance.c — docs/mbn.md's conformance table is true row by
 * row: every example of its "example" column is compiled in a small variant
 * and loaded by the board, and the outcome must be what the row's status
 * says. "yes ..." rows: the variant loads without a diagnostic; "compiled
 * ..." rows: the compiler accepts it and the board refuses it by name
 * ("cannot be played: ..."); "no ..." and "rejected ..." rows: an error at
 * file:line:col. Examples written with "..." are schemas, not text, and are
 * left out. A bare move is the move of a piece X beside K, C, L and P (piece
 * sets name them); a whole definition (`PS=mfWcfF`, `@Y=fN :X:=Y02`,
 * `O-O=...`) is the pieces text beside K, and beside K Q R B N P for a
 * promotion (`+P==QRBN`); castling (`O-O=...`) is beside K and R under
 * royal{K}=castle; a drop rule (`K $K==@k@K`) starts with the kings in
 * the hands, Black to move. Board transitions need levels, so
 * examples with '<' are played on 5x5x5, and those of 4D boards (<z;w>,
 * <4d>, <3o>, ...) on 3x3x3x3. */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/position.h"
#include "mbn/variant_library.h"

Suite *test_suite(void);

typedef enum { EXPECT_PLAY, EXPECT_COMPILED, EXPECT_REFUSED, EXPECT_UNKNOWN } Expect;

static Expect expect_of(const char *status) {
  if (!strncmp(status, "yes", 3)) return EXPECT_PLAY;
  if (!strncmp(status, "compiled", 8)) return EXPECT_COMPILED;
  if (!strncmp(status, "no", 2) || !strncmp(status, "rejected", 8)) return EXPECT_REFUSED;
  return EXPECT_UNKNOWN;
}

/* Whether the example is a whole pieces text rather than one move. */
static bool is_definition(const char *e) {
  if (e[0] == '@' || e[0] == '+' || e[0] == '-' || e[0] == '#' || e[0] == '$' || e[0] == '\'' ||
      !strncmp(e, "O-O", 3) || strchr(e, ' '))
    return true;
  /* X=..., :BM:=..., C<2>=..., PS=... */
  const char *eq = strchr(e, '=');
  if (!eq) return false;
  for (const char *s = e; s < eq; s++)
    if (!(isalnum((unsigned char)*s) || strchr(":<>,*|", *s))) return false; /* |Name| too */
  return isupper((unsigned char)e[0]) || e[0] == ':';
}

/* Compiles and loads the example; returns how it went and the first
 * diagnostic in `message`. */
static Expect outcome(const char *example, char *message, size_t size) {
  bool levels = strchr(example, '<') != NULL;
  /* <z;w> and the operators of MBN section 10 need a 4D board */
  bool four_d = levels && (strchr(example, ';') || strstr(example, "d>") || strstr(example, "o>"));
  bool castling = strstr(example, "O-O") != NULL;
  char pieces[512];
  if (!is_definition(example))
    snprintf(pieces, sizeof pieces, "K C L P X=%s", example);
  else if (!strncmp(example, "K=", 2) || !strncmp(example, "K ", 2))
    snprintf(pieces, sizeof pieces, "%s", example);
  else if (example[0] == '+') /* promotions name the orthodox pieces */
    snprintf(pieces, sizeof pieces, "K Q R B N P %s", example);
  else if (castling) /* castling with the rook, under royal{K}=castle */
    snprintf(pieces, sizeof pieces, "K R %s", example);
  else
    snprintf(pieces, sizeof pieces, "K %s", example);
  /* a drop rule ($K==@k@K) drops the kings: they start in the hands, Black to move */
  bool drops = strstr(example, "==@") != NULL;
  char text[1024];
  snprintf(text, sizeof text, "[v]\nboard = %s\nsetup = %s\npieces = %s\nrules = %s\n",
           four_d   ? "3x3x3x3"
           : levels ? "5x5x5"
                    : "8x8",
           four_d   ? "2k/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/3|3/3/K2 w - - 0 1"
           : levels ? "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1"
           : drops  ? "8/8/8/8/8/8/8/8[Kk] b - - 0 1"
                    : "7k/8/8/8/8/8/8/K7 w - - 0 1",
           pieces, castling ? "royal{K}=castle" : "royal{K}");
  VariantDiagnostics diags = {0};
  VariantLibrary *lib = library_new();
  library_add_text(lib, "v.var", text, &diags);
  library_compile(lib, &diags);
  Expect got = EXPECT_PLAY;
  message[0] = '\0';
  if (diags.count) {
    snprintf(message, size, "%s", diags.items[0]);
    got = strstr(diags.items[0], "cannot be played") ? EXPECT_COMPILED : EXPECT_REFUSED;
  } else {
    char err[256];
    Position *pos = pos_new(library_find(lib, "v"), err, sizeof err);
    if (!pos) {
      snprintf(message, size, "%s", err);
      got = EXPECT_COMPILED;
    }
    pos_free(pos);
  }
  variant_diag_free(&diags);
  library_free(lib);
  return got;
}

/* Splits a table line into cells at '|' outside backticks (comments such as
 * `I|Nightrider|=N0` hold '|'); returns the cell count. */
static int split_cells(char *line, char **cells, int max) {
  int n = 0;
  bool code = false;
  char *start = NULL;
  for (char *s = line; *s; s++) {
    if (*s == '`') code = !code;
    if (*s == '|' && !code) {
      *s = '\0';
      if (start && n < max) cells[n++] = start;
      start = s + 1;
    }
  }
  for (int i = 0; i < n; i++) {
    while (isspace((unsigned char)*cells[i])) cells[i]++;
    size_t len = strlen(cells[i]);
    while (len && isspace((unsigned char)cells[i][len - 1])) cells[i][--len] = '\0';
  }
  return n;
}

START_TEST(every_example_row_is_true) {
  FILE *f = fopen(CHIMERA_SOURCE_DIR "/docs/mbn.md", "r");
  ck_assert_ptr_nonnull(f);
  char line[2048];
  bool in_table = false;
  int examples = 0, rows = 0, failures = 0;
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "## ", 3)) in_table = !strncmp(line, "## Conformance table", 20);
    if (!in_table || strncmp(line, "| ", 2) || !strncmp(line, "| construct", 11)) continue;
    char *cells[8];
    int n = split_cells(line, cells, 8);
    if (n < 3) continue;
    Expect want = expect_of(cells[n - 1]);
    ck_assert_msg(want != EXPECT_UNKNOWN, "row '%s': status '%s' is not yes/compiled/no/rejected",
                  cells[0], cells[n - 1]);
    rows++;
    for (char *s = cells[1]; (s = strchr(s, '`'));) {
      char *end = strchr(s + 1, '`');
      if (!end) break;
      char example[256];
      snprintf(example, sizeof example, "%.*s", (int)(end - s - 1), s + 1);
      s = end + 1;
      if (strstr(example, "...") || !example[0]) continue;
      examples++;
      char message[512];
      Expect got = outcome(example, message, sizeof message);
      if (got != want) {
        failures++;
        fprintf(stderr, "row '%s': example '%s' is %s, the table says '%s' (%s)\n", cells[0],
                example,
                got == EXPECT_PLAY       ? "played"
                : got == EXPECT_COMPILED ? "compiled, refused by the board"
                                         : "rejected",
                cells[n - 1], message);
      }
      /* a refusal names its place */
      if (got == EXPECT_REFUSED && want == EXPECT_REFUSED)
        ck_assert_msg(!strncmp(message, "v.var:", 6), "'%s': %s", example, message);
    }
  }
  fclose(f);
  ck_assert_int_ge(rows, 75);                              /* 80 when this was written */
  ck_assert_msg(examples >= 100, "%d examples", examples); /* 137 when this was written */
  ck_assert_msg(failures == 0, "%d of %d examples disagree with docs/mbn.md (listed above)",
                failures, examples);
}
END_TEST

Suite *test_suite(void) {
  Suite *suite = suite_create("mbn_conformance");
  TCase *tc = tcase_create("table");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, every_example_row_is_true);
  suite_add_tcase(suite, tc);
  return suite;
}
