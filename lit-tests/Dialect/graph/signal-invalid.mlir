// RUN: mc-opt %s --split-input-file --verify-diagnostics
// What the verifier refuses of the signal ops: one located error each.

// A shift the kernel's int32 product cannot take.
func.func @window_shift(%x: tensor<4xi16>, %w: tensor<4xi16>) {
  // expected-error@+1 {{'graph.signal_window' op 'shift' must be at most 31, but is 32}}
  %y = "graph.signal_window"(%x, %w) <{shift = 32 : i64}> : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  return
}

// -----

func.func @window_negative_shift(%x: tensor<4xi16>, %w: tensor<4xi16>) {
  // expected-error@+1 {{'graph.signal_window' op 'shift' must be at least 0, but is -1}}
  %y = "graph.signal_window"(%x, %w) <{shift = -1 : i64}> : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  return
}

// -----

// Rows longer than the weights.
func.func @window_rows(%x: tensor<2x8xi16>, %w: tensor<4xi16>) {
  // expected-error@+1 {{'graph.signal_window' op input rows hold 8 samples, but the weights 4}}
  %y = "graph.signal_window"(%x, %w) <{shift = 12 : i64}> : (tensor<2x8xi16>, tensor<4xi16>) -> tensor<2x8xi16>
  return
}

// -----

// Float samples, which TFLite Micro's kernel does not take.
func.func @window_float(%x: tensor<4xf32>, %w: tensor<4xi16>) {
  // expected-error@+1 {{'graph.signal_window' op input element type must be i16, but got 'f32'}}
  %y = "graph.signal_window"(%x, %w) <{shift = 12 : i64}> : (tensor<4xf32>, tensor<4xi16>) -> tensor<4xi16>
  return
}

// -----

// Quantized samples: the signal library's tensors are plain integers.
!q = !quant.uniform<i16:f32, 0.5>
func.func @window_quantized(%x: tensor<4xi16>, %w: tensor<4x!q>) {
  // expected-error@+1 {{'graph.signal_window' op weights element type must be i16}}
  %y = "graph.signal_window"(%x, %w) <{shift = 12 : i64}> : (tensor<4xi16>, tensor<4x!q>) -> tensor<4xi16>
  return
}

// -----

// A frame of rank 2.
func.func @auto_scale_rank(%f: tensor<2x8xi16>) {
  // expected-error@+1 {{'graph.signal_fft_auto_scale' op input must have rank 1, but has rank 2}}
  %s:2 = "graph.signal_fft_auto_scale"(%f) : (tensor<2x8xi16>) -> (tensor<2x8xi16>, tensor<i32>)
  return
}

// -----

// The count as i16, and a frame of another length.
func.func @auto_scale_results(%f: tensor<8xi16>) {
  // expected-error@+1 {{'graph.signal_fft_auto_scale' op scale_bits element type must be i32, but got 'i16'}}
  %s:2 = "graph.signal_fft_auto_scale"(%f) : (tensor<8xi16>) -> (tensor<8xi16>, tensor<i16>)
  return
}

// -----

func.func @auto_scale_shape(%f: tensor<8xi16>) {
  // expected-error@+1 {{'graph.signal_fft_auto_scale' op result shape [4] does not match the inferred shape [8]}}
  %s:2 = "graph.signal_fft_auto_scale"(%f) : (tensor<8xi16>) -> (tensor<4xi16>, tensor<i32>)
  return
}

// -----

// A transform length kissfft's real FFT does not take here.
func.func @rfft_length(%x: tensor<12xi16>) {
  // expected-error@+1 {{'graph.signal_rfft' op 'fft_length' must be a power of two from 4 to 32768, but is 12}}
  %y = "graph.signal_rfft"(%x) <{fft_length = 12 : i64}> : (tensor<12xi16>) -> tensor<14xi16>
  return
}

// -----

// Rows longer than the transform.
func.func @rfft_rows(%x: tensor<20xi16>) {
  // expected-error@+1 {{'graph.signal_rfft' op input rows hold 20 samples, more than 'fft_length' (16)}}
  %y = "graph.signal_rfft"(%x) <{fft_length = 16 : i64}> : (tensor<20xi16>) -> tensor<18xi16>
  return
}

// -----

// A spectrum of the wrong length: fft_length / 2 + 1 pairs.
func.func @rfft_output(%x: tensor<16xi16>) {
  // expected-error@+1 {{'graph.signal_rfft' op result shape [16] does not match the inferred shape [18]}}
  %y = "graph.signal_rfft"(%x) <{fft_length = 16 : i64}> : (tensor<16xi16>) -> tensor<16xi16>
  return
}

// -----

// The float and int32 transforms are not compiled.
func.func @rfft_float(%x: tensor<16xf32>) {
  // expected-error@+2 {{'graph.signal_rfft' op input element type must be i16, but got 'f32'}}
  // expected-error@+1 {{'graph.signal_rfft' op output element type must be i16, but got 'f32'}}
  %y = "graph.signal_rfft"(%x) <{fft_length = 16 : i64}> : (tensor<16xf32>) -> tensor<18xf32>
  return
}
