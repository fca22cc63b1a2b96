// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Int8 hard swish is a 256-entry table of TFLM's 16-bit fixed-point results, indexed by x + 128:
// input 0.05 zero point -10, output 0.03 zero point 5. The lowest inputs (below -3) give the
// output zero point (0x05), the highest saturate at 127 (0x7F).
// CHECK: buffer.global @hard_swish_table {role = "constant"} : !buffer<256xi8> = dense<"0x0505{{[0-9A-F]*}}F9F9{{[0-9A-F]*}}7F7F">
// CHECK-NOT: buffer.global
// CHECK-LABEL: func.func @hard_swish_i8
// CHECK: %[[T:[a-z0-9_-]+]] = buffer.get_global @hard_swish_table : !buffer<256xi8>
// CHECK: loop.for
// CHECK:   loop.for
// CHECK:     %[[V:[a-z0-9_-]+]] = loop.load
// CHECK:     %[[W:[a-z0-9_-]+]] = arith.extsi %[[V]] : i8 to i32
// CHECK:     %[[S:[a-z0-9_-]+]] = arith.addi %[[W]], %c128_i32 : i32
// CHECK:     %[[I:[a-z0-9_-]+]] = arith.index_cast %[[S]] : i32 to index
// CHECK:     %[[R:[a-z0-9_-]+]] = loop.load %[[T]][%[[I]]] : !buffer<256xi8>
// CHECK:     loop.store %[[R]]
func.func @hard_swish_i8(%x: !buffer<2x3x!quant.uniform<i8:f32, 0.05:-10>>, %y: !buffer<2x3x!quant.uniform<i8:f32, 0.03:5>>) {
  buffer.kernel hard_swish ins(%x : !buffer<2x3x!quant.uniform<i8:f32, 0.05:-10>>) outs(%y : !buffer<2x3x!quant.uniform<i8:f32, 0.03:5>>)
  return
}

// Float: in · min(6, max(0, in + 3)) / 6, with std::max/std::min's comparisons.
// CHECK-LABEL: func.func @hard_swish_f32
// CHECK-DAG: %[[SIX:[a-z0-9_-]+]] = arith.constant 6.000000e+00 : f32
// CHECK-DAG: %[[THREE:[a-z0-9_-]+]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[V:[a-z0-9_-]+]] = loop.load
// CHECK: %[[A:[a-z0-9_-]+]] = arith.addf %[[V]], %[[THREE]] : f32
// CHECK: %[[P:[a-z0-9_-]+]] = arith.cmpf olt, %[[ZERO]], %[[A]] : f32
// CHECK: %[[L:[a-z0-9_-]+]] = arith.select %[[P]], %[[A]], %[[ZERO]] : f32
// CHECK: %[[B:[a-z0-9_-]+]] = arith.cmpf olt, %[[L]], %[[SIX]] : f32
// CHECK: %[[R6:[a-z0-9_-]+]] = arith.select %[[B]], %[[L]], %[[SIX]] : f32
// CHECK: %[[M:[a-z0-9_-]+]] = arith.mulf %[[V]], %[[R6]] : f32
// CHECK: %[[D:[a-z0-9_-]+]] = arith.divf %[[M]], %[[SIX]] : f32
// CHECK: loop.store %[[D]]
func.func @hard_swish_f32(%x: !buffer<8xf32>, %y: !buffer<8xf32>) {
  buffer.kernel hard_swish ins(%x : !buffer<8xf32>) outs(%y : !buffer<8xf32>)
  return
}
