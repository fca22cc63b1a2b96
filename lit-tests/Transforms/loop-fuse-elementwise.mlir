// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop,loop-fuse-elementwise)' | FileCheck %s

// fully_connected → add → relu: one nest. The add's and the relu's steps run at the
// fully-connected store (the add's broadcast second operand loaded at the same indices), in
// their order, and both intermediate buffers and the relu's hint go.
!qa = !quant.uniform<i8:f32, 0.1:3>
!qb = !quant.uniform<i8:f32, 0.05:-5>
!qw = !quant.uniform<i8:f32, 0.01>
buffer.global @w {role = "constant"} : !buffer<4x3x!qw> = dense<1> : tensor<4x3xi8>
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: !buffer<2x3x{{.*}}>, %[[R:.*]]: !buffer<4x{{.*}}>, %[[Z:.*]]: !buffer<2x4x{{.*}}>)
// CHECK-NOT: buffer.alloc
// CHECK: %[[RB:.*]] = buffer.view %[[R]]
// CHECK-NOT: buffer.overlap
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     loop.for {{.*}} iter_args
// CHECK:     %[[FC:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NOT: loop.store
// CHECK:     %[[FC32:.*]] = arith.extsi %[[FC]] : i8 to i32
// CHECK:     loop.load %[[RB]][%[[I]], %[[J]]]
// CHECK:     %[[SUM:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NOT: loop.store
// CHECK:     arith.extsi %[[SUM]] : i8 to i32
// CHECK:     %[[OUT:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[OUT]], %[[Z]][%[[I]], %[[J]]]
// CHECK-NOT: loop.for
// CHECK: return
func.func @chain(%x: !buffer<2x3x!qa>, %r: !buffer<4x!qb>, %z: !buffer<2x4x!qb>) {
  %w = buffer.get_global @w : !buffer<4x3x!qw>
  %t = buffer.alloc() {role = "scratch"} : !buffer<2x4x!qb>
  buffer.kernel fully_connected ins(%x, %w : !buffer<2x3x!qa>, !buffer<4x3x!qw>) outs(%t : !buffer<2x4x!qb>) {fused_activation = "NONE", keep_num_dims = false}
  %rb = buffer.view %r : !buffer<4x!qb> to !buffer<2x4x!qb, strides: [0, 1], offset: 0>
  %u = buffer.alloc() {role = "scratch"} : !buffer<2x4x!qb>
  buffer.kernel add ins(%t, %rb : !buffer<2x4x!qb>, !buffer<2x4x!qb, strides: [0, 1], offset: 0>) outs(%u : !buffer<2x4x!qb>) {fused_activation = "NONE"}
  buffer.kernel relu ins(%u : !buffer<2x4x!qb>) outs(%z : !buffer<2x4x!qb>)
  return
}

// -----

// Not worth it: an add reading a second operand of full shape stays out of the accumulating
// fully-connected nest (a residual add among a convolution's accumulators costs more than its
// own pass); the relu after it still fuses into the add.
!qa = !quant.uniform<i8:f32, 0.1:3>
!qb = !quant.uniform<i8:f32, 0.05:-5>
!qw = !quant.uniform<i8:f32, 0.01>
buffer.global @w {role = "constant"} : !buffer<4x3x!qw> = dense<1> : tensor<4x3xi8>
// CHECK-LABEL: func.func @accumulating_producer
// CHECK-SAME: (%{{.*}}: !buffer<2x3x{{.*}}>, %[[R:.*]]: !buffer<2x4x{{.*}}>, %[[Z:.*]]: !buffer<2x4x{{.*}}>)
// CHECK: %[[T:.*]] = buffer.alloc
// CHECK: loop.for {{.*}} iter_args
// CHECK: loop.store %{{.*}}, %[[T]]
// CHECK-NOT: buffer.alloc
// CHECK: loop.load %[[T]]
// CHECK: loop.load %[[R]]
// CHECK: arith.maxsi
// CHECK: loop.store %{{.*}}, %[[Z]]
// CHECK-NOT: loop.for
// CHECK: return
func.func @accumulating_producer(%x: !buffer<2x3x!qa>, %r: !buffer<2x4x!qb>, %z: !buffer<2x4x!qb>) {
  %w = buffer.get_global @w : !buffer<4x3x!qw>
  %t = buffer.alloc() {role = "scratch"} : !buffer<2x4x!qb>
  buffer.kernel fully_connected ins(%x, %w : !buffer<2x3x!qa>, !buffer<4x3x!qw>) outs(%t : !buffer<2x4x!qb>) {fused_activation = "NONE", keep_num_dims = false}
  %u = buffer.alloc() {role = "scratch"} : !buffer<2x4x!qb>
  buffer.kernel add ins(%t, %r : !buffer<2x4x!qb>, !buffer<2x4x!qb>) outs(%u : !buffer<2x4x!qb>) {fused_activation = "NONE"}
  buffer.kernel relu ins(%u : !buffer<2x4x!qb>) outs(%z : !buffer<2x4x!qb>)
  return
}

// -----

