#!/usr/bin/env python3
"""Runs a TFLite model with the TensorFlow Lite Micro Python interpreter: the reference mc-run's
outputs are compared with, bit for bit (tools/mc-run/tests/conformance.rs).

Usage (with the project venv that scripts/setup.sh creates):
    .venv/bin/python scripts/tflm_reference.py model.tflite --input x.npy [--input ...] \\
        --output y.npy [--output ...] [--arena-size BYTES] [--print-arena] [--bench N]

Inputs bind the model's inputs in order and must have their shapes and dtypes exactly; each
output of the model is written to the matching --output file. --print-arena prints TFLM's
arena usage (its recording allocator's report) on stderr after the run; --bench N invokes N
times and prints the fastest invoke on stdout ("best of N invokes: X us"). Errors print one
line "tflm_reference.py: error: ..." and exit 1.
"""

import argparse
import sys
import time

import numpy as np
from tflite_micro.python.tflite_micro import runtime
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as fb


def fail(message):
    print(f"tflm_reference.py: error: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("--input", action="append", default=[], metavar="NPY")
    parser.add_argument("--output", action="append", default=[], metavar="NPY")
    parser.add_argument("--arena-size", type=int, default=None,
                        help="tensor arena bytes (default: TFLM's heuristic, 10x the model size)")
    parser.add_argument("--print-arena", action="store_true")
    parser.add_argument("--bench", type=int, default=None, metavar="N")
    args = parser.parse_args()

    try:
        interpreter = runtime.Interpreter.from_file(args.model, arena_size=args.arena_size)
    except (ValueError, RuntimeError) as e:
        fail(f"cannot load '{args.model}': {e}")

    # The interpreter does not say how many inputs and outputs there are: the model does.
    with open(args.model, "rb") as f:
        subgraph = fb.Model.GetRootAs(f.read(), 0).Subgraphs(0)
    inputs = [interpreter.get_input_details(i) for i in range(subgraph.InputsLength())]
    outputs = [interpreter.get_output_details(i) for i in range(subgraph.OutputsLength())]
    if len(args.input) != len(inputs) or len(args.output) != len(outputs):
        fail(f"the model has {len(inputs)} inputs and {len(outputs)} outputs, but "
             f"{len(args.input)} --input and {len(args.output)} --output files were given")
    arrays = []
    for index, (path, detail) in enumerate(zip(args.input, inputs)):
        try:
            array = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as e:
            fail(f"cannot read '{path}': {e}")
        shape, dtype = tuple(int(d) for d in detail["shape"]), np.dtype(detail["dtype"])
        if array.shape != shape or array.dtype != dtype:
            fail(f"input #{index} ('{path}'): expected shape {list(shape)} of {dtype}, "
                 f"got {list(array.shape)} of {array.dtype}")
        arrays.append(array)

    best = None
    for _ in range(args.bench or 1):
        for index, array in enumerate(arrays):
            interpreter.set_input(array, index)
        start = time.perf_counter()
        interpreter.invoke()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    for index, path in enumerate(args.output):
        np.save(path, interpreter.get_output(index))
    if args.print_arena:
        sys.stdout.flush()
        interpreter.print_allocations()
    if args.bench:
        print(f"best of {args.bench} invokes: {best * 1e6:.1f} us")


if __name__ == "__main__":
    main()
