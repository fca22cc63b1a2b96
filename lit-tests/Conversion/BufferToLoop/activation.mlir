// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Int8 logistic and tanh are 256-entry tables of TFLM's results, indexed by x + 128.
// CHECK: buffer.global @logistic_table {role = "constant"} : !buffer<256xi8>
// CHECK: buffer.global @tanh_table {role = "constant"} : !buffer<256xi8>
// Int16 logistic and tanh share TFLite's table of sigmoid(i / 24) in Q0.16 (stored as i16 bits:
// 32768 = 0x8000, 33451 = 0x82AB, ..., 65535 = 0xFFFF).
// CHECK: buffer.global @sigmoid_table {role = "constant"} : !buffer<256xi16> = dense<"0x0080AB82{{[0-9A-F]*}}FFFF">
// CHECK-NOT: buffer.global

// Int8 relu rescales from the input to the output quantization (MultiplyByQuantizedMultiplier:
// a 64-bit product) and clamps at the output zero point.
// CHECK-LABEL: func.func @relu_i8
// CHECK-SAME: (%[[X:[a-z0-9_-]+]]: !buffer<2x3x{{.*}}>, %[[Y:[a-z0-9_-]+]]: !buffer<2x3x{{.*}}>)
// CHECK-DAG: %[[LOW:[a-z0-9_-]+]] = arith.constant -5 : i32
// CHECK-DAG: %[[ZP:[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK: loop.for %[[I:[a-z0-9_-]+]] =
// CHECK:   loop.for %[[J:[a-z0-9_-]+]] =
// CHECK:     %[[V:[a-z0-9_-]+]] = loop.load %[[X]][%[[I]], %[[J]]]
// CHECK:     %[[W:[a-z0-9_-]+]] = arith.extsi %[[V]] : i8 to i32
// CHECK:     arith.subi %[[W]], %[[ZP]] : i32
// CHECK:     arith.muli {{.*}} : i64
// CHECK:     arith.maxsi %{{.*}}, %[[LOW]] : i32
// CHECK:     %[[Q:[a-z0-9_-]+]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[Q]], %[[Y]][%[[I]], %[[J]]]
func.func @relu_i8(%x: !buffer<2x3x!quant.uniform<i8:f32, 0.1:3>>, %y: !buffer<2x3x!quant.uniform<i8:f32, 0.05:-5>>) {
  buffer.kernel relu ins(%x : !buffer<2x3x!quant.uniform<i8:f32, 0.1:3>>) outs(%y : !buffer<2x3x!quant.uniform<i8:f32, 0.05:-5>>)
  return
}

// With equal scales the rescaling is the identity: only the zero point moves, then the clamp.
// CHECK-LABEL: func.func @relu_i8_same_scale
// CHECK-NOT: arith.muli
// CHECK: %[[W:[a-z0-9_-]+]] = arith.extsi %{{.*}} : i8 to i32
// CHECK: %[[S:[a-z0-9_-]+]] = arith.addi %[[W]], %{{.*}} : i32
// CHECK: arith.maxsi %[[S]], %{{.*}} : i32
// CHECK-NOT: arith.muli
func.func @relu_i8_same_scale(%x: !buffer<8x!quant.uniform<i8:f32, 0.1:3>>, %y: !buffer<8x!quant.uniform<i8:f32, 0.1:-7>>) {
  buffer.kernel relu ins(%x : !buffer<8x!quant.uniform<i8:f32, 0.1:3>>) outs(%y : !buffer<8x!quant.uniform<i8:f32, 0.1:-7>>)
  return
}

// Int8 relu6 clamps in the input quantization, as TFLM does: [zero point, quantized 6].
// CHECK-LABEL: func.func @relu6_i8
// CHECK-DAG: %[[SIX:[a-z0-9_-]+]] = arith.constant 57 : i8
// CHECK-DAG: %[[ZERO:[a-z0-9_-]+]] = arith.constant -3 : i8
// CHECK: %[[V:[a-z0-9_-]+]] = loop.load
// CHECK: %[[R:[a-z0-9_-]+]] = arith.maxsi %[[V]], %[[ZERO]] : i8
// CHECK: %[[C:[a-z0-9_-]+]] = arith.minsi %[[R]], %[[SIX]] : i8
// CHECK: loop.store %[[C]]
func.func @relu6_i8(%x: !buffer<8x!quant.uniform<i8:f32, 0.1:-3>>, %y: !buffer<8x!quant.uniform<i8:f32, 0.1:-3>>) {
  buffer.kernel relu6 ins(%x : !buffer<8x!quant.uniform<i8:f32, 0.1:-3>>) outs(%y : !buffer<8x!quant.uniform<i8:f32, 0.1:-3>>)
  return
}

