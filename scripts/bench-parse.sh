#!/usr/bin/env bash
# Parse/verify/print benchmark: mc-opt against upstream mlir-opt on the same large generic-syntax file.
#
# Builds mc-opt and mc-bench-gen in release, writes target/bench/parse-<ops>-s<seed>.mlir, then times
#   mc-opt   <file> --allow-unregistered-dialect --print-generic -o /dev/null
#   mlir-opt --allow-unregistered-dialect --mlir-print-op-generic <file> -o /dev/null
# with GNU time (wall seconds, peak RSS), keeps the best of N runs of each and prints a table with
# the mc/mlir-opt ratios. This is a benchmark, not a test: it never fails on the ratio.
#
# Usage: scripts/bench-parse.sh [--ops N] [--runs N] [--seed N] [--mlir-only]
#   --ops N       operations in the generated file (default 1000000)
#   --runs N      runs per tool; the best is reported (default 3)
#   --seed N      generator seed (default 1)
#   --mlir-only   skip mc-opt (time upstream mlir-opt alone)
# Environment: MLIR_OPT overrides the mlir-opt binary (default /usr/lib/llvm-22/bin/mlir-opt).
set -euo pipefail

ops=1000000
runs=3
seed=1
mlir_only=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --ops) ops="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --mlir-only) mlir_only=1; shift ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "bench-parse: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

die() {
    echo "bench-parse: error: $*" >&2
    exit 1
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
bench_dir="$target_dir/bench"

# GNU time reports peak RSS of the child (%M, KiB); bash's `time` keyword cannot.
gnu_time=/usr/bin/time
if ! [[ -x $gnu_time ]] || ! $gnu_time -f '%e %M' -o /dev/null true 2>/dev/null; then
    die "GNU time is missing ($gnu_time); it measures peak memory. Install it: apt-get install time"
fi

mlir_opt="${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}"
if ! [[ -x $mlir_opt ]]; then
    mlir_opt="$(command -v mlir-opt-22 || true)"
    [[ -n $mlir_opt ]] || die "mlir-opt 22 not found (set MLIR_OPT, or install mlir-22-tools)"
fi

echo "== building (release)"
cargo build --release --quiet -p mc-bench-gen || die "cannot build mc-bench-gen"
mc_opt="$target_dir/release/mc-opt"
if [[ $mlir_only -eq 0 ]]; then
    [[ -f tools/mc-opt/Cargo.toml ]] ||
        die "tools/mc-opt does not exist in this tree yet, so mc-opt cannot be built (use --mlir-only to time mlir-opt alone)"
    cargo build --release --quiet -p mc-opt ||
        die "cannot build mc-opt (cargo build --release -p mc-opt failed; see above; --mlir-only times mlir-opt alone)"
    [[ -x $mc_opt ]] || die "cargo built package mc-opt but $mc_opt is missing"
fi

mkdir -p "$bench_dir"
input="$bench_dir/parse-$ops-s$seed.mlir"
echo "== generating $input"
"$target_dir/release/mc-bench-gen" --ops "$ops" --seed "$seed" -o "$input"
bytes=$(stat -c %s "$input")

# Arithmetic on decimals with awk (bc is not always installed).
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "n/a"; else printf "%.2f", a / b }'; }

# measure NAME CMD...: runs CMD $runs times; sets best_s (min wall seconds) and best_kib (min peak RSS, KiB).
measure() {
    local name="$1"
    shift
    local stats="$bench_dir/time.out" errors="$bench_dir/stderr.out" run s kib
    best_s="" best_kib=""
    for ((run = 1; run <= runs; run++)); do
        if ! $gnu_time -f '%e %M' -o "$stats" "$@" 2>"$errors"; then
            echo "bench-parse: $name failed on $input:" >&2
            head -n 20 "$errors" >&2
            die "$name failed: $*"
        fi
        read -r s kib <"$stats"
        printf '   %-10s run %d: %6.2f s %8.1f MiB\n' "$name" "$run" "$s" "$(mib "$kib")"
        if [[ -z $best_s ]] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then best_s=$s; fi
        if [[ -z $best_kib ]] || ((kib < best_kib)); then best_kib=$kib; fi
    done
}

echo "== timing, best of $runs"
if [[ $mlir_only -eq 0 ]]; then
    measure mc-opt "$mc_opt" "$input" --allow-unregistered-dialect --print-generic -o /dev/null
    mc_s=$best_s mc_kib=$best_kib
fi
measure mlir-opt "$mlir_opt" --allow-unregistered-dialect --mlir-print-op-generic "$input" -o /dev/null
mlir_s=$best_s mlir_kib=$best_kib


echo
echo "input: $input ($ops ops requested, $(mib $((bytes / 1024))) MiB)"
echo "machine: $(nproc) cores; mlir-opt: $("$mlir_opt" --version | grep -o 'LLVM version [0-9.]*')"
printf '%-10s %10s %10s\n' tool seconds "peak MiB"
if [[ $mlir_only -eq 0 ]]; then
    printf '%-10s %10.2f %10.1f\n' mc-opt "$mc_s" "$(mib "$mc_kib")"
fi
printf '%-10s %10.2f %10.1f\n' mlir-opt "$mlir_s" "$(mib "$mlir_kib")"
if [[ $mlir_only -eq 0 ]]; then
    printf '%-10s %10s %10s\n' mc/mlir "$(ratio "$mc_s" "$mlir_s")" "$(ratio "$mc_kib" "$mlir_kib")"
    echo "(ratios below 1 mean mc is faster / uses less memory; the goal is <= 1 on both)"
fi
