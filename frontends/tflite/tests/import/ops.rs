//! One test per supported operator: the sample model (`samples.rs`) imports, verifies,
//! re-parses to the same text, and prints the expected op with its attributes, operand and
//! result types (quantization included) and location `loc("tensor"("op#i"("test.tflite":0:0)))`.

use crate::samples::*;
use crate::support::*;

const F: &str = "\"test.tflite\":0:0";

/// `loc("name"("test.tflite":0:0))`: an argument or a constant.
fn at(name: &str) -> String {
    format!("loc(\"{name}\"({F}))")
}

/// `loc("name"("op#i"("test.tflite":0:0)))`: the result of operator `i`.
fn op_at(name: &str, i: usize) -> String {
    format!("loc(\"{name}\"(\"op#{i}\"({F})))")
}

#[test]
fn conv_2d_f32_with_bias_same_padding_strides() {
    let m = import(&conv_2d_f32());
    check(
        &m.text,
        &[
            &format!("func.func @main(%arg0: tensor<1x5x4x2xf32> {}) -> tensor<1x3x4x3xf32> {{", at("input")),
            &format!(
                "%0 = \"graph.const\"() <{{value = dense_resource<filter> : tensor<3x3x3x2xf32>}}> : () -> tensor<3x3x3x2xf32> {}",
                at("filter")
            ),
            &format!(
                "%1 = \"graph.const\"() <{{value = dense_resource<bias> : tensor<3xf32>}}> : () -> tensor<3xf32> {}",
                at("bias")
            ),
            &format!(
                "%2 = \"graph.conv_2d\"(%arg0, %0, %1) <{{dilation_h = 1 : i64, dilation_w = 1 : i64, \
                 fused_activation = \"RELU6\", padding = \"SAME\", stride_h = 2 : i64, stride_w = 1 : i64}}> : \
                 (tensor<1x5x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>) -> tensor<1x3x4x3xf32> {}",
                op_at("conv", 0)
            ),
            &format!("return %2 : tensor<1x3x4x3xf32> loc({F})"),
            "dialect_resources: {",
            // Alignment 16 (little-endian u32), then 0.5, -1.0, 2.0 as f32.
            "bias: \"0x100000000000003F000080BF00000040\"",
        ],
    );
}

#[test]
fn conv_2d_i8_per_channel_filter_and_bias() {
    let m = import(&conv_2d_i8_per_channel());
    let input = "tensor<1x4x4x2x!quant.uniform<i8:f32, 5.000000e-01:-1>>";
    let filter = "tensor<3x2x2x2x!quant.uniform<i8:f32:0, {2.500000e-01,1.250000e-01,5.000000e-01}>>";
    let bias = "tensor<3x!quant.uniform<i32:f32:0, {1.250000e-01,6.250000e-02,2.500000e-01}>>";
    let output = "tensor<1x2x3x3x!quant.uniform<i8:f32, 7.500000e-01:3>>";
    check(
        &m.text,
        &[
            &format!("func.func @main(%arg0: {input} {}) -> {output} {{", at("input")),
            &format!("%0 = \"graph.const\"() <{{value = dense_resource<filter> : {filter}}}> : () -> {filter}"),
            &format!("%1 = \"graph.const\"() <{{value = dense_resource<bias> : {bias}}}> : () -> {bias}"),
            &format!(
                "%2 = \"graph.conv_2d\"(%arg0, %0, %1) <{{dilation_h = 2 : i64, dilation_w = 1 : i64, \
                 fused_activation = \"RELU\", padding = \"VALID\", stride_h = 1 : i64, stride_w = 1 : i64}}> : \
                 ({input}, {filter}, {bias}) -> {output} {}",
                op_at("conv", 0)
            ),
            // The bias 1, 2, 3 as i32.
            "bias: \"0x10000000010000000200000003000000\"",
        ],
    );
}

#[test]
fn conv_2d_16x8_takes_a_plain_i64_bias() {
    let m = import(&conv_2d_i16x8());
    check(
        &m.text,
        &[
            "%1 = \"graph.const\"() <{value = dense_resource<bias> : tensor<2xi64>}> : () -> tensor<2xi64>",
            &format!(
                "%2 = \"graph.conv_2d\"(%arg0, %0, %1) <{{dilation_h = 1 : i64, dilation_w = 1 : i64, \
                 fused_activation = \"NONE\", padding = \"SAME\", stride_h = 1 : i64, stride_w = 1 : i64}}> : \
                 (tensor<1x3x3x1x!quant.uniform<i16:f32, 5.000000e-01>>, \
                 tensor<2x1x1x1x!quant.uniform<i8:f32:0, {{2.500000e-01,5.000000e-01}}>>, tensor<2xi64>) -> \
                 tensor<1x3x3x2x!quant.uniform<i16:f32, 1.000000e+00>> {}",
                op_at("conv", 0)
            ),
        ],
    );
}

#[test]
fn conv_2d_absent_bias_is_no_operand() {
    let m = import(&conv_2d_without_bias());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.conv_2d\"(%arg0, %0) <{{dilation_h = 1 : i64, dilation_w = 1 : i64, \
             fused_activation = \"NONE\", padding = \"VALID\", stride_h = 1 : i64, stride_w = 1 : i64}}> : \
             (tensor<1x2x2x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x2x2x1xf32> {}",
            op_at("conv", 0)
        )],
    );
}

