#!/bin/bash
CHIMERA_WEIGHTS=/work/main/bench/results/2026-12-02/makruk-d6/w exec /work/bin/chimera-base "$@"