// Int16 relu (zero points 0, as TFLM requires): the same rescaling, by in / out = 2 here
// (multiplier 2^30, shift 2), clamped to [0, 32767] and truncated to i16.
// CHECK-LABEL: func.func @relu_i16
// CHECK: %[[V:[a-z0-9_-]+]] = loop.load
// CHECK: %[[W:[a-z0-9_-]+]] = arith.extsi %[[V]] : i16 to i32
// CHECK: arith.shli %{{.*}}, %c2_i32{{.*}} : i32
// CHECK: arith.muli {{.*}} : i64
// CHECK: arith.maxsi %{{.*}}, %c0_i32 : i32
// CHECK: arith.minsi %{{.*}}, %c32767_i32 : i32
// CHECK: %[[Q:[a-z0-9_-]+]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: loop.store %[[Q]]
func.func @relu_i16(%x: !buffer<2x3x!quant.uniform<i16:f32, 0.001>>, %y: !buffer<2x3x!quant.uniform<i16:f32, 0.0005>>) {
  buffer.kernel relu ins(%x : !buffer<2x3x!quant.uniform<i16:f32, 0.001>>) outs(%y : !buffer<2x3x!quant.uniform<i16:f32, 0.0005>>)
  return
}

// Int16 relu6 clamps in the input quantization, any zero point: [-300, -300 + 6 / 0.001].
// CHECK-LABEL: func.func @relu6_i16
// CHECK-DAG: %[[SIX:[a-z0-9_-]+]] = arith.constant 5700 : i16
// CHECK-DAG: %[[ZERO:[a-z0-9_-]+]] = arith.constant -300 : i16
// CHECK: %[[V:[a-z0-9_-]+]] = loop.load
// CHECK: %[[R:[a-z0-9_-]+]] = arith.maxsi %[[V]], %[[ZERO]] : i16
// CHECK: %[[C:[a-z0-9_-]+]] = arith.minsi %[[R]], %[[SIX]] : i16
// CHECK: loop.store %[[C]]
func.func @relu6_i16(%x: !buffer<8x!quant.uniform<i16:f32, 0.001:-300>>, %y: !buffer<8x!quant.uniform<i16:f32, 0.001:-300>>) {
  buffer.kernel relu6 ins(%x : !buffer<8x!quant.uniform<i16:f32, 0.001:-300>>) outs(%y : !buffer<8x!quant.uniform<i16:f32, 0.001:-300>>)
  return
}

// CHECK-LABEL: func.func @logistic_i8
// CHECK: %[[T:[a-z0-9_-]+]] = buffer.get_global @logistic_table : !buffer<256xi8>
// CHECK: loop.for
// CHECK:   %[[V:[a-z0-9_-]+]] = loop.load %arg0
// CHECK:   %[[W:[a-z0-9_-]+]] = arith.extsi %[[V]] : i8 to i32
// CHECK:   %[[S:[a-z0-9_-]+]] = arith.addi %[[W]], %{{.*}} : i32
// CHECK:   %[[I:[a-z0-9_-]+]] = arith.index_cast %[[S]] : i32 to index
// CHECK:   %[[Q:[a-z0-9_-]+]] = loop.load %[[T]][%[[I]]] : !buffer<256xi8>
// CHECK:   loop.store %[[Q]], %arg1
func.func @logistic_i8(%x: !buffer<8x!quant.uniform<i8:f32, 0.1:0>>, %y: !buffer<8x!quant.uniform<i8:f32, 0.00390625:-128>>) {
  buffer.kernel logistic ins(%x : !buffer<8x!quant.uniform<i8:f32, 0.1:0>>) outs(%y : !buffer<8x!quant.uniform<i8:f32, 0.00390625:-128>>)
  return
}

// CHECK-LABEL: func.func @tanh_i8
// CHECK: buffer.get_global @tanh_table : !buffer<256xi8>
func.func @tanh_i8(%x: !buffer<8x!quant.uniform<i8:f32, 0.1:0>>, %y: !buffer<8x!quant.uniform<i8:f32, 0.0078125>>) {
  buffer.kernel tanh ins(%x : !buffer<8x!quant.uniform<i8:f32, 0.1:0>>) outs(%y : !buffer<8x!quant.uniform<i8:f32, 0.0078125>>)
  return
}

