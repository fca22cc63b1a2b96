#!/usr/bin/env bash
# THE main command: set up, build mcc, and compile the bundled example model
# (examples/tiny_cnn_int8.tflite, a small int8 CNN the project builds itself) for Cortex-M4:
# an object and a C header, with every byte of RAM planned. Then link it with the project's
# harness, run it on QEMU's emulated Cortex-M4 board (mps2-an386) on a seeded input, and print
# the prediction, whether the output is byte-identical to the tflite-micro interpreter's, the
# RAM mc planned against TensorFlow Lite Micro's arena, the flash, and the exact instructions
# of one inference. Extra arguments go to mcc (e.g. --planner exact, -O2, --config mc.toml).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"
[[ ${1:-} == --help || ${1:-} == -h ]] && usage_help "${BASH_SOURCE[0]}"

MODEL=examples/tiny_cnn_int8.tflite
WORK="$TARGET_DIR/example"

"$ROOT/scripts/setup.sh"
python="$(venv_python)"

step "cargo build -p mcc -p mc-emu"
cargo build -p mcc -p mc-emu
rm -rf "$WORK"
mkdir -p "$WORK"

step "mcc $MODEL --target cortex-m4 --prefix tiny -Os (import, lower, plan memory, LLVM)"
"$TARGET_DIR/debug/mcc" "$MODEL" --target cortex-m4 --prefix tiny -Os -o "$WORK" "$@"

step "a seeded 12x12x3 int8 input"
"$python" -c "import numpy as np; x = np.random.default_rng(7).integers(-128, 128, (1, 12, 12, 3), dtype=np.int8); np.save('$WORK/input.npy', x); x.tofile('$WORK/input.bin')"

step "mc-emu: link with the harness, run on QEMU's Cortex-M4 (mps2-an386), count instructions"
"$TARGET_DIR/debug/mc-emu" "$WORK/tiny.o" --board cortex-m4 --input "$WORK/input.bin" --output "$WORK/output.bin" --count | tee "$WORK/emu.txt"

step "the reference: TensorFlow Lite Micro's interpreter on the same input"
"$python" scripts/tflm_reference.py "$MODEL" --input "$WORK/input.npy" --output "$WORK/tflm.npy" --print-arena 2> "$WORK/tflm-arena.txt"

step "result"
"$python" - "$WORK" <<'PY'
import json, re, sys
import numpy as np
work = sys.argv[1]
ours = np.fromfile(f"{work}/output.bin", dtype=np.int8)
theirs = np.load(f"{work}/tflm.npy").reshape(-1)
scores = ours.astype(np.int32) + 128  # softmax output: scale 1/256, zero point -128
print(f"prediction on the emulated Cortex-M4: class {int(scores.argmax())} (probability {scores.max() / 256:.2f}); scores/256: {scores.tolist()}")
print(f"byte-identical to TensorFlow Lite Micro: {'yes' if ours.tobytes() == theirs.tobytes() else 'NO'}")
report = json.load(open(f"{work}/tiny_residency.json"))
pools = ", ".join(f"{p['name']} {p['size']} B (lower bound {p['lower_bound']})" for p in report["pools"])
arena = open(f"{work}/tflm-arena.txt").read()
head = re.search(r"allocation head (\d+)", arena).group(1)
total = re.search(r"allocation total (\d+)", arena).group(1)
emu = open(f"{work}/emu.txt").read()
flash = re.search(r"model flash \(.text \+ .rodata\)\s+(\d+)", emu).group(1)
instructions = re.search(r"instructions, inference 1\s+(\d+)", emu).group(1)
print(f"RAM planned by mc: {pools}; TensorFlow Lite Micro's arena for the same model: head {head} B, total {total} B")
print(f"flash (model code and constants): {flash} B; instructions per inference on Cortex-M4: {int(instructions):,}")
print(f"object and header: {work}/tiny.o, {work}/tiny.h; residency report: {work}/tiny_residency.json, picture: {work}/tiny_arena.svg")
PY
