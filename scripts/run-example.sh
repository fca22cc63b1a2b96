#!/usr/bin/env bash
# THE main command, for now (issue 6 makes it a Cortex-M object run on an emulated board):
# set up, build the tools, and compile the bundled example model
# (examples/tiny_cnn_int8.tflite, a small int8 CNN the project builds itself) down to planned
# loop nests, run it on the host through the Cranelift JIT on a seeded input, and print the
# prediction, the planned RAM against TensorFlow Lite Micro's arena, and whether the output is
# byte-identical to the tflite-micro interpreter's. Extra arguments go to mc-run (e.g.
# --planner exact).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"

MODEL=examples/tiny_cnn_int8.tflite
WORK="$TARGET_DIR/example"

"$ROOT/scripts/setup.sh"
python="$(venv_python)"

step "cargo build -p mc-translate -p mc-run"
cargo build -p mc-translate -p mc-run
mkdir -p "$WORK"

step "the model: mc-translate --import-tflite $MODEL (graph ops)"
"$TARGET_DIR/debug/mc-translate" --import-tflite "$MODEL" | grep -o '"graph\.[a-z_0-9]*"' | grep -v graph.const | tr -d '"' | paste -sd' '

step "a seeded 12x12x3 int8 input"
"$python" -c "import numpy as np; np.save('$WORK/input.npy', np.random.default_rng(7).integers(-128, 128, (1, 12, 12, 3), dtype=np.int8))"

step "mc-run $MODEL (import, lower to loops, plan memory, JIT, run)"
"$TARGET_DIR/debug/mc-run" "$MODEL" --input "$WORK/input.npy" --output "$WORK/output.npy" \
    --residency-report "$WORK/residency.json" --arena-svg "$WORK/arena.svg" --print-pipeline "$@"

step "the reference: TensorFlow Lite Micro's interpreter on the same input"
"$python" scripts/tflm_reference.py "$MODEL" --input "$WORK/input.npy" --output "$WORK/tflm.npy"

step "result"
"$python" - "$MODEL" "$WORK" <<'PY'
import json, os, re, subprocess, sys
import numpy as np
model, work = sys.argv[1], sys.argv[2]
ours, theirs = np.load(f"{work}/output.npy"), np.load(f"{work}/tflm.npy")
scores = ours.astype(np.int32)[0] + 128  # softmax output: scale 1/256, zero point -128
print(f"prediction: class {int(scores.argmax())} (probability {scores.max() / 256:.2f}); scores/256: {scores.tolist()}")
print(f"byte-identical to TensorFlow Lite Micro: {'yes' if ours.tobytes() == theirs.tobytes() else 'NO'}")
report = json.load(open(f"{work}/residency.json"))
pools = ", ".join(f"{p['name']} {p['size']} B (lower bound {p['lower_bound']})" for p in report["pools"])
code = ("import sys; from tflite_micro.python.tflite_micro import runtime; "
        "runtime.Interpreter.from_file(sys.argv[1], arena_size=1 << 20).print_allocations()")
child = subprocess.run([sys.executable, "-c", code, model], capture_output=True, text=True, check=True)
text = child.stdout + child.stderr
head = re.search(r"allocation head (\d+)", text).group(1)
total = re.search(r"allocation total (\d+)", text).group(1)
constants = sum(c["size"] for c in report["constants"])
print(f"RAM planned by mc: {pools}; constants (flash): {constants} B")
print(f"TensorFlow Lite Micro's arena: head {head} B, total {total} B")
print(f"residency report: {work}/residency.json, picture: {work}/arena.svg")
PY