// TFLM's int8 tanh checks no output quantization and writes units of 1/128 into any: the same
// table (no second global).
// CHECK-LABEL: func.func @tanh_i8_any_output
// CHECK: buffer.get_global @tanh_table : !buffer<256xi8>
func.func @tanh_i8_any_output(%x: !buffer<8x!quant.uniform<i8:f32, 0.1:0>>, %y: !buffer<8x!quant.uniform<i8:f32, 0.05:3>>) {
  buffer.kernel tanh ins(%x : !buffer<8x!quant.uniform<i8:f32, 0.1:0>>) outs(%y : !buffer<8x!quant.uniform<i8:f32, 0.05:3>>)
  return
}

// Float relu keeps TFLM's `x < 0 ? 0 : x`; in place on a strided view, each element is loaded
// and stored at the same indices.
// CHECK-LABEL: func.func @relu_f32_strided_in_place
// CHECK: %[[VIEW:[a-z0-9_-]+]] = buffer.view
// CHECK: loop.for %[[I:[a-z0-9_-]+]] =
// CHECK:   loop.for %[[J:[a-z0-9_-]+]] =
// CHECK:     %[[V:[a-z0-9_-]+]] = loop.load %[[VIEW]][%[[I]], %[[J]]] : !buffer<3x2xf32, strides: [1, 3], offset: 0>
// CHECK:     %[[N:[a-z0-9_-]+]] = arith.cmpf olt, %[[V]], %{{.*}} : f32
// CHECK:     %[[R:[a-z0-9_-]+]] = arith.select %[[N]], %{{.*}}, %[[V]] : f32
// CHECK:     loop.store %[[R]], %[[VIEW]][%[[I]], %[[J]]]
func.func @relu_f32_strided_in_place(%a: !buffer<2x3xf32>) {
  %t = buffer.view %a : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
  buffer.kernel relu ins(%t : !buffer<3x2xf32, strides: [1, 3], offset: 0>) outs(%t : !buffer<3x2xf32, strides: [1, 3], offset: 0>)
  return
}

// Float logistic: one exp per element, TFLM's cutoffs as selects.
// CHECK-LABEL: func.func @logistic_f32
// CHECK: arith.cmpf olt
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: arith.cmpf ogt
// CHECK-NOT: math.exp
func.func @logistic_f32(%x: !buffer<4xf32>, %y: !buffer<4xf32>) {
  buffer.kernel logistic ins(%x : !buffer<4xf32>) outs(%y : !buffer<4xf32>)
  return
}

// CHECK-LABEL: func.func @tanh_f32
// CHECK: math.tanh %{{.*}} : f32
func.func @tanh_f32(%x: !buffer<4xf32>, %y: !buffer<4xf32>) {
  buffer.kernel tanh ins(%x : !buffer<4xf32>) outs(%y : !buffer<4xf32>)
  return
}

