// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-channels,canonicalize))' | FileCheck %s
// Loops over the channels of int8 NHWC tensors (the channel only the innermost index of loads
// and stores) become 4-lane vector loops, one channel per i32 lane, and one masked step for the
// remaining channels; loops of any other shape stay as they are.

// A depthwise convolution's channel loop over 10 channels: per-channel tables loaded as vectors,
// the tap loop carrying a vector<4xi32> (its initial value 0 the same in every lane, its yield
// not), the pixel-dependent tap bound a scalar, the requantization lane by lane, a narrowing
// vector store; two full steps, then channels 8 and 9 masked.
// CHECK-LABEL: func.func @depthwise_channels
// CHECK-SAME: (%[[X:.*]]: !buffer<3x10xi8>, %[[W:.*]]: !buffer<3x10xi8>, %[[B:.*]]: !buffer<10xi32>, %[[Y:.*]]: !buffer<10xi8>, %[[TAPS:.*]]: !buffer<2xi32>, %[[P:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: loop.for %[[V:.*]] = %[[C0]] to %[[C8]] step %[[C4]] {
// CHECK-NEXT: %[[BIAS:.*]] = vector.load %[[B]][%[[V]]] : !buffer<10xi32>, vector<4xi32>
// CHECK-NEXT: %[[HI:.*]] = loop.load %[[TAPS]][%[[P]]] : !buffer<2xi32>
// CHECK-NEXT: %[[HIX:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK-NEXT: %[[ZERO:.*]] = vector.broadcast %{{.*}} : i32 to vector<4xi32>
// CHECK-NEXT: %[[SUM:.*]] = loop.for %[[T:.*]] = %[[C0]] to %[[HIX]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (vector<4xi32>) {
// CHECK-NEXT: %[[XV:.*]] = vector.load %[[X]][%[[T]], %[[V]]] : !buffer<3x10xi8>, vector<4xi8>
// CHECK-NEXT: %[[WV:.*]] = vector.load %[[W]][%[[T]], %[[V]]] : !buffer<3x10xi8>, vector<4xi8>
// CHECK-NEXT: %[[X32:.*]] = arith.extsi %[[XV]] : vector<4xi8> to vector<4xi32>
// CHECK-NEXT: %[[W32:.*]] = arith.extsi %[[WV]] : vector<4xi8> to vector<4xi32>
// CHECK-NEXT: %[[PROD:.*]] = arith.muli %[[X32]], %[[W32]] : vector<4xi32>
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[ACC]], %[[PROD]] : vector<4xi32>
// CHECK-NEXT: loop.yield %[[NEXT]] : vector<4xi32>
// CHECK: %[[BIASED:.*]] = arith.addi %[[SUM]], %[[BIAS]] : vector<4xi32>
// CHECK: %[[SHIFT:.*]] = vector.broadcast %{{.*}} : i32 to vector<4xi32>
// CHECK-NEXT: %[[SCALED:.*]] = arith.shrsi %[[BIASED]], %[[SHIFT]] : vector<4xi32>
// CHECK: %[[LOW:.*]] = arith.maxsi %[[SCALED]], %{{.*}} : vector<4xi32>
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[LOW]], %{{.*}} : vector<4xi32>
// CHECK-NEXT: %[[OUT:.*]] = arith.trunci %[[CLAMPED]] : vector<4xi32> to vector<4xi8>
// CHECK-NEXT: vector.store %[[OUT]], %[[Y]][%[[V]]] : !buffer<10xi8>, vector<4xi8>
// CHECK-NEXT: }
// CHECK: %[[MASK:.*]] = vector.create_mask %[[C2]] : vector<4xi1>
// CHECK: vector.maskedload %[[B]][%[[C8]]], %[[MASK]], %{{.*}} : !buffer<10xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
// CHECK: loop.for
// CHECK: vector.maskedload %[[X]][%{{.*}}, %[[C8]]], %[[MASK]], %{{.*}} : !buffer<3x10xi8>, vector<4xi1>, vector<4xi8> into vector<4xi8>
// CHECK: vector.maskedload %[[W]][%{{.*}}, %[[C8]]], %[[MASK]], %{{.*}} : !buffer<3x10xi8>, vector<4xi1>, vector<4xi8> into vector<4xi8>
// CHECK: vector.maskedstore %[[Y]][%[[C8]]], %[[MASK]], %{{.*}} : !buffer<10xi8>, vector<4xi1>, vector<4xi8>
// CHECK-NOT: loop.for
// CHECK: return
func.func @depthwise_channels(%x: !buffer<3x10xi8>, %w: !buffer<3x10xi8>, %b: !buffer<10xi32>, %y: !buffer<10xi8>, %taps: !buffer<2xi32>, %p: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i32
  %shift = arith.constant 3 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  loop.for %c = %c0 to %c10 step %c1 {
    %bias = loop.load %b[%c] : !buffer<10xi32>
    %n = loop.load %taps[%p] : !buffer<2xi32>
    %nx = arith.index_cast %n : i32 to index
    %sum = loop.for %t = %c0 to %nx step %c1 iter_args(%acc = %zero) -> (i32) {
      %xv = loop.load %x[%t, %c] : !buffer<3x10xi8>
      %wv = loop.load %w[%t, %c] : !buffer<3x10xi8>
      %x32 = arith.extsi %xv : i8 to i32
      %w32 = arith.extsi %wv : i8 to i32
      %prod = arith.muli %x32, %w32 : i32
      %next = arith.addi %acc, %prod : i32
      loop.yield %next : i32
    }
    %biased = arith.addi %sum, %bias : i32
    %scaled = arith.shrsi %biased, %shift : i32
    %low = arith.maxsi %scaled, %lo : i32
    %clamped = arith.minsi %low, %hi : i32
    %out = arith.trunci %clamped : i32 to i8
    loop.store %out, %y[%c] : !buffer<10xi8>
  }
  return
}

