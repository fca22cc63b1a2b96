#!/usr/bin/env python3
"""Runs a batch of models through the tflite-micro interpreter (reference kernels).

The reference half of mc's conformance tests (conformance/src/reference.rs writes
the manifest). The manifest is a JSON list of cases:

    {"name": ..., "model": path, "invocations": [[{"path", "dtype", "shape"}]],
     "outputs": prefix, "num_outputs": n}

Each input file holds the raw little-endian elements. Each case's model is loaded once
and invoked once per list of inputs, in order (state such as variables carries over,
as in an application calling Invoke() repeatedly). For each case this writes
<prefix>_<k>.bin per output of each invocation (k counts on across invocations) and
<prefix>.json listing them (path, dtype, shape), invocation after invocation.

Usage: tflm_batch.py MANIFEST.json
"""

import json
import sys

import numpy as np
from tflite_micro.python.tflite_micro import runtime

# Above glibc's largest mmap threshold (32 MiB), so every interpreter's arena is fresh zeroed
# memory, as a device's static arena in .bss: TFLM's SPACE_TO_BATCH_ND pads with a persistent
# field it never sets, which must read 0 as on a device, not what an earlier case left there.
ARENA_BYTES = 48 << 20


def run_case(case):
    interpreter = runtime.Interpreter.from_file(case["model"], arena_size=ARENA_BYTES)
    listing = []
    for inputs in case["invocations"]:
        for index, spec in enumerate(inputs):
            data = np.fromfile(spec["path"], dtype=spec["dtype"]).reshape(spec["shape"])
            interpreter.set_input(data, index)
        interpreter.invoke()
        for index in range(case["num_outputs"]):
            output = interpreter.get_output(index)
            path = f"{case['outputs']}_{len(listing)}.bin"
            np.ascontiguousarray(output).tofile(path)
            listing.append({"path": path, "dtype": output.dtype.name, "shape": list(output.shape)})
    with open(case["outputs"] + ".json", "w") as f:
        json.dump(listing, f)


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    for case in cases:
        try:
            run_case(case)
        except Exception as error:  # name the case, then fail the batch
            sys.exit(f"case {case['name']}: {type(error).__name__}: {error}")


if __name__ == "__main__":
    main()
