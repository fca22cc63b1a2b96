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

// -----

// SignalRfft of int32 rows: kissfft's 32-bit fixed point, the same plan with Q31 twiddles, values
// held sign-extended in i64 (SAMPPROD): inputs divided by 4 as x * 536870911 rounded (+ 2^30,
// >> 31); the split's sums wrap to 32 bits (C's int) before HALF_OF's shift.
// CHECK: buffer.global @rfft_twiddles_re {{.*}} : !buffer<4xi32> = dense<[2147483647, 0, -2147483647, 0]>
// CHECK: buffer.global @rfft_super_twiddles_re {{.*}} : !buffer<2xi32> = dense<[-1518500249, -2147483647]>
// CHECK-LABEL: func.func @rfft_i32
// CHECK: buffer.alloc() {kernel = "signal_rfft", role = "scratch"} : !buffer<4x2xi32>
// CHECK: arith.muli %{{.*}}, %c536870911_i64 : i64
// CHECK: arith.addi %{{.*}}, %c1073741824_i64 : i64
// CHECK: arith.shrsi %{{.*}}, %c31_i64 : i64
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: loop.for %{{.*}} = %c1 to %c3 step
// CHECK:   loop.load %{{.*}} : !buffer<2xi32>
// CHECK:   arith.shrsi %{{.*}}, %c31_i64 : i64
// CHECK-NEXT: arith.trunci
// CHECK-NEXT: %[[TW_R:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[SUM:.*]] = arith.addi %{{.*}}, %[[TW_R]] : i64
// CHECK-NEXT: %[[SUM32:.*]] = arith.trunci %[[SUM]] : i64 to i32
// CHECK-NEXT: %[[WRAPPED:.*]] = arith.extsi %[[SUM32]] : i32 to i64
// CHECK-NEXT: arith.shrsi %[[WRAPPED]], %c1_i64 : i64
func.func @rfft_i32(%x: !buffer<8xi32>, %y: !buffer<10xi32>) {
  buffer.kernel signal_rfft ins(%x : !buffer<8xi32>) outs(%y : !buffer<10xi32>) {fft_length = 8 : i64}
  return
}

// -----

// SignalRfft of float rows: kissfft's float, twiddles (float) cos and sin of the same phases (a
// negative zero where sin(-0.0) is), no divisions; the split negates the mirrored bin's imaginary
// part and halves with * 0.5.
// CHECK: buffer.global @rfft_twiddles_im {{.*}} : !buffer<4xf32> = dense<[-0.000000e+00, -1.000000e+00,
// CHECK: buffer.global @rfft_super_twiddles_re {{.*}} : !buffer<2xf32> = dense<[-0.707106769, -1.000000e+00]>
// CHECK-LABEL: func.func @rfft_f32
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: buffer.alloc() {kernel = "signal_rfft", role = "scratch"} : !buffer<4x2xf32>
// CHECK-NOT: arith.muli %{{.*}} : i{{[0-9]}}
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: loop.for %{{.*}} = %c1 to %c3 step
// CHECK:   arith.negf %{{.*}} : f32
// CHECK:   arith.mulf %{{.*}}, %[[HALF]] : f32
func.func @rfft_f32(%x: !buffer<8xf32>, %y: !buffer<10xf32>) {
  buffer.kernel signal_rfft ins(%x : !buffer<8xf32>) outs(%y : !buffer<10xf32>) {fft_length = 8 : i64}
  return
}

// -----

