#!/usr/bin/env bash
# Fuzzes the MLIR text parser for N seconds (default 60) with cargo-fuzz's `parse` target:
# parse, verify, print generically, re-parse and check that printing is stable. See fuzz/README.md.
# Not part of the test suite. Installs cargo-fuzz from crates.io when it is missing; runs on the
# stable toolchain through RUSTC_BOOTSTRAP=1 (cargo-fuzz needs nightly-only sanitizer flags).
#
# Usage: scripts/fuzz.sh [seconds] [extra libFuzzer flags...]
# New corpus entries go to fuzz/corpus/parse (seeded from fuzz/seeds/parse), crashes to
# fuzz/artifacts/parse; both are ignored by git. Exits non-zero when a crash is found.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

seconds="${1:-60}"
[[ $seconds =~ ^[0-9]+$ ]] || die "seconds must be a whole number, got '$seconds'"
shift $(($# > 0 ? 1 : 0))

if ! cargo fuzz --version >/dev/null 2>&1; then
    step "cargo install cargo-fuzz"
    cargo install cargo-fuzz
fi

mkdir -p fuzz/corpus/parse
step "cargo fuzz run parse for ${seconds}s"
# One process (no -jobs), so the run stays on one core and its output on this terminal.
RUSTC_BOOTSTRAP=1 cargo fuzz run parse fuzz/corpus/parse fuzz/seeds/parse -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=4096 -dict=fuzz/mlir.dict \
    -print_final_stats=1 "$@"
