"""Streaming-model helper for the mc-run and mc-emu lit tests (tflite-micro as the reference).

  streaming.py prepare MODEL DIR N
      writes N random inputs DIR/in.<k>.npy (and their raw bytes DIR/in.<k>.bin), TFLite
      Micro's outputs of N successive invoke()s on one interpreter, DIR/carried.<k>.npy, and
      those of a fresh interpreter invoked once on each input, DIR/fresh.<k>.npy
  streaming.py compare DIR N GOT EXPECTED
      compares DIR/GOT.<k>.npy (or the raw bytes of DIR/GOT.<k>.bin) with DIR/EXPECTED.<k>.npy
      for each k and prints one line each; exits 1 if any differ
"""

import os
import sys

import numpy as np
from tflite_micro.python.tflite_micro import runtime


def interpreter(model):
    return runtime.Interpreter.from_file(model, arena_size=1 << 20)


def prepare(model, folder, count):
    rng = np.random.default_rng(17)
    carried = interpreter(model)
    spec = carried.get_input_details(0)
    for k in range(count):
        x = rng.integers(-128, 128, size=spec["shape"], dtype=np.int8)
        np.save(os.path.join(folder, f"in.{k}.npy"), x)
        x.tofile(os.path.join(folder, f"in.{k}.bin"))
        carried.set_input(x, 0)
        carried.invoke()
        np.save(os.path.join(folder, f"carried.{k}.npy"), carried.get_output(0))
        fresh = interpreter(model)
        fresh.set_input(x, 0)
        fresh.invoke()
        np.save(os.path.join(folder, f"fresh.{k}.npy"), fresh.get_output(0))


def compare(folder, count, got, expected):
    same = True
    for k in range(count):
        want = np.load(os.path.join(folder, f"{expected}.{k}.npy"))
        npy = os.path.join(folder, f"{got}.{k}.npy")
        have = np.load(npy) if os.path.exists(npy) else np.fromfile(os.path.join(folder, f"{got}.{k}.bin"), want.dtype)
        equal = have.tobytes() == want.tobytes()
        same = same and equal
        print(f"invocation {k}: {'same as' if equal else 'differs from'} {expected}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    if sys.argv[1] == "prepare":
        prepare(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        compare(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5])