// SignalIrfft of 8 points: kiss_fftri's merge of the 5 bins into 4 complex samples (bin 0 and
// bin 4 summed and subtracted, then divided by 2 in Q15; bins k and 4 - k through the conjugate
// super twiddles), the merged samples read in kf_work's order, the inverse butterflies over
// conjugate twiddles, and the samples copied out as pairs.
// CHECK: buffer.global @irfft_permutation {{.*}} : !buffer<4xi32> = dense<[0, 1, 2, 3]>
// CHECK: buffer.global @irfft_twiddles_im {{.*}} : !buffer<4xi16> = dense<[0, 32767, 0, -32767]>
// CHECK: buffer.global @irfft_super_twiddles_im {{.*}} : !buffer<2xi16> = dense<[23170, 0]>
// CHECK-LABEL: func.func @irfft
// CHECK: %[[MERGED:.*]] = buffer.alloc() {kernel = "signal_irfft", role = "scratch"} : !buffer<8xi16>
// CHECK: %[[DATA:.*]] = buffer.alloc() {kernel = "signal_irfft", role = "scratch"} : !buffer<4x2xi16>
// CHECK: loop.for %[[ROW:.*]] = %c0 to %c2 step
// CHECK:   loop.load %arg0[%[[ROW]], %{{.*}}] : !buffer<2x10xi16>
// CHECK:   arith.muli %{{.*}}, %c16383_i32 : i32
// CHECK:   loop.store %{{.*}}, %[[MERGED]][%{{.*}}] : !buffer<8xi16>
// CHECK:   loop.for %{{.*}} = %c1 to %c3 step
// CHECK:     loop.store %{{.*}}, %[[MERGED]][%{{.*}}] : !buffer<8xi16>
// CHECK:   loop.for
// CHECK:     loop.load %[[MERGED]]
// CHECK:     loop.store %{{.*}}, %[[DATA]]
// CHECK:   arith.muli %{{.*}}, %c8191_i32 : i32
// CHECK:   loop.for
// CHECK:     loop.load %[[DATA]]
// CHECK:     loop.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] : !buffer<2x8xi16>
func.func @irfft(%x: !buffer<2x10xi16>, %y: !buffer<2x8xi16>) {
  buffer.kernel signal_irfft ins(%x : !buffer<2x10xi16>) outs(%y : !buffer<2x8xi16>) {fft_length = 8 : i64}
  return
}

// -----

// The float inverse divides the samples by fft_length, as IrfftFloatApply does.
// CHECK-LABEL: func.func @irfft_f32
// CHECK: %[[LENGTH:.*]] = arith.constant 8.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[LENGTH]] : f32
func.func @irfft_f32(%x: !buffer<10xf32>, %y: !buffer<8xf32>) {
  buffer.kernel signal_irfft ins(%x : !buffer<10xf32>) outs(%y : !buffer<8xf32>) {fft_length = 8 : i64}
  return
}

// -----

// SignalEnergy: the bins start_index to end_index only, each (real, imaginary) pair squared and
// summed in i32, stored into the ui32 energies as its bits.
// CHECK-LABEL: func.func @energy
// CHECK: loop.for %[[I:.*]] = %c1 to %c3 step %c1 {
// CHECK:   %[[RE_AT:.*]] = arith.muli %[[I]], %c2 : index
// CHECK:   %[[IM_AT:.*]] = arith.addi %[[RE_AT]], %c1 : index
// CHECK:   %[[RE:.*]] = arith.extsi %{{.*}} : i16 to i32
// CHECK:   %[[IM:.*]] = arith.extsi %{{.*}} : i16 to i32
// CHECK:   %[[RR:.*]] = arith.muli %[[RE]], %[[RE]] : i32
// CHECK:   %[[II:.*]] = arith.muli %[[IM]], %[[IM]] : i32
// CHECK:   %[[E:.*]] = arith.addi %[[RR]], %[[II]] : i32
// CHECK:   loop.store %[[E]], %arg1[%[[I]]] : !buffer<4xui32>
func.func @energy(%x: !buffer<8xi16>, %y: !buffer<4xui32>) {
  buffer.kernel signal_energy ins(%x : !buffer<8xi16>) outs(%y : !buffer<4xui32>) {start_index = 1 : i64, end_index = 3 : i64}
  return
}

// -----

