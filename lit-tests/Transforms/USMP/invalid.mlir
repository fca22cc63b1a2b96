// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{capacity=48})' --verify-diagnostics
// What usmp refuses: a budget the buffers cannot meet (with what is live at the peak), allocs
// inside loops, calls passing buffers between functions (a call of scalars, as the profile's
// layer hook, is planned around).

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

func.func @callee(%arg0: !buffer<4xi8>) {
  return
}

func.func @caller(%arg0: !buffer<4xi8>) {
  // expected-error@+1 {{usmp: calls passing buffers between functions are not planned yet}}
  func.call @callee(%arg0) : (!buffer<4xi8>) -> ()
  return
}