#[test]
fn depthwise_conv_2d_f32_depth_multiplier_2() {
    let m = import(&depthwise_conv_2d_f32());
    check(
        &m.text,
        &[&format!(
            "%2 = \"graph.depthwise_conv_2d\"(%arg0, %0, %1) <{{depth_multiplier = 2 : i64, dilation_h = 1 : i64, \
             dilation_w = 1 : i64, fused_activation = \"RELU\", padding = \"VALID\", stride_h = 1 : i64, \
             stride_w = 1 : i64}}> : (tensor<1x4x4x2xf32>, tensor<1x3x3x4xf32>, tensor<4xf32>) -> \
             tensor<1x2x2x4xf32> {}",
            op_at("dw", 0)
        )],
    );
}

#[test]
fn depthwise_conv_2d_i8_filter_quantized_along_axis_3() {
    let m = import(&depthwise_conv_2d_i8_per_channel());
    let filter = "tensor<1x3x3x4x!quant.uniform<i8:f32:3, {2.500000e-01,5.000000e-01,1.250000e-01,1.000000e+00}>>";
    let bias = "tensor<4x!quant.uniform<i32:f32:0, {1.250000e-01,2.500000e-01,6.250000e-02,5.000000e-01}>>";
    check(
        &m.text,
        &[
            &format!("%0 = \"graph.const\"() <{{value = dense_resource<filter> : {filter}}}> : () -> {filter}"),
            &format!(
                "%2 = \"graph.depthwise_conv_2d\"(%arg0, %0, %1) <{{depth_multiplier = 2 : i64, dilation_h = 1 : i64, \
                 dilation_w = 1 : i64, fused_activation = \"NONE\", padding = \"SAME\", stride_h = 1 : i64, \
                 stride_w = 1 : i64}}> : (tensor<1x4x4x2x!quant.uniform<i8:f32, 5.000000e-01:-128>>, {filter}, \
                 {bias}) -> tensor<1x4x4x4x!quant.uniform<i8:f32, 2.500000e-01:5>> {}",
                op_at("dw", 0)
            ),
        ],
    );
}

#[test]
fn depthwise_conv_2d_16x8() {
    let m = import(&depthwise_conv_2d_i16x8());
    check(
        &m.text,
        &[&format!(
            "%2 = \"graph.depthwise_conv_2d\"(%arg0, %0, %1) <{{depth_multiplier = 2 : i64, dilation_h = 1 : i64, \
             dilation_w = 1 : i64, fused_activation = \"RELU6\", padding = \"VALID\", stride_h = 1 : i64, \
             stride_w = 1 : i64}}> : (tensor<1x3x3x1x!quant.uniform<i16:f32, 5.000000e-01>>, \
             tensor<1x1x1x2x!quant.uniform<i8:f32:3, {{2.500000e-01,5.000000e-01}}>>, tensor<2xi64>) -> \
             tensor<1x3x3x2x!quant.uniform<i16:f32, 1.250000e-01>> {}",
            op_at("dw", 0)
        )],
    );
}

#[test]
fn fully_connected_keep_num_dims() {
    let m = import(&fully_connected_f32_keep_num_dims());
    check(
        &m.text,
        &[&format!(
            "%2 = \"graph.fully_connected\"(%arg0, %0, %1) <{{fused_activation = \"RELU_N1_TO_1\", keep_num_dims = true}}> : \
             (tensor<2x3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<2x3x5xf32> {}",
            op_at("fc", 0)
        )],
    );
}

#[test]
fn fully_connected_i8_per_tensor_flattens_without_keep_num_dims() {
    let m = import(&fully_connected_i8());
    check(
        &m.text,
        &[&format!(
            "%2 = \"graph.fully_connected\"(%arg0, %0, %1) <{{fused_activation = \"RELU\", keep_num_dims = false}}> : \
             (tensor<2x3x4x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<5x4x!quant.uniform<i8:f32, 2.500000e-01>>, \
             tensor<5x!quant.uniform<i32:f32, 1.250000e-01>>) -> tensor<6x5x!quant.uniform<i8:f32, 2.000000e+00:-3>> {}",
            op_at("fc", 0)
        )],
    );
}

#[test]
fn fully_connected_16x8() {
    let m = import(&fully_connected_i16x8());
    check(
        &m.text,
        &[&format!(
            "%2 = \"graph.fully_connected\"(%arg0, %0, %1) <{{fused_activation = \"NONE\", keep_num_dims = false}}> : \
             (tensor<1x4x!quant.uniform<i16:f32, 5.000000e-01>>, tensor<3x4x!quant.uniform<i8:f32, 2.500000e-01>>, \
             tensor<3xi64>) -> tensor<1x3x!quant.uniform<i16:f32, 1.000000e+00>> {}",
            op_at("fc", 0)
        )],
    );
}

#[test]
fn add_f32_broadcasts_both_operands() {
    let m = import(&add_f32_broadcast());
    check(
        &m.text,
        &[
            &format!(
                "func.func @main(%arg0: tensor<1x2x1x3xf32> {}, %arg1: tensor<1x1x4x3xf32> {}) -> tensor<1x2x4x3xf32> {{",
                at("lhs"),
                at("rhs")
            ),
            &format!(
                "%0 = \"graph.add\"(%arg0, %arg1) <{{fused_activation = \"RELU\"}}> : \
                 (tensor<1x2x1x3xf32>, tensor<1x1x4x3xf32>) -> tensor<1x2x4x3xf32> {}",
                op_at("sum", 0)
            ),
        ],
    );
}