// A consumer running in place (relu over the pool's buffer) fuses and the buffer stays; the
// pool's hint against its input still holds and stays. The second pool's output is read by two
// nests: no fusion.
// CHECK-LABEL: func.func @in_place_and_shared
// CHECK: %[[X:.*]] = buffer.alloc
// CHECK: %[[Y:.*]] = buffer.alloc
// CHECK: buffer.overlap %[[Y]], %[[X]] {max_delta = -36 : i64}
// CHECK: loop.for
// CHECK:   arith.maximumf
// CHECK:   loop.store %{{.*}}, %[[Y]]
// CHECK-NOT: loop.load %[[Y]]
// CHECK: loop.for
// CHECK: loop.load %[[Y]]
func.func @in_place_and_shared(%in: !buffer<1x5x5x3xf32>, %out: !buffer<1x3x3x3xf32>, %out2: !buffer<1x3x3x3xf32>) {
  %x = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x3xf32>
  buffer.copy %in, %x : !buffer<1x5x5x3xf32>, !buffer<1x5x5x3xf32>
  %y = buffer.alloc() {role = "scratch"} : !buffer<1x3x3x3xf32>
  buffer.kernel max_pool_2d ins(%x : !buffer<1x5x5x3xf32>) outs(%y : !buffer<1x3x3x3xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}
  buffer.kernel relu ins(%y : !buffer<1x3x3x3xf32>) outs(%y : !buffer<1x3x3x3xf32>)
  buffer.kernel relu ins(%y : !buffer<1x3x3x3xf32>) outs(%out : !buffer<1x3x3x3xf32>)
  buffer.kernel tanh ins(%y : !buffer<1x3x3x3xf32>) outs(%out2 : !buffer<1x3x3x3xf32>)
  return
}

// -----

// The pool's hint moves to the relu's output, which the fused nest now writes in the pool's
// order; the relu's own hint (over the pool's output) goes with that buffer. The copy to the
// caller's memory is elementwise too and fuses next: the pool ends storing the relu's result
// straight into %out, and the hint follows.
// CHECK-LABEL: func.func @hint_moves
// CHECK-SAME: %[[OUT:[a-z0-9]*]]: !buffer<1x3x3x3xf32>)
// CHECK: %[[X:.*]] = buffer.alloc
// CHECK-NOT: buffer.alloc
// CHECK: buffer.overlap %[[OUT]], %[[X]] {max_delta = -36 : i64}
// CHECK-NOT: buffer.overlap
// CHECK: loop.for
// CHECK: arith.maximumf
// CHECK: arith.cmpf olt
// CHECK: loop.store %{{.*}}, %[[OUT]]
// CHECK-NOT: loop.for
func.func @hint_moves(%in: !buffer<1x5x5x3xf32>, %out: !buffer<1x3x3x3xf32>) {
  %x = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x3xf32>
  buffer.copy %in, %x : !buffer<1x5x5x3xf32>, !buffer<1x5x5x3xf32>
  %y = buffer.alloc() {role = "scratch"} : !buffer<1x3x3x3xf32>
  buffer.kernel max_pool_2d ins(%x : !buffer<1x5x5x3xf32>) outs(%y : !buffer<1x3x3x3xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}
  %z = buffer.alloc() {role = "scratch"} : !buffer<1x3x3x3xf32>
  buffer.kernel relu ins(%y : !buffer<1x3x3x3xf32>) outs(%z : !buffer<1x3x3x3xf32>)
  buffer.copy %z, %out : !buffer<1x3x3x3xf32>, !buffer<1x3x3x3xf32>
  return
}

// -----

// Not fused: a broadcast read of the intermediate (the add runs over 2x4, the tensor is 4);
// the caller's memory as the intermediate (%c); a tensor read by two nests (%x); a consumer
// writing over the producer's own input (the add over the tanh's input %x); a producer
// reading its own output (the in-place add, before the last relu). Six nests stay six.
// CHECK-LABEL: func.func @refused
// CHECK-SAME: (%{{.*}}: !buffer<4xf32>, %[[B:[a-z0-9]*]]: !buffer<2x4xf32>, %[[C:[a-z0-9]*]]: !buffer<2x4xf32>, %[[D:[a-z0-9]*]]: !buffer<2x4xf32>)
// CHECK: %[[T:.*]] = buffer.alloc
// CHECK: loop.store %{{.*}}, %[[T]]
// CHECK: %[[TB:.*]] = buffer.view %[[T]]
// CHECK: loop.load %[[TB]]
// CHECK: loop.store %{{.*}}, %[[C]]
// CHECK: %[[X:.*]] = buffer.alloc
// CHECK: loop.load %[[C]]
// CHECK: loop.store %{{.*}}, %[[X]]
// CHECK: %[[U:.*]] = buffer.alloc
// CHECK: loop.load %[[X]]
// CHECK: loop.store %{{.*}}, %[[U]]
// CHECK: loop.load %[[U]]
// CHECK: loop.load %[[X]]
// CHECK: loop.store %{{.*}}, %[[X]]
// CHECK: loop.load %[[X]]
// CHECK: loop.store %{{.*}}, %[[D]]
func.func @refused(%a: !buffer<4xf32>, %b: !buffer<2x4xf32>, %c: !buffer<2x4xf32>, %d: !buffer<2x4xf32>) {
  %t = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel relu ins(%a : !buffer<4xf32>) outs(%t : !buffer<4xf32>)
  %tb = buffer.view %t : !buffer<4xf32> to !buffer<2x4xf32, strides: [0, 1], offset: 0>
  buffer.kernel add ins(%b, %tb : !buffer<2x4xf32>, !buffer<2x4xf32, strides: [0, 1], offset: 0>) outs(%c : !buffer<2x4xf32>) {fused_activation = "NONE"}
  %x = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
  buffer.kernel relu ins(%c : !buffer<2x4xf32>) outs(%x : !buffer<2x4xf32>)
  %u = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
  buffer.kernel tanh ins(%x : !buffer<2x4xf32>) outs(%u : !buffer<2x4xf32>)
  buffer.kernel add ins(%u, %x : !buffer<2x4xf32>, !buffer<2x4xf32>) outs(%x : !buffer<2x4xf32>) {fused_activation = "NONE"}
  buffer.kernel relu ins(%x : !buffer<2x4xf32>) outs(%d : !buffer<2x4xf32>)
  return
}
