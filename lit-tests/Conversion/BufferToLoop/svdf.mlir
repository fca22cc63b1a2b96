// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// int8 SVDF with an int8 state (zero point -7), 3 filters of memory 2, rank 1.
// svdf_state: each filter's slots move one place towards the oldest, then the newest slot is
// the feature dot product (input zero point -3 subtracted), requantized (scale_1 = 1/256:
// multiplier 2^30, shift -7), clamped to int8, and only then offset by the state zero point in
// i8 (wrapping), as the installed TFLite Micro does.
// CHECK-LABEL: func.func @svdf_int8_state
// CHECK-SAME: (%[[OLD:[^:]*]]: {{.*}}, %[[X:[^:]*]]: {{.*}}, %[[WF:[^:]*]]: {{.*}}, %[[NEW:[^:]*]]: {{.*}}, %[[WT:[^:]*]]: {{.*}}, %[[BIAS:[^:]*]]: {{.*}}, %[[Y:[^:]*]]: {{.*}})
// CHECK: %[[OLD3:.*]] = buffer.view %[[OLD]] : !buffer<1x6x{{.*}}> to !buffer<1x3x2x{{.*}}>
// CHECK: %[[NEW3:.*]] = buffer.view %[[NEW]] : !buffer<1x6x{{.*}}> to !buffer<1x3x2x{{.*}}>
// CHECK: loop.for %[[B:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[F:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     loop.for %[[M:.*]] = %{{.*}} to %{{.*}} step
// CHECK:       %[[NEXT:.*]] = arith.addi %[[M]], %c1 : index
// CHECK:       %[[S:.*]] = loop.load %[[OLD3]][%[[B]], %[[F]], %[[NEXT]]]
// CHECK:       loop.store %[[S]], %[[NEW3]][%[[B]], %[[F]], %[[M]]]
// CHECK: loop.for
// CHECK:   loop.for
// CHECK:     %[[DOT:.*]] = loop.for {{.*}} iter_args
// CHECK:       loop.load %[[WF]]
// CHECK:       loop.load %[[X]]
// CHECK:       arith.subi %{{.*}}, %c-3_i32 : i32
// CHECK:     arith.extsi %[[DOT]] : i32 to i64
// CHECK:     arith.maxsi %{{.*}}, %c-128_i32 : i32
// CHECK:     arith.minsi %{{.*}}, %c127_i32 : i32
// CHECK:     %[[NARROW:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     %[[SLOT:.*]] = arith.addi %[[NARROW]], %c-7_i8 : i8
// CHECK:     loop.store %[[SLOT]], %[[NEW3]][%{{.*}}, %{{.*}}, %c1]
// svdf: per unit, the bias plus each filter's slots (state zero point subtracted) times its
// time weights, requantized to the output (zero point 5); the fused RELU is ignored, as by
// TFLite Micro's integer kernel: the clamp is int8's.
// CHECK: %[[STATE:.*]] = buffer.view %[[NEW]] : !buffer<1x6x{{.*}}> to !buffer<1x3x2x{{.*}}>
// CHECK: loop.for %[[B2:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[U:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[ACC0:.*]] = loop.load %[[BIAS]][%[[U]]]
// CHECK:     %[[TIME:.*]] = loop.for %[[M2:.*]] = {{.*}} iter_args
// CHECK:       loop.load %[[WT]][%[[U]], %[[M2]]]
// CHECK:       loop.load %[[STATE]][%[[B2]], %[[U]], %[[M2]]]
// CHECK:       arith.subi %{{.*}}, %c-7_i32{{.*}} : i32
// CHECK:     %[[ACC:.*]] = arith.addi %[[ACC0]], %[[TIME]] : i32
// CHECK:     arith.addi %{{.*}}, %c5_i32 : i32
// CHECK:     arith.maxsi %{{.*}}, %c-128_i32{{.*}} : i32
// CHECK:     arith.minsi %{{.*}}, %c127_i32{{.*}} : i32
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[B2]], %[[U]]]
!qx = !quant.uniform<i8:f32, 0.015625:-3>
!qw = !quant.uniform<i8:f32, 0.0078125>
!qs = !quant.uniform<i8:f32, 0.03125:-7>
!qt = !quant.uniform<i8:f32, 0.0078125>
!qb = !quant.uniform<i32:f32, 0.000244140625>
!qy = !quant.uniform<i8:f32, 0.0625:5>
func.func @svdf_int8_state(%old: !buffer<1x6x!qs>, %x: !buffer<1x4x!qx>, %wf: !buffer<3x4x!qw>, %new: !buffer<1x6x!qs>, %wt: !buffer<3x2x!qt>, %bias: !buffer<3x!qb>, %y: !buffer<1x3x!qy>) {
  buffer.kernel svdf_state ins(%old, %x, %wf : !buffer<1x6x!qs>, !buffer<1x4x!qx>, !buffer<3x4x!qw>) outs(%new : !buffer<1x6x!qs>)
  buffer.kernel svdf ins(%new, %wt, %bias : !buffer<1x6x!qs>, !buffer<3x2x!qt>, !buffer<3x!qb>) outs(%y : !buffer<1x3x!qy>) {fused_activation = "RELU", rank = 1 : i64}
  return
}

