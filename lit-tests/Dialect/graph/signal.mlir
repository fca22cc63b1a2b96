// RUN: mc-opt %s | FileCheck %s

// TFLite Micro's signal library: a window over rows of 4 samples, the FFT auto scale of a frame
// (two results: the scaled frame and an i32 scalar count), a real FFT of 16 points over rows of
// 12 samples (9 (real, imaginary) pairs per row).
// CHECK-LABEL: func.func @front_end
// CHECK: %[[W:.*]] = "graph.signal_window"(%arg0, %{{.*}}) <{shift = 12 : i64}> : (tensor<2x4xi16>, tensor<4xi16>) -> tensor<2x4xi16>
// CHECK: %{{.*}}:2 = "graph.signal_fft_auto_scale"(%arg1) : (tensor<16xi16>) -> (tensor<16xi16>, tensor<i32>)
// CHECK: "graph.signal_rfft"(%arg2) <{fft_length = 16 : i64}> : (tensor<3x12xi16>) -> tensor<3x18xi16>
func.func @front_end(%x: tensor<2x4xi16>, %f: tensor<16xi16>, %r: tensor<3x12xi16>) -> (tensor<2x4xi16>, tensor<16xi16>, tensor<i32>, tensor<3x18xi16>) {
  %w = "graph.const"() <{value = dense<[1, 2, 3, 4]> : tensor<4xi16>}> : () -> tensor<4xi16>
  %y = "graph.signal_window"(%x, %w) <{shift = 12 : i64}> : (tensor<2x4xi16>, tensor<4xi16>) -> tensor<2x4xi16>
  %s:2 = "graph.signal_fft_auto_scale"(%f) : (tensor<16xi16>) -> (tensor<16xi16>, tensor<i32>)
  %z = "graph.signal_rfft"(%r) <{fft_length = 16 : i64}> : (tensor<3x12xi16>) -> tensor<3x18xi16>
  return %y, %s#0, %s#1, %z : tensor<2x4xi16>, tensor<16xi16>, tensor<i32>, tensor<3x18xi16>
}

