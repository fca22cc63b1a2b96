// mc-run JIT-compiles `vector` code to SSE: a 16-lane int8 dot product over 21 elements (one
// full step, then a masked tail of 5), then four lanes requantized, clamped and narrowed.

// RUN: %python -c "import numpy as np; np.save('%t.a.npy', np.arange(-10, 11, dtype=np.int8)); np.save('%t.b.npy', np.arange(21, dtype=np.int8) - 3)"
// RUN: mc-run %s --input %t.a.npy --input %t.b.npy --output %t.dot.npy --output %t.q.npy
// RUN: %python -c "import numpy as np; a = np.arange(-10, 11); b = np.arange(21) - 3; print(int(a @ b), np.load('%t.dot.npy').tolist())" | FileCheck %s --check-prefix=DOT
// DOT: [[SUM:-?[0-9]+]] {{\[}}[[SUM]]]
// RUN: %python -c "import numpy as np; print(np.load('%t.q.npy').tolist())" | FileCheck %s --check-prefix=REQUANT
// REQUANT: [96, 48, 24, 12]

// A vector load whose lanes run past the end of the buffer stops the process, naming the access.
// RUN: not --crash mc-run %s --entry past_the_end --input %t.a.npy 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: mc JIT: out-of-bounds access: 'vector.load' at {{.*}}vectors.mlir:{{[0-9]+}}:{{[0-9]+}}, dimension 0, first of 16 lanes: index 6 is outside [0, 6)

func.func @main(%a: !buffer<21xi8>, %b: !buffer<21xi8>, %dot: !buffer<1xi32>, %q: !buffer<4xi8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c21 = arith.constant 21 : index
  %zero = arith.constant 0 : i32
  %z8 = arith.constant 0 : i8
  %pass = vector.broadcast %z8 : i8 to vector<16xi8>
  %sum = loop.for %i = %c0 to %c16 step %c16 iter_args(%acc = %zero) -> (i32) {
    %x = vector.load %a[%i] : !buffer<21xi8>, vector<16xi8>
    %y = vector.load %b[%i] : !buffer<21xi8>, vector<16xi8>
    %d = vector.widening_dot %x, %y, %acc : vector<16xi8>, vector<16xi8> into i32
    loop.yield %d : i32
  }
  %rest = arith.subi %c21, %c16 : index
  %m = vector.create_mask %rest : vector<16xi1>
  %x = vector.maskedload %a[%c16], %m, %pass : !buffer<21xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %y = vector.maskedload %b[%c16], %m, %pass : !buffer<21xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %total = vector.widening_dot %x, %y, %sum : vector<16xi8>, vector<16xi8> into i32
  loop.store %total, %dot[%c0] : !buffer<1xi32>
  // round(total / 2) (the doubling high multiply by 2^30), then rounded right shifts by 2 .. 5
  // (one per lane), clamped to int8 and narrowed: 770 gives 385, then 96, 48, 24, 12.
  %s = vector.broadcast %total : i32 to vector<4xi32>
  %half = arith.constant 1073741824 : i32
  %mul = vector.broadcast %half : i32 to vector<4xi32>
  %shifts = buffer.get_global @shifts : !buffer<4xi32>
  %shift = vector.load %shifts[%c0] : !buffer<4xi32>, vector<4xi32>
  %h = vector.rounding_doubling_high_mul %s, %mul : vector<4xi32>
  %r = vector.rounding_shift_right %h, %shift : vector<4xi32>
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  %vlo = vector.broadcast %lo : i32 to vector<4xi32>
  %vhi = vector.broadcast %hi : i32 to vector<4xi32>
  %above = arith.maxsi %r, %vlo : vector<4xi32>
  %clamped = arith.minsi %above, %vhi : vector<4xi32>
  %narrow = arith.trunci %clamped : vector<4xi32> to vector<4xi8>
  vector.store %narrow, %q[%c0] : !buffer<4xi8>, vector<4xi8>
  return
}

buffer.global @shifts {role = "constant"} : !buffer<4xi32> = dense<[2, 3, 4, 5]> : tensor<4xi32>

func.func @past_the_end(%a: !buffer<21xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %out = buffer.alloc() {role = "scratch"} : !buffer<16xi8>
  loop.for %i = %c0 to %c7 step %c1 {
    %x = vector.load %a[%i] : !buffer<21xi8>, vector<16xi8>
    vector.store %x, %out[%c0] : !buffer<16xi8>, vector<16xi8>
  }
  return
}
