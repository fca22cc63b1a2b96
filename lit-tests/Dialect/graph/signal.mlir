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
