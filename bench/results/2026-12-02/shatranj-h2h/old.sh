#!/bin/bash
CHIMERA_WEIGHTS=/work/main/bench/results/2026-12-02/shatranj-h2h/w exec /work/bin/chimera-new "$@"
