#!/bin/bash
CHIMERA_WEIGHTS=none exec /work/exp/shatranj/chimera-7d391a4 "$@"
