#!/usr/bin/env bash
# TFLite import benchmark: every MLPerf Tiny model in ../shared/models (or $MC_MODELS_DIR), release build.
#
# Per model:
#   import ms   best of N in-process imports from the file's bytes (read the flatbuffer + translate
#               into the graph dialect), the `import_bench` example of mc-tflite; verify ms likewise
#   e2e ms      best of N runs of `mc-translate --import-tflite MODEL -o /dev/null` (process start,
#               file read, import, verify, print with the weights as hex)
#   peak MiB    peak RSS (GNU time %M) of one `import_bench --runs 1` process and of mc-translate
#   heap KiB    peak heap growth during one import (counting allocator)
#   copies      weight copies after the file read: import_bench fails unless the blobs hold
#               exactly the weights' bytes, none aliases the file, and (for every weight buffer of
#               1 KiB or more) no other heap block held the same bytes during the import, so the
#               blob is the one copy (file -> memory is copy 1, memory -> blob copy 2)
# This is a benchmark, not a test, except that it fails when a weight is copied twice.
#
# Usage: scripts/bench-import.sh [--runs N]   (default 20)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

runs=20
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        -h | --help) usage_help "$0" ;;
        *) die "bench-import: unknown argument '$1' (see --help)" ;;
    esac
done

gnu_time=/usr/bin/time
if ! [[ -x $gnu_time ]] || ! $gnu_time -f '%e %M' -o /dev/null true 2>/dev/null; then
    die "GNU time is missing ($gnu_time); it measures peak memory. Install it: apt-get install time"
fi

model_files
models_dir="$(dirname "${models[0]}")"

step "building (release)"
cargo build --release --quiet -p mc-translate
cargo build --release --quiet -p mc-tflite --example import_bench
bench="$TARGET_DIR/release/examples/import_bench"
translate="$TARGET_DIR/release/mc-translate"

kib_to_mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
# field KEY LINE: the value of KEY=... in a key=value line.
field() { tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"; }

step "timing, best of $runs"
stats="$(mktemp)"
trap 'rm -f "$stats"' EXIT
rows=()
for model in "${models[@]}"; do
    line="$("$bench" --runs "$runs" "$model")" || die "import_bench failed on $model"
    $gnu_time -f '%M' -o "$stats" "$bench" --runs 1 "$model" >/dev/null || die "import_bench failed on $model"
    bench_kib="$(tail -n 1 "$stats")"
    best_e2e="" e2e_kib=""
    for ((run = 1; run <= runs; run++)); do
        # Wall time from bash's microsecond clock (GNU time's %e has 10 ms steps).
        start=$EPOCHREALTIME
        $gnu_time -f '%M' -o "$stats" "$translate" --import-tflite "$model" -o /dev/null ||
            die "mc-translate failed on $model"
        end=$EPOCHREALTIME
        s="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')"
        kib="$(tail -n 1 "$stats")"
        if [[ -z $best_e2e ]] || awk -v a="$s" -v b="$best_e2e" 'BEGIN { exit !(a < b) }'; then best_e2e=$s; fi
        if [[ -z $e2e_kib ]] || ((kib < e2e_kib)); then e2e_kib=$kib; fi
    done
    rows+=("$(printf '%-30s %8.1f %8.1f %6s %9s %9s %8s %9s %9s %8.0f %8.0f %7s' \
        "$(field model "$line")" \
        "$(awk -v b="$(field file_bytes "$line")" 'BEGIN { print b / 1024 }')" \
        "$(awk -v b="$(field weight_bytes "$line")" 'BEGIN { print b / 1024 }')" \
        "$(field blobs "$line")" \
        "$(field import_ms "$line")" \
        "$(field verify_ms "$line")" \
        "$(awk -v s="$best_e2e" 'BEGIN { printf "%.1f", s * 1000 }')" \
        "$(kib_to_mib "$bench_kib")" \
        "$(kib_to_mib "$e2e_kib")" \
        "$(awk -v b="$(field heap_peak_during_import "$line")" 'BEGIN { print b / 1024 }')" \
        "$(awk -v b="$(field ir_overhead "$line")" 'BEGIN { print b / 1024 }')" \
        "1")")
done

echo
echo "machine: $(nproc) cores; models: $models_dir; best of $runs"
printf '%-30s %8s %8s %6s %9s %9s %8s %9s %9s %8s %8s %7s\n' model "file KiB" "wts KiB" blobs "import ms" "verify ms" \
    "e2e ms" "peak MiB" "e2e MiB" "heap KiB" "IR KiB" copies
for row in "${rows[@]}"; do echo "$row"; done
echo
echo "import ms: read + translate in process; e2e: wall time of mc-translate -o /dev/null (process start, read,"
echo "import, verify, print) under GNU time."
echo "peak MiB: peak RSS of one in-process import (import_bench --runs 1) and of mc-translate."
echo "heap KiB: peak heap growth during one import; IR KiB: bytes allocated during it beyond the weights."
echo "copies: weight copies after the file read (checked by import_bench: blobs = the weights' bytes, none"
echo "aliases the file, and no other heap block ever held a weight buffer of >= 1 KiB during the import)."