// Int16 logistic, a general input scale (0.001): x · 25165 (0.001 · 3 · 4096 doubled 11 times)
// rounded >> 11 brings the input to the table's unit 1/(3 · 4096); |v| >> 9 picks the entry
// (clamped to 254, the saturated case selected apart), the low 9 bits interpolate, and the sign
// mirrors the result around 1/2.
// CHECK-LABEL: func.func @logistic_i16
// CHECK-SAME: (%[[X:[a-z0-9_-]+]]: !buffer<8x{{.*}}>, %[[Y:[a-z0-9_-]+]]: !buffer<8x{{.*}}>)
// CHECK-DAG: %[[M:[a-z0-9_-]+]] = arith.constant 25165 : i32
// CHECK-DAG: %[[ROUND:[a-z0-9_-]+]] = arith.constant 1024 : i32
// CHECK-DAG: %[[SHIFT:[a-z0-9_-]+]] = arith.constant 11 : i32
// CHECK-DAG: %[[SAT:[a-z0-9_-]+]] = arith.constant 33553408 : i32
// CHECK: %[[T:[a-z0-9_-]+]] = buffer.get_global @sigmoid_table : !buffer<256xi16>
// CHECK: loop.for %[[I:[a-z0-9_-]+]] =
// CHECK:   %[[V:[a-z0-9_-]+]] = loop.load %[[X]][%[[I]]]
// CHECK:   %[[W:[a-z0-9_-]+]] = arith.extsi %[[V]] : i16 to i32
// CHECK:   %[[P:[a-z0-9_-]+]] = arith.muli %[[W]], %[[M]] : i32
// CHECK:   %[[R:[a-z0-9_-]+]] = arith.addi %[[P]], %[[ROUND]] : i32
// CHECK:   %[[S:[a-z0-9_-]+]] = arith.shrsi %[[R]], %[[SHIFT]] : i32
// CHECK:   %[[NEG:[a-z0-9_-]+]] = arith.cmpi slt, %[[S]]
// CHECK:   %[[A:[a-z0-9_-]+]] = arith.select %[[NEG]]
// CHECK:   %[[H:[a-z0-9_-]+]] = arith.shrui %[[A]], %{{.*}} : i32
// CHECK:   %[[OVER:[a-z0-9_-]+]] = arith.cmpi sgt, %[[H]]
// CHECK:   %[[E:[a-z0-9_-]+]] = arith.minsi %[[H]]
// CHECK:   %[[K:[a-z0-9_-]+]] = arith.index_cast %[[E]] : i32 to index
// CHECK:   %[[K1:[a-z0-9_-]+]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:   %[[B:[a-z0-9_-]+]] = loop.load %[[T]][%[[K]]] : !buffer<256xi16>
// CHECK:   arith.extui %[[B]] : i16 to i32
// CHECK:   %[[N:[a-z0-9_-]+]] = loop.load %[[T]][%[[K1]]] : !buffer<256xi16>
// CHECK:   arith.extui %[[N]] : i16 to i32
// CHECK:   %[[INTERP:[a-z0-9_-]+]] = arith.addi
// CHECK:   %[[RES:[a-z0-9_-]+]] = arith.select %[[OVER]], %[[SAT]], %[[INTERP]] : i32
// CHECK:   %[[MIRRORED:[a-z0-9_-]+]] = arith.select %[[NEG]]
// CHECK:   %[[OUT:[a-z0-9_-]+]] = arith.shrsi %[[MIRRORED]], %{{.*}} : i32
// CHECK:   %[[Q:[a-z0-9_-]+]] = arith.trunci %[[OUT]] : i32 to i16
// CHECK:   loop.store %[[Q]], %[[Y]][%[[I]]]
func.func @logistic_i16(%x: !buffer<8x!quant.uniform<i16:f32, 0.001>>, %y: !buffer<8x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  buffer.kernel logistic ins(%x : !buffer<8x!quant.uniform<i16:f32, 0.001>>) outs(%y : !buffer<8x!quant.uniform<i16:f32, 3.0517578125e-05>>)
  return
}

// Int16 tanh of the power-of-two scale 2^-12: TFLM's multiplier 3, no shift; entries step every
// 2^8 (tanh reads sigmoid(2x)); saturated at 0xFFFF << 8.
// CHECK-LABEL: func.func @tanh_i16
// CHECK-DAG: %[[THREE:[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-DAG: %[[SAT:[a-z0-9_-]+]] = arith.constant 16776960 : i32
// CHECK: %[[W:[a-z0-9_-]+]] = arith.extsi %{{.*}} : i16 to i32
// CHECK-NEXT: %[[P:[a-z0-9_-]+]] = arith.muli %[[W]], %[[THREE]] : i32
// CHECK-NEXT: arith.cmpi slt, %[[P]]
// CHECK: arith.select %{{.*}}, %[[SAT]], %{{.*}} : i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
func.func @tanh_i16(%x: !buffer<8x!quant.uniform<i16:f32, 0.000244140625>>, %y: !buffer<8x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  buffer.kernel tanh ins(%x : !buffer<8x!quant.uniform<i16:f32, 0.000244140625>>) outs(%y : !buffer<8x!quant.uniform<i16:f32, 3.0517578125e-05>>)
  return
}

