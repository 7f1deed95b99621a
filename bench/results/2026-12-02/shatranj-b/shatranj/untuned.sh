#!/bin/bash
CHIMERA_WEIGHTS=none exec /work/bin/chimera-new "$@"
