// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{capacity=48})' --verify-diagnostics
// What usmp refuses: a budget the buffers cannot meet (with what is live at the peak), allocs
// inside loops, calls between functions.

// expected-error@+1 {{usmp: the buffers do not fit bank 'sram' (budget 48 bytes)}}
module {
  func.func @main(%in: !buffer<8xf32>, %out: !buffer<8xf32>) {
    %a = buffer.alloc() {role = "scratch", name = "first"} : !buffer<8xf32>
    %b = buffer.alloc() {role = "scratch", name = "second"} : !buffer<8xf32>
    buffer.copy %in, %a : !buffer<8xf32>, !buffer<8xf32>
    buffer.copy %a, %b : !buffer<8xf32>, !buffer<8xf32>
    buffer.copy %b, %out : !buffer<8xf32>, !buffer<8xf32>
    return
  }
}

// -----

func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  loop.for %i = %c0 to %n step %c1 {
    // expected-error@+1 {{a buffer.alloc inside a loop or region cannot be planned statically}}
    %a = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  }
  return
}

// -----

func.func @callee() {
  return
}

func.func @caller() {
  // expected-error@+1 {{usmp: calls between functions are not planned yet}}
  func.call @callee() : () -> ()
  return
}