#[test]
fn add_i8_with_a_constant_of_lower_rank() {
    let m = import(&add_i8_constant_rhs());
    check(
        &m.text,
        &[
            &format!(
                "%0 = \"graph.const\"() <{{value = dense_resource<offset> : tensor<3x!quant.uniform<i8:f32, 2.500000e-01>>}}> : \
                 () -> tensor<3x!quant.uniform<i8:f32, 2.500000e-01>> {}",
                at("offset")
            ),
            &format!(
                "%1 = \"graph.add\"(%arg0, %0) <{{fused_activation = \"NONE\"}}> : \
                 (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:1>>, tensor<3x!quant.uniform<i8:f32, 2.500000e-01>>) -> \
                 tensor<2x3x!quant.uniform<i8:f32, 1.000000e+00:-1>> {}",
                op_at("sum", 0)
            ),
            "offset: \"0x10000000010203\"",
        ],
    );
}

#[test]
fn sub_i8_broadcasts() {
    let m = import(&sub_i8_broadcast());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.sub\"(%arg0, %arg1) <{{fused_activation = \"RELU6\"}}> : \
             (tensor<1x2x1x3x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<1x1x4x3x!quant.uniform<i8:f32, 2.500000e-01:4>>) -> \
             tensor<1x2x4x3x!quant.uniform<i8:f32, 1.000000e+00:-5>> {}",
            op_at("difference", 0)
        )],
    );
}

#[test]
fn mul_i16_broadcasts() {
    let m = import(&mul_i16_broadcast());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.mul\"(%arg0, %arg1) <{{fused_activation = \"NONE\"}}> : \
             (tensor<4x1x!quant.uniform<i16:f32, 5.000000e-01>>, tensor<1x3x!quant.uniform<i16:f32, 2.500000e-01>>) -> \
             tensor<4x3x!quant.uniform<i16:f32, 1.250000e-01>> {}",
            op_at("product", 0)
        )],
    );
}

#[test]
fn maximum_and_minimum() {
    let q16 = "!quant.uniform<i16:f32, 5.000000e-01:3>";
    let m = import(&maximum_i16_broadcast());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.maximum\"(%arg0, %arg1) : (tensor<4x1x{q16}>, tensor<1x3x{q16}>) -> tensor<4x3x{q16}> {}",
            op_at("larger", 0)
        )],
    );
    let m = import(&minimum_f32_scalar());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.minimum\"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32> {}",
            op_at("smaller", 0)
        )],
    );
}

#[test]
fn transpose_conv_takes_its_constant_output_shape_as_an_attribute() {
    let m = import(&transpose_conv_i8());
    check(
        &m.text,
        &[&format!(
            "%3 = \"graph.transpose_conv\"(%arg0, %1, %2) <{{fused_activation = \"RELU\", output_shape = array<i64: 1, 4, 6, 3>, \
             padding = \"SAME\", stride_h = 2 : i64, stride_w = 2 : i64}}> : \
             (tensor<1x2x3x2x!quant.uniform<i8:f32, 5.000000e-01:-1>>, \
             tensor<3x3x3x2x!quant.uniform<i8:f32:0, {{2.500000e-01,1.250000e-01,5.000000e-01}}>>, \
             tensor<3x!quant.uniform<i32:f32:0, {{1.250000e-01,6.250000e-02,2.500000e-01}}>>) -> \
             tensor<1x4x6x3x!quant.uniform<i8:f32, 7.500000e-01:3>> {}",
            op_at("deconv", 0)
        )],
    );
    let m = import(&transpose_conv_i16x8_i16_bias());
    check(&m.text, &["-> tensor<1x3x3x2x!quant.uniform<i16:f32, 1.000000e+00>>"]);
}

#[test]
fn batch_matmul_keeps_its_adjoints() {
    let m = import(&batch_matmul_f32_adj_y());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.batch_matmul\"(%arg0, %arg1) <{{adj_x = false, adj_y = true}}> : \
             (tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<2x3x5xf32> {}",
            op_at("product", 0)
        )],
    );
}

#[test]
fn comparisons_and_logic() {
    let q = |s: &str| format!("!quant.uniform<i8:f32, {s}>");
    let m = import(&greater_i8_two_scales());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.greater\"(%arg0, %arg1) : (tensor<2x3x{}>, tensor<{}>) -> tensor<2x3xi1> {}",
            q("5.000000e-01:1"),
            q("2.500000e-01:-3"),
            op_at("above", 0)
        )],
    );
    let m = import(&equal_bool_broadcast());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.equal\"(%arg0, %arg1) : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1> {}",
            op_at("same", 0)
        )],
    );
    let m = import(&logical_and_broadcast());
    check(&m.text, &["\"graph.logical_and\"(%arg0, %arg1) : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>"]);
    let m = import(&logical_not());
    check(&m.text, &["\"graph.logical_not\"(%arg0) : (tensor<4xi1>) -> tensor<4xi1>"]);
    let m = import(&select_v2_f32_broadcast());
    check(
        &m.text,
        &[
            "\"graph.select_v2\"(%arg0, %arg1, %arg2) : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>",
        ],
    );
}

#[test]
fn arg_max_min_and_cast() {
    let m = import(&arg_max_f32_axis_operand());
    check(&m.text, &["\"graph.arg_max\"(%arg0, %0) : (tensor<2x5xf32>, tensor<1xi32>) -> tensor<2xi32>"]);
    let m = import(&arg_min_i8());
    check(
        &m.text,
        &[
            "\"graph.arg_min\"(%arg0, %0) : (tensor<3x4x!quant.uniform<i8:f32, 5.000000e-01:1>>, tensor<i32>) -> tensor<4xi32>",
        ],
    );
    let m = import(&cast_f32_to_bool());
    check(&m.text, &["\"graph.cast\"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xi1>"]);
}

#[test]
fn neg() {
    let m = import(&neg_f32());
    check(
        &m.text,
        &[&format!("%0 = \"graph.neg\"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32> {}", op_at("output", 0))],
    );
}

