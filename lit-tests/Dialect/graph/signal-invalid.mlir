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
