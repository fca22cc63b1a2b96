// Tosa ops in upstream's syntax: convolutions with zero points, shapes, rescales, control flow,
// quantized element types, variables and custom ops.
func.func @tosa_ops(%arg0: tensor<1x16x16x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>) -> tensor<1x14x14x8xf32> {
  %izp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %arg0, %w, %b, %izp, %izp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x16x16x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x14x14x8xf32>
  return %0 : tensor<1x14x14x8xf32>
}

// -----

func.func @tosa_shape(%arg0: tensor<13x21x3xf32>) -> tensor<13x21x3x1xf32> {
  %s = tosa.const_shape {values = dense<[13, 21, 3, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %0 = tosa.reshape %arg0, %s : (tensor<13x21x3xf32>, !tosa.shape<4>) -> tensor<13x21x3x1xf32>
  return %0 : tensor<13x21x3x1xf32>
}

// -----

func.func @tosa_rescale(%arg0: tensor<13x21x3xi8>) -> tensor<13x21x3xi8> {
  %multiplier = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %shift = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<-1> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %arg0, %multiplier, %shift, %izp, %ozp {rounding_mode = DOUBLE_ROUND, scale32 = true, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<13x21x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<13x21x3xi8>
  return %0 : tensor<13x21x3xi8>
}

// -----

func.func @tosa_cond(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i1>) -> tensor<f32> {
  %0 = tosa.cond_if %arg2 (%a0 = %arg0, %a1 = %arg1) : tensor<i1> (tensor<f32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = tosa.add %x, %y : (tensor<f32>, tensor<f32>) -> tensor<f32>
    tosa.yield %1 : tensor<f32>
  } else {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = tosa.sub %x, %y : (tensor<f32>, tensor<f32>) -> tensor<f32>
    tosa.yield %1 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @tosa_quant(%arg0: tensor<1x4x4x4x!quant.uniform<i8:f32, 0.015684768557548523>>) -> tensor<1x4x4x4x!quant.uniform<i8:f32, 0.015684768557548523>> {
  %0 = tosa.abs %arg0 : (tensor<1x4x4x4x!quant.uniform<i8:f32, 0.015684768557548523>>) -> tensor<1x4x4x4x!quant.uniform<i8:f32, 0.015684768557548523>>
  return %0 : tensor<1x4x4x4x!quant.uniform<i8:f32, 0.015684768557548523>>
}

// -----

func.func @tosa_misc(%arg0: tensor<13x21x3xf32>, %arg1: tensor<13x21x3xbf16>, %arg2: tensor<4xf8E4M3FN>, %arg3: tensor<?x?xi4>, %arg4: tensor<*xf32>) -> tensor<13x21x3xf32> {
  %0 = tosa.clamp %arg0 {min_val = 0.0 : f32, max_val = 1.0 : f32, nan_mode = PROPAGATE} : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %1 = tosa.cast %arg1 : (tensor<13x21x3xbf16>) -> tensor<13x21x3xf32>
  %2 = tosa.reduce_sum %0 {axis = 1 : i32} : (tensor<13x21x3xf32>) -> tensor<13x1x3xf32>
  %3 = tosa.argmax %0 {axis = 0 : i32, nan_mode = IGNORE} : (tensor<13x21x3xf32>) -> tensor<21x3xi32>
  return %1 : tensor<13x21x3xf32>
}

// -----

func.func @tosa_while(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = tosa.while_loop (%a = %arg0) : (tensor<i32>) -> tensor<i32> {
    %c = "tosa.const"() {values = dense<10> : tensor<i32>} : () -> tensor<i32>
    %p = tosa.greater %c, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
    tosa.yield %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<i32>):
    %one = "tosa.const"() {values = dense<1> : tensor<i32>} : () -> tensor<i32>
    %n = tosa.add %a, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    tosa.yield %n : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

tosa.variable @stored = dense<3.5> : tensor<2x4x8xf32>
func.func @tosa_variable(%arg0: tensor<2x4x8xf32>) {
  %0 = tosa.variable_read @stored : tensor<2x4x8xf32>
  %1 = tosa.add %arg0, %0 : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  tosa.variable_write @stored, %1 : tensor<2x4x8xf32>
  return
}

// -----

func.func @tosa_custom(%arg0: tensor<10xi32>) -> tensor<10xi32> {
  %0 = tosa.custom %arg0 {operator_name = "custom_test", domain_name = "tosa.mlir_test", implementation_attrs = ""} : (tensor<10xi32>) -> tensor<10xi32>
  return %0 : tensor<10xi32>
}

// -----

func.func @quant(%a: tensor<4x!quant.any<i8<-8:7>:f32>>, %b: tensor<4x!quant.calibrated<f32<-0.998:1.2321>>>, %c: tensor<2x4x!quant.uniform<u8<1:255>:f32:1, {2.0e+2:120,0.99872:127, 3.0:1, 4.0:-1}>>, %d: tensor<4x!quant.uniform<i16:f16, 0x3FF0000000000000:-4>>, %e: tensor<4x!quant.any<ui4:f16>>, %g: tensor<2xf32>) {
  "test.use"(%a, %b, %c, %d, %e) : (tensor<4x!quant.any<i8<-8:7>:f32>>, tensor<4x!quant.calibrated<f32<-0.998:1.2321>>>, tensor<2x4x!quant.uniform<u8<1:255>:f32:1, {2.0e+2:120,0.99872:127, 3.0:1, 4.0:-1}>>, tensor<4x!quant.uniform<i16:f16, 0x3FF0000000000000:-4>>, tensor<4x!quant.any<ui4:f16>>) -> ()
  %q = quant.qcast %g : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 2.0:10>>
  return
}