#[test]
fn shape_ops() {
    let m = import(&pack_i32_keras_shape());
    check(
        &m.text,
        &[
            &format!("%0 = \"graph.shape\"(%arg0) : (tensor<1x2x3xf32>) -> tensor<3xi32> {}", op_at("dims", 0)),
            "\"graph.strided_slice\"(%0,",
            "-> tensor<i32>",
            "\"graph.pack\"(%4, %5) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>",
            "\"graph.reshape\"(%arg0, %",
        ],
    );
    let m = import(&squeeze_i8());
    check(&m.text, &["\"graph.squeeze\"(%arg0) <{squeeze_dims = array<i64: -3>}>"]);
    let m = import(&expand_dims_f32());
    check(&m.text, &["\"graph.expand_dims\"(%arg0, %0) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>"]);
    let m = import(&shape_i16());
    check(
        &m.text,
        &["\"graph.shape\"(%arg0) : (tensor<2x3x4x!quant.uniform<i16:f32, 5.000000e-01>>) -> tensor<3xi32>"],
    );
}

#[test]
fn spatial_rearrangements() {
    let m = import(&resize_bilinear_i8_half_pixel());
    check(&m.text, &["\"graph.resize_bilinear\"(%arg0, %0) <{align_corners = false, half_pixel_centers = true}>"]);
    let m = import(&depth_to_space_f32());
    check(
        &m.text,
        &["\"graph.depth_to_space\"(%arg0) <{block_size = 2 : i64}> : (tensor<1x1x2x8xf32>) -> tensor<1x2x4x2xf32>"],
    );
    let m = import(&space_to_batch_nd_f32());
    check(
        &m.text,
        &[
            "\"graph.space_to_batch_nd\"(%arg0, %0, %1) : (tensor<1x3x3x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x2x2x1xf32>",
        ],
    );
    let m = import(&batch_to_space_nd_i8_3d());
    check(
        &m.text,
        &[
            "\"graph.batch_to_space_nd\"(%arg0, %0, %1) : (tensor<3x2x2x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<1x5x2x!quant.uniform<i8:f32, 5.000000e-01:-1>>",
        ],
    );
}

#[test]
fn split_split_v_unpack() {
    let m = import(&split_f32_unused_piece());
    check(
        &m.text,
        &[
            &format!(
                "%1:3 = \"graph.split\"(%arg0, %0) <{{num_splits = 3 : i64}}> : (tensor<2x6xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {}",
                op_at("piece0", 0)
            ),
            "return %1#0, %1#2 : tensor<2x2xf32>, tensor<2x2xf32>",
        ],
    );
    let q = "!quant.uniform<i8:f32, 5.000000e-01:-3>";
    let m = import(&split_v_i8());
    check(
        &m.text,
        &[&format!(
            "%2:2 = \"graph.split_v\"(%arg0, %0, %1) <{{num_splits = 2 : i64}}> : (tensor<5x3x{q}>, tensor<2xi32>, tensor<i32>) -> (tensor<2x3x{q}>, tensor<3x3x{q}>) {}",
            op_at("head", 0)
        )],
    );
    let q = "!quant.uniform<i16:f32, 2.500000e-01>";
    let m = import(&unpack_i16());
    check(
        &m.text,
        &[&format!(
            "%0:3 = \"graph.unpack\"(%arg0) <{{axis = -1 : i64, num = 3 : i64}}> : (tensor<2x3x{q}>) -> (tensor<2x{q}>, tensor<2x{q}>, tensor<2x{q}>) {}",
            op_at("row0", 0)
        )],
    );
}

#[test]
fn pools() {
    let q8 = "!quant.uniform<i8:f32, 5.000000e-01:-128>";
    let m = import(&avg_pool_2d_i8());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.avg_pool_2d\"(%arg0) <{{filter_h = 2 : i64, filter_w = 2 : i64, fused_activation = \"NONE\", \
             padding = \"VALID\", stride_h = 2 : i64, stride_w = 2 : i64}}> : (tensor<1x4x4x2x{q8}>) -> tensor<1x2x2x2x{q8}> {}",
            op_at("pool", 0)
        )],
    );
    let m = import(&max_pool_2d_f32());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.max_pool_2d\"(%arg0) <{{filter_h = 3 : i64, filter_w = 3 : i64, fused_activation = \"NONE\", \
             padding = \"SAME\", stride_h = 2 : i64, stride_w = 2 : i64}}> : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {}",
            op_at("pool", 0)
        )],
    );
    let q16 = "!quant.uniform<i16:f32, 5.000000e-01>";
    let m = import(&max_pool_2d_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.max_pool_2d\"(%arg0) <{{filter_h = 2 : i64, filter_w = 2 : i64, fused_activation = \"NONE\", \
             padding = \"VALID\", stride_h = 2 : i64, stride_w = 2 : i64}}> : (tensor<1x2x2x1x{q16}>) -> tensor<1x1x1x1x{q16}> {}",
            op_at("pool", 0)
        )],
    );
}

#[test]
fn reshape_shape_operand_wins_over_new_shape() {
    let m = import(&reshape_shape_operand());
    check(
        &m.text,
        &[
            &format!(
                "%0 = \"graph.const\"() <{{value = dense_resource<shape> : tensor<2xi32>}}> : () -> tensor<2xi32> {}",
                at("shape")
            ),
            &format!(
                "%1 = \"graph.reshape\"(%arg0, %0) : (tensor<1x2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32> {}",
                op_at("reshaped", 0)
            ),
            "shape: \"0x100000000300000002000000\"",
        ],
    );
    check_not(&m.text, "new_shape");
}

