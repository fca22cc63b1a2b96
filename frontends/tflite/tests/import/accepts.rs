//! What TFLite Micro accepts, mc's importer accepts: a batch dimension given as `-1` in
//! `shape_signature` (the static `shape` holds the batch the model was converted with), a
//! one-scale quantization whatever its `quantized_dimension`, and an entry subgraph of any name
//! (it is subgraph 0, whose function comes first).

use crate::support::*;
use mc_tflite::writer::ModelBuilder;
use mc_tflite::*;

#[test]
fn a_dynamic_batch_in_the_shape_signature_takes_the_static_shape() {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 4], DType::Float32);
    let y = b.add_tensor("y", &[1, 4], DType::Float32);
    for t in [x, y] {
        b.tensor(t).shape_signature = Some(vec![-1, 4]);
    }
    b.add_op(BuiltinOp::Relu, &[x], &[y], BuiltinOptions::None);
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    let imported = import(&b);
    check(&imported.text, &["func.func @main(%arg0: tensor<1x4xf32>", "graph.relu", "tensor<1x4xf32>"]);
}

#[test]
fn a_one_scale_bias_ignores_its_quantized_dimension() {
    // As in TFLM's person_detect: a 1-D bias with one scale and quantized_dimension 3.
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, 1);
    let w = b.add_constant("w", &[2, 3], DType::Int8, &i8s(&[1, 2, 3, 4, 5, 6]));
    per_tensor(&mut b, w, 0.25, 0);
    let bias = b.add_constant("bias", &[2], DType::Int32, &i32s(&[7, -7]));
    b.set_quantization(bias, &[0.125], &[0], 3);
    let y = b.add_tensor("y", &[1, 2], DType::Int8);
    per_tensor(&mut b, y, 1.0, -3);
    let options = FullyConnectedOptions {
        fused_activation: Activation::None,
        weights_format: WeightsFormat::Default,
        keep_num_dims: false,
        asymmetric_quantize_inputs: false,
        quantized_bias_type: None,
    };
    b.add_op(BuiltinOp::FullyConnected, &[x, w, bias], &[y], BuiltinOptions::FullyConnected(options));
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    let imported = import(&b);
    check(&imported.text, &["tensor<2x!quant.uniform<i32:f32, 1.250000e-01>>", "graph.fully_connected"]);
}

#[test]
fn the_entry_is_subgraph_0_whatever_its_name() {
    let mut b = ModelBuilder::new();
    b.subgraph().name = Some("main_graph".to_string());
    let x = b.add_tensor("x", &[2], DType::Float32);
    let y = b.add_tensor("y", &[2], DType::Float32);
    b.add_op(BuiltinOp::Relu, &[x], &[y], BuiltinOptions::None);
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    let imported = import(&b);
    check(&imported.text, &["func.func @main_graph("]);
    assert_eq!(mc_tflite::import::entry_name(&imported.ctx, imported.module).as_deref(), Some("main_graph"));
}
