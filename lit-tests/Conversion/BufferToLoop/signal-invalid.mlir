// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The signal kernels buffer-to-loop refuses (the kernel's verifier says so before the support
// table is read).

func.func @window_shift(%x: !buffer<4xi16>, %w: !buffer<4xi16>, %y: !buffer<4xi16>) {
  // expected-error@+1 {{'buffer.kernel' op signal_window: 'shift' must be at most 31, but is 40}}
  buffer.kernel signal_window ins(%x, %w : !buffer<4xi16>, !buffer<4xi16>) outs(%y : !buffer<4xi16>) {shift = 40 : i64}
  return
}

// -----

func.func @auto_scale_i32(%f: !buffer<16xi32>, %y: !buffer<16xi32>, %bits: !buffer<i32>) {
  // expected-error@+2 {{'buffer.kernel' op signal_fft_auto_scale: input element type must be i16, but got 'i32'}}
  // expected-error@+1 {{'buffer.kernel' op signal_fft_auto_scale: output element type must be i16, but got 'i32'}}
  buffer.kernel signal_fft_auto_scale ins(%f : !buffer<16xi32>) outs(%y, %bits : !buffer<16xi32>, !buffer<i32>) {results = array<i64: 0, 1>}
  return
}
