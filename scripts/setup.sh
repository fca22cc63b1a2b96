#!/usr/bin/env bash
# Installs what mc needs and is missing; does nothing (quickly) when all is there.
# Safe to run any number of times. Run as root, or as a user with sudo.
#
# Each group of Debian packages is one function below that calls `need_debs`;
# add a group by writing its function and calling it from `main`. Everything
# missing is installed in one apt-get run at the end.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

MISSING_DEBS=()

# need_debs PKG...: remember each PKG that dpkg does not report as installed.
need_debs() {
    local pkg
    for pkg in "$@"; do
        if [[ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" != "install ok installed" ]]; then
            MISSING_DEBS+=("$pkg")
        fi
    done
}

# LLVM/MLIR 22: lit, FileCheck, upstream mlir-opt for interop tests, and the
# libraries the LLVM backend links against.
group_llvm() {
    need_debs llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libclang-22-dev \
        clang-22 lld-22 libpolly-22-dev libzstd-dev
}

# Emulated boards and bare-metal toolchains for the emulator tests: QEMU's
# MPS2 (Cortex-M) and virt (RISC-V) boards, GNU Arm and RISC-V compilers with
# their C libraries (memcpy/memset and soft-float helpers the objects call).
# The image's newer `qemu-utils` blocks qemu-system-common; `qemu-utils-`
# removes it in the same apt call.
group_emulators() {
    local before=${#MISSING_DEBS[@]}
    need_debs qemu-system-arm qemu-system-misc
    if ((${#MISSING_DEBS[@]} > before)) && [[ "$(dpkg-query -W -f='${Status}' qemu-utils 2>/dev/null)" == "install ok installed" ]]; then
        MISSING_DEBS+=(qemu-utils-)
    fi
    need_debs gcc-arm-none-eabi libnewlib-arm-none-eabi gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
}

# CMake with Ninja and GNU Make: mc's CMake package (cmake/, mc_add_model) and the example
# firmware build (examples/firmware) that the tests run; GNU time for the peak memory the
# planner benchmark prints.
group_build_tools() {
    need_debs cmake ninja-build make time
}

# librsvg's `rsvg-convert`: the lit tests render the pictures mcc and mc-emu write (the arena,
# the per-layer bar charts) with a real SVG renderer.
group_svg_renderer() {
    need_debs librsvg2-bin
}

# Python with venv support, for the project venv below.
group_python() {
    need_debs python3 python3-venv
}

# The project venv `.venv`: the `tflite-micro` package (TFLite Micro's Python
# interpreter and upstream's generated flatbuffers reader) that tests use as an
# independent reference, and LiteRT (`ai-edge-litert`, TFLite's desktop
# interpreter) that the inference benchmark compares with. Recreated only when a
# pinned version is missing.
TFLITE_MICRO_VERSION=0.dev20261023182759
LITERT_VERSION=2.3.0
setup_venv() {
    local venv="$ROOT/.venv"
    if [[ -x "$venv/bin/python" ]] &&
        "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('tflite-micro') != '$TFLITE_MICRO_VERSION' or m.version('ai-edge-litert') != '$LITERT_VERSION')" 2>/dev/null; then
        return 0
    fi
    step "creating $venv with tflite-micro==$TFLITE_MICRO_VERSION and ai-edge-litert==$LITERT_VERSION"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
        "tflite-micro==$TFLITE_MICRO_VERSION" "ai-edge-litert==$LITERT_VERSION" flatbuffers==25.12.19 numpy==2.4.6
}

check_rust() {
    command -v cargo >/dev/null 2>&1 || die "cargo not found: install the Rust toolchain (rustup, Rust 1.95 or newer) and put cargo on PATH"
}

install_missing_debs() {
    if ((${#MISSING_DEBS[@]} == 0)); then
        return 0
    fi
    local sudo=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null 2>&1 || die "need root (or sudo) to install: ${MISSING_DEBS[*]}"
        sudo=(sudo)
    fi
    step "installing Debian packages: ${MISSING_DEBS[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${MISSING_DEBS[@]}"
}

main() {
    check_rust
    group_llvm
    group_python
    group_emulators
    group_build_tools
    group_svg_renderer
    install_missing_debs
    setup_venv
    [[ -x "$LLVM_BIN/lit" && -x "$LLVM_BIN/FileCheck" ]] || die "LLVM 22 tools missing from $LLVM_BIN after set-up"
}

main "$@"
