// RUN: mc-opt %s --pass-pipeline='builtin.module(func.func(vectorize-channels{lanes=5}))' --verify-diagnostics
// RUN: not mc-opt %s --pass-pipeline='builtin.module(func.func(vectorize-channels{lanes=eight}))' 2>&1 | FileCheck %s --check-prefix=PARSE
// The lane count is 4, 8 or 16 (128, 256 or 512 bits of i32 lanes); others are an error at the
// function, before anything is rewritten.

// PARSE: invalid value 'eight' for option 'lanes': expected an integer
// expected-error@+1 {{vectorize-channels: lanes must be 4, 8 or 16, not 5}}
func.func @five_lanes(%x: !buffer<8xi8>, %y: !buffer<8xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  loop.for %c = %c0 to %c8 step %c1 {
    %xv = loop.load %x[%c] : !buffer<8xi8>
    loop.store %xv, %y[%c] : !buffer<8xi8>
  }
  return
}
