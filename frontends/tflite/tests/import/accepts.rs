//! What TFLite Micro accepts, mc's importer accepts: a batch dimension given as `-1` in
//! `shape_signature` (the static `shape` holds the batch the model was converted with), a
//! one-scale quantization whatever its `quantized_dimension`, an entry subgraph of any name
//! (it is subgraph 0, whose function comes first), `INT4` weights (unpacked into int8), and
//! constants of no elements, which have no buffer data.

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
    let options = FullyConnectedOptions::default();
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

/// A one-unit `FULLY_CONNECTED` over 3 int8 inputs whose weights are the `INT4` constant `packed`
/// with `scales` (one: per tensor; else per output channel).
pub fn int4_fully_connected(packed: &[u8], units: i32, scales: &[f32]) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, 1);
    let w = b.add_constant("w", &[units, 3], DType::Int4, packed);
    b.set_quantization(w, scales, &vec![0; scales.len()], 0);
    let y = b.add_tensor("y", &[1, units], DType::Int8);
    per_tensor(&mut b, y, 1.0, -3);
    let options = FullyConnectedOptions::default();
    b.add_op(BuiltinOp::FullyConnected, &[x, w, -1], &[y], BuiltinOptions::FullyConnected(options));
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    b
}

#[test]
fn int4_weights_are_an_i4_constant_one_value_per_element() {
    // -8, 7, -1 packed low nibble first; the last byte's high nibble (0xA) is padding. The
    // constant holds them as MLIR's dense elements hold i4: a byte each, sign-extended.
    let imported = import(&int4_fully_connected(&[0x78, 0xAF], 1, &[0.25]));
    check(&imported.text, &["tensor<1x3x!quant.uniform<i4:f32, 2.500000e-01>>", "graph.fully_connected"]);
    let data = &imported.ctx.resources.get("w").expect("the weights' blob").data;
    assert_eq!(data, &i8s(&[-8, 7, -1]));
}

#[test]
fn a_tensor_of_no_elements_nothing_writes_is_an_empty_constant() {
    // REDUCE_ALL over an empty axes list, as converters write it: a [0] tensor with no data.
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[2, 3], DType::Bool);
    let axes = b.add_tensor("axes", &[0], DType::Int32);
    let y = b.add_tensor("y", &[2, 3], DType::Bool);
    b.add_op(BuiltinOp::ReduceAll, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: false }));
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    let imported = import(&b);
    check(&imported.text, &["\"graph.const\"() <{value = dense_resource<axes> : tensor<0xi32>}>", "graph.reduce_all"]);
}
