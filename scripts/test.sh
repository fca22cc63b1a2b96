#!/usr/bin/env bash
# THE test command (CI runs it through .ci/run): set-up, unit tests, the tools,
# then the lit suite in lit-tests/. Exits non-zero if any step fails, and ends
# with one line counting every test: `total: N passed, M failed, K skipped`.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT

step "set-up"
"$ROOT/scripts/setup.sh"

# Counts per runner; a step that fails without reporting a failed test
# (a build error, a lit configuration error) counts as one failure.
cargo_counts=(0 0 0)
lit_counts=(0 0 0)
lit_note=""

step "cargo test --workspace"
cargo_ok=true
cargo test --workspace 2>&1 | tee "$LOGS/cargo.log" || cargo_ok=false
# "test result: ok. 12 passed; 0 failed; 1 ignored; ..." once per test binary.
read -r -a cargo_counts < <(awk '/^test result:/ { p += $4; f += $6; s += $8 } END { print p + 0, f + 0, s + 0 }' "$LOGS/cargo.log")
if ! $cargo_ok && ((cargo_counts[1] == 0)); then
    cargo_counts[1]=1
fi

step "cargo build --workspace --bins"
if cargo build --workspace --bins; then
    step "lit -sv lit-tests"
    lit_ok=true
    "$LLVM_BIN/lit" -sv lit-tests 2>&1 | tee "$LOGS/lit.log" || lit_ok=false
    # lit's summary: "  Passed : 3 (75.00%)", one line per result kind.
    read -r -a lit_counts < <(awk -F: '
        /^Total Discovered Tests:/ { summary = 1 }
        summary && /^  [A-Z][A-Za-z ]*: *[0-9]+ \(/ {
            kind = $1; sub(/^ +/, "", kind); sub(/ +$/, "", kind); n = $2 + 0
            if (kind ~ /^(Passed|Passed With Retry|Expectedly Failed)$/) p += n
            else if (kind ~ /^(Failed|Unresolved|Timed Out|Unexpectedly Passed)$/) f += n
            else if (kind ~ /^(Unsupported|Skipped)$/) s += n
        }
        END { print p + 0, f + 0, s + 0 }' "$LOGS/lit.log")
    if ! $lit_ok && ((lit_counts[1] == 0)); then
        lit_counts[1]=1
    fi
else
    lit_counts[1]=1
    lit_note=" (not run: the tools did not build)"
fi

passed=$((cargo_counts[0] + lit_counts[0]))
failed=$((cargo_counts[1] + lit_counts[1]))
skipped=$((cargo_counts[2] + lit_counts[2]))
echo
echo "cargo: ${cargo_counts[0]} passed, ${cargo_counts[1]} failed, ${cargo_counts[2]} skipped"
echo "lit: ${lit_counts[0]} passed, ${lit_counts[1]} failed, ${lit_counts[2]} skipped$lit_note"
echo "total: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