// SignalFilterBank: channel 0 (scratch) only seeds channel 1's sum with its unweighted part;
// channels 1 to C each sum extsi(weight) * extui(energy) in i64 over their run-time width and
// are stored one place down.
// CHECK-LABEL: func.func @filter_bank
// CHECK: %[[FIRST:.*]]:2 = loop.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}} = %c0_i64, %{{.*}} = %c0_i64) -> (i64, i64)
// CHECK: loop.for %[[C:.*]] = %c1 to %c4 step %c1 iter_args(%[[CARRY:.*]] = %[[FIRST]]#1) -> (i64) {
// CHECK:   %[[SUMS:.*]]:2 = loop.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%[[W:.*]] = %[[CARRY]], %[[U:.*]] = %c0_i64) -> (i64, i64) {
// CHECK:     %[[E:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK:     %[[WT:.*]] = arith.extsi %{{.*}} : i16 to i64
// CHECK:     %[[P:.*]] = arith.muli %[[WT]], %[[E]] : i64
// CHECK:     arith.addi %[[W]], %[[P]] : i64
// CHECK:   %[[AT:.*]] = arith.subi %[[C]], %c1 : index
// CHECK:   loop.store %[[SUMS]]#0, %arg3[%[[AT]]] : !buffer<3xui64>
// CHECK:   loop.yield %[[SUMS]]#1 : i64
func.func @filter_bank(%x: !buffer<8xui32>, %w: !buffer<6xi16>, %t: !buffer<4xi16>, %y: !buffer<3xui64>) {
  buffer.kernel signal_filter_bank ins(%x, %w, %w, %t, %t, %t : !buffer<8xui32>, !buffer<6xi16>, !buffer<6xi16>, !buffer<4xi16>, !buffer<4xi16>, !buffer<4xi16>) outs(%y : !buffer<3xui64>)
  return
}

// -----

// SignalFilterBankSquareRoot: Sqrt64's digit-by-digit loop, (63 - max_bit) / 2 + 1 steps, in
// unsigned i64 comparisons and shifts; the 0xFFFF guard below 2^32, 0xFFFFFFFF above; the
// root shifted right (logically) by scale_bits masked to 5 bits.
// CHECK-LABEL: func.func @square_root
// CHECK: %[[BITS:.*]] = arith.andi %{{.*}}, %c31_i32 : i32
// CHECK: %[[X:.*]] = loop.load %arg0[%{{.*}}] : !buffer<3xui64>
// CHECK: %[[MAXBIT:.*]] = arith.ori %{{.*}}, %c1_i64 : i64
// CHECK: %[[FIRST:.*]] = arith.subi %c63_i64, %[[MAXBIT]] : i64
// CHECK: %[[BIT:.*]] = arith.shli %c1_i64, %[[FIRST]] : i64
// CHECK: %[[R:.*]]:3 = loop.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%[[REM:.*]] = %[[X]], %[[ROOT:.*]] = %c0_i64, %[[B:.*]] = %[[BIT]]) -> (i64, i64, i64) {
// CHECK:   %[[SUM:.*]] = arith.addi %[[ROOT]], %[[B]] : i64
// CHECK:   arith.cmpi uge, %[[REM]], %[[SUM]] : i64
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[X]], %c4294967296_i64 : i64
// CHECK: arith.select %[[SMALL]], %c65535_i64, %c4294967295_i64 : i64
// CHECK: arith.cmpi ugt, %[[R]]#0, %[[R]]#1 : i64
// CHECK: %[[NARROW:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[OUT:.*]] = arith.shrui %[[NARROW]], %[[BITS]] : i32
// CHECK: loop.store %[[OUT]], %arg2[%{{.*}}] : !buffer<3xui32>
func.func @square_root(%x: !buffer<3xui64>, %b: !buffer<i32>, %y: !buffer<3xui32>) {
  buffer.kernel signal_filter_bank_square_root ins(%x, %b : !buffer<3xui64>, !buffer<i32>) outs(%y : !buffer<3xui32>)
  return
}

// -----

