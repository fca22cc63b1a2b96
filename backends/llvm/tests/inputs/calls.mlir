// Loops with iter_args and loop.if results and a call of a private helper returning a scalar.
func.func private @clamp(%x: i32, %lo: i32, %hi: i32) -> i32 {
  %a = arith.maxsi %x, %lo : i32
  %b = arith.minsi %a, %hi : i32
  return %b : i32
}

func.func @main(%in: !buffer<6x4xi8>, %out: !buffer<6x4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0 : i32
  %lo = arith.constant -100 : i32
  %hi = arith.constant 300 : i32
  loop.for %i = %c0 to %c6 step %c1 {
    %row = loop.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = loop.load %in[%i, %j] : !buffer<6x4xi8>
      %w = arith.extsi %v : i8 to i32
      %s = arith.addi %acc, %w : i32
      %pos = arith.cmpi sgt, %w, %zero : i32
      %u = loop.if %pos -> (i32) {
        %d = arith.muli %w, %s : i32
        loop.yield %d : i32
      } else {
        %n = arith.subi %zero, %s : i32
        loop.yield %n : i32
      }
      %c = func.call @clamp(%u, %lo, %hi) : (i32, i32, i32) -> i32
      loop.store %c, %out[%i, %j] : !buffer<6x4xi32>
      loop.yield %s : i32
    }
  }
  return
}
