// RUN: mc-opt %s --split-input-file | FileCheck %s
// RUN: mc-opt %s --split-input-file --print-generic | FileCheck %s --check-prefix=GENERIC
// RUN: mc-opt %s --split-input-file --print-generic | mc-opt --split-input-file | FileCheck %s

// The planning hint prints and reads back in both forms, with either bound: max_delta (rows
// ascending) or min_delta (rows descending).
// CHECK-LABEL: func.func @hint
// CHECK: buffer.overlap %{{.*}}, %{{.*}} {max_delta = -96 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
// CHECK: buffer.overlap %{{.*}}, %{{.*}} {min_delta = 160 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
// GENERIC: "buffer.overlap"(%{{.*}}, %{{.*}}) <{max_delta = -96 : i64}> : (!buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>) -> ()
// GENERIC: "buffer.overlap"(%{{.*}}, %{{.*}}) <{min_delta = 160 : i64}> : (!buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>) -> ()
func.func @hint() {
  %in = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x8xi8>
  %out = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x8xi8>
  buffer.overlap %out, %in {max_delta = -96 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
  buffer.overlap %out, %in {min_delta = 160 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
  return
}

// -----

// A kernel's row order is an attribute the generic form keeps as an inherent one.
// CHECK-LABEL: func.func @rows
// CHECK: buffer.kernel max_pool_2d {{.*}}row_order = "descending"
// GENERIC: "buffer.kernel"({{.*}}row_order = "descending"
func.func @rows(%in: !buffer<1x4x4x2xf32>, %out: !buffer<1x2x2x2xf32>) {
  buffer.kernel max_pool_2d ins(%in : !buffer<1x4x4x2xf32>) outs(%out : !buffer<1x2x2x2xf32>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE", row_order = "descending"}
  return
}
