// What mc-run refuses: each case exits 1 with one `mc-run: error:` line naming the problem.

// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.zeros((2, 3), np.float32)); np.save('%t.wide.npy', np.zeros((3, 2), np.float32)); np.save('%t.i32.npy', np.zeros((2, 3), np.int32))"

// Wrong number of files.
// RUN: not mc-run %s --input %t.x.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: mc-run: error: @main takes 2 buffers (inputs, then outputs), but 1 --input and 0 --output files were given

// Shape and dtype mismatches name the argument and the file.
// RUN: not mc-run %s --input %t.wide.npy --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: mc-run: error: argument #0 of @main ('!buffer<2x3xf32>', from '{{.*}}.wide.npy'): expected shape [2, 3], got [3, 2]
// RUN: not mc-run %s --input %t.i32.npy --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: mc-run: error: argument #0 of @main ('!buffer<2x3xf32>', from '{{.*}}.i32.npy'): expected dtype '<f4', got '<i4'

// Missing and ill-formed .npy files.
// RUN: not mc-run %s --input %t.missing.npy --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: mc-run: error: '{{.*}}.missing.npy': cannot open:
// RUN: not mc-run %s --input %s --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=ILL-FORMED
// ILL-FORMED: mc-run: error: '{{.*}}errors.mlir': not a valid .npy file:
// RUN: head -c 140 %t.x.npy > %t.cut.npy
// RUN: not mc-run %s --input %t.cut.npy --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: mc-run: error: '{{.*}}.cut.npy': the data has 12 bytes, but shape [2, 3] of '<f4' needs 24

// An unknown kind of model, an unknown entry.
// RUN: cp %t.x.npy %t.model.onnx
// RUN: not mc-run %t.model.onnx --input %t.x.npy --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: mc-run: error: cannot tell what '{{.*}}.model.onnx' is: expected a '.tflite' model or a '.mlir' file
// RUN: not mc-run %s --entry run --input %t.x.npy --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: mc-run: error: the model has no function @run (it has: @main); choose one with --entry

// A bad pipeline, and a pass that fails: its diagnostics are printed.
// RUN: not mc-run %s --pass-pipeline='builtin.module(no-such-pass)' --input %t.x.npy --output %t.y.npy 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: mc-run: error: invalid pass pipeline 'builtin.module(no-such-pass)':
// PIPELINE-NEXT: 'no-such-pass' does not refer to a registered pass
// RUN: not mc-run %S/Inputs/not-bufferizable.mlir --pass-pipeline='builtin.module(graph-to-buffer)' 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: mc-run: error: the pass pipeline failed:
// PASS-NEXT: {{.*}}not-bufferizable.mlir:3:8: error: 'graph.transpose' op cannot be converted to buffers: its perm operand is not a constant

func.func @main(%x: !buffer<2x3xf32>, %y: !buffer<2x3xf32>) {
  return
}
