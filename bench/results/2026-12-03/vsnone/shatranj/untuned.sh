#!/bin/bash
CHIMERA_WEIGHTS=none exec /work/main/build/chimera "$@"