// SignalFilterBankSpectralSubtraction: smoothing by channel parity, the estimate in i64 shifted
// down unsigned, capped at the scaled-up signal (clamping: the capped one is the next
// estimate), the floor, and the larger of the floor and what the subtraction leaves.
// CHECK-LABEL: func.func @subtraction
// CHECK: %[[PARITY:.*]] = arith.andi %{{.*}}, %c1_i32 : i32
// CHECK: %[[EVEN:.*]] = arith.cmpi eq, %[[PARITY]], %c0_i32 : i32
// CHECK: %[[S:.*]] = arith.select %[[EVEN]], %c655_i64, %c600_i64 : i64
// CHECK: %[[UP:.*]] = arith.shli %{{.*}}, %c10_i32 : i32
// CHECK: %[[SMOOTH:.*]] = arith.shrui %{{.*}}, %c14_i64 : i64
// CHECK: %[[EST:.*]] = arith.trunci %[[SMOOTH]] : i64 to i32
// CHECK: %[[CAP:.*]] = arith.minui %[[EST]], %[[UP]] : i32
// CHECK: loop.store %[[CAP]], %arg3[%{{.*}}] : !buffer<3xui32>
// CHECK: %[[LEFT:.*]] = arith.subi %[[UP]], %[[CAP]] : i32
// CHECK: %[[DOWN:.*]] = arith.shrui %[[LEFT]], %c10_i32 : i32
// CHECK: %[[OUT:.*]] = arith.maxui %[[DOWN]], %{{.*}} : i32
// CHECK: loop.store %[[OUT]], %arg2[%{{.*}}] : !buffer<3xui32>
func.func @subtraction(%x: !buffer<3xui32>, %n: !buffer<3xui32>, %y: !buffer<3xui32>, %m: !buffer<3xui32>) {
  buffer.kernel signal_filter_bank_spectral_subtraction ins(%x, %n : !buffer<3xui32>, !buffer<3xui32>) outs(%y, %m : !buffer<3xui32>, !buffer<3xui32>) {smoothing = 655 : i64, one_minus_smoothing = 15729 : i64, alternate_smoothing = 600 : i64, alternate_one_minus_smoothing = 15784 : i64, min_signal_remaining = 819 : i64, smoothing_bits = 10 : i64, spectral_subtraction_bits = 14 : i64, clamping = true, results = array<i64: 0, 1>}
  return
}

// -----

// SignalPCAN: the table entries at 4 msb - 6 (at least 0) for the polynomial, the entry at the
// estimate itself for estimates up to 2; the 64-bit product shifted by snr_shift; PcanShrink.
// CHECK-LABEL: func.func @pcan
// CHECK: %[[BASE:.*]] = arith.maxsi %{{.*}}, %c0_i32 : i32
// CHECK: %[[FRAC:.*]] = arith.andi %{{.*}}, %c1023_i32 : i32
// CHECK: %[[ROUNDED:.*]] = arith.addi %{{.*}}, %c16384_i32 : i32
// CHECK: arith.shrsi %[[ROUNDED]], %c15_i32 : i32
// CHECK: %[[SMALL:.*]] = arith.cmpi ule, %{{.*}}, %c2_i32 : i32
// CHECK: %[[GAIN:.*]] = arith.select %[[SMALL]], %{{.*}}, %{{.*}} : i32
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: %[[SNR:.*]] = arith.shrui %[[P]], %c6_i64 : i64
// CHECK: %[[X:.*]] = arith.trunci %[[SNR]] : i64 to i32
// CHECK: arith.cmpi ult, %[[X]], %c8192_i32 : i32
// CHECK: %[[SQ:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK: arith.shrui %[[SQ]], %c20_i32 : i32
// CHECK: arith.subi %{{.*}}, %c64_i32 : i32
func.func @pcan(%x: !buffer<3xui32>, %n: !buffer<3xui32>, %lut: !buffer<125xi16>, %y: !buffer<3xui32>) {
  buffer.kernel signal_pcan ins(%x, %n, %lut : !buffer<3xui32>, !buffer<3xui32>, !buffer<125xi16>) outs(%y : !buffer<3xui32>) {snr_shift = 6 : i64}
  return
}

