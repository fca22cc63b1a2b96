// mc-run on a loop-level module: nothing to lower (the pipeline is empty), the JIT compiles
// allocs, views and globals, and the int8 output is written as an int8 .npy file.

// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.arange(-3, 3, dtype=np.int8).reshape(2, 3))"
// RUN: mc-run %s --input %t.x.npy --output %t.y.npy --print-pipeline 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: builtin.module()
// RUN: %python -c "import numpy as np; y = np.load('%t.y.npy'); print(y.dtype, y.shape, y.tolist())" | FileCheck %s
// CHECK: int8 (2, 3) {{\[\[}}-7, -18, -29], [-10, -21, -32]]

// Inputs and outputs planned into two banks' pools (usmp's use-workspace-io): mc-run writes
// the input into the pool and reads the output from it; the numbers are the same.
// RUN: mc-run %s --pass-pipeline='builtin.module(usmp{use-workspace-io=true pools={dtcm:16,sram}})' --input %t.x.npy --output %t.w.npy
// RUN: %python -c "import numpy as np; y = np.load('%t.w.npy'); print(y.dtype, y.shape, y.tolist())" | FileCheck %s

// --bench times the call (prints on stdout).
// RUN: mc-run %s --input %t.x.npy --output %t.y.npy --bench 3 | FileCheck %s --check-prefix=BENCH
// BENCH: best of 3 calls: {{[0-9.]+}} us

// The entry is chosen by name.
// RUN: mc-run %s --entry negate --input %t.x.npy --output %t.n.npy
// RUN: %python -c "import numpy as np; print(np.load('%t.n.npy').tolist())" | FileCheck %s --check-prefix=NEGATE
// NEGATE: {{\[\[}}3, 2, 1], [0, -1, -2]]

buffer.global @bias {role = "constant"} : !buffer<3xi8> = dense<[10, 20, 30]> : tensor<3xi8>

// y = -(x + bias), through a scratch buffer written row by row through a view.
func.func @main(%x: !buffer<2x3x!quant.uniform<i8:f32, 0.5>>, %y: !buffer<2x3xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i8
  %b = buffer.get_global @bias : !buffer<3xi8>
  %raw = buffer.view %x : !buffer<2x3x!quant.uniform<i8:f32, 0.5>> to !buffer<2x3xi8>
  %tmp = buffer.alloc() {role = "scratch"} : !buffer<6xi8>
  loop.for %i = %c0 to %c2 step %c1 {
    %start = arith.muli %i, %c3 : index
    loop.for %j = %c0 to %c3 step %c1 {
      %v = loop.load %raw[%i, %j] : !buffer<2x3xi8>
      %w = loop.load %b[%j] : !buffer<3xi8>
      %s = arith.addi %v, %w : i8
      %k = arith.addi %start, %j : index
      loop.store %s, %tmp[%k] : !buffer<6xi8>
    }
  }
  %rows = buffer.view %tmp : !buffer<6xi8> to !buffer<2x3xi8>
  loop.for %i = %c0 to %c2 step %c1 {
    loop.for %j = %c0 to %c3 step %c1 {
      %v = loop.load %rows[%i, %j] : !buffer<2x3xi8>
      %n = arith.subi %zero, %v : i8
      loop.store %n, %y[%i, %j] : !buffer<2x3xi8>
    }
  }
  return
}

func.func @negate(%x: !buffer<2x3xi8>, %y: !buffer<2x3xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i8
  loop.for %i = %c0 to %c2 step %c1 {
    loop.for %j = %c0 to %c3 step %c1 {
      %v = loop.load %x[%i, %j] : !buffer<2x3xi8>
      %n = arith.subi %zero, %v : i8
      loop.store %n, %y[%i, %j] : !buffer<2x3xi8>
    }
  }
  return
}
