#!/usr/bin/env bash
# THE main command, for now: set up, build mc-opt, and run it on the bundled
# example through a canonicalize + cse pipeline, printing input and output.
# Extra arguments go to mc-opt (e.g. --print-ir-after-all, --print-generic).

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

EXAMPLE=examples/basic.mlir
PIPELINE='builtin.module(func.func(canonicalize,cse))'

"$ROOT/scripts/setup.sh"

step "cargo build -p mc-opt"
cargo build -p mc-opt

step "input: $EXAMPLE"
cat "$EXAMPLE"

step "mc-opt $EXAMPLE --pass-pipeline='$PIPELINE' $*"
"$TARGET_DIR/debug/mc-opt" "$EXAMPLE" --pass-pipeline="$PIPELINE" "$@"