// -----

// Float, rank 2: each unit adds its two filters' time dot products to the bias in turn, then
// the fused TANH.
// CHECK-LABEL: func.func @svdf_f32_rank_2_tanh
// CHECK: loop.for
// CHECK:   loop.for %[[U:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[BIAS:.*]] = loop.load %{{.*}}[%[[U]]] : !buffer<2xf32>
// CHECK:     %[[F0:.*]] = arith.muli %[[U]], %c2 : index
// CHECK:     %[[D0:.*]] = loop.for {{.*}} -> (f32)
// CHECK:     %[[T0:.*]] = arith.addf %[[BIAS]], %[[D0]] : f32
// CHECK:     %[[F1:.*]] = arith.addi %{{.*}}, %c1 : index
// CHECK:     %[[D1:.*]] = loop.for {{.*}} -> (f32)
// CHECK:     %[[T1:.*]] = arith.addf %[[T0]], %[[D1]] : f32
// CHECK:     %[[R:.*]] = math.tanh %[[T1]] : f32
// CHECK:     loop.store %[[R]]
func.func @svdf_f32_rank_2_tanh(%s: !buffer<1x12xf32>, %wt: !buffer<4x3xf32>, %bias: !buffer<2xf32>, %y: !buffer<1x2xf32>) {
  buffer.kernel svdf ins(%s, %wt, %bias : !buffer<1x12xf32>, !buffer<4x3xf32>, !buffer<2xf32>) outs(%y : !buffer<1x2xf32>) {fused_activation = "TANH", rank = 2 : i64}
  return
}

// -----

// The kernel's signature is checked as the graph op's: an integer SVDF's bias scale must be
// state × time-weight scale.
!qs = !quant.uniform<i16:f32, 0.5>
!qt = !quant.uniform<i16:f32, 0.25>
!qb = !quant.uniform<i32:f32, 0.5>
!qy = !quant.uniform<i8:f32, 0.5>
func.func @svdf_bias_scale(%s: !buffer<1x6x!qs>, %wt: !buffer<3x2x!qt>, %bias: !buffer<3x!qb>, %y: !buffer<1x3x!qy>) {
  // expected-error@+1 {{'buffer.kernel' op svdf: bias scale 0.5 does not match state scale × weights_time scale}}
  buffer.kernel svdf ins(%s, %wt, %bias : !buffer<1x6x!qs>, !buffer<3x2x!qt>, !buffer<3x!qb>) outs(%y : !buffer<1x3x!qy>) {fused_activation = "NONE", rank = 1 : i64}
  return
}
