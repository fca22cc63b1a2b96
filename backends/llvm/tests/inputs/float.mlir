// Float ops and the C library's functions on values made from random integers.
func.func @main(%a: !buffer<32xi32>, %out: !buffer<16x32xf32>, %flags: !buffer<32xi1>) {
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
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c32 = arith.constant 32 : index
  %scale = arith.constant 1.000000e-08 : f32
  %half = arith.constant 5.000000e-01 : f32
  %onef = arith.constant 1.000000e+00 : f32
  loop.for %i = %c0 to %c32 step %c1 {
    %x = loop.load %a[%i] : !buffer<32xi32>
    %f = arith.sitofp %x : i32 to f32
    %v = arith.mulf %f, %scale : f32
    %e = math.exp %v : f32
    loop.store %e, %out[%c0, %i] : !buffer<16x32xf32>
    %t = math.tanh %v : f32
    loop.store %t, %out[%c1, %i] : !buffer<16x32xf32>
    %av = math.absf %v : f32
    %av1 = arith.addf %av, %onef : f32
    %l = math.log %av1 : f32
    loop.store %l, %out[%c2, %i] : !buffer<16x32xf32>
    %s = math.sqrt %av : f32
    loop.store %s, %out[%c3, %i] : !buffer<16x32xf32>
    %rs = math.rsqrt %av1 : f32
    loop.store %rs, %out[%c4, %i] : !buffer<16x32xf32>
    %w = arith.addf %v, %half : f32
    %r = math.round %w : f32
    loop.store %r, %out[%c5, %i] : !buffer<16x32xf32>
    %re = math.roundeven %w : f32
    loop.store %re, %out[%c6, %i] : !buffer<16x32xf32>
    %fl = math.floor %w : f32
    %ce = math.ceil %w : f32
    %mn = arith.minimumf %fl, %t : f32
    %mx = arith.maximumf %ce, %e : f32
    loop.store %mn, %out[%c7, %i] : !buffer<16x32xf32>
    loop.store %mx, %out[%c8, %i] : !buffer<16x32xf32>
    %n = arith.negf %v : f32
    %q = arith.divf %n, %av1 : f32
    %dq = arith.subf %q, %half : f32
    loop.store %dq, %out[%c9, %i] : !buffer<16x32xf32>
    %d = arith.extf %v : f32 to f64
    %d2 = arith.mulf %d, %d : f64
    %de = math.exp %d2 : f64
    %dt = arith.truncf %de : f64 to f32
    loop.store %dt, %out[%c10, %i] : !buffer<16x32xf32>
    %gt = arith.cmpf ogt, %v, %half : f32
    %ne = arith.cmpf une, %r, %re : f32
    %flag = arith.xori %gt, %ne : i1
    loop.store %flag, %flags[%i] : !buffer<32xi1>
    %pick = arith.select %flag, %e, %t : f32
    loop.store %pick, %out[%c11, %i] : !buffer<16x32xf32>
    %ui = arith.uitofp %x : i32 to f32
    loop.store %ui, %out[%c12, %i] : !buffer<16x32xf32>
    %fa = arith.fptoui %av1 : f32 to i32
    %fb = arith.sitofp %fa : i32 to f32
    loop.store %fb, %out[%c13, %i] : !buffer<16x32xf32>
  }
  return
}