// -----

// SignalFilterBankLog: Log32's table as a constant global, inputs above 1 only (0 and 1 give 0),
// the natural log scaled by output_scale in wrapping i32 and capped at 32767.
// CHECK: buffer.global @signal_log_lut {role = "constant"} : !buffer<130xi32>
// CHECK-LABEL: func.func @log
// CHECK: %[[SCALED:.*]] = arith.shli %{{.*}}, %c3_i32 : i32
// CHECK: %[[POSITIVE:.*]] = arith.cmpi ugt, %[[SCALED]], %c1_i32 : i32
// CHECK: arith.maxui %[[SCALED]], %c2_i32 : i32
// CHECK: arith.muli %{{.*}}, %c45426_i64 : i64
// CHECK: %[[LN:.*]] = arith.muli %c64_i32, %{{.*}} : i32
// CHECK: %[[CAPPED:.*]] = arith.minui %{{.*}}, %c32767_i32 : i32
// CHECK: %[[R:.*]] = arith.select %[[POSITIVE]], %[[CAPPED]], %c0_i32 : i32
// CHECK: %[[N:.*]] = arith.trunci %[[R]] : i32 to i16
// CHECK: loop.store %[[N]], %arg1[%{{.*}}] : !buffer<4xi16>
func.func @log(%x: !buffer<4xui32>, %y: !buffer<4xi16>) {
  buffer.kernel signal_filter_bank_log ins(%x : !buffer<4xui32>) outs(%y : !buffer<4xi16>) {input_correction_bits = 3 : i64, output_scale = 64 : i64}
  return
}

// -----

// SignalDelay: per row, the output from the old state then the input, then the next state from
// what follows (the old state's element N + k first), so it may share the old state's buffer.
// CHECK-LABEL: func.func @delay
// CHECK: loop.for %[[R:.*]] = %c0 to %c3 step %c1 {
// CHECK:   loop.for %[[J:.*]] = %c0 to %c6 step %c1 {
// CHECK:     %[[IN_STATE:.*]] = arith.cmpi slt, %[[J]], %c2 : index
// CHECK:     %[[V:.*]] = loop.if %[[IN_STATE]] -> (i16) {
// CHECK:       loop.load %arg1[%[[R]], %[[J]]] : !buffer<3x2xi16>
// CHECK:     } else {
// CHECK:       %[[AT:.*]] = arith.subi %[[J]], %c2 : index
// CHECK:       loop.load %arg0[%[[R]], %[[AT]]] : !buffer<3x6xi16>
// CHECK:     loop.store %[[V]], %arg2[%[[R]], %[[J]]] : !buffer<3x6xi16>
// CHECK:   loop.for %[[K:.*]] = %c0 to %c2 step %c1 {
// CHECK:     %[[P:.*]] = arith.addi %[[K]], %c6 : index
// CHECK:     arith.cmpi slt, %[[P]], %c2 : index
// CHECK:     loop.store %{{.*}}, %arg3[%[[R]], %[[K]]] : !buffer<3x2xi16>
func.func @delay(%x: !buffer<3x6xi16>, %s: !buffer<3x2xi16>, %y: !buffer<3x6xi16>, %n: !buffer<3x2xi16>) {
  buffer.kernel signal_delay ins(%x, %s : !buffer<3x6xi16>, !buffer<3x2xi16>) outs(%y, %n : !buffer<3x6xi16>, !buffer<3x2xi16>) {results = array<i64: 0, 1>}
  return
}

// -----

