// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// f32 to int8: truncated and saturated in i32, clamped to [-128, 127], then narrowed.
// CHECK-LABEL: func.func @f32_to_i8
// CHECK: %[[X:.*]] = loop.load %arg0
// CHECK: %[[W:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK: arith.maxsi %[[W]]
// CHECK: arith.minsi
// CHECK: arith.trunci %{{.*}} : i32 to i8
func.func @f32_to_i8(%a: !buffer<4xf32>, %b: !buffer<4xi8>) {
  buffer.kernel cast ins(%a : !buffer<4xf32>) outs(%b : !buffer<4xi8>)
  return
}

// Anything to bool is x != 0 (a NaN is true); bool to int is 0 or 1.
// CHECK-LABEL: func.func @bools
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK: arith.extui %{{.*}} : i1 to i16
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
func.func @bools(%a: !buffer<4xf32>, %b: !buffer<4xi1>, %c: !buffer<4xi16>, %d: !buffer<4xi32>, %e: !buffer<4xi1>, %f: !buffer<4xi16>) {
  buffer.kernel cast ins(%a : !buffer<4xf32>) outs(%b : !buffer<4xi1>)
  buffer.kernel cast ins(%b : !buffer<4xi1>) outs(%c : !buffer<4xi16>)
  buffer.kernel cast ins(%d : !buffer<4xi32>) outs(%e : !buffer<4xi1>)
  buffer.kernel cast ins(%d : !buffer<4xi32>) outs(%f : !buffer<4xi16>)
  return
}
