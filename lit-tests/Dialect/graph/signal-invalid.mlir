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

// The transform is of i16, i32 or f32 rows, its result of the same type.
func.func @rfft_types(%x: tensor<16xi8>, %z: tensor<16xi32>) {
  // expected-error@+1 {{'graph.signal_rfft' op input element type must be i16, i32 or f32, but got 'i8'}}
  %y = "graph.signal_rfft"(%x) <{fft_length = 16 : i64}> : (tensor<16xi8>) -> tensor<18xi8>
  // expected-error@+1 {{'graph.signal_rfft' op output element type must be i32, but got 'f32'}}
  %w = "graph.signal_rfft"(%z) <{fft_length = 16 : i64}> : (tensor<16xi32>) -> tensor<18xf32>
  return
}

// -----

// Bins outside the spectrum and the energies.
func.func @energy_range(%x: tensor<8xi16>) {
  // expected-error@+2 {{'graph.signal_energy' op 'end_index' is 5, but the input holds 4 (real, imaginary) pairs}}
  // expected-error@+1 {{'graph.signal_energy' op 'end_index' is 5, but the output holds 4 elements}}
  %y = "graph.signal_energy"(%x) <{start_index = 0 : i64, end_index = 5 : i64}> : (tensor<8xi16>) -> tensor<4xui32>
  return
}

// -----

func.func @energy_reversed(%x: tensor<8xi16>) {
  // expected-error@+1 {{'graph.signal_energy' op 'start_index' (3) must be at most 'end_index' (2)}}
  %y = "graph.signal_energy"(%x) <{start_index = 3 : i64, end_index = 2 : i64}> : (tensor<8xi16>) -> tensor<4xui32>
  return
}

// -----

// Signed energies: TFLite Micro's kernel writes uint32.
func.func @energy_signed(%x: tensor<8xi16>) {
  // expected-error@+1 {{'graph.signal_energy' op output element type must be ui32, but got 'i32'}}
  %y = "graph.signal_energy"(%x) <{start_index = 0 : i64, end_index = 4 : i64}> : (tensor<8xi16>) -> tensor<4xi32>
  return
}

// -----

// Channel tables as long as the output: channel 0 is scratch, so they need one more entry.
func.func @filter_bank_tables(%x: tensor<8xui32>, %w: tensor<6xi16>, %t: tensor<3xi16>) {
  // expected-error@+3 {{'graph.signal_filter_bank' op channel_frequency_starts holds 3 elements, but one more than the output's channels is 4}}
  // expected-error@+2 {{'graph.signal_filter_bank' op channel_weight_starts holds 3 elements}}
  // expected-error@+1 {{'graph.signal_filter_bank' op channel_widths holds 3 elements}}
  %y = "graph.signal_filter_bank"(%x, %w, %w, %t, %t, %t) : (tensor<8xui32>, tensor<6xi16>, tensor<6xi16>, tensor<3xi16>, tensor<3xi16>, tensor<3xi16>) -> tensor<3xui64>
  return
}

// -----

func.func @filter_bank_unweights(%x: tensor<8xui32>, %w: tensor<6xi16>, %u: tensor<5xi16>, %t: tensor<4xi16>) {
  // expected-error@+1 {{'graph.signal_filter_bank' op unweights holds 5 elements, but the weights hold 6}}
  %y = "graph.signal_filter_bank"(%x, %w, %u, %t, %t, %t) : (tensor<8xui32>, tensor<6xi16>, tensor<5xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) -> tensor<3xui64>
  return
}

// -----

// A shift given as a vector: TFLite Micro reads one int32.
func.func @square_root_bits(%x: tensor<3xui64>, %b: tensor<1xi32>) {
  // expected-error@+1 {{'graph.signal_filter_bank_square_root' op scale_bits must have rank 0, but has rank 1}}
  %y = "graph.signal_filter_bank_square_root"(%x, %b) : (tensor<3xui64>, tensor<1xi32>) -> tensor<3xui32>
  return
}

// -----

func.func @spectral_subtraction_shift(%x: tensor<3xui32>, %n: tensor<2xui32>) {
  // expected-error@+2 {{'graph.signal_filter_bank_spectral_subtraction' op 'smoothing_bits' must be at most 31, but is 32}}
  // expected-error@+1 {{'graph.signal_filter_bank_spectral_subtraction' op noise_estimate holds 2 elements, but the input's channels are 3}}
  %y:2 = "graph.signal_filter_bank_spectral_subtraction"(%x, %n) <{smoothing = 1 : i64, one_minus_smoothing = 1 : i64, alternate_smoothing = 1 : i64, alternate_one_minus_smoothing = 1 : i64, min_signal_remaining = 1 : i64, smoothing_bits = 32 : i64, spectral_subtraction_bits = 14 : i64, clamping = true}> : (tensor<3xui32>, tensor<2xui32>) -> (tensor<3xui32>, tensor<3xui32>)
  return
}