// SignalFramer (prefilled): frame %f is samples [%f * 2, %f * 2 + 5) of state ++ input, the
// flag always true, the next state the 3 samples after the input's 8.
// CHECK-LABEL: func.func @framer
// CHECK: loop.store %true, %arg3[] : !buffer<i1>
// CHECK: loop.for %[[R:.*]] = %c0 to %c3 step %c1 {
// CHECK:   loop.for %[[F:.*]] = %c0 to %c4 step %c1 {
// CHECK:     loop.for %[[J:.*]] = %c0 to %c5 step %c1 {
// CHECK:       %[[START:.*]] = arith.muli %[[F]], %c2 : index
// CHECK:       %[[P:.*]] = arith.addi %[[START]], %[[J]] : index
// CHECK:       arith.cmpi slt, %[[P]], %c3 : index
// CHECK:       loop.store %{{.*}}, %arg2[%[[R]], %[[F]], %[[J]]] : !buffer<3x4x5xi16>
// CHECK:   loop.for %[[K:.*]] = %c0 to %c3 step %c1 {
// CHECK:     arith.addi %[[K]], %c8 : index
// CHECK:     loop.store %{{.*}}, %arg4[%[[R]], %[[K]]] : !buffer<3x3xi16>
func.func @framer(%x: !buffer<3x8xi16>, %s: !buffer<3x3xi16>, %y: !buffer<3x4x5xi16>, %v: !buffer<i1>, %n: !buffer<3x3xi16>) {
  buffer.kernel signal_framer ins(%x, %s : !buffer<3x8xi16>, !buffer<3x3xi16>) outs(%y, %v, %n : !buffer<3x4x5xi16>, !buffer<i1>, !buffer<3x3xi16>) {frame_size = 5 : i64, frame_step = 2 : i64, results = array<i64: 0, 1, 2>}
  return
}

// -----

// SignalOverlapAdd: each stream sample starts from the state (0 past its 5 samples) and adds
// the frames covering it in order, int16 saturating; the output is samples [0, 2 * 2), the next
// state the 5 after.
// CHECK-LABEL: func.func @overlap_add
// CHECK: loop.for %[[R:.*]] = %c0 to %c3 step %c1 {
// CHECK:   loop.for %[[P:.*]] = %c0 to %c4 step %c1 {
// CHECK:     %[[IN_STATE:.*]] = arith.cmpi slt, %[[P]], %c5 : index
// CHECK:     %[[INIT:.*]] = loop.if %[[IN_STATE]] -> (i16) {
// CHECK:       loop.load %arg1[%[[R]], %[[P]]] : !buffer<3x5xi16>
// CHECK:     %[[SUM:.*]] = loop.for %[[F:.*]] = %c0 to %c2 step %c1 iter_args(%[[ACC:.*]] = %[[INIT]]) -> (i16) {
// CHECK:       %[[START:.*]] = arith.muli %[[F]], %c2 : index
// CHECK:       %[[OFFSET:.*]] = arith.subi %[[P]], %[[START]] : index
// CHECK:       loop.load %arg0[%[[R]], %[[F]], %[[OFFSET]]] : !buffer<3x2x5xi16>
// CHECK:       arith.maxsi
// CHECK:       arith.minsi
// CHECK:     loop.store %[[SUM]], %arg2[%[[R]], %[[P]]] : !buffer<3x4xi16>
// CHECK:   loop.for %[[K:.*]] = %c0 to %c5 step %c1 {
// CHECK:     arith.addi %[[K]], %c4 : index
// CHECK:     loop.store %{{.*}}, %arg3[%[[R]], %[[K]]] : !buffer<3x5xi16>
func.func @overlap_add(%x: !buffer<3x2x5xi16>, %s: !buffer<3x5xi16>, %y: !buffer<3x4xi16>, %n: !buffer<3x5xi16>) {
  buffer.kernel signal_overlap_add ins(%x, %s : !buffer<3x2x5xi16>, !buffer<3x5xi16>) outs(%y, %n : !buffer<3x4xi16>, !buffer<3x5xi16>) {frame_step = 2 : i64, results = array<i64: 0, 1>}
  return
}

// -----

