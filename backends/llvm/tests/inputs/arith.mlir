// Integer edge cases: division by 0 and -1, shifts past the width, saturating float-to-int
// conversions, narrow types and i1, index casts. Every buffer holds integers so random inputs
// never make NaNs.
func.func @main(%a: !buffer<64xi32>, %b: !buffer<64xi32>, %out: !buffer<12x64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c64 = arith.constant 64 : index
  %three = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  %scale = arith.constant 1.000000e-03 : f32
  loop.for %i = %c0 to %c64 step %c1 {
    %x = loop.load %a[%i] : !buffer<64xi32>
    %yr = loop.load %b[%i] : !buffer<64xi32>
    // Divisors in -1..2: zero and minus one come up often.
    %ym = arith.andi %yr, %three : i32
    %y = arith.subi %ym, %one : i32
    %d0 = arith.divsi %x, %y : i32
    loop.store %d0, %out[%c0, %i] : !buffer<12x64xi32>
    %d1 = arith.remsi %x, %y : i32
    loop.store %d1, %out[%c1, %i] : !buffer<12x64xi32>
    %d2 = arith.divui %x, %y : i32
    %d3 = arith.remui %x, %ym : i32
    %d23 = arith.xori %d2, %d3 : i32
    loop.store %d23, %out[%c2, %i] : !buffer<12x64xi32>
    %s0 = arith.shli %x, %yr : i32
    loop.store %s0, %out[%c3, %i] : !buffer<12x64xi32>
    %s1 = arith.shrsi %x, %yr : i32
    %s2 = arith.shrui %x, %yr : i32
    %s12 = arith.addi %s1, %s2 : i32
    loop.store %s12, %out[%c4, %i] : !buffer<12x64xi32>
    %m0 = arith.minsi %x, %yr : i32
    %m1 = arith.maxui %x, %yr : i32
    %m2 = arith.minui %m0, %m1 : i32
    %m3 = arith.maxsi %m2, %d0 : i32
    loop.store %m3, %out[%c5, %i] : !buffer<12x64xi32>
    // Float to narrow integers saturate at 32 bits, then wrap.
    %f = arith.sitofp %x : i32 to f32
    %g = arith.mulf %f, %scale : f32
    %n8 = arith.fptosi %g : f32 to i8
    %n8w = arith.extsi %n8 : i8 to i32
    loop.store %n8w, %out[%c6, %i] : !buffer<12x64xi32>
    %u16 = arith.fptoui %f : f32 to i16
    %u16w = arith.extui %u16 : i16 to i32
    loop.store %u16w, %out[%c7, %i] : !buffer<12x64xi32>
    // i1 arithmetic and conversions.
    %lt = arith.cmpi slt, %x, %yr : i32
    %ult = arith.cmpi ult, %x, %yr : i32
    %both = arith.addi %lt, %ult : i1
    %bs = arith.extsi %both : i1 to i32
    %bf = arith.sitofp %both : i1 to f32
    %bfi = arith.fptosi %bf : f32 to i32
    %bsum = arith.addi %bs, %bfi : i32
    %sel = arith.select %lt, %bsum, %m3 : i32
    loop.store %sel, %out[%c8, %i] : !buffer<12x64xi32>
    // Narrow wrapping arithmetic and index casts.
    %x16 = arith.trunci %x : i32 to i16
    %y16 = arith.trunci %yr : i32 to i16
    %p16 = arith.muli %x16, %y16 : i16
    %p32 = arith.extsi %p16 : i16 to i32
    loop.store %p32, %out[%c9, %i] : !buffer<12x64xi32>
    %xi = arith.index_cast %x : i32 to index
    %yi = arith.index_castui %yr : i32 to index
    %zi = arith.subi %xi, %yi : index
    %z = arith.index_cast %zi : index to i32
    loop.store %z, %out[%c10, %i] : !buffer<12x64xi32>
    %abs = math.absi %x : i32
    %x64 = arith.extsi %x : i32 to i64
    %y64 = arith.extui %yr : i32 to i64
    %p64 = arith.muli %x64, %y64 : i64
    %h64 = arith.shrsi %p64, %x64 : i64
    %h = arith.trunci %h64 : i64 to i32
    %ah = arith.ori %abs, %h : i32
    loop.store %ah, %out[%c11, %i] : !buffer<12x64xi32>
  }
  return
}
