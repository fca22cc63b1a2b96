# Shared by the scripts in this folder; source it, do not run it.
# Sets strict mode, ROOT (the repository), TARGET_DIR (cargo's output folder)
# and puts a rustup-installed cargo on PATH when the caller's PATH lacks it.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
LLVM_BIN=/usr/lib/llvm-22/bin

if ! command -v cargo >/dev/null 2>&1 && [[ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]]; then
    PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
    export PATH
fi

# step MESSAGE: print a visible header for a stage of a script.
step() {
    printf '\n==> %s\n' "$*"
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

# find_models_dir: print the MLPerf Tiny model folder, found as the tests find it
# ($MC_MODELS_DIR, else shared/models beside the repository or beside a folder
# above it); a missing folder is an error.
find_models_dir() {
    local dir models_dir="${MC_MODELS_DIR:-}"
    if [[ -z $models_dir ]]; then
        dir="$(dirname "$ROOT")"
        while [[ $dir != / ]]; do
            if [[ -d $dir/shared/models ]]; then models_dir="$dir/shared/models"; break; fi
            dir="$(dirname "$dir")"
        done
    fi
    [[ -n $models_dir && -d $models_dir ]] || die "the shared model folder is missing (looked for shared/models above $ROOT; set MC_MODELS_DIR)"
    printf '%s\n' "$models_dir"
}

# usage_help SCRIPT: print a script's header comment (its usage) and exit.
usage_help() {
    sed -n '2,/^source/{/^source/d;s/^# \{0,1\}//;p}' "$1"
    exit 0
}

# venv_python: print the project venv's Python; a missing venv is an error.
venv_python() {
    local python="$ROOT/.venv/bin/python"
    [[ -x $python ]] || die "$python is missing: run scripts/setup.sh to create the venv with tflite-micro"
    printf '%s\n' "$python"
}

# model_files: set the array `models` to the MLPerf Tiny models (every .tflite in
# find_models_dir); none is an error.
model_files() {
    local models_dir
    models_dir="$(find_models_dir)"
    shopt -s nullglob
    models=("$models_dir"/*.tflite)
    shopt -u nullglob
    ((${#models[@]} > 0)) || die "no .tflite files in $models_dir"
}
