// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// SignalWindow: each sample times the weight of its column, as an i32 product shifted right
// arithmetically, saturated to 16 bits.
// CHECK-LABEL: func.func @window
// CHECK-DAG: %[[HIGH:.*]] = arith.constant 32767 : i32
// CHECK-DAG: %[[LOW:.*]] = arith.constant -32768 : i32
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant 12 : i32
// CHECK: loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[N]]] : !buffer<2x4xi16>
// CHECK:     %[[W:.*]] = loop.load %arg1[%[[N]]] : !buffer<4xi16>
// CHECK:     %[[XW:.*]] = arith.extsi %[[X]] : i16 to i32
// CHECK:     %[[WW:.*]] = arith.extsi %[[W]] : i16 to i32
// CHECK:     %[[P:.*]] = arith.muli %[[XW]], %[[WW]] : i32
// CHECK:     %[[S:.*]] = arith.shrsi %[[P]], %[[SHIFT]] : i32
// CHECK:     %[[UP:.*]] = arith.maxsi %[[S]], %[[LOW]] : i32
// CHECK:     %[[DOWN:.*]] = arith.minsi %[[UP]], %[[HIGH]] : i32
// CHECK:     %[[R:.*]] = arith.trunci %[[DOWN]] : i32 to i16
// CHECK:     loop.store %[[R]], %arg2[%[[I]], %[[N]]] : !buffer<2x4xi16>
// CHECK-NOT: buffer.kernel
func.func @window(%x: !buffer<2x4xi16>, %w: !buffer<4xi16>, %y: !buffer<2x4xi16>) {
  buffer.kernel signal_window ins(%x, %w : !buffer<2x4xi16>, !buffer<4xi16>) outs(%y : !buffer<2x4xi16>) {shift = 12 : i64}
  return
}

// -----

// SignalFftAutoScale: MaxAbs16 as a carried i16 (a sample above the maximum replaces it, else its
// negation in i32 does, truncated back to i16), MostSignificantBit32 of the sign-extended
// maximum (32 for 0), 15 minus it at least 0 as the count, then every sample shifted left by it.
// CHECK-LABEL: func.func @auto_scale
// CHECK: %[[MAX:.*]] = loop.for {{.*}} iter_args(%[[M:.*]] = %c0_i16) -> (i16) {
// CHECK:   %[[V:.*]] = loop.load %arg0[%{{.*}}] : !buffer<16xi16>
// CHECK:   %[[ABOVE:.*]] = arith.cmpi sgt, %[[V]], %[[M]] : i16
// CHECK:   %[[WIDE:.*]] = arith.extsi %[[V]] : i16 to i32
// CHECK:   %[[NEG:.*]] = arith.subi %c0_i32, %[[WIDE]] : i32
// CHECK:   %[[WM:.*]] = arith.extsi %[[M]] : i16 to i32
// CHECK:   %[[NABOVE:.*]] = arith.cmpi sgt, %[[NEG]], %[[WM]] : i32
// CHECK:   %[[NARROW:.*]] = arith.trunci %[[NEG]] : i32 to i16
// CHECK:   %[[OTHER:.*]] = arith.select %[[NABOVE]], %[[NARROW]], %[[M]] : i16
// CHECK:   %[[NEXT:.*]] = arith.select %[[ABOVE]], %[[V]], %[[OTHER]] : i16
// CHECK:   loop.yield %[[NEXT]] : i16
// CHECK: %[[WIDE_MAX:.*]] = arith.extsi %[[MAX]] : i16 to i32
// CHECK: %[[SIG:.*]] = arith.subi %c32_i32, %{{.*}} : i32
// CHECK: %[[ZERO:.*]] = arith.cmpi eq, %[[WIDE_MAX]], %c0_i32{{.*}} : i32
// CHECK: %[[MSB:.*]] = arith.select %[[ZERO]], %c32_i32, %[[SIG]] : i32
// CHECK: %[[FREE:.*]] = arith.subi %c15_i32, %[[MSB]] : i32
// CHECK: %[[BITS:.*]] = arith.maxsi %[[FREE]], %c0_i32{{.*}} : i32
// CHECK: loop.for
// CHECK:   %[[X:.*]] = arith.extsi %{{.*}} : i16 to i32
// CHECK:   %[[SHIFTED:.*]] = arith.shli %[[X]], %[[BITS]] : i32
// CHECK:   %[[OUT:.*]] = arith.trunci %[[SHIFTED]] : i32 to i16
// CHECK:   loop.store %[[OUT]], %arg1[%{{.*}}] : !buffer<16xi16>
// CHECK: loop.store %[[BITS]], %arg2[] : !buffer<i32>
// CHECK-NOT: buffer.kernel
func.func @auto_scale(%f: !buffer<16xi16>, %y: !buffer<16xi16>, %bits: !buffer<i32>) {
  buffer.kernel signal_fft_auto_scale ins(%f : !buffer<16xi16>) outs(%y, %bits : !buffer<16xi16>, !buffer<i32>) {results = array<i64: 0, 1>}
  return
}

