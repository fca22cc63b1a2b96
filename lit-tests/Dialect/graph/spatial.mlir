// RUN: mc-opt --print-generic %s | FileCheck %s
// RUN: mc-opt --print-generic %s | mc-opt --print-generic | FileCheck %s
// Constant sizes, block shapes, paddings and crops become attributes.
// RUN: mc-opt %s --pass-pipeline='builtin.module(func.func(graph-canonicalize))' --print-generic | FileCheck %s --check-prefix=CANON

!q8 = !quant.uniform<i8:f32, 5.000000e-02:3>
!q16 = !quant.uniform<i16:f32, 2.000000e-03>

// CHECK-LABEL: sym_name = "spatial"
// CANON-LABEL: sym_name = "spatial"
"func.func"() <{function_type = (tensor<1x8x8x4xf32>, tensor<1x8x8x4x!q8>, tensor<2x3x5x2x!q16>) -> (tensor<1x3x5x4xf32>, tensor<2x3x5x2x!q16>, tensor<4x6x7x4xf32>, tensor<1x10x10x4xf32>), sym_name = "spatial"}> ({
^bb0(%x: tensor<1x8x8x4xf32>, %q: tensor<1x8x8x4x!q8>, %w: tensor<2x3x5x2x!q16>):
  %size = "graph.const"() <{value = dense<[3, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "graph.resize_bilinear"(%arg0, %{{.*}}) <{align_corners = false, half_pixel_centers = true}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x3x5x4xf32>
  // CANON: "graph.resize_bilinear"(%arg0) <{align_corners = false, half_pixel_centers = true, size = array<i64: 3, 5>}>
  %0 = "graph.resize_bilinear"(%x, %size) <{align_corners = false, half_pixel_centers = true}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x3x5x4xf32>
  // CHECK: "graph.resize_bilinear"(%arg1) <{align_corners = true, half_pixel_centers = false, size = array<i64: 16, 16>}> : ({{.*}}) -> tensor<1x16x16x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %1 = "graph.resize_bilinear"(%q) <{align_corners = true, half_pixel_centers = false, size = array<i64: 16, 16>}> : (tensor<1x8x8x4x!q8>) -> tensor<1x16x16x4x!q8>
  // Nearest neighbour takes both options at once, and int16.
  // CHECK: "graph.resize_nearest_neighbor"(%arg2, %{{.*}}) <{align_corners = true, half_pixel_centers = true}> : ({{.*}}, tensor<2xi32>) -> tensor<2x3x5x2x!quant.uniform<i16:f32, 2.000000e-03>>
  // CANON: "graph.resize_nearest_neighbor"(%arg2) <{align_corners = true, half_pixel_centers = true, size = array<i64: 3, 5>}>
  %2 = "graph.resize_nearest_neighbor"(%w, %size) <{align_corners = true, half_pixel_centers = true}> : (tensor<2x3x5x2x!q16>, tensor<2xi32>) -> tensor<2x3x5x2x!q16>
  // CHECK: "graph.depth_to_space"(%arg1) <{block_size = 2 : i64}> : ({{.*}}) -> tensor<1x16x16x1x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %3 = "graph.depth_to_space"(%q) <{block_size = 2 : i64}> : (tensor<1x8x8x4x!q8>) -> tensor<1x16x16x1x!q8>
  // CHECK: "graph.space_to_depth"(%arg0) <{block_size = 4 : i64}> : (tensor<1x8x8x4xf32>) -> tensor<1x2x2x64xf32>
  %4 = "graph.space_to_depth"(%x) <{block_size = 4 : i64}> : (tensor<1x8x8x4xf32>) -> tensor<1x2x2x64xf32>
  %block = "graph.const"() <{value = dense<[2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %paddings = "graph.const"() <{value = dense<[[2, 2], [2, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  // (8 + 4) / 2 = 6 rows, (8 + 6) / 2 = 7 columns, 4 batches.
  // CHECK: "graph.space_to_batch_nd"(%arg0, %{{.*}}, %{{.*}}) : (tensor<1x8x8x4xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x6x7x4xf32>
  // CANON: "graph.space_to_batch_nd"(%arg0) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 2, 2, 2, 4>}>
  %5 = "graph.space_to_batch_nd"(%x, %block, %paddings) : (tensor<1x8x8x4xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x6x7x4xf32>
  %crops = "graph.const"() <{value = dense<[[0, 2], [1, 3]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  // CHECK: "graph.batch_to_space_nd"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4x6x7x4xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x10x10x4xf32>
  // CANON: "graph.batch_to_space_nd"(%{{.*}}) <{block_shape = array<i64: 2, 2>, crops = array<i64: 0, 2, 1, 3>}>
  %6 = "graph.batch_to_space_nd"(%5, %block, %crops) : (tensor<4x6x7x4xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x10x10x4xf32>
  // 3-D (NHC): one block size, one pair.
  // CHECK: "graph.space_to_batch_nd"(%{{.*}}) <{block_shape = array<i64: 3>, paddings = array<i64: 1, 0>}> : (tensor<2x5x3xf32>) -> tensor<6x2x3xf32>
  %n = "graph.reshape"(%w) <{new_shape = array<i64: 2, 5, 6>}> : (tensor<2x3x5x2x!q16>) -> tensor<2x5x6x!q16>
  %f = "graph.const"() <{value = dense<0.0> : tensor<2x5x3xf32>}> : () -> tensor<2x5x3xf32>
  %7 = "graph.space_to_batch_nd"(%f) <{block_shape = array<i64: 3>, paddings = array<i64: 1, 0>}> : (tensor<2x5x3xf32>) -> tensor<6x2x3xf32>
  // CHECK: "graph.batch_to_space_nd"(%{{.*}}) <{block_shape = array<i64: 3>, crops = array<i64: 1, 0>}> : (tensor<6x2x3xf32>) -> tensor<2x5x3xf32>
  %8 = "graph.batch_to_space_nd"(%7) <{block_shape = array<i64: 3>, crops = array<i64: 1, 0>}> : (tensor<6x2x3xf32>) -> tensor<2x5x3xf32>
  "func.return"(%0, %2, %5, %6) : (tensor<1x3x5x4xf32>, tensor<2x3x5x2x!q16>, tensor<4x6x7x4xf32>, tensor<1x10x10x4xf32>) -> ()
}) : () -> ()