#[test]
fn reshape_new_shape_option_becomes_an_attribute() {
    let q = "!quant.uniform<i8:f32, 5.000000e-01:7>";
    let m = import(&reshape_new_shape_option());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.reshape\"(%arg0) <{{new_shape = array<i64: 6>}}> : (tensor<2x3x{q}>) -> tensor<6x{q}> {}",
            op_at("reshaped", 0)
        )],
    );
    let q = "!quant.uniform<i16:f32, 5.000000e-01>";
    let m = import(&reshape_i16_inferred_dim());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.reshape\"(%arg0) <{{new_shape = array<i64: -1, 4>}}> : (tensor<2x3x2x{q}>) -> tensor<3x4x{q}> {}",
            op_at("reshaped", 0)
        )],
    );
}

#[test]
fn transpose_perm_operand() {
    let q = "!quant.uniform<i8:f32, 5.000000e-01>";
    let m = import(&transpose_i8());
    check(
        &m.text,
        &[
            &format!(
                "%1 = \"graph.transpose\"(%arg0, %0) : (tensor<1x2x3x4x{q}>, tensor<4xi32>) -> tensor<1x4x2x3x{q}> {}",
                op_at("transposed", 0)
            ),
            "perm: \"0x1000000000000000030000000100000002000000\"",
        ],
    );
}

#[test]
fn softmax_float_and_quantized() {
    let m = import(&softmax_f32());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.softmax\"(%arg0) <{{beta = 5.000000e-01 : f32}}> : (tensor<1x10xf32>) -> tensor<1x10xf32> {}",
            op_at("output", 0)
        )],
    );
    let input = "tensor<1x10x!quant.uniform<i8:f32, 1.250000e-01:3>>";
    let m = import(&softmax_i8());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.softmax\"(%arg0) <{{beta = 1.000000e+00 : f32}}> : ({input}) -> \
             tensor<1x10x!quant.uniform<i8:f32, 3.906250e-03:-128>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&softmax_i8_to_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.softmax\"(%arg0) <{{beta = 1.000000e+00 : f32}}> : ({input}) -> \
             tensor<1x10x!quant.uniform<i16:f32, 1.52587890625E-5:-32768>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&softmax_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.softmax\"(%arg0) <{{beta = 1.000000e+00 : f32}}> : \
             (tensor<2x5x!quant.uniform<i16:f32, 0.0010000000474974513>>) -> \
             tensor<2x5x!quant.uniform<i16:f32, 3.0517578125E-5>> {}",
            op_at("output", 0)
        )],
    );
}

#[test]
fn logistic_and_tanh() {
    let m = import(&logistic_i8());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.logistic\"(%arg0) : (tensor<1x8x!quant.uniform<i8:f32, 0.10000000149011612:-2>>) -> \
             tensor<1x8x!quant.uniform<i8:f32, 3.906250e-03:-128>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&logistic_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.logistic\"(%arg0) : (tensor<1x8x!quant.uniform<i16:f32, 0.0010000000474974513>>) -> \
             tensor<1x8x!quant.uniform<i16:f32, 3.0517578125E-5>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&tanh_i8());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.tanh\"(%arg0) : (tensor<4x!quant.uniform<i8:f32, 0.10000000149011612>>) -> \
             tensor<4x!quant.uniform<i8:f32, 7.812500e-03>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&tanh_f32());
    check(&m.text, &[&format!("%0 = \"graph.tanh\"(%arg0) : (tensor<4xf32>) -> tensor<4xf32> {}", op_at("output", 0))]);
}

#[test]
fn relu_family() {
    let m = import(&relu_i8());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.relu\"(%arg0) : (tensor<1x2x2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> \
             tensor<1x2x2x3x!quant.uniform<i8:f32, 2.500000e-01:-128>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&relu6_f32());
    check(
        &m.text,
        &[&format!("%0 = \"graph.relu6\"(%arg0) : (tensor<1x6xf32>) -> tensor<1x6xf32> {}", op_at("output", 0))],
    );
    let m = import(&relu_n1_to_1_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.relu_n1_to_1\"(%arg0) : (tensor<3x3x!quant.uniform<i16:f32, 5.000000e-01>>) -> \
             tensor<3x3x!quant.uniform<i16:f32, 2.500000e-01>> {}",
            op_at("output", 0)
        )],
    );
}

#[test]
fn leaky_relu_and_hard_swish() {
    let m = import(&leaky_relu_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.leaky_relu\"(%arg0) <{{alpha = -3.750000e-01 : f32}}> : \
             (tensor<2x3x!quant.uniform<i16:f32, 5.000000e-01:7>>) -> \
             tensor<2x3x!quant.uniform<i16:f32, 2.500000e-01:-3>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&leaky_relu_f32());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.leaky_relu\"(%arg0) <{{alpha = 2.500000e-01 : f32}}> : (tensor<1x5xf32>) -> tensor<1x5xf32> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&hard_swish_i8());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.hard_swish\"(%arg0) : (tensor<1x2x2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> \
             tensor<1x2x2x3x!quant.uniform<i8:f32, 2.500000e-01:10>> {}",
            op_at("output", 0)
        )],
    );
}

#[test]
fn mean_axes_operand_and_keep_dims() {
    let m = import(&mean_i8_keep_dims());
    check(
        &m.text,
        &[
            &format!(
                "%0 = \"graph.const\"() <{{value = dense_resource<axes> : tensor<2xi32>}}> : () -> tensor<2xi32> {}",
                at("axes")
            ),
            &format!(
                "%1 = \"graph.mean\"(%arg0, %0) <{{keep_dims = true}}> : \
                 (tensor<1x4x4x8x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<2xi32>) -> \
                 tensor<1x1x1x8x!quant.uniform<i8:f32, 2.500000e-01:-2>> {}",
                op_at("mean", 0)
            ),
        ],
    );
    let m = import(&mean_f32());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.mean\"(%arg0, %0) <{{keep_dims = false}}> : (tensor<1x4x4x8xf32>, tensor<2xi32>) -> \
             tensor<1x8xf32> {}",
            op_at("mean", 0)
        )],
    );
}