// -----

// Only the count used: no scaled frame is written.
// CHECK-LABEL: func.func @count_only
// CHECK-NOT: loop.store %{{.*}} : !buffer<16xi16>
// CHECK: loop.store %{{.*}}, %arg1[] : !buffer<i32>
// CHECK-NOT: loop.store
func.func @count_only(%f: !buffer<16xi16>, %bits: !buffer<i32>) {
  buffer.kernel signal_fft_auto_scale ins(%f : !buffer<16xi16>) outs(%bits : !buffer<i32>) {results = array<i64: 1>}
  return
}

// -----

// SignalRfft of 8 points over rows of 6 samples: kissfft's complex FFT of 4 points (one radix-4
// stage) then kiss_fftr's split. The row is copied to the zero-padded work area, the complex
// samples read in kf_work's order (a permutation table), every butterfly input divided by 4 in
// Q15 (x * 8191, rounded, >> 15), the twiddle products rounded (+ 2^14, >> 15), every sum kept
// as an int16 (trunci then extsi); the split halves its sums with an arithmetic shift.
// CHECK: buffer.global @rfft_permutation {{.*}} : !buffer<4xi32> = dense<[0, 1, 2, 3]>
// CHECK: buffer.global @rfft_twiddles_re {{.*}} : !buffer<4xi16> = dense<[32767, 0, -32767, 0]>
// CHECK: buffer.global @rfft_twiddles_im {{.*}} : !buffer<4xi16> = dense<[0, -32767, 0, 32767]>
// CHECK: buffer.global @rfft_super_twiddles_re {{.*}} : !buffer<2xi16> = dense<[-23170, -32767]>
// CHECK: buffer.global @rfft_super_twiddles_im {{.*}} : !buffer<2xi16> = dense<[-23170, 0]>
// CHECK-LABEL: func.func @rfft
// CHECK: %[[PADDED:.*]] = buffer.alloc() {kernel = "signal_rfft", role = "scratch"} : !buffer<8xi16>
// CHECK: %[[DATA:.*]] = buffer.alloc() {kernel = "signal_rfft", role = "scratch"} : !buffer<4x2xi16>
// CHECK: loop.for %[[ROW:.*]] = %{{.*}} to %c2 step
// CHECK:   loop.for %[[J:.*]] = %{{.*}} to %c6 step
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[ROW]], %[[J]]] : !buffer<2x6xi16>
// CHECK:     loop.store %[[X]], %[[PADDED]][%[[J]]]
// CHECK:   loop.for %[[J:.*]] = %c6 to %c8 step
// CHECK:     loop.store %c0_i16, %[[PADDED]][%[[J]]]
// CHECK:   loop.for
// CHECK:     arith.index_cast
// CHECK:     loop.store %{{.*}}, %[[DATA]]
// CHECK:   loop.for
// CHECK:     loop.for
// CHECK:       arith.muli %{{.*}}, %c8191_i32 : i32
// CHECK:       arith.addi %{{.*}}, %c16384_i32 : i32
// CHECK:       arith.shrsi %{{.*}}, %c15_i32 : i32
// CHECK:       arith.trunci %{{.*}} : i32 to i16
// CHECK:       loop.store %{{.*}}, %[[DATA]]
// CHECK:   arith.muli %{{.*}}, %c16383_i32 : i32
// CHECK:   loop.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] : !buffer<2x10xi16>
// CHECK:   loop.for %{{.*}} = %c1{{.*}} to %c3 step
// CHECK:     arith.shrsi %{{.*}}, %c1_i32 : i32
// CHECK:     loop.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] : !buffer<2x10xi16>
// CHECK-NOT: buffer.kernel
func.func @rfft(%x: !buffer<2x6xi16>, %y: !buffer<2x10xi16>) {
  buffer.kernel signal_rfft ins(%x : !buffer<2x6xi16>) outs(%y : !buffer<2x10xi16>) {fft_length = 8 : i64}
  return
}
