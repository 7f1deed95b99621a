#!/bin/sh
# big_definition.sh CHIMERA DIR [LIMIT] — a 64 KB definition (X=W+W+...+W)
# must be refused by name with bounded memory (issue #12: it took 1.9 GB):
# checked under a 1 GB address-space limit unless LIMIT is "nolimit" (an
# AddressSanitizer build reserves terabytes of shadow address space and
# cannot start under any such limit; it still checks the message).
chimera=$1
file=$2/big_definition.var
{
  printf '[big]\nboard = 8x8\nsetup = 7k/8/8/8/3X4/8/8/K7 w - - 0 1\nrules = royal{K}\npieces = K X=W'
  i=1
  while [ $i -lt 32000 ]; do printf '+W'; i=$((i + 1)); done
  printf '\n'
} > "$file"
[ "${3:-}" = nolimit ] || ulimit -v 1000000
"$chimera" check "$file" 2>&1