#[test]
fn reduce_max_and_min() {
    let m = import(&reduce_max_i8_keep_dims());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.reduce_max\"(%arg0, %0) <{{keep_dims = true}}> : \
             (tensor<1x4x4x8x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<2xi32>) -> \
             tensor<1x1x1x8x!quant.uniform<i8:f32, 5.000000e-01:-1>> {}",
            op_at("max", 0)
        )],
    );
    let m = import(&reduce_min_f32());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.reduce_min\"(%arg0, %0) <{{keep_dims = false}}> : (tensor<2x3x5xf32>, tensor<1xi32>) -> \
             tensor<2x3xf32> {}",
            op_at("min", 0)
        )],
    );
}

#[test]
fn reduce_all() {
    let m = import(&reduce_all_bool_keep_dims());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.reduce_all\"(%arg0, %0) <{{keep_dims = true}}> : (tensor<2x3x4xi1>, tensor<2xi32>) -> \
             tensor<1x3x1xi1> {}",
            op_at("all", 0)
        )],
    );
}

#[test]
fn pad_paddings_operand() {
    let q = "!quant.uniform<i8:f32, 5.000000e-01:-128>";
    let m = import(&pad_i8());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.pad\"(%arg0, %0) : (tensor<1x2x2x1x{q}>, tensor<4x2xi32>) -> tensor<1x4x4x1x{q}> {}",
            op_at("padded", 0)
        )],
    );
}

#[test]
fn concatenation_variadic_and_negative_axis() {
    let q = "!quant.uniform<i8:f32, 5.000000e-01:1>";
    let m = import(&concatenation_i8());
    check(
        &m.text,
        &[
            &format!(
                "func.func @main(%arg0: tensor<1x2x3x{q}> {}, %arg1: tensor<1x2x1x{q}> {}, %arg2: tensor<1x2x2x{q}> {}) -> \
                 tensor<1x2x6x{q}> {{",
                at("a"),
                at("b"),
                at("c")
            ),
            &format!(
                "%0 = \"graph.concatenation\"(%arg0, %arg1, %arg2) <{{axis = -1 : i64, fused_activation = \"NONE\"}}> : \
                 (tensor<1x2x3x{q}>, tensor<1x2x1x{q}>, tensor<1x2x2x{q}>) -> tensor<1x2x6x{q}> {}",
                op_at("joined", 0)
            ),
        ],
    );
    let m = import(&concatenation_f32());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.concatenation\"(%arg0, %0) <{{axis = 1 : i64, fused_activation = \"NONE\"}}> : \
             (tensor<1x2xf32>, tensor<1x3xf32>) -> tensor<1x5xf32> {}",
            op_at("joined", 0)
        )],
    );
}

#[test]
fn strided_slice_operands_and_masks() {
    let m = import(&strided_slice_f32());
    check(
        &m.text,
        &[
            "%0 = \"graph.const\"() <{value = dense_resource<begin> : tensor<4xi32>}>",
            "%1 = \"graph.const\"() <{value = dense_resource<end> : tensor<4xi32>}>",
            "%2 = \"graph.const\"() <{value = dense_resource<strides> : tensor<4xi32>}>",
            &format!(
                "%3 = \"graph.strided_slice\"(%arg0, %0, %1, %2) <{{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, \
                 end_mask = 0 : i64, new_axis_mask = 0 : i64, offset = false, shrink_axis_mask = 1 : i64}}> : \
                 (tensor<1x4x4x2xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<2x2x2xf32> {}",
                op_at("slice", 0)
            ),
        ],
    );
    let q = "!quant.uniform<i16:f32, 5.000000e-01>";
    let m = import(&strided_slice_i16());
    check(
        &m.text,
        &[&format!(
            "%3 = \"graph.strided_slice\"(%arg0, %0, %1, %2) <{{begin_mask = 2 : i64, ellipsis_mask = 0 : i64, \
             end_mask = 2 : i64, new_axis_mask = 0 : i64, offset = false, shrink_axis_mask = 0 : i64}}> : \
             (tensor<1x4x4x2x{q}>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<1x4x2x2x{q}> {}",
            op_at("slice", 0)
        )],
    );
}

#[test]
fn quantize_and_dequantize() {
    let q8 = "tensor<1x4x!quant.uniform<i8:f32, 5.000000e-01:1>>";
    let m = import(&quantize_f32_to_i8());
    check(&m.text, &[&format!("%0 = \"graph.quantize\"(%arg0) : (tensor<1x4xf32>) -> {q8} {}", op_at("output", 0))]);
    let m = import(&quantize_i8_to_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.quantize\"(%arg0) : ({q8}) -> tensor<1x4x!quant.uniform<i16:f32, 2.500000e-01>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&dequantize_i8());
    check(&m.text, &[&format!("%0 = \"graph.dequantize\"(%arg0) : ({q8}) -> tensor<1x4xf32> {}", op_at("output", 0))]);
    let m = import(&dequantize_i16());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.dequantize\"(%arg0) : (tensor<3x!quant.uniform<i16:f32, 2.500000e-01>>) -> tensor<3xf32> {}",
            op_at("output", 0)
        )],
    );
}