// -----

// A gain table too short for WideDynamicFunction's reads.
func.func @pcan_lut(%x: tensor<3xui32>, %lut: tensor<100xi16>) {
  // expected-error@+1 {{'graph.signal_pcan' op gain_lut holds 100 entries, but TFLite Micro's WideDynamicFunction reads up to 125}}
  %y = "graph.signal_pcan"(%x, %x, %lut) <{snr_shift = 6 : i64}> : (tensor<3xui32>, tensor<3xui32>, tensor<100xi16>) -> tensor<3xui32>
  return
}

// -----

func.func @log_correction(%x: tensor<3xui32>) {
  // expected-error@+1 {{'graph.signal_filter_bank_log' op 'input_correction_bits' must be at most 31, but is 40}}
  %y = "graph.signal_filter_bank_log"(%x) <{input_correction_bits = 40 : i64, output_scale = 64 : i64}> : (tensor<3xui32>) -> tensor<3xi16>
  return
}

// -----

// A state of other rows than the input's.
func.func @delay_rows(%x: tensor<3x6xi16>, %state: tensor<2x2xi16>) {
  // expected-error@+1 {{'graph.signal_delay' op state must be the input's rows ([3]) of 1 or more samples, but has shape [2, 2]}}
  %y:2 = "graph.signal_delay"(%x, %state) : (tensor<3x6xi16>, tensor<2x2xi16>) -> (tensor<3x6xi16>, tensor<2x2xi16>)
  return
}

// -----

// A framer's step is shorter than its frames (TFLite Micro's prefill writes frame_size -
// frame_step zeros).
func.func @framer_step(%x: tensor<8xi16>, %state: tensor<0xi16>) {
  // expected-error@+1 {{'graph.signal_framer' op 'frame_step' must be from 1 to 'frame_size' - 1 (3), but is 4}}
  %y:3 = "graph.signal_framer"(%x, %state) <{frame_size = 4 : i64, frame_step = 4 : i64}> : (tensor<8xi16>, tensor<0xi16>) -> (tensor<2x4xi16>, tensor<i1>, tensor<0xi16>)
  return
}

// -----

// Rows are whole steps.
func.func @framer_rows(%x: tensor<7xi16>, %state: tensor<3xi16>) {
  // expected-error@+1 {{'graph.signal_framer' op rows of 7 samples are not a whole number of 2-sample steps}}
  %y:3 = "graph.signal_framer"(%x, %state) <{frame_size = 5 : i64, frame_step = 2 : i64}> : (tensor<7xi16>, tensor<3xi16>) -> (tensor<3x5xi16>, tensor<i1>, tensor<3xi16>)
  return
}

// -----

// The state holds the samples frames overlap, and the flag is a rank-0 bool.
func.func @framer_state(%x: tensor<8xi16>, %state: tensor<2xi16>) {
  // expected-error@+2 {{'graph.signal_framer' op valid must have rank 0, but has rank 1}}
  // expected-error@+1 {{'graph.signal_framer' op state must be the input's rows ([]) of its 3 samples the frames overlap, but has shape [2]}}
  %y:3 = "graph.signal_framer"(%x, %state) <{frame_size = 5 : i64, frame_step = 2 : i64}> : (tensor<8xi16>, tensor<2xi16>) -> (tensor<4x5xi16>, tensor<1xi1>, tensor<2xi16>)
  return
}

// -----

// The inverse transform's rows are the fft_length / 2 + 1 pairs of a power-of-two length.
func.func @irfft_rows(%x: tensor<16xi16>, %z: tensor<14xi32>) {
  // expected-error@+1 {{'graph.signal_irfft' op input rows hold 16 values, but the 9 (real, imaginary) pairs of 'fft_length' 16 are 18}}
  %y = "graph.signal_irfft"(%x) <{fft_length = 16 : i64}> : (tensor<16xi16>) -> tensor<16xi16>
  // expected-error@+1 {{'graph.signal_irfft' op 'fft_length' must be a power of two from 4 to 32768, but is 12}}
  %w = "graph.signal_irfft"(%z) <{fft_length = 12 : i64}> : (tensor<14xi32>) -> tensor<12xi32>
  return
}

