// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// Printing is stable in both forms, and the generic form reads back.
// RUN: mc-opt %s | mc-opt | FileCheck %s
// RUN: mc-opt %s --print-generic | mc-opt | FileCheck %s
// Upstream MLIR reads mc's generic form (buffer ops and types as unregistered), and mc reads
// upstream's output back.
// RUN: mc-opt %s --print-generic | mlir-opt-22 --allow-unregistered-dialect | mc-opt | FileCheck %s

!qi = !quant.uniform<i8:f32, 5.000000e-01:-128>
!qo = !quant.uniform<i8:f32, 2.500000e-01:-128>
!qw = !quant.uniform<i8<-127:127>:f32:0, {1.000000e-02,2.000000e-02}>
!qb = !quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02}>
!qp = !quant.uniform<i8:f32, 3.906250e-03:-128>

// Constants: data inline or in a resource blob (the blob is referenced, not copied).
// CHECK-LABEL: module {
// CHECK-NEXT: buffer.global @bias {role = "constant"} : !buffer<2x!quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02}>> = dense<[7, -7]> : tensor<2xi32>
// CHECK-NEXT: buffer.global @conv_w {alignment = 32 : i64, role = "constant"} : !buffer<2x3x3x1x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-02,2.000000e-02}>> = dense_resource<conv_w> : tensor<2x3x3x1xi8>
// CHECK-NEXT: buffer.global @splat {role = "constant"} : !buffer<4xf32> = dense<1.000000e+00> : tensor<4xf32>
// GENERIC: "buffer.global"() <{role = "constant", sym_name = "bias", type = !buffer<2x!quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02}>>, value = dense<[7, -7]> : tensor<2xi32>}> : () -> ()
// GENERIC: "buffer.global"() <{alignment = 32 : i64, role = "constant", sym_name = "conv_w", type = !buffer<2x3x3x1x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-02,2.000000e-02}>>, value = dense_resource<conv_w> : tensor<2x3x3x1xi8>}> : () -> ()
"buffer.global"() <{sym_name = "bias", type = !buffer<2x!qb>, value = dense<[7, -7]> : tensor<2xi32>, role = "constant"}> : () -> ()
buffer.global @conv_w {alignment = 32 : i64, role = "constant"} : !buffer<2x3x3x1x!qw> = dense_resource<conv_w> : tensor<2x3x3x1xi8>
buffer.global @splat {role = "constant"} : !buffer<4xf32> = dense<1.0> : tensor<4xf32>

// Pools (what the memory planner makes of allocs) and views of them.
// CHECK-NEXT: buffer.pool @sram_scratch {alignment = 64 : i64, bank = "sram", role = "scratch", size = 128 : i64}
// GENERIC: "buffer.pool"() <{alignment = 64 : i64, bank = "sram", role = "scratch", size = 128 : i64, sym_name = "sram_scratch"}> : () -> ()
buffer.pool @sram_scratch {alignment = 64 : i64, bank = "sram", role = "scratch", size = 128 : i64}

// A constant staged into RAM: copied into its constant pool at initialization.
// CHECK-NEXT: buffer.pool @dtcm_constant {bank = "dtcm", role = "constant", size = 16 : i64}
// CHECK-NEXT: buffer.stage @splat to @dtcm_constant {offset = 0 : i64}
// GENERIC: "buffer.stage"() <{global = @splat, offset = 0 : i64, pool = @dtcm_constant}> : () -> ()
buffer.pool @dtcm_constant {bank = "dtcm", role = "constant", size = 16 : i64}
buffer.stage @splat to @dtcm_constant {offset = 0 : i64}

// A persistent view names the state it holds (the C header lists it).
// CHECK-LABEL: func.func @pooled(
// CHECK-NEXT: %{{.*}} = buffer.pool_view @sram_scratch {offset = 64 : i64} : !buffer<2x4xf32>
// CHECK-NEXT: %{{.*}} = buffer.pool_view @sram_scratch {name = "svdf_state", offset = 0 : i64} : !buffer<4xi16>
// GENERIC: "buffer.pool_view"() <{offset = 64 : i64, pool = @sram_scratch}> : () -> !buffer<2x4xf32>
// GENERIC: "buffer.pool_view"() <{name = "svdf_state", offset = 0 : i64, pool = @sram_scratch}> : () -> !buffer<4xi16>
func.func @pooled() {
  %0 = buffer.pool_view @sram_scratch {offset = 64 : i64} : !buffer<2x4xf32>
  %1 = buffer.pool_view @sram_scratch {name = "svdf_state", offset = 0 : i64} : !buffer<4xi16>
  return
}