#[test]
fn resource_variables() {
    let t = "tensor<1x4x!quant.uniform<i8:f32, 5.000000e-01>>";
    let m = import(&variables());
    check(
        &m.text,
        &[
            &format!(
                "%0 = \"graph.var_handle\"() <{{container = \"streaming\", shared_name = \"state\", value_type = {t}}}> : \
                 () -> !graph.resource {}",
                op_at("state_handle", 0)
            ),
            &format!("%1 = \"graph.read_variable\"(%0) : (!graph.resource) -> {t} {}", op_at("old_state", 1)),
            &format!(
                "%2 = \"graph.add\"(%1, %arg0) <{{fused_activation = \"NONE\"}}> : ({t}, {t}) -> {t} {}",
                op_at("new_state", 2)
            ),
            // No tensor: the operator's index names it.
            &format!("\"graph.assign_variable\"(%0, %2) : (!graph.resource, {t}) -> () loc(\"op#3\"({F}))"),
            &format!("return %2 : {t}"),
        ],
    );
}

#[test]
fn svdf_state_is_a_variable_stepped_then_read() {
    let state = "tensor<2x8x!quant.uniform<i16:f32, 5.000000e-01>>";
    let m = import(&svdf_i8());
    check(
        &m.text,
        &[
            &format!(
                "\"graph.var_handle\"() <{{container = \"tflite.variable_tensor\", shared_name = \"state\", \
                 value_type = {state}}}> : () -> !graph.resource"
            ),
            &format!("%4 = \"graph.read_variable\"(%3) : (!graph.resource) -> {state}"),
            "%5 = \"graph.svdf_state\"(%4, %arg0, %0)",
            &format!("\"graph.assign_variable\"(%3, %5) : (!graph.resource, {state}) -> ()"),
            &format!("%6 = \"graph.svdf\"(%5, %1, %2) <{{fused_activation = \"RELU\", rank = 2 : i64}}> : ({state}"),
            "return %6",
        ],
    );
}

#[test]
fn lstm_states_are_variables_read_then_assigned_the_final_states() {
    let m = import(&lstm_f32());
    let operands = "(%arg0, %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %14, %15)";
    let attributes = "<{cell_clip = 5.000000e-01 : f32, fused_activation = \"TANH\", time_major = false}>";
    check(
        &m.text,
        &[
            "%12 = \"graph.var_handle\"() <{container = \"tflite.variable_tensor\", shared_name = \"hidden_state\"",
            "%13 = \"graph.var_handle\"() <{container = \"tflite.variable_tensor\", shared_name = \"cell_state\"",
            "%14 = \"graph.read_variable\"(%12)",
            "%15 = \"graph.read_variable\"(%13)",
            &format!("%16:3 = \"graph.lstm\"{operands} {attributes}"),
            "\"graph.assign_variable\"(%12, %16#1)",
            "\"graph.assign_variable\"(%13, %16#2)",
            "return %16#0",
        ],
    );
}

#[test]
fn several_subgraphs_entry_public_others_private() {
    let m = import(&several_subgraphs());
    let q = |zp: u32| format!("tensor<3x!quant.uniform<i8:f32, 5.000000e-01:{zp}>>");
    check(
        &m.text,
        &[
            // Subgraph 0 is unnamed: `@main`, public. Arguments and results in the file's order
            // (inputs [y, x], outputs [z, x]), not in tensor order.
            &format!(
                "func.func @main(%arg0: tensor<2xf32> {}, %arg1: tensor<2xf32> {}) -> (tensor<2xf32>, tensor<2xf32>) {{",
                at("y"),
                at("x")
            ),
            "%0 = \"graph.sub\"(%arg1, %arg0)",
            "return %0, %arg1 : tensor<2xf32>, tensor<2xf32>",
            &format!("func.func private @helper(%arg0: {} {}) -> {} {{", q(1), at("a"), q(1)),
            &format!("%0 = \"graph.relu\"(%arg0) : ({}) -> {} {}", q(1), q(1), op_at("r", 0)),
            // Unnamed: `subgraph_N`; a repeated name gets a suffix.
            &format!("func.func private @subgraph_2(%arg0: {}", q(2)),
            &format!("func.func private @helper_1(%arg0: {}", q(3)),
        ],
    );
    check_not(&m.text, "func.func private @main");
    // The module has the four functions, in subgraph order.
    assert_eq!(m.module.ops(&m.ctx).len(), 4);
}

#[test]
fn absent_options_are_the_schema_defaults() {
    // An ADD without AddOptions: TFLite reads the defaults (no fused activation).
    let mut b = add_f32_broadcast();
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options = None;
    let m = import(&b);
    check(&m.text, &["%0 = \"graph.add\"(%arg0, %arg1) <{fused_activation = \"NONE\"}>"]);
}

#[test]
fn shape_signature_dynamic_batch_uses_the_shape() {
    // Converters write `shape_signature` -1 for the batch and `shape` 1: the shape is used, as
    // TFLite Micro does (every MLPerf Tiny model has such tensors).
    let mut b = relu6_f32();
    for t in 0..2 {
        b.tensor(t).shape_signature = Some(vec![-1, 6]);
    }
    let m = import(&b);
    check(&m.text, &["func.func @main(%arg0: tensor<1x6xf32>"]);
}

#[test]
fn unnamed_tensors() {
    // Blobs of unnamed constants are called `tensor_N`; locations keep the empty name.
    let mut b = add_i8_constant_rhs();
    b.tensor(1).name = None;
    let m = import(&b);
    check(
        &m.text,
        &[
            &format!(
                "%0 = \"graph.const\"() <{{value = dense_resource<tensor_1> : tensor<3x!quant.uniform<i8:f32, 2.500000e-01>>}}> : () -> tensor<3x!quant.uniform<i8:f32, 2.500000e-01>> loc(\"\"({F}))"
            ),
            "tensor_1: \"0x10000000010203\"",
        ],
    );
}