// -----

// Exactly 8 channels: two full steps, no masked step.
// CHECK-LABEL: func.func @no_tail
// CHECK: loop.for %{{.*}} = %c0 to %c8 step %c4 {
// CHECK-NOT: vector.create_mask
// CHECK: return
func.func @no_tail(%x: !buffer<8xi8>, %y: !buffer<8xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  loop.for %c = %c0 to %c8 step %c1 {
    %v = loop.load %x[%c] : !buffer<8xi8>
    %s = arith.addi %v, %v : i8
    loop.store %s, %y[%c] : !buffer<8xi8>
  }
  return
}

// -----

// Not channel loops: the channel in index arithmetic (a depth multiplier's output channel), a
// store not indexed by the channel, float arithmetic, a loop-carried value, fewer channels than
// lanes, and no int8 load.
// CHECK-LABEL: func.func @others
// CHECK-NOT: vector.
// CHECK: return
func.func @others(%x: !buffer<8xi8>, %y: !buffer<16xi8>, %s: !buffer<1xi8>, %f: !buffer<8xf32>, %i: !buffer<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  loop.for %c = %c0 to %c8 step %c1 {
    %v = loop.load %x[%c] : !buffer<8xi8>
    %oc = arith.muli %c, %c2 : index
    loop.store %v, %y[%oc] : !buffer<16xi8>
  }
  loop.for %c = %c0 to %c8 step %c1 {
    %v = loop.load %x[%c] : !buffer<8xi8>
    loop.store %v, %s[%c0] : !buffer<1xi8>
  }
  loop.for %c = %c0 to %c8 step %c1 {
    %v = loop.load %x[%c] : !buffer<8xi8>
    %g = loop.load %f[%c] : !buffer<8xf32>
    %h = arith.addf %g, %g : f32
    loop.store %h, %f[%c] : !buffer<8xf32>
  }
  %r = loop.for %c = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
    %v = loop.load %x[%c] : !buffer<8xi8>
    %w = arith.extsi %v : i8 to i32
    %n = arith.addi %acc, %w : i32
    loop.yield %n : i32
  }
  loop.for %c = %c0 to %c3 step %c1 {
    %v = loop.load %x[%c] : !buffer<8xi8>
    loop.store %v, %x[%c] : !buffer<8xi8>
  }
  loop.for %c = %c0 to %c8 step %c1 {
    %v = loop.load %i[%c] : !buffer<8xi32>
    loop.store %v, %i[%c] : !buffer<8xi32>
  }
  return %r : i32
}

// -----

// Booleans are one byte each in buffers, but a vector of i1 is a packed bit mask in memory: a
// comparison storing booleans and a select reading them stay scalar loops.
// CHECK-LABEL: func.func @booleans
// CHECK-NOT: vector.
// CHECK: loop.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK: loop.store %{{.*}} : !buffer<8xi1>
// CHECK: loop.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK: loop.load %{{.*}} : !buffer<8xi1>
// CHECK: return
func.func @booleans(%x: !buffer<8xi8>, %m: !buffer<8xi1>, %y: !buffer<8xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i8
  loop.for %c = %c0 to %c8 step %c1 {
    %v = loop.load %x[%c] : !buffer<8xi8>
    %less = arith.cmpi slt, %v, %zero : i8
    loop.store %less, %m[%c] : !buffer<8xi1>
  }
  loop.for %c = %c0 to %c8 step %c1 {
    %v = loop.load %x[%c] : !buffer<8xi8>
    %b = loop.load %m[%c] : !buffer<8xi1>
    %s = arith.select %b, %v, %zero : i8
    loop.store %s, %y[%c] : !buffer<8xi8>
  }
  return
}