// SignalStacker: stacks of 3 frames of 2 channels every 2 frames, the state's code at 0, its 2
// stored frames at [1, 5) and its last stack at [5, 11). The first frame is written 1 + 1 times
// (the left context); an invalid step repeats the last stack; the stored frames move by the
// step's 4 samples when a stack went out, and the code becomes the frames kept plus one.
// CHECK-LABEL: func.func @stacker
// CHECK:      %[[CODE16:.*]] = loop.load %arg1[%c0] : !buffer<11xi16>
// CHECK:      %[[CODE:.*]] = arith.index_cast %[[CODE16]] : i16 to index
// CHECK:      %[[FIRST:.*]] = arith.cmpi eq, %[[CODE]], %c0 : index
// CHECK:      %[[LESS:.*]] = arith.subi %[[CODE]], %c1 : index
// CHECK:      %[[STORED:.*]] = arith.select %[[FIRST]], %c0, %[[LESS]] : index
// CHECK:      %[[WRITTEN:.*]] = arith.select %[[FIRST]], %c2, %c1 : index
// CHECK:      %[[HELD:.*]] = arith.addi %[[STORED]], %[[WRITTEN]] : index
// CHECK:      %[[VALID:.*]] = arith.cmpi sge, %[[HELD]], %c3 : index
// CHECK:      loop.store %[[VALID]], %arg3[] : !buffer<i1>
// CHECK:      %[[PREFIX:.*]] = arith.muli %[[STORED]], %c2 : index
// CHECK:      loop.for %[[I:.*]] = %c0 to %c6 step %c1 {
// CHECK:        %[[IN_LAST:.*]] = arith.addi %[[I]], %c5 : index
// CHECK:        %[[V:.*]] = loop.if %[[VALID]] -> (i16) {
// CHECK:          arith.cmpi slt, %[[I]], %[[PREFIX]] : index
// CHECK:          arith.remui %{{.*}}, %c2 : index
// CHECK:          loop.load %arg0[%{{.*}}] : !buffer<2xi16>
// CHECK:        } else {
// CHECK:          %[[LAST:.*]] = loop.load %arg1[%[[IN_LAST]]] : !buffer<11xi16>
// CHECK:          loop.yield %[[LAST]] : i16
// CHECK:        loop.store %[[V]], %arg2[%[[I]]] : !buffer<6xi16>
// CHECK:        loop.store %[[V]], %arg4[%[[IN_LAST]]] : !buffer<11xi16>
// CHECK:      %[[SHIFT:.*]] = arith.select %[[VALID]], %c4, %c0 : index
// CHECK:      loop.for %[[J:.*]] = %c0 to %c4 step %c1 {
// CHECK:        arith.addi %[[J]], %[[SHIFT]] : index
// CHECK:        loop.store %{{.*}}, %arg4[%{{.*}}] : !buffer<11xi16>
// CHECK:      %[[DISCARDED:.*]] = arith.select %[[VALID]], %c2, %c0 : index
// CHECK:      %[[KEPT:.*]] = arith.subi %[[HELD]], %[[DISCARDED]] : index
// CHECK:      %[[NEXT:.*]] = arith.addi %[[KEPT]], %c1 : index
// CHECK:      %[[NEXT16:.*]] = arith.index_cast %[[NEXT]] : index to i16
// CHECK:      loop.store %[[NEXT16]], %arg4[%c0] : !buffer<11xi16>
func.func @stacker(%x: !buffer<2xi16>, %s: !buffer<11xi16>, %y: !buffer<6xi16>, %v: !buffer<i1>, %n: !buffer<11xi16>) {
  buffer.kernel signal_stacker ins(%x, %s : !buffer<2xi16>, !buffer<11xi16>) outs(%y, %v, %n : !buffer<6xi16>, !buffer<i1>, !buffer<11xi16>) {left_context = 1 : i64, right_context = 1 : i64, step = 2 : i64, results = array<i64: 0, 1, 2>}
  return
}