/// How many graph ops TFLite operator `op` imports as: one, but five for an SVDF (its state's
/// variable handle, read and assignment, the state update and the output) and seven for an LSTM
/// (two states' handles, reads and assignments, and the LSTM with its output and final states).
fn graph_ops_of(op: &mc_tflite::Operator<'_>) -> usize {
    match op.opcode().builtin() {
        Some(mc_tflite::BuiltinOp::Svdf) => 5,
        Some(mc_tflite::BuiltinOp::UnidirectionalSequenceLstm) => 7,
        _ => 1,
    }
}

#[test]
fn every_sample_has_its_operators_graph_ops() {
    for (name, build) in SAMPLES {
        let b = build();
        let bytes = b.finish();
        let model = mc_tflite::Model::from_bytes(&bytes).unwrap();
        let m = import_bytes(&bytes);
        for (index, func) in m.module.ops(&m.ctx).into_iter().enumerate() {
            let ops: Vec<_> = m.ctx.walk_preorder(func).into_iter().skip(1).collect();
            let names: Vec<&str> = ops.iter().map(|&op| m.ctx.op_name_of(op)).collect();
            let graph_ops = names.iter().filter(|n| n.starts_with("graph.") && **n != "graph.const").count();
            let constants = names.iter().filter(|n| **n == "graph.const").count();
            let subgraph = &model.subgraphs()[index];
            let expected: usize = subgraph.operators().iter().map(graph_ops_of).sum();
            assert_eq!(graph_ops, expected, "{name}, subgraph {index}: {names:?}");
            let constant_tensors = subgraph.tensors().iter().filter(|t| t.is_constant()).count();
            assert_eq!(constants, constant_tensors, "{name}, subgraph {index}: one graph.const per constant tensor");
        }
    }
}

#[test]
fn sum() {
    let m = import(&sum_i16_keep_dims());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.sum\"(%arg0, %0) <{{keep_dims = true}}> : \
             (tensor<1x4x4x8x!quant.uniform<i16:f32, 0.0010000000474974513>>, tensor<2xi32>) -> \
             tensor<1x1x1x8x!quant.uniform<i16:f32, 0.0099999997764825821:3>> {}",
            op_at("sum", 0)
        )],
    );
}

#[test]
fn prelu() {
    let m = import(&prelu_i8_per_channel());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.prelu\"(%arg0, %0) : (tensor<1x2x2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, \
             tensor<1x1x3x!quant.uniform<i8:f32, 0.0099999997764825821:2>>) -> \
             tensor<1x2x2x3x!quant.uniform<i8:f32, 2.500000e-01:5>> {}",
            op_at("output", 0)
        )],
    );
    let m = import(&prelu_i16());
    check(
        &m.text,
        &["\"graph.prelu\"(%arg0, %arg1) : (tensor<2x3x!quant.uniform<i16:f32, 0.0010000000474974513>>, tensor<3x"],
    );
}

#[test]
fn l2_pool() {
    let m = import(&l2_pool_2d_f32());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.l2_pool_2d\"(%arg0) <{{filter_h = 3 : i64, filter_w = 3 : i64, fused_activation = \"RELU\", \
             padding = \"SAME\", stride_h = 2 : i64, stride_w = 2 : i64}}> : (tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32> {}",
            op_at("pool", 0)
        )],
    );
}

#[test]
fn cumsum() {
    let m = import(&cumsum_i8_exclusive_reverse());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.cumsum\"(%arg0, %0) <{{exclusive = true, reverse = true}}> : \
             (tensor<2x3x4x!quant.uniform<i8:f32, 0.05000000074505806:-3>>, tensor<i32>) -> \
             tensor<2x3x4x!quant.uniform<i8:f32, 2.500000e-01:4>> {}",
            op_at("cumsum", 0)
        )],
    );
}

#[test]
fn broadcasts() {
    let m = import(&broadcast_to_bool_i64_shape());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.broadcast_to\"(%arg0, %0) : (tensor<3x1xi1>, tensor<3xi64>) -> tensor<2x3x4xi1> {}",
            op_at("broadcast", 0)
        )],
    );
    let m = import(&broadcast_args_i32());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.broadcast_args\"(%arg0, %arg1) : (tensor<2xi32>, tensor<3xi32>) -> tensor<3xi32> {}",
            op_at("joined", 0)
        )],
    );
}

#[test]
fn embedding_lookup() {
    let m = import(&embedding_lookup_i8_to_f32());
    check(
        &m.text,
        &[&format!(
            "%1 = \"graph.embedding_lookup\"(%0, %arg0) : (tensor<4x3x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<2xi32>) -> tensor<2x3xf32> {}",
            op_at("embeddings", 0)
        )],
    );
}

#[test]
fn dynamic_update_slice() {
    let m = import(&dynamic_update_slice_f32_i64());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.dynamic_update_slice\"(%arg0, %arg1, %arg2) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x5xf32> {}",
            op_at("updated", 0)
        )],
    );
}

#[test]
fn log_softmax() {
    let m = import(&log_softmax_f32());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.log_softmax\"(%arg0) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {}",
            op_at("log_probs", 0)
        )],
    );
}

#[test]
fn l2_normalization() {
    let m = import(&l2_normalization_f32());
    check(
        &m.text,
        &[&format!(
            "%0 = \"graph.l2_normalization\"(%arg0) <{{fused_activation = \"NONE\"}}> : (tensor<3x8xf32>) -> tensor<3x8xf32> {}",
            op_at("normalized", 0)
        )],
    );
}