// -----

// The inverse transform's result is of the input's type.
func.func @irfft_types(%x: tensor<10xi32>) {
  // expected-error@+1 {{'graph.signal_irfft' op output element type must be i32, but got 'f32'}}
  %y = "graph.signal_irfft"(%x) <{fft_length = 8 : i64}> : (tensor<10xi32>) -> tensor<8xf32>
  return
}

// -----

// A stacker discards at most the frames it stacks.
func.func @stacker_step(%x: tensor<2xi16>, %state: tensor<11xi16>) {
  // expected-error@+1 {{'graph.signal_stacker' op 'step' must be from 1 to the 3 frames stacked, but is 4}}
  %y:3 = "graph.signal_stacker"(%x, %state) <{left_context = 1 : i64, right_context = 1 : i64, step = 4 : i64}> : (tensor<2xi16>, tensor<11xi16>) -> (tensor<6xi16>, tensor<i1>, tensor<11xi16>)
  return
}

// -----

// Contexts are 0 or more frames, steps 1 or more.
func.func @stacker_context(%x: tensor<2xi16>, %state: tensor<11xi16>) {
  // expected-error@+2 {{'graph.signal_stacker' op 'left_context' must be at least 0, but is -1}}
  // expected-error@+1 {{'graph.signal_stacker' op 'step' must be at least 1, but is 0}}
  %y:3 = "graph.signal_stacker"(%x, %state) <{left_context = -1 : i64, right_context = 1 : i64, step = 0 : i64}> : (tensor<2xi16>, tensor<11xi16>) -> (tensor<6xi16>, tensor<i1>, tensor<11xi16>)
  return
}

// -----

// The state holds the code, K - 1 frames and the last stack; the flag is a rank-0 bool.
func.func @stacker_state(%x: tensor<2xi16>, %state: tensor<10xi16>) {
  // expected-error@+2 {{'graph.signal_stacker' op valid must have rank 0, but has rank 1}}
  // expected-error@+1 {{'graph.signal_stacker' op state holds 10 elements, but stacks of the input's frame need 11}}
  %y:3 = "graph.signal_stacker"(%x, %state) <{left_context = 1 : i64, right_context = 1 : i64, step = 2 : i64}> : (tensor<2xi16>, tensor<10xi16>) -> (tensor<6xi16>, tensor<1xi1>, tensor<10xi16>)
  return
}

// -----

// Overlap-add frames are rank 2 or more.
func.func @overlap_add_rank(%x: tensor<6xi16>, %state: tensor<6xi16>) {
  // expected-error@+1 {{'graph.signal_overlap_add' op input must be frames of rank 2 or more}}
  %y:2 = "graph.signal_overlap_add"(%x, %state) <{frame_step = 2 : i64}> : (tensor<6xi16>, tensor<6xi16>) -> (tensor<3xi16>, tensor<6xi16>)
  return
}

// -----

// The state holds a frame's samples of each row.
func.func @overlap_add_state(%x: tensor<3x4x5xi16>, %state: tensor<3x4xi16>) {
  // expected-error@+1 {{'graph.signal_overlap_add' op state must be the input's rows ([3]) of its 5 frame samples, but has shape [3, 4]}}
  %y:2 = "graph.signal_overlap_add"(%x, %state) <{frame_step = 2 : i64}> : (tensor<3x4x5xi16>, tensor<3x4xi16>) -> (tensor<3x8xi16>, tensor<3x4xi16>)
  return
}

// -----

// A step longer than the frame would leave gaps TFLite Micro does not fill.
func.func @overlap_add_step(%x: tensor<4x5xf32>, %state: tensor<5xf32>) {
  // expected-error@+1 {{'graph.signal_overlap_add' op 'frame_step' must be from 1 to the frame size 5, but is 6}}
  %y:2 = "graph.signal_overlap_add"(%x, %state) <{frame_step = 6 : i64}> : (tensor<4x5xf32>, tensor<5xf32>) -> (tensor<24xf32>, tensor<5xf32>)
  return
}

// -----

// The state and results are of the frames' type.
func.func @overlap_add_types(%x: tensor<4x5xi16>, %state: tensor<5xf32>) {
  // expected-error@+1 {{'graph.signal_overlap_add' op state element type must be i16, but got 'f32'}}
  %y:2 = "graph.signal_overlap_add"(%x, %state) <{frame_step = 5 : i64}> : (tensor<4x5xi16>, tensor<5xf32>) -> (tensor<20xi16>, tensor<5xi16>)
  return
}
