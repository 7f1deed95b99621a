/* options.h — the engine's options, one table for every protocol.
 *
 * UCI lists them with `option name ...`, XBoard with `feature option=...`;
 * both read this table, so the two front ends cannot disagree on a name, a
 * range or a default. Values live in the engine (engine.h), which applies the
 * side effects (loading a variant, resizing the hash).
 */
#ifndef CHIMERA_ENGINE_OPTIONS_H
#define CHIMERA_ENGINE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { OPTION_CHECK, OPTION_SPIN, OPTION_COMBO, OPTION_BUTTON, OPTION_STRING } OptionType;

typedef enum {
  OPTION_UCI_VARIANT,
  OPTION_VARIANT_PATH,
  OPTION_THREADS,
  OPTION_HASH,
  OPTION_CLEAR_HASH,
  OPTION_MULTIPV,
  OPTION_PONDER,
  OPTION_UCI_CHESS960,
  OPTION_MOVE_OVERHEAD,
  OPTION_NB
} OptionId;

typedef struct {
  OptionId id;
  const char *name; /* as UCI spells it; matched case-insensitively */
  OptionType type;
  int min, max;             /* spin */
  int default_value;        /* spin, check (0/1) */
  const char *default_text; /* combo, string */
  /* XBoard has its own commands for some (memory, cores, hard/easy, variant);
   * those are not repeated as XBoard options. */
  bool xboard_option;
} OptionSpec;

const OptionSpec *option_spec(OptionId id);

/* Finds an option by name, ignoring case and runs of spaces; -1 if unknown. */
int option_find(const char *name);

/* Parses text as a value of a check or spin option into *value. Returns 0,
 * or -1 with a message in err naming the accepted values. */
int option_parse_number(const OptionSpec *spec, const char *text, int *value, char *err,
                        size_t err_size);

#endif