// The filter bank chain on unsigned channels: the energy of bins 1 to 7 of 8, a filter bank of
// 3 channels (its tables one entry longer), their square roots, the spectral subtraction (the
// noise estimate in and the next one out), PCAN and the log.
// CHECK-LABEL: func.func @filter_bank_chain
// CHECK: "graph.signal_energy"(%arg0) <{end_index = 7 : i64, start_index = 1 : i64}> : (tensor<16xi16>) -> tensor<8xui32>
// CHECK: "graph.signal_filter_bank"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<8xui32>, tensor<6xi16>, tensor<6xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) -> tensor<3xui64>
// CHECK: "graph.signal_filter_bank_square_root"(%{{.*}}, %arg1) : (tensor<3xui64>, tensor<i32>) -> tensor<3xui32>
// CHECK: %[[S:.*]]:2 = "graph.signal_filter_bank_spectral_subtraction"(%{{.*}}, %arg2) <{{{.*}}clamping = false{{.*}}}> : (tensor<3xui32>, tensor<3xui32>) -> (tensor<3xui32>, tensor<3xui32>)
// CHECK: "graph.signal_pcan"(%[[S]]#0, %[[S]]#1, %{{.*}}) <{snr_shift = 6 : i64}> : (tensor<3xui32>, tensor<3xui32>, tensor<125xi16>) -> tensor<3xui32>
// CHECK: "graph.signal_filter_bank_log"(%{{.*}}) <{input_correction_bits = 3 : i64, output_scale = 64 : i64}> : (tensor<3xui32>) -> tensor<3xi16>
func.func @filter_bank_chain(%spectrum: tensor<16xi16>, %bits: tensor<i32>, %noise: tensor<3xui32>) -> (tensor<3xi16>, tensor<3xui32>) {
  %e = "graph.signal_energy"(%spectrum) <{start_index = 1 : i64, end_index = 7 : i64}> : (tensor<16xi16>) -> tensor<8xui32>
  %w = "graph.const"() <{value = dense<[4096, 2048, 4096, 2048, 1024, 0]> : tensor<6xi16>}> : () -> tensor<6xi16>
  %t = "graph.const"() <{value = dense<[1, 2, 4, 6]> : tensor<4xi16>}> : () -> tensor<4xi16>
  %f = "graph.signal_filter_bank"(%e, %w, %w, %t, %t, %t) : (tensor<8xui32>, tensor<6xi16>, tensor<6xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) -> tensor<3xui64>
  %r = "graph.signal_filter_bank_square_root"(%f, %bits) : (tensor<3xui64>, tensor<i32>) -> tensor<3xui32>
  %s:2 = "graph.signal_filter_bank_spectral_subtraction"(%r, %noise) <{smoothing = 655 : i64, one_minus_smoothing = 15729 : i64, alternate_smoothing = 655 : i64, alternate_one_minus_smoothing = 15729 : i64, min_signal_remaining = 819 : i64, smoothing_bits = 10 : i64, spectral_subtraction_bits = 14 : i64, clamping = false}> : (tensor<3xui32>, tensor<3xui32>) -> (tensor<3xui32>, tensor<3xui32>)
  %lut = "graph.const"() <{value = dense<7> : tensor<125xi16>}> : () -> tensor<125xi16>
  %p = "graph.signal_pcan"(%s#0, %s#1, %lut) <{snr_shift = 6 : i64}> : (tensor<3xui32>, tensor<3xui32>, tensor<125xi16>) -> tensor<3xui32>
  %l = "graph.signal_filter_bank_log"(%p) <{input_correction_bits = 3 : i64, output_scale = 64 : i64}> : (tensor<3xui32>) -> tensor<3xi16>
  return %l, %s#1 : tensor<3xi16>, tensor<3xui32>
}

// The delay: rows of 6 samples delayed by the 2 its state holds, and the next state.
// CHECK-LABEL: func.func @delay
// CHECK: "graph.signal_delay"(%arg0, %arg1) : (tensor<3x6xi16>, tensor<3x2xi16>) -> (tensor<3x6xi16>, tensor<3x2xi16>)
func.func @delay(%x: tensor<3x6xi16>, %state: tensor<3x2xi16>) -> (tensor<3x6xi16>, tensor<3x2xi16>) {
  %y:2 = "graph.signal_delay"(%x, %state) : (tensor<3x6xi16>, tensor<3x2xi16>) -> (tensor<3x6xi16>, tensor<3x2xi16>)
  return %y#0, %y#1 : tensor<3x6xi16>, tensor<3x2xi16>
}

// The inverse real FFT: 9 pairs per row back to 16 samples, of the input's type.
// CHECK-LABEL: func.func @irfft
// CHECK: "graph.signal_irfft"(%arg0) <{fft_length = 16 : i64}> : (tensor<3x18xi16>) -> tensor<3x16xi16>
// CHECK: "graph.signal_irfft"(%arg1) <{fft_length = 4 : i64}> : (tensor<6xf32>) -> tensor<4xf32>
func.func @irfft(%x: tensor<3x18xi16>, %f: tensor<6xf32>) -> (tensor<3x16xi16>, tensor<4xf32>) {
  %y = "graph.signal_irfft"(%x) <{fft_length = 16 : i64}> : (tensor<3x18xi16>) -> tensor<3x16xi16>
  %z = "graph.signal_irfft"(%f) <{fft_length = 4 : i64}> : (tensor<6xf32>) -> tensor<4xf32>
  return %y, %z : tensor<3x16xi16>, tensor<4xf32>
}

// The real FFT of int32 and float rows: results of the input's type.
// CHECK-LABEL: func.func @rfft_int32_and_float
// CHECK: "graph.signal_rfft"(%arg0) <{fft_length = 8 : i64}> : (tensor<2x8xi32>) -> tensor<2x10xi32>
// CHECK: "graph.signal_rfft"(%arg1) <{fft_length = 16 : i64}> : (tensor<12xf32>) -> tensor<18xf32>
func.func @rfft_int32_and_float(%x: tensor<2x8xi32>, %f: tensor<12xf32>) -> (tensor<2x10xi32>, tensor<18xf32>) {
  %y = "graph.signal_rfft"(%x) <{fft_length = 8 : i64}> : (tensor<2x8xi32>) -> tensor<2x10xi32>
  %z = "graph.signal_rfft"(%f) <{fft_length = 16 : i64}> : (tensor<12xf32>) -> tensor<18xf32>
  return %y, %z : tensor<2x10xi32>, tensor<18xf32>
}

// The framer: rows of 8 samples cut into 4 frames of 5 every 2, the 3 samples frames overlap
// kept.
// CHECK-LABEL: func.func @framer
// CHECK: "graph.signal_framer"(%arg0, %arg1) <{frame_size = 5 : i64, frame_step = 2 : i64}> : (tensor<3x8xi16>, tensor<3x3xi16>) -> (tensor<3x4x5xi16>, tensor<i1>, tensor<3x3xi16>)
func.func @framer(%x: tensor<3x8xi16>, %state: tensor<3x3xi16>) -> (tensor<3x4x5xi16>, tensor<i1>) {
  %y:3 = "graph.signal_framer"(%x, %state) <{frame_size = 5 : i64, frame_step = 2 : i64}> : (tensor<3x8xi16>, tensor<3x3xi16>) -> (tensor<3x4x5xi16>, tensor<i1>, tensor<3x3xi16>)
  return %y#0, %y#1 : tensor<3x4x5xi16>, tensor<i1>
}

// The stacker: frames of 2 channels stacked 3 at a time (contexts of 1 and 1) every 2 frames,
// its state the code, 2 frames' room and the last stack.
// CHECK-LABEL: func.func @stacker
// CHECK: "graph.signal_stacker"(%arg0, %arg1) <{left_context = 1 : i64, right_context = 1 : i64, step = 2 : i64}> : (tensor<2xi16>, tensor<11xi16>) -> (tensor<6xi16>, tensor<i1>, tensor<11xi16>)
func.func @stacker(%x: tensor<2xi16>, %state: tensor<11xi16>) -> (tensor<6xi16>, tensor<i1>) {
  %y:3 = "graph.signal_stacker"(%x, %state) <{left_context = 1 : i64, right_context = 1 : i64, step = 2 : i64}> : (tensor<2xi16>, tensor<11xi16>) -> (tensor<6xi16>, tensor<i1>, tensor<11xi16>)
  return %y#0, %y#1 : tensor<6xi16>, tensor<i1>
}

// The overlap-add: 3 rows of 4 frames of 5 samples, 2 samples out per frame, and the next state.
// CHECK-LABEL: func.func @overlap_add
// CHECK: "graph.signal_overlap_add"(%arg0, %arg1) <{frame_step = 2 : i64}> : (tensor<3x4x5xi16>, tensor<3x5xi16>) -> (tensor<3x8xi16>, tensor<3x5xi16>)
// CHECK: "graph.signal_overlap_add"(%arg2, %arg3) <{frame_step = 5 : i64}> : (tensor<1x5xf32>, tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>)
func.func @overlap_add(%x: tensor<3x4x5xi16>, %state: tensor<3x5xi16>, %f: tensor<1x5xf32>, %fs: tensor<5xf32>) -> (tensor<3x8xi16>, tensor<5xf32>) {
  %y:2 = "graph.signal_overlap_add"(%x, %state) <{frame_step = 2 : i64}> : (tensor<3x4x5xi16>, tensor<3x5xi16>) -> (tensor<3x8xi16>, tensor<3x5xi16>)
  %z:2 = "graph.signal_overlap_add"(%f, %fs) <{frame_step = 5 : i64}> : (tensor<1x5xf32>, tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>)
  return %y#0, %z#0 : tensor<3x8xi16>, tensor<5xf32>
}