// Int8 leaky relu (QuantizeLeakyRelu): x - zp picks the identity multiplier (in / out = 2:
// 2^30, shift 2) at or above 0 and the alpha one (0.5 · 2 = 1: 2^30, shift 1) below, then
// MultiplyByQuantizedMultiplier with the selected shift, the output zero point and the clamp.
// CHECK-LABEL: func.func @leaky_relu_i8
// CHECK-DAG: %[[M:[a-z0-9_-]+]] = arith.constant 1073741824 : i32
// CHECK-DAG: %[[S2:[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-DAG: %[[S1:[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK: %[[V:[a-z0-9_-]+]] = loop.load
// CHECK: %[[W:[a-z0-9_-]+]] = arith.extsi %[[V]] : i8 to i32
// CHECK: %[[C:[a-z0-9_-]+]] = arith.subi %[[W]], %{{.*}} : i32
// CHECK: %[[NN:[a-z0-9_-]+]] = arith.cmpi sge, %[[C]], %{{.*}} : i32
// CHECK: arith.select %[[NN]], %[[M]], %[[M]] : i32
// CHECK: arith.select %[[NN]], %[[S2]], %[[S1]] : i32
// CHECK: arith.muli {{.*}} : i64
// CHECK-NOT: arith.select
// CHECK: arith.maxsi %{{.*}}, %c-128_i32 : i32
// CHECK: arith.minsi %{{.*}}, %c127_i32 : i32
// CHECK: %[[Q:[a-z0-9_-]+]] = arith.trunci %{{.*}} : i32 to i8
// CHECK: loop.store %[[Q]]
func.func @leaky_relu_i8(%x: !buffer<2x3x!quant.uniform<i8:f32, 0.1:3>>, %y: !buffer<2x3x!quant.uniform<i8:f32, 0.05:-5>>) {
  buffer.kernel leaky_relu ins(%x : !buffer<2x3x!quant.uniform<i8:f32, 0.1:3>>) outs(%y : !buffer<2x3x!quant.uniform<i8:f32, 0.05:-5>>) {alpha = 5.000000e-01 : f32}
  return
}

// Int16 leaky relu with a negative alpha: TFLite Micro scales by |alpha| and negates below
// the zero point (|-0.25| · 0.5 = 2^-3: 2^30, shift -2), clamped to the int16 range.
// CHECK-LABEL: func.func @leaky_relu_i16
// CHECK: %[[W:[a-z0-9_-]+]] = arith.extsi %{{.*}} : i16 to i32
// CHECK: %[[C:[a-z0-9_-]+]] = arith.subi %[[W]], %c-300_i32 : i32
// CHECK: %[[NN:[a-z0-9_-]+]] = arith.cmpi sge, %[[C]], %c0_i32 : i32
// CHECK: arith.select %[[NN]], %c0_i32, %c-2_i32 : i32
// CHECK: arith.cmpi sgt
// CHECK: %[[E:[a-z0-9_-]+]] = arith.extui %{{.*}} : i1 to i32
// CHECK: %[[R:[a-z0-9_-]+]] = arith.addi %{{.*}}, %[[E]] : i32
// CHECK: %[[N:[a-z0-9_-]+]] = arith.subi %c0_i32, %[[R]] : i32
// CHECK: %[[S:[a-z0-9_-]+]] = arith.select %[[NN]], %[[R]], %[[N]] : i32
// CHECK: arith.addi %[[S]], %c7_i32 : i32
// CHECK: arith.maxsi %{{.*}}, %c-32768_i32 : i32
// CHECK: arith.minsi %{{.*}}, %c32767_i32 : i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
func.func @leaky_relu_i16(%x: !buffer<8x!quant.uniform<i16:f32, 0.001:-300>>, %y: !buffer<8x!quant.uniform<i16:f32, 0.002:7>>) {
  buffer.kernel leaky_relu ins(%x : !buffer<8x!quant.uniform<i16:f32, 0.001:-300>>) outs(%y : !buffer<8x!quant.uniform<i16:f32, 0.002:7>>) {alpha = -2.500000e-01 : f32}
  return
}

// Float leaky relu: x > 0 ? x : x · alpha.
// CHECK-LABEL: func.func @leaky_relu_f32
// CHECK-DAG: %[[ALPHA:[a-z0-9_-]+]] = arith.constant 2.000000e-01 : f32
// CHECK-DAG: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[V:[a-z0-9_-]+]] = loop.load
// CHECK: %[[P:[a-z0-9_-]+]] = arith.cmpf ogt, %[[V]], %[[ZERO]] : f32
// CHECK: %[[M:[a-z0-9_-]+]] = arith.mulf %[[V]], %[[ALPHA]] : f32
// CHECK: %[[R:[a-z0-9_-]+]] = arith.select %[[P]], %[[V]], %[[M]] : f32
// CHECK: loop.store %[[R]]
func.func @leaky_relu_f32(%x: !buffer<8xf32>, %y: !buffer<8xf32>) {
  buffer.kernel leaky_relu ins(%x : !buffer<8xf32>) outs(%y : !buffer<8xf32>) {alpha = 2.000000e-01 : f32}
  return
}