// CHECK-LABEL: func.func @ops(
// CHECK-SAME: %[[IN:.*]]: !buffer<1x5x5x1x!quant.uniform<i8:f32, 5.000000e-01:-128>>, %[[OUT:.*]]: !buffer<1x10x!quant.uniform<i8:f32, 3.906250e-03:-128>>)
func.func @ops(%in: !buffer<1x5x5x1x!qi>, %out: !buffer<1x10x!qp>) {
  // CHECK-NEXT: %[[W:.*]] = buffer.get_global @conv_w : !buffer<2x3x3x1x{{.*}}>
  // GENERIC: %[[GW:.*]] = "buffer.get_global"() <{name = @conv_w}> : () -> !buffer<2x3x3x1x
  %w = buffer.get_global @conv_w : !buffer<2x3x3x1x!qw>
  // CHECK-NEXT: %[[B:.*]] = buffer.get_global @bias : !buffer<2x{{.*}}>
  %b = buffer.get_global @bias : !buffer<2x!qb>
  // CHECK-NEXT: %[[ALLOC:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2x!quant.uniform<i8:f32, 2.500000e-01:-128>>
  // GENERIC: %[[GALLOC:.*]] = "buffer.alloc"() <{role = "scratch"}> : () -> !buffer<1x5x5x2x!quant.uniform<i8:f32, 2.500000e-01:-128>>
  %conv = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2x!qo>
  // CHECK-NEXT: buffer.kernel conv_2d ins(%[[IN]], %[[W]], %[[B]] : !buffer<1x5x5x1x{{.*}}>, !buffer<2x3x3x1x{{.*}}>, !buffer<2x{{.*}}>) outs(%[[ALLOC]] : !buffer<1x5x5x2x{{.*}}>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  // GENERIC: "buffer.kernel"(%arg0, %[[GW]], %{{.*}}, %[[GALLOC]]) <{kernel = "conv_2d"}> {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64} : (!buffer<1x5x5x1x{{.*}}>, !buffer<2x3x3x1x{{.*}}>, !buffer<2x{{.*}}>, !buffer<1x5x5x2x{{.*}}>) -> ()
  buffer.kernel conv_2d ins(%in, %w, %b : !buffer<1x5x5x1x!qi>, !buffer<2x3x3x1x!qw>, !buffer<2x!qb>) outs(%conv : !buffer<1x5x5x2x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  // A reshape is a view.
  // CHECK-NEXT: %[[FLAT:.*]] = buffer.view %[[ALLOC]] : !buffer<1x5x5x2x{{.*}}> to !buffer<5x10x!quant.uniform<i8:f32, 2.500000e-01:-128>>
  // GENERIC: "buffer.view"(%[[GALLOC]]) : (!buffer<1x5x5x2x{{.*}}>) -> !buffer<5x10x
  %flat = buffer.view %conv : !buffer<1x5x5x2x!qo> to !buffer<5x10x!qo>
  // A slice is a view with an offset, keeping the strides.
  // CHECK-NEXT: %[[ROW:.*]] = buffer.view %[[FLAT]] {offset = 40 : i64} : !buffer<5x10x{{.*}}> to !buffer<1x10x!quant.uniform<i8:f32, 2.500000e-01:-128>, strides: [10, 1], offset: 40>
  %row = buffer.view %flat {offset = 40 : i64} : !buffer<5x10x!qo> to !buffer<1x10x!qo, strides: [10, 1], offset: 40>
  // A reinterpretation with other quantization parameters of the same storage width.
  // CHECK-NEXT: buffer.view %[[ROW]] : {{.*}} to !buffer<1x10x!quant.uniform<i8:f32, 3.906250e-03:-128>, strides: [10, 1], offset: 40>
  %requant = buffer.view %row : !buffer<1x10x!qo, strides: [10, 1], offset: 40> to !buffer<1x10x!qp, strides: [10, 1], offset: 40>
  // CHECK-NEXT: buffer.kernel softmax ins(%[[ROW]] : {{.*}}) outs(%[[OUT]] : !buffer<1x10x{{.*}}>) {beta = 1.000000e+00 : f32}
  buffer.kernel softmax ins(%row : !buffer<1x10x!qo, strides: [10, 1], offset: 40>) outs(%out : !buffer<1x10x!qp>) {beta = 1.0 : f32}
  return
}

// CHECK-LABEL: func.func @float_ops(
func.func @float_ops(%x: !buffer<2x3xf32>, %y: !buffer<3x2xf32>, %z: !buffer<1x2x2x3xf32>) {
  // Roles, alignment and a variable's name.
  // CHECK: %[[STATE:.*]] = buffer.alloc() {alignment = 64 : i64, name = "state", role = "persistent"} : !buffer<3x2xf32>
  %state = buffer.alloc() {alignment = 64 : i64, name = "state", role = "persistent"} : !buffer<3x2xf32>
  // A transpose is a strided view; elementwise kernels read it as is.
  // CHECK: %[[T:.*]] = buffer.view %arg0 : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
  %t = buffer.view %x : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
  // CHECK: buffer.kernel add ins(%[[T]], %arg1 : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>) outs(%[[STATE]] : !buffer<3x2xf32>) {fused_activation = "NONE"}
  buffer.kernel add ins(%t, %y : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>) outs(%state : !buffer<3x2xf32>) {fused_activation = "NONE"}
  // Broadcasting through a zero stride, and a kernel reading one buffer twice.
  // CHECK: %[[ROWS:.*]] = buffer.view %arg1 : !buffer<3x2xf32> to !buffer<4x2xf32, strides: [0, 1], offset: 0>
  %rows = buffer.view %y : !buffer<3x2xf32> to !buffer<4x2xf32, strides: [0, 1], offset: 0>
  %sum = buffer.alloc() {role = "scratch"} : !buffer<4x2xf32>
  // CHECK: buffer.kernel mul ins(%[[ROWS]], %[[ROWS]] : {{.*}}) outs(
  buffer.kernel mul ins(%rows, %rows : !buffer<4x2xf32, strides: [0, 1], offset: 0>, !buffer<4x2xf32, strides: [0, 1], offset: 0>) outs(%sum : !buffer<4x2xf32>) {fused_activation = "RELU6"}
  // A copy materializes a transpose.
  // CHECK: buffer.copy %[[T]], %[[STATE]] : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>
  buffer.copy %t, %state : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>
  // Shape-like lists are attributes.
  // CHECK: buffer.kernel mean ins(%arg2 : !buffer<1x2x2x3xf32>) outs(%{{.*}} : !buffer<1x3xf32>) {axes = array<i64: 1, 2>, keep_dims = false}
  %mean = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
  buffer.kernel mean ins(%z : !buffer<1x2x2x3xf32>) outs(%mean : !buffer<1x3xf32>) {axes = array<i64: 1, 2>, keep_dims = false}
  // CHECK: buffer.kernel pad ins(%arg2 : !buffer<1x2x2x3xf32>) outs(%{{.*}} : !buffer<1x4x3x3xf32>) {paddings = array<i64: 0, 0, 1, 1, 0, 1, 0, 0>}
  %pad = buffer.alloc() {role = "scratch"} : !buffer<1x4x3x3xf32>
  buffer.kernel pad ins(%z : !buffer<1x2x2x3xf32>) outs(%pad : !buffer<1x4x3x3xf32>) {paddings = array<i64: 0, 0, 1, 1, 0, 1, 0, 0>}
  // CHECK: buffer.kernel concatenation ins(%arg0, %arg0 : !buffer<2x3xf32>, !buffer<2x3xf32>) outs(%{{.*}} : !buffer<2x6xf32>) {axis = -1 : i64, fused_activation = "NONE"}
  %cat = buffer.alloc() {role = "scratch"} : !buffer<2x6xf32>
  buffer.kernel concatenation ins(%x, %x : !buffer<2x3xf32>, !buffer<2x3xf32>) outs(%cat : !buffer<2x6xf32>) {axis = -1 : i64, fused_activation = "NONE"}
  // CHECK: buffer.kernel strided_slice ins(%arg0 : !buffer<2x3xf32>) outs(%{{.*}} : !buffer<2x2xf32>)
  %slice = buffer.alloc() {role = "scratch"} : !buffer<2x2xf32>
  buffer.kernel strided_slice ins(%x : !buffer<2x3xf32>) outs(%slice : !buffer<2x2xf32>) {begin = array<i64: 0, 1>, end = array<i64: 2, 3>, strides = array<i64: 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}
  // CHECK: buffer.kernel fully_connected ins(%arg0, %arg0 : !buffer<2x3xf32>, !buffer<2x3xf32>) outs(%{{.*}} : !buffer<2x2xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %fc = buffer.alloc() {role = "scratch"} : !buffer<2x2xf32>
  buffer.kernel fully_connected ins(%x, %x : !buffer<2x3xf32>, !buffer<2x3xf32>) outs(%fc : !buffer<2x2xf32>) {fused_activation = "NONE", keep_num_dims = false}
  return
}

{-#
  dialect_resources: {
    builtin: {
      conv_w: "0x10000000010203040506070809FF0102030405060708"
    }
  }
#-}
