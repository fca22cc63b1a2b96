//! Bad input: each case is an exact error naming the subgraph, the operator (index and code)
//! and the tensor, never a panic. Cases the importer rejects come first, then cases it imports
//! but the `graph` verifier rejects (the importer's note names the TFLite operator and tensor),
//! then damaged copies of every sample model.

use crate::samples::*;
use crate::support::*;
use mc_tflite::writer::{ModelBuilder, raw};
use mc_tflite::*;

const AT: &str = "test.tflite:0:0: error: ";

fn relu(b: &mut ModelBuilder, x: i32, y: i32) -> usize {
    b.add_op(BuiltinOp::Relu, &[x], &[y], BuiltinOptions::None)
}

fn add(b: &mut ModelBuilder, x: i32, y: i32, z: i32) -> usize {
    let options = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: false };
    b.add_op(BuiltinOp::Add, &[x, y], &[z], BuiltinOptions::Add(options))
}

/// x -> RELU -> y, float.
fn relu_model() -> (ModelBuilder, i32, i32) {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 4], DType::Float32);
    let y = b.add_tensor("y", &[1, 4], DType::Float32);
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    (b, x, y)
}

#[test]
fn custom_operator() {
    let (mut b, x, y) = relu_model();
    let code = b.custom_opcode("MyOp", 2);
    b.add_op_raw(code, &[x], &[y], None);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (custom \"MyOp\" v2) writing tensor 1 'y': unsupported custom operator 'MyOp' (`mcc --supported-ops` lists those mc compiles)\n"
        )
    );
}

#[test]
fn unknown_builtin() {
    // SKIP_GRAM (30): a builtin mc does not name (the deprecated byte field; max(RELU, 30) = 30).
    let (mut b, x, y) = relu_model();
    relu(&mut b, x, y);
    b.raw().operator_codes.as_mut().unwrap()[0].deprecated_builtin_code = 30;
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (SKIP_GRAM v1) writing tensor 1 'y': unsupported operator (`mcc --supported-ops` lists those mc compiles)\n"
        )
    );
}

/// An SVDF whose state tensor is not a variable, or without a bias (TFLite Micro fails without one).
#[test]
fn svdf_state_and_bias() {
    let mut b = svdf_i8();
    b.tensor(4).is_variable = false;
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (SVDF v1) writing tensor 5 'output': input 4 (the state), tensor 4 'state', \
             must be a variable tensor that is no constant, subgraph input or other operator's output\n"
        )
    );
    let mut b = svdf_i8();
    b.raw().subgraphs.as_mut().unwrap()[0].operators.as_mut().unwrap()[0].inputs.as_mut().unwrap()[3] = -1;
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (SVDF v1) writing tensor 5 'output': an SVDF without a bias (input 3) is not \
             supported: TFLite Micro's kernel fails without one\n"
        )
    );
}

#[test]
fn reduce_prod_is_refused() {
    // REDUCE_PROD (81): the installed TFLite Micro interpreter registers no kernel for it (its
    // op resolver has REDUCE_MAX, REDUCE_MIN, SUM and MEAN only), so there is nothing to be
    // bit-exact with and mc refuses it by name.
    let (mut b, x, y) = relu_model();
    relu(&mut b, x, y);
    b.raw().operator_codes.as_mut().unwrap()[0].deprecated_builtin_code = 81;
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (REDUCE_PROD v1) writing tensor 1 'y': unsupported operator (`mcc --supported-ops` lists those mc compiles)\n"
        )
    );
}

/// An LSTM variant TFLite Micro refuses (peephole, projection, layer normalisation, CIFG), or
/// whose state is no variable.
#[test]
fn lstm_variants() {
    let set_input = |position: usize, tensor: i32| {
        let mut b = lstm_f32();
        b.raw().subgraphs.as_mut().unwrap()[0].operators.as_mut().unwrap()[0].inputs.as_mut().unwrap()[position] =
            tensor;
        import_error(&b)
    };
    let at = format!("{AT}subgraph 0, operator 0 (UNIDIRECTIONAL_SEQUENCE_LSTM v1) writing tensor 15 'output': ");
    assert_eq!(
        set_input(10, 1),
        format!(
            "{at}input 10 (peephole) is not supported: TFLite Micro's kernel refuses LSTMs with peephole tensors\n"
        )
    );
    assert_eq!(
        set_input(16, 1),
        format!(
            "{at}input 16 (projection) is not supported: TFLite Micro's kernel refuses LSTMs with projection tensors\n"
        )
    );
    assert_eq!(
        set_input(23, 9),
        format!(
            "{at}input 23 (layer normalisation) is not supported: TFLite Micro's kernel refuses LSTMs with layer \
             normalisation tensors\n"
        )
    );
    assert_eq!(
        set_input(1, -1),
        format!(
            "{at}input 1 (a gate weight) is missing: TFLite Micro's kernel requires all eight gate weights and four \
             biases (no CIFG)\n"
        )
    );
    let mut b = lstm_f32();
    b.tensor(13).is_variable = false;
    assert_eq!(
        import_error(&b),
        format!(
            "{at}input 18 (the state), tensor 13 'hidden_state', must be a variable tensor that is no constant, \
             subgraph input or other operator's output\n"
        )
    );
}

/// A subgraph `name` of `inputs` float `[1, 4]` inputs whose output is RELU of the first when it
/// is a float `[1, 4]`, else a zero constant of `dtype` and `shape`; its index.
fn branch(b: &mut ModelBuilder, name: &str, inputs: usize, dtype: DType, shape: &[i32]) -> usize {
    let index = b.add_subgraph(name);
    let ins: Vec<i32> = (0..inputs).map(|i| b.add_tensor(&format!("{name}_in{i}"), &[1, 4], DType::Float32)).collect();
    let out = match ins.first().filter(|_| dtype == DType::Float32 && shape == [1, 4]) {
        Some(&x) => {
            let out = b.add_tensor(&format!("{name}_out"), shape, dtype);
            relu(b, x, out);
            out
        }
        None => {
            let elements = shape.iter().product::<i32>() as usize;
            let bytes = if dtype == DType::Bool { 1 } else { 4 };
            b.add_constant(&format!("{name}_out"), shape, dtype, &vec![0; elements * bytes])
        }
    };
    b.set_inputs(&ins);
    b.set_outputs(&[out]);
    index
}

/// x -> IF(cond, x) -> y with the branch subgraphs `then` and `otherwise`.
fn if_model(then: usize, otherwise: usize) -> ModelBuilder {
    let (mut b, x, y) = relu_model();
    let c = b.add_tensor("c", &[], DType::Bool);
    b.set_inputs(&[c, x]);
    let options = IfOptions { then_subgraph_index: then, else_subgraph_index: otherwise };
    b.add_op(BuiltinOp::If, &[c, x], &[y], BuiltinOptions::If(options));
    b
}

#[test]
fn call_once_recursion() {
    // CALL_ONCE has no outputs (its error names no tensor); an init subgraph running itself
    // again would recurse without end in TFLite Micro.
    let (mut b, x, y) = relu_model();
    let call = CallOnceOptions { init_subgraph_index: 1 };
    b.add_op(BuiltinOp::CallOnce, &[], &[], BuiltinOptions::CallOnce(call));
    relu(&mut b, x, y);
    b.add_subgraph("init");
    b.add_op(BuiltinOp::CallOnce, &[], &[], BuiltinOptions::CallOnce(call));
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 1, operator 0 (CALL_ONCE v1): init subgraph 1 recurses: subgraph 1 -> subgraph 1\n")
    );
}

#[test]
fn if_branches_disagree_in_types() {
    let mut b = if_model(1, 2);
    branch(&mut b, "then", 1, DType::Float32, &[1, 4]);
    branch(&mut b, "else", 1, DType::Int32, &[1, 4]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (IF v1) writing tensor 1 'y': else subgraph 2's output 0 is 'tensor<1x4xi32>', but the operator's is 'tensor<1x4xf32>'\n"
        )
    );
}

#[test]
fn if_branch_with_another_input_count() {
    let mut b = if_model(1, 2);
    branch(&mut b, "then", 1, DType::Float32, &[1, 4]);
    branch(&mut b, "else", 2, DType::Float32, &[1, 4]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (IF v1) writing tensor 1 'y': else subgraph 2 has 2 inputs, but the operator passes 1\n"
        )
    );
}

#[test]
fn while_body_changing_a_shape() {
    let (mut b, x, y) = relu_model();
    let options = WhileOptions { cond_subgraph_index: 1, body_subgraph_index: 2 };
    b.add_op(BuiltinOp::While, &[x], &[y], BuiltinOptions::While(options));
    branch(&mut b, "cond", 1, DType::Bool, &[]);
    branch(&mut b, "body", 1, DType::Float32, &[1, 8]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (WHILE v1) writing tensor 1 'y': body subgraph 2's output 0 is 'tensor<1x8xf32>', but the operator's is 'tensor<1x4xf32>' (a WHILE body must keep each carried tensor's type and shape)\n"
        )
    );
}

#[test]
fn missing_required_inputs() {
    // The filter of a convolution is `-1`.
    let mut b = conv_2d_f32();
    b.subgraph().operators.as_mut().unwrap()[0].inputs = Some(vec![0, -1, 2]);
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 0, operator 0 (CONV_2D v1) writing tensor 3 'conv': input 1 is missing\n")
    );
    // An ADD with one operand.
    let mut b = add_f32_broadcast();
    b.subgraph().operators.as_mut().unwrap()[0].inputs = Some(vec![0]);
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 0, operator 0 (ADD v1) writing tensor 2 'sum': input 1 is missing\n")
    );
    // A STRIDED_SLICE without strides.
    let mut b = strided_slice_f32();
    b.subgraph().operators.as_mut().unwrap()[0].inputs = Some(vec![0, 1, 2]);
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 0, operator 0 (STRIDED_SLICE v1) writing tensor 4 'slice': input 3 is missing\n")
    );
}

#[test]
fn input_read_before_it_is_written() {
    // Out of order: operator 0 reads `t`, which operator 1 writes.
    let (mut b, x, y) = relu_model();
    let t = b.add_tensor("t", &[1, 4], DType::Float32);
    add(&mut b, x, t, y);
    relu(&mut b, x, t);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (ADD v1) writing tensor 1 'y': tensor 2 't' is read before any operator \
             writes it (the graph is cyclic or out of order)\n"
        )
    );
    // A cycle: a = relu(b), b = relu(a).
    let mut b = ModelBuilder::new();
    let first = b.add_tensor("a", &[2], DType::Float32);
    let second = b.add_tensor("b", &[2], DType::Float32);
    relu(&mut b, second, first);
    relu(&mut b, first, second);
    b.set_inputs(&[]);
    b.set_outputs(&[second]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (RELU v1) writing tensor 0 'a': tensor 1 'b' is read before any operator \
             writes it (the graph is cyclic or out of order)\n"
        )
    );
}

#[test]
fn output_nothing_writes() {
    let (mut b, x, _) = relu_model();
    let z = b.add_tensor("z", &[1, 4], DType::Float32);
    relu(&mut b, x, 1);
    b.set_outputs(&[z]);
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 0: tensor 2 'z' is a subgraph output that no operator writes\n")
    );
}

#[test]
fn wrong_output_counts() {
    let (mut b, x, y) = relu_model();
    let extra = b.add_tensor("extra", &[1, 4], DType::Float32);
    b.add_op(BuiltinOp::Relu, &[x], &[y, extra], BuiltinOptions::None);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (RELU v1) writing tensor 1 'y': expected 1 output, but the operator lists [1, 2]\n"
        )
    );
    // An absent (`-1`) output.
    let (mut b, x, _) = relu_model();
    b.add_op(BuiltinOp::Relu, &[x], &[-1], BuiltinOptions::None);
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 0, operator 0 (RELU v1): expected 1 output, but the operator lists [-1]\n")
    );
    // ASSIGN_VARIABLE writes nothing.
    let mut b = variables();
    let stray = b.add_tensor("stray", &[1, 4], DType::Int8);
    b.subgraph().operators.as_mut().unwrap()[3].outputs = Some(vec![stray]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 3 (ASSIGN_VARIABLE v1) writing tensor 4 'stray': expected 0 outputs, but the \
             operator lists [4]\n"
        )
    );
}

#[test]
fn split_counts() {
    // num_splits must be the number of outputs.
    let mut b = split_f32_unused_piece();
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options =
        Some(raw::BuiltinOptions::SplitOptions(Box::new(raw::SplitOptions { num_splits: 2 })));
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (SPLIT v1) writing tensor 2 'piece0': num_splits is 2, but the operator has 3 outputs\n"
        )
    );
    // So must UNPACK's num.
    let mut b = unpack_i16();
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options =
        Some(raw::BuiltinOptions::UnpackOptions(Box::new(raw::UnpackOptions { num: 4, axis: -1 })));
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (UNPACK v1) writing tensor 1 'row0': num is 4, but the operator has 3 outputs\n"
        )
    );
    // Every piece is written somewhere.
    let mut b = split_f32_unused_piece();
    b.subgraph().operators.as_mut().unwrap()[0].outputs = Some(vec![2, -1, 4]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (SPLIT v1) writing tensor 2 'piece0': expected one or more outputs, none missing, \
             but the operator lists [2, -1, 4]\n"
        )
    );
    // Pieces that do not divide the dimension: the verifier's error, with the operator named.
    let mut b = split_f32_unused_piece();
    b.tensor(1).shape = Some(vec![2, 7]);
    let errors = verify_error(&b);
    assert!(
        errors.contains("'graph.split' op dimension 1 of the input [2, 7] (size 7) does not split into 3 equal pieces"),
        "{errors}"
    );
    assert!(errors.contains("subgraph 0, operator 0 (SPLIT v1) writing tensor 2 'piece0'"), "{errors}");
}

#[test]
fn custom_quantization() {
    let mut b = add_i8_constant_rhs();
    b.tensor(2).quantization.as_mut().unwrap().details =
        Some(raw::QuantizationDetails::CustomQuantization(Box::new(raw::CustomQuantization { custom: Some(vec![1]) })));
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 0, operator 0 (ADD v1) writing tensor 2 'sum': custom quantization is not supported\n")
    );
}

#[test]
fn dynamic_dimensions() {
    // In the shape itself (not only the signature): mc plans memory statically.
    let mut b = relu6_f32();
    b.tensor(1).shape = Some(vec![-1, 6]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (RELU6 v1) writing tensor 1 'output': dynamic dimension -1 is not supported\n"
        )
    );
    let mut b = relu6_f32();
    b.tensor(0).shape = Some(vec![1, -1]);
    assert_eq!(import_error(&b), format!("{AT}subgraph 0: tensor 0 'input': dynamic dimension -1 is not supported\n"));
}

#[test]
fn unsupported_element_types() {
    for (dtype, name) in [
        (raw::TensorType::String, "STRING"),
        (raw::TensorType::Complex64, "COMPLEX64"),
        (raw::TensorType::Complex128, "COMPLEX128"),
        (raw::TensorType::Variant, "VARIANT"),
    ] {
        let mut b = relu6_f32();
        b.tensor(1).type_ = dtype;
        assert_eq!(
            import_error(&b),
            format!(
                "{AT}subgraph 0, operator 0 (RELU6 v1) writing tensor 1 'output': tensor type {name} is not supported\n"
            )
        );
    }
    // An int4 constant (two values per byte).
    let mut b = add_i8_constant_rhs();
    b.tensor(1).type_ = raw::TensorType::Int4;
    b.raw().buffers.as_mut().unwrap()[1].data = Some(vec![0x21, 0x03]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (ADD v1) writing tensor 2 'sum': tensor 1 'offset': INT4 tensors are \
             supported only as the filter (input 1) of FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D over an int8 \
             input\n"
        )
    );
    // Per-channel int4 weights of a fully connected layer (TFLite Micro refuses them).
    let b = crate::accepts::int4_fully_connected(&[0x21, 0x43, 0x65], 2, &[0.25, 0.5]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (FULLY_CONNECTED v1) writing tensor 2 'y': tensor 1 'w': FULLY_CONNECTED \
             takes INT4 weights with one scale per tensor only (as TFLite Micro)\n"
        )
    );
}

#[test]
fn unsupported_constants() {
    // A resource handle with data.
    let mut b = variables();
    let data = b.add_buffer(&[0; 8]);
    b.tensor(1).buffer = data;
    b.subgraph().operators.as_mut().unwrap().remove(0);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (READ_VARIABLE v1) writing tensor 2 'old_state': tensor 1 'state_handle': a \
             resource tensor cannot be a constant\n"
        )
    );
    // A sparse (compressed) constant.
    let mut b = add_i8_constant_rhs();
    b.tensor(1).sparsity = Some(Box::default());
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (ADD v1) writing tensor 2 'sum': tensor 1 'offset': sparse constant tensors \
             are not supported\n"
        )
    );
}

#[test]
fn transpose_conv_output_shape_must_be_constant() {
    // TFLite Micro has no dynamic shapes: the output_shape operand must be a constant.
    let mut b = transpose_conv_i8();
    b.tensor(0).buffer = 0;
    b.set_inputs(&[2, 0]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (TRANSPOSE_CONV v1) writing tensor 4 'deconv': output_shape (input 0) must \
             be a constant tensor\n"
        )
    );
}

#[test]
fn variable_nothing_reads_or_assigns() {
    let mut b = variables();
    let ops = b.subgraph().operators.as_mut().unwrap();
    ops.truncate(1);
    let x = b.add_tensor("c", &[1, 4], DType::Int8);
    b.set_inputs(&[x]);
    b.set_outputs(&[x]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (VAR_HANDLE v1) writing tensor 1 'state_handle': no READ_VARIABLE or \
             ASSIGN_VARIABLE uses this variable, so its type is unknown\n"
        )
    );
}

#[test]
fn a_16x8_fully_connected_without_bias_asking_for_32_bit_accumulation() {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 4], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let w = b.add_constant("w", &[2, 4], DType::Int8, &i8s(&[1, 2, 3, 4, 5, 6, 7, 8]));
    per_tensor(&mut b, w, 0.25, 0);
    let y = b.add_tensor("y", &[1, 2], DType::Int16);
    per_tensor(&mut b, y, 1.0, 0);
    let options = FullyConnectedOptions { quantized_bias_type: Some(DType::Int32), ..FullyConnectedOptions::default() };
    b.add_op(BuiltinOp::FullyConnected, &[x, w, -1], &[y], BuiltinOptions::FullyConnected(options));
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (FULLY_CONNECTED v1) writing tensor 2 'y': a 16x8 operator without a bias but \
             with quantized_bias_type INT32 (32-bit accumulation) is not supported\n"
        )
    );
}

#[test]
fn shuffled_fully_connected_weights() {
    let mut b = fully_connected_i8();
    let FullyConnectedOptions { fused_activation, keep_num_dims, .. } =
        match Model::from_bytes(&b.finish()).unwrap().main_subgraph().operators()[0].options() {
            BuiltinOptions::FullyConnected(o) => *o,
            other => panic!("{other:?}"),
        };
    let options = FullyConnectedOptions {
        fused_activation,
        weights_format: WeightsFormat::Shuffled4x16Int8,
        keep_num_dims,
        ..FullyConnectedOptions::default()
    };
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options =
        mc_tflite::writer::to_raw(&BuiltinOptions::FullyConnected(options));
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (FULLY_CONNECTED v1) writing tensor 3 'fc': shuffled weights formats are not \
             supported\n"
        )
    );
}

#[test]
fn errors_in_later_subgraphs_name_them() {
    let mut b = several_subgraphs();
    b.select_subgraph(2);
    b.subgraph().operators.as_mut().unwrap()[0].inputs = Some(vec![-1]);
    assert_eq!(
        import_error(&b),
        format!("{AT}subgraph 2, operator 0 (RELU v1) writing tensor 1 'r': input 0 is missing\n")
    );
}

#[test]
fn damaged_files_are_reader_errors() {
    let bytes = conv_2d_f32().finish();
    let text = errors_of_bytes(&bytes[..bytes.len() / 2]);
    assert!(text.starts_with(AT), "{text}");
    assert_eq!(
        errors_of_bytes(b"not a model"),
        format!("{AT}not a TFLite file: bytes 4..8 are \"a mo\", not the TFLite file identifier \"TFL3\"\n")
    );
}

// Imported, but the graph verifier rejects them: the verifier's message at the tensor's
// location, and the importer's note naming the TFLite operator and tensor.

#[test]
fn result_shape_mismatch() {
    let (mut b, x, y) = relu_model();
    let z = b.add_tensor("z", &[1, 5], DType::Float32);
    relu(&mut b, x, y);
    add(&mut b, x, y, z);
    b.set_outputs(&[z]);
    assert_eq!(
        verify_error(&b),
        "test.tflite:0:0: error: 'graph.add' op result shape [1, 5] does not match the inferred shape [1, 4]\n\
         test.tflite:0:0: note: subgraph 0, operator 1 (ADD v1) writing tensor 2 'z'\n"
    );
}

#[test]
fn bias_scale_mismatch() {
    let mut b = conv_2d_i8_per_channel();
    per_channel(&mut b, 2, &[0.125, 0.0625, 0.5], 0);
    assert_eq!(
        verify_error(&b),
        "test.tflite:0:0: error: 'graph.conv_2d' op bias scale 0.5 (channel 2) does not match input scale × filter \
         scale (0.5 × 0.5 = 0.25)\n\
         test.tflite:0:0: note: subgraph 0, operator 0 (CONV_2D v1) writing tensor 3 'conv'\n"
    );
}

#[test]
fn fixed_output_quantization_mismatch() {
    let mut b = softmax_i8();
    per_tensor(&mut b, 1, 0.5, 0);
    assert_eq!(
        verify_error(&b),
        "test.tflite:0:0: error: 'graph.softmax' op int8 softmax result must have scale 1/256 and zero point -128, \
         but has scale 0.5 and zero point 0\n\
         test.tflite:0:0: note: subgraph 0, operator 0 (SOFTMAX v1) writing tensor 1 'output'\n"
    );
}

#[test]
fn quantization_must_pass_through() {
    let mut b = concatenation_i8();
    per_tensor(&mut b, 1, 0.5, 2);
    let text = verify_error(&b);
    assert_eq!(
        text,
        "test.tflite:0:0: error: 'graph.concatenation' op input #1 element type '!quant.uniform<i8:f32, \
         5.000000e-01:2>' must match the result element type '!quant.uniform<i8:f32, 5.000000e-01:1>'\n\
         test.tflite:0:0: note: subgraph 0, operator 0 (CONCATENATION v1) writing tensor 3 'joined'\n"
    );
}

/// int8 LESS of two [2,3] inputs with scales `lhs` and `rhs`.
fn less_i8(lhs: f32, rhs: f32) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[2, 3], DType::Int8);
    per_tensor(&mut b, x, lhs, 0);
    let y = b.add_tensor("y", &[2, 3], DType::Int8);
    per_tensor(&mut b, y, rhs, 0);
    let z = b.add_tensor("below", &[2, 3], DType::Bool);
    b.add_op(BuiltinOp::Less, &[x, y], &[z], BuiltinOptions::Less);
    b.set_inputs(&[x, y]);
    b.set_outputs(&[z]);
    b
}

#[test]
fn int8_comparison_scales_of_one_or_more() {
    // TFLite Micro's ComparisonsPrepare aborts there (QuantizeMultiplierSmallerThanOneExp checks
    // that each input scale is below 1).
    assert_eq!(
        verify_error(&less_i8(1.0, 0.5)),
        "test.tflite:0:0: error: 'graph.less' op lhs scale must be below 1 (TFLite Micro rescales compared values \
         by their scale with QuantizeMultiplierSmallerThanOneExp), but is 1\n\
         test.tflite:0:0: note: subgraph 0, operator 0 (LESS v1) writing tensor 2 'below'\n"
    );
    assert_eq!(
        verify_error(&less_i8(0.5, 4.0)),
        "test.tflite:0:0: error: 'graph.less' op rhs scale must be below 1 (TFLite Micro rescales compared values \
         by their scale with QuantizeMultiplierSmallerThanOneExp), but is 4\n\
         test.tflite:0:0: note: subgraph 0, operator 0 (LESS v1) writing tensor 2 'below'\n"
    );
}

#[test]
fn every_error_is_reported_with_its_operator() {
    // Two bad operators: both are reported, each with its own note.
    let (mut b, x, y) = relu_model();
    let z = b.add_tensor("z", &[1, 3], DType::Float32);
    let w = b.add_tensor("w", &[2, 4], DType::Float32);
    relu(&mut b, x, y);
    add(&mut b, x, y, z);
    relu(&mut b, y, w);
    b.set_outputs(&[z, w]);
    let text = verify_error(&b);
    check(
        &text,
        &[
            "error: 'graph.add' op result shape [1, 3] does not match the inferred shape [1, 4]",
            "note: subgraph 0, operator 1 (ADD v1) writing tensor 2 'z'",
            "error: 'graph.relu' op result shape [2, 4] does not match the inferred shape [1, 4]",
            "note: subgraph 0, operator 2 (RELU v1) writing tensor 3 'w'",
        ],
    );
}

#[test]
fn absent_conv_options_fail_verification() {
    // No Conv2DOptions: TFLite's defaults have stride 0, which no kernel can run.
    let mut b = conv_2d_f32();
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options = None;
    let text = verify_error(&b);
    check(
        &text,
        &[
            "test.tflite:0:0: error: 'graph.conv_2d' op 'stride_h' must be at least 1, but is 0",
            "test.tflite:0:0: note: subgraph 0, operator 0 (CONV_2D v1) writing tensor 3 'conv'",
            "test.tflite:0:0: error: 'graph.conv_2d' op 'stride_w' must be at least 1, but is 0",
        ],
    );
}

#[test]
fn unsupported_float_types_fail_verification() {
    // f64 has an mc type, but no graph op takes it.
    let mut b = relu6_f32();
    b.tensor(0).type_ = raw::TensorType::Float64;
    b.tensor(1).type_ = raw::TensorType::Float64;
    assert_eq!(
        verify_error(&b),
        "test.tflite:0:0: error: 'graph.relu6' op input element type must be f32, quantized i8 or quantized i16, \
         but got 'f64'\n\
         test.tflite:0:0: note: subgraph 0, operator 0 (RELU6 v1) writing tensor 1 'output'\n"
    );
}

#[test]
fn variable_type_mismatch() {
    // The value assigned is int16, the variable (read as int8) is not.
    let mut b = variables();
    let wide = b.add_tensor("wide", &[1, 4], DType::Int16);
    per_tensor(&mut b, wide, 0.5, 0);
    let ops = b.subgraph().operators.as_mut().unwrap();
    ops[3].inputs = Some(vec![1, wide]);
    b.set_inputs(&[0, wide]);
    let text = verify_error(&b);
    check(
        &text,
        &[
            "test.tflite:0:0: error: 'graph.assign_variable' op value type 'tensor<1x4x!quant.uniform<i16:f32, \
             5.000000e-01>>' does not match the variable's type 'tensor<1x4x!quant.uniform<i8:f32, 5.000000e-01>>'",
            "test.tflite:0:0: note: subgraph 0, operator 3 (ASSIGN_VARIABLE v1)",
        ],
    );
}

/// `f()` must return, not panic.
fn without_panic<T>(case: impl Fn() -> String, f: impl FnOnce() -> T) -> T {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(value) => value,
        Err(_) => panic!("panicked on {}", case()),
    }
}

#[test]
fn damaged_samples_never_panic() {
    // Every truncation of every sample, and random bytes overwritten: an error or a module.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut imported, mut rejected) = (0, 0);
    for (name, build) in SAMPLES {
        let bytes = build().finish();
        let mut cases: Vec<(String, Vec<u8>)> = (0..bytes.len())
            .step_by(7)
            .map(|len| (format!("{name} truncated to {len}"), bytes[..len].to_vec()))
            .collect();
        for case in 0..200 {
            let mut broken = bytes.clone();
            let mut at = Vec::new();
            for _ in 0..1 + next() % 3 {
                let i = (next() % bytes.len() as u64) as usize;
                broken[i] = next() as u8;
                at.push(i);
            }
            cases.push((format!("{name} case {case}, bytes {at:?} overwritten"), broken));
        }
        for (case, bytes) in cases {
            let ok = without_panic(
                || case.clone(),
                || {
                    let mut ctx = context();
                    match mc_tflite::import::import_and_verify(&mut ctx, &bytes, FILE) {
                        Ok(module) => {
                            // Whatever imports also prints.
                            mc_ir::printer::print_top_level(&ctx, module.op(), Default::default());
                            true
                        }
                        Err(_) => false,
                    }
                },
            );
            if ok { imported += 1 } else { rejected += 1 }
        }
    }
    eprintln!("damaged samples: {rejected} rejected, {imported} still imported");
    assert!(rejected > 0 && imported > 0);
}

/// The bad models `lit-tests/Target/TFLite/import-errors.mlir` runs `mc-translate` on, built
/// here and committed there; `MC_BLESS=1` rewrites them.
fn lit_inputs() -> Vec<(&'static str, ModelBuilder)> {
    // Operator 1 writes a [1, 5] tensor where ADD gives [1, 4]: the verifier rejects it.
    let (mut shape, x, y) = relu_model();
    let z = shape.add_tensor("z", &[1, 5], DType::Float32);
    relu(&mut shape, x, y);
    add(&mut shape, x, y, z);
    shape.set_outputs(&[z]);
    // A custom operator the importer does not know.
    let (mut custom, x, y) = relu_model();
    let code = custom.custom_opcode("TFLite_Detection_PostProcess", 1);
    custom.add_op_raw(code, &[x], &[y], None);
    // Operators out of order.
    let (mut order, x, y) = relu_model();
    let t = order.add_tensor("t", &[1, 4], DType::Float32);
    add(&mut order, x, t, y);
    relu(&mut order, x, t);
    vec![("add-shape-mismatch.tflite", shape), ("custom-op.tflite", custom), ("out-of-order.tflite", order)]
}

#[test]
fn lit_inputs_are_current() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lit-tests/Target/TFLite/Inputs");
    let bless = std::env::var_os("MC_BLESS").is_some();
    for (name, b) in lit_inputs() {
        let path = dir.join(name);
        let bytes = b.finish();
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &bytes).unwrap();
        }
        let committed =
            std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (MC_BLESS=1 writes it)", path.display()));
        assert!(committed == bytes, "{} is stale: rerun with MC_BLESS=1", path.display());
        // Each is rejected, with an error (and no panic).
        errors_of_bytes(&bytes);
    }
}

#[test]
fn conv_without_input_channels() {
    // Found by the fuzzer: the verifier divided by the group count, 0 here.
    let mut b = conv_2d_f32();
    b.tensor(0).shape = Some(vec![1, 5, 4, 0]);
    check(
        &verify_error(&b),
        &[
            "error: 'graph.conv_2d' op input channels (0) must be a multiple of the filter's input channels (2)",
            "note: subgraph 0, operator 0 (CONV_2D v1) writing tensor 3 'conv'",
        ],
    );
}

#[test]
fn fuzzer_regressions_are_handled() {
    // Inputs that crashed the importer fuzzer (fuzz/regressions/import_tflite): each returns.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions/import_tflite");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        without_panic(
            || path.display().to_string(),
            || {
                let mut ctx = context();
                if let Ok(module) = mc_tflite::import::import_and_verify(&mut ctx, &bytes, FILE) {
                    mc_ir::printer::print_top_level(&ctx, module.op(), Default::default());
                }
            },
        );
        n += 1;
    }
    assert!(n > 0, "no regression inputs in {}", dir.display());
}

#[test]
fn tensors_too_large_for_a_microcontroller() {
    // Found by the fuzzer: a reshape of a tensor with more than 2^63 elements overflowed the
    // verifier's element count. TFLite Micro counts elements in 32 bits.
    let mut b = reshape_new_shape_option();
    b.tensor(0).shape = Some(vec![1 << 30, 1 << 30, 1 << 30]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0: tensor 0 'input': shape [1073741824, 1073741824, 1073741824] has more than 2^31 - 1 elements\n"
        )
    );
    let mut b = reshape_new_shape_option();
    b.tensor(1).shape = Some(vec![65536, 32768]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (RESHAPE v1) writing tensor 1 'reshaped': shape [65536, 32768] has more than 2^31 - 1 elements\n"
        )
    );
}

/// Options of a `TFLite_Detection_PostProcess` over 3 classes, keeping 2 detections.
fn detection_options() -> DetectionPostprocessOptions {
    DetectionPostprocessOptions {
        max_detections: 2,
        max_classes_per_detection: 1,
        detections_per_class: 100,
        use_regular_nms: false,
        nms_score_threshold: 0.5,
        nms_iou_threshold: 0.6,
        num_classes: 3,
        scales: [10.0, 10.0, 5.0, 5.0],
    }
}

/// A `TFLite_Detection_PostProcess` of 6 boxes with `columns` class columns, constant anchors of
/// `anchor_shape`, `options` as the FlexBuffer.
fn detection_model(columns: i32, anchor_shape: &[i32], options: Vec<u8>) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let encodings = b.add_tensor("encodings", &[1, 6, 4], DType::Float32);
    let predictions = b.add_tensor("predictions", &[1, 6, columns], DType::Float32);
    let count: i32 = anchor_shape.iter().product();
    let data: Vec<u8> = (0..count).flat_map(|i| (0.1 * i as f32).to_le_bytes()).collect();
    let anchors = b.add_constant("anchors", anchor_shape, DType::Float32, &data);
    let outputs = [
        b.add_tensor("boxes", &[1, 2, 4], DType::Float32),
        b.add_tensor("classes", &[1, 2], DType::Float32),
        b.add_tensor("scores", &[1, 2], DType::Float32),
        b.add_tensor("count", &[1], DType::Float32),
    ];
    b.add_custom_op(DETECTION_POSTPROCESS, &[encodings, predictions, anchors], &outputs, options);
    b.set_inputs(&[encodings, predictions]);
    b.set_outputs(&outputs);
    b
}

#[test]
fn detection_postprocess_options() {
    let at = "{AT}subgraph 0, operator 0 (custom \"TFLite_Detection_PostProcess\" v1) writing tensor 3 'boxes': \
              TFLite_Detection_PostProcess: ";
    let at = at.replace("{AT}", AT);
    let b = detection_model(4, &[6, 4], Vec::new());
    assert_eq!(import_error(&b), format!("{at}custom_options are missing\n"));
    let mut missing = flexbuffers::Builder::default();
    let mut map = missing.start_map();
    map.push("max_detections", 2);
    map.end_map();
    let b = detection_model(4, &[6, 4], missing.view().to_vec());
    assert_eq!(import_error(&b), format!("{at}option 'max_classes_per_detection' is missing\n"));
    let mut mistyped = flexbuffers::Builder::default();
    let mut map = mistyped.start_map();
    map.push("max_detections", "2");
    map.end_map();
    let b = detection_model(4, &[6, 4], mistyped.view().to_vec());
    assert_eq!(import_error(&b), format!("{at}option 'max_detections' is a String, not a number\n"));
}

#[test]
fn detection_postprocess_operands() {
    let options = detection_options().to_flexbuffer();
    let note = "test.tflite:0:0: note: subgraph 0, operator 0 (custom \"TFLite_Detection_PostProcess\" v1) writing \
                tensor 3 'boxes'\n";
    let error = "test.tflite:0:0: error: 'graph.detection_postprocess' op ";
    assert_eq!(
        verify_error(&detection_model(4, &[6, 3], options.clone())),
        format!("{error}anchors must be [6, 4] (y, x, h, w per box), but are [6, 3]\n{note}")
    );
    assert_eq!(
        verify_error(&detection_model(6, &[6, 4], options)),
        format!(
            "{error}class_predictions has 6 classes per box, which is not num_classes (3) or one more (a background \
             class)\n{note}"
        )
    );
    let mut two_classes = detection_options();
    two_classes.max_classes_per_detection = 2;
    assert!(verify_error(&detection_model(4, &[6, 4], two_classes.to_flexbuffer())).starts_with(&format!(
        "{error}the fast NMS keeps min(max_classes_per_detection, num_classes) = 2 classes per box, but TFLite \
             Micro's kernel writes class c of detection i to row 2²·i + 3·c"
    )));
    // Quantized class predictions, which TFLite Micro's kernel fails on (it takes float32 only).
    let mut quantized = detection_model(4, &[6, 4], detection_options().to_flexbuffer());
    quantized.tensor(1).type_ = raw::TensorType::Int8;
    quantized.set_quantization(1, &[1.0 / 256.0], &[-128], 0);
    assert_eq!(
        verify_error(&quantized),
        format!(
            "{error}class_predictions element type must be f32, but got '!quant.uniform<i8:f32, 3.906250e-03:-128>'\n{note}"
        )
    );
    let mut zero_iou = detection_options();
    zero_iou.nms_iou_threshold = 0.0;
    assert_eq!(
        verify_error(&detection_model(4, &[6, 4], zero_iou.to_flexbuffer())),
        format!(
            "{error}'nms_iou_threshold' must be in (0, 1], but is 0 (TFLite Micro's kernel fails on any other)\n{note}"
        )
    );
}

/// A `SignalWindow` over 8 samples with weights of `weights` samples, `options` as the FlexBuffer.
fn signal_window_model(weights: i32, options: Vec<u8>) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let samples = b.add_tensor("samples", &[8], DType::Int16);
    let data: Vec<u8> = (0..weights).flat_map(|i| (i as i16).to_le_bytes()).collect();
    let window = b.add_constant("weights", &[weights], DType::Int16, &data);
    let output = b.add_tensor("windowed", &[8], DType::Int16);
    b.add_custom_op(SIGNAL_WINDOW, &[samples, window], &[output], options);
    b.set_inputs(&[samples]);
    b.set_outputs(&[output]);
    b
}

#[test]
fn signal_window_options_and_operands() {
    let at =
        format!("{AT}subgraph 0, operator 0 (custom \"SignalWindow\" v1) writing tensor 2 'windowed': SignalWindow: ");
    assert_eq!(import_error(&signal_window_model(8, Vec::new())), format!("{at}custom_options are missing\n"));
    let mut other = flexbuffers::Builder::default();
    let mut map = other.start_map();
    map.push("shift", 12);
    map.push("size", 8);
    map.end_map();
    assert_eq!(
        import_error(&signal_window_model(8, other.view().to_vec())),
        format!("{at}option 'size' is not one of SignalWindow's (shift)\n")
    );
    let note = "test.tflite:0:0: note: subgraph 0, operator 0 (custom \"SignalWindow\" v1) writing tensor 2 \
                'windowed'\n";
    let error = "test.tflite:0:0: error: 'graph.signal_window' op ";
    assert_eq!(
        verify_error(&signal_window_model(8, SignalWindowOptions { shift: 33 }.to_flexbuffer())),
        format!("{error}'shift' must be at most 31, but is 33\n{note}")
    );
    assert_eq!(
        verify_error(&signal_window_model(4, SignalWindowOptions { shift: 12 }.to_flexbuffer())),
        format!("{error}input rows hold 8 samples, but the weights 4 (TFLite Micro windows whole rows)\n{note}")
    );
}

/// A `SignalRfft` of 16 points over rows of `dtype`, its option `T` saying `tensor_type`.
fn rfft_model(dtype: DType, tensor_type: DType) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let rows = b.add_tensor("rows", &[16], dtype);
    let spectra = b.add_tensor("spectra", &[18], dtype);
    let options = SignalRfftOptions { tensor_type, fft_length: 16 };
    b.add_custom_op(SIGNAL_RFFT, &[rows], &[spectra], options.to_flexbuffer());
    b.set_inputs(&[rows]);
    b.set_outputs(&[spectra]);
    b
}

#[test]
fn signal_irfft_imports_for_every_type_tflite_micro_has() {
    for (dtype, element) in [(DType::Int16, "i16"), (DType::Int32, "i32"), (DType::Float32, "f32")] {
        let mut b = ModelBuilder::new();
        let spectra = b.add_tensor("spectra", &[18], dtype);
        let rows = b.add_tensor("rows", &[16], dtype);
        let options = SignalRfftOptions { tensor_type: dtype, fft_length: 16 };
        b.add_custom_op(SIGNAL_IRFFT, &[spectra], &[rows], options.to_flexbuffer());
        b.set_inputs(&[spectra]);
        b.set_outputs(&[rows]);
        check(
            &import(&b).text,
            &[&format!(
                "\"graph.signal_irfft\"(%arg0) <{{fft_length = 16 : i64}}> : (tensor<18x{element}>) -> \
                 tensor<16x{element}>"
            )],
        );
    }
}

#[test]
fn signal_rfft_of_int32_and_float_imports_and_other_types_are_refused_by_name() {
    for (dtype, element) in [(DType::Int32, "i32"), (DType::Float32, "f32")] {
        check(
            &import(&rfft_model(dtype, dtype)).text,
            &[&format!(
                "\"graph.signal_rfft\"(%arg0) <{{fft_length = 16 : i64}}> : (tensor<16x{element}>) -> \
                 tensor<18x{element}>"
            )],
        );
    }
    let at = "subgraph 0, operator 0 (custom \"SignalRfft\" v1) writing tensor 1 'spectra': SignalRfft: option 'T'";
    for (model, problem) in [
        (rfft_model(DType::Int8, DType::Int8), "is INT8: mc compiles INT16, INT32 and FLOAT32 transforms"),
        (rfft_model(DType::Int32, DType::Float32), "is FLOAT32, but the input is INT32"),
    ] {
        assert_eq!(import_error(&model), format!("{AT}{at} {problem}\n"));
    }
}

/// A `SignalFilterBank` of `channels` outputs over 8 energies with `options` as its FlexBuffer.
fn filter_bank_model(channels: i32, options: Vec<u8>) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let energies = b.add_tensor("energies", &[8], DType::UInt32);
    let i16s = |values: &[i16]| values.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>();
    let weights = b.add_constant("weights", &[4], DType::Int16, &i16s(&[1, 2, 3, 4]));
    let unweights = b.add_constant("unweights", &[4], DType::Int16, &i16s(&[4, 3, 2, 1]));
    let starts = b.add_constant("starts", &[3], DType::Int16, &i16s(&[0, 2, 4]));
    let weight_starts = b.add_constant("weight_starts", &[3], DType::Int16, &i16s(&[0, 2, 3]));
    let widths = b.add_constant("widths", &[3], DType::Int16, &i16s(&[2, 1, 1]));
    let sums = b.add_tensor("sums", &[channels], DType::UInt64);
    let inputs = [energies, weights, unweights, starts, weight_starts, widths];
    b.add_custom_op(SIGNAL_FILTER_BANK, &inputs, &[sums], options);
    b.set_inputs(&[energies]);
    b.set_outputs(&[sums]);
    b
}

#[test]
fn signal_filter_bank_options_and_tables() {
    let at = format!(
        "{AT}subgraph 0, operator 0 (custom \"SignalFilterBank\" v1) writing tensor 6 'sums': SignalFilterBank: "
    );
    let channels = |n| signal_options_flexbuffer(&[("num_channels", n)], &[]);
    assert_eq!(
        import_error(&filter_bank_model(2, channels(3))),
        format!("{at}option 'num_channels' is 3, but the output holds 2 channels\n")
    );
    assert_eq!(
        import_error(&filter_bank_model(2, signal_options_flexbuffer(&[], &[]))),
        format!("{at}option 'num_channels' is missing\n")
    );
    let note = "test.tflite:0:0: note: subgraph 0, operator 0 (custom \"SignalFilterBank\" v1) writing tensor 6 \
                'sums'\n";
    let error = "test.tflite:0:0: error: 'graph.signal_filter_bank' op ";
    assert_eq!(
        verify_error(&filter_bank_model(3, channels(3))),
        format!(
            "{error}channel_frequency_starts holds 3 elements, but one more than the output's channels is 4\n{note}{error}channel_weight_starts holds 3 elements, but one more than the output's channels is 4\n{note}{error}channel_widths holds 3 elements, but one more than the output's channels is 4\n{note}"
        )
    );
    let imported = import(&filter_bank_model(2, channels(2)));
    check(
        &imported.text,
        &["\"graph.signal_filter_bank\"(%arg0, %0, %1, %2, %3, %4) : (tensor<8xui32>, tensor<4xi16>, tensor<4xi16>, \
           tensor<3xi16>, tensor<3xi16>, tensor<3xi16>) -> tensor<2xui64>"],
    );
}

/// A `SignalFilterBankSpectralSubtraction` of 4 channels with `options` as its FlexBuffer.
fn spectral_subtraction_model(options: Vec<u8>) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let input = b.add_tensor("channels", &[4], DType::UInt32);
    let output = b.add_tensor("subtracted", &[4], DType::UInt32);
    let estimate = b.add_tensor("noise", &[4], DType::UInt32);
    b.add_custom_op(SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, &[input], &[output, estimate], options);
    b.set_inputs(&[input]);
    b.set_outputs(&[output, estimate]);
    b
}

fn spectral_subtraction_options(channels: i64, smoothing_bits: i64) -> Vec<u8> {
    let ints: Vec<(&str, i64)> = SPECTRAL_SUBTRACTION_OPTIONS
        .iter()
        .filter(|&&key| key != "clamping")
        .map(|&key| match key {
            "num_channels" => (key, channels),
            "smoothing_bits" => (key, smoothing_bits),
            "spectral_subtraction_bits" => (key, 14),
            _ => (key, 100),
        })
        .collect();
    signal_options_flexbuffer(&ints, &[("clamping", true)])
}

#[test]
fn signal_spectral_subtraction_state_and_options() {
    // The noise estimate is a variable: read before the op, its next value assigned after.
    let imported = import(&spectral_subtraction_model(spectral_subtraction_options(4, 10)));
    check(
        &imported.text,
        &[
            "\"graph.var_handle\"() <{container = \"tflite.signal_state\", shared_name = \"tensor_2\"",
            "\"graph.read_variable\"",
            "\"graph.signal_filter_bank_spectral_subtraction\"(%arg0, %1) <{alternate_one_minus_smoothing = 100 : i64, \
             alternate_smoothing = 100 : i64, clamping = true,",
            "\"graph.assign_variable\"(%0, %2#1)",
        ],
    );
    let at = format!(
        "{AT}subgraph 0, operator 0 (custom \"SignalFilterBankSpectralSubtraction\" v1) writing tensor 1 \
         'subtracted': SignalFilterBankSpectralSubtraction: "
    );
    assert_eq!(
        import_error(&spectral_subtraction_model(spectral_subtraction_options(5, 10))),
        format!("{at}option 'num_channels' is 5, but the output holds 4 channels\n")
    );
    assert_eq!(
        import_error(&spectral_subtraction_model(signal_options_flexbuffer(&[("smoothing", 3)], &[]))),
        format!("{at}option 'alternate_one_minus_smoothing' is missing\n")
    );
    let error = verify_error(&spectral_subtraction_model(spectral_subtraction_options(4, 32)));
    assert!(error.contains("'smoothing_bits' must be at most 31, but is 32"), "{error}");
}

#[test]
fn signal_pcan_and_log_options() {
    let mut b = ModelBuilder::new();
    let input = b.add_tensor("channels", &[4], DType::UInt32);
    let logs = b.add_tensor("logs", &[4], DType::Int16);
    let options = signal_options_flexbuffer(&[("output_scale", 64)], &[("input_correction_bits", true)]);
    b.add_custom_op(SIGNAL_FILTER_BANK_LOG, &[input], &[logs], options);
    b.set_inputs(&[input]);
    b.set_outputs(&[logs]);
    // A boolean reads as 0 or 1, as TFLite Micro's ElementAsInt32 reads it.
    check(&import(&b).text, &["<{input_correction_bits = 1 : i64, output_scale = 64 : i64}>"]);
    let mut b = ModelBuilder::new();
    let input = b.add_tensor("channels", &[4], DType::UInt32);
    let noise = b.add_tensor("noise", &[4], DType::UInt32);
    let lut = b.add_constant("lut", &[8], DType::Int16, &[0; 16]);
    let output = b.add_tensor("normalized", &[4], DType::UInt32);
    b.add_custom_op(
        SIGNAL_PCAN,
        &[input, noise, lut],
        &[output],
        signal_options_flexbuffer(&[("snr_shift", 6), ("strength", 1)], &[]),
    );
    b.set_inputs(&[input, noise]);
    b.set_outputs(&[output]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}subgraph 0, operator 0 (custom \"SignalPCAN\" v1) writing tensor 3 'normalized': SignalPCAN: option \
             'strength' is not one of SignalPCAN's (snr_shift)\n"
        )
    );
}

/// A `SignalFramer` of frames of `size` every `step` over rows of `shape`, prefilled or not.
fn framer_model(shape: &[i32], size: i64, step: i64, prefill: bool) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let input = b.add_tensor("rows", shape, DType::Int16);
    let frames: Vec<i32> =
        shape[..shape.len() - 1].iter().copied().chain([shape[shape.len() - 1] / step as i32, size as i32]).collect();
    let output = b.add_tensor("frames", &frames, DType::Int16);
    let valid = b.add_tensor("valid", &[], DType::Bool);
    let options = signal_options_flexbuffer(&[("frame_size", size), ("frame_step", step)], &[("prefill", prefill)]);
    b.add_custom_op(SIGNAL_FRAMER, &[input], &[output, valid], options);
    b.set_inputs(&[input]);
    b.set_outputs(&[output, valid]);
    b
}

#[test]
fn signal_framer_state_and_options() {
    // The samples frames overlap are a variable of the rows' leading dimensions.
    check(
        &import(&framer_model(&[2, 8], 6, 4, true)).text,
        &[
            "\"graph.var_handle\"() <{container = \"tflite.signal_state\", shared_name = \"tensor_1\", value_type = \
             tensor<2x2xi16>}>",
            "\"graph.signal_framer\"(%arg0, %1) <{frame_size = 6 : i64, frame_step = 4 : i64}> : (tensor<2x8xi16>, \
             tensor<2x2xi16>) -> (tensor<2x2x6xi16>, tensor<i1>, tensor<2x2xi16>)",
            "\"graph.assign_variable\"(%0, %2#2)",
        ],
    );
    let at = "subgraph 0, operator 0 (custom \"SignalFramer\" v1) writing tensor 1 'frames': SignalFramer";
    for (model, problem) in [
        (framer_model(&[8], 6, 4, false), "option 'prefill' is false: mc compiles prefilled framers only"),
        (framer_model(&[8], 4, 4, true), "option 'frame_step' is 4: mc compiles steps of 1 to frame_size - 1 (4 - 1)"),
        (framer_model(&[9], 6, 4, true), "rows of shape [9] are not a whole number of 4-sample steps"),
    ] {
        assert_eq!(import_error(&model), format!("{AT}{at}: {problem}\n"));
    }
}

/// A `SignalStacker` of frames of `channels` (the input holds `input`) with `[left, right, step]`,
/// its output `output` long.
fn stacker_model(channels: i64, input: i32, [left, right, step]: [i64; 3], output: i32) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let frame = b.add_tensor("frame", &[input], DType::Int16);
    let stack = b.add_tensor("stack", &[output], DType::Int16);
    let valid = b.add_tensor("valid", &[], DType::Bool);
    let values = [channels, left, right, step];
    let options = signal_options_flexbuffer(&STACKER_OPTIONS.into_iter().zip(values).collect::<Vec<_>>(), &[]);
    b.add_custom_op(SIGNAL_STACKER, &[frame], &[stack, valid], options);
    b.set_inputs(&[frame]);
    b.set_outputs(&[stack, valid]);
    b
}

#[test]
fn signal_stacker_state_and_options() {
    // The frames stored and the last stack are one variable: 1 + (2 · 3 - 1) · 2 samples.
    check(
        &import(&stacker_model(2, 2, [1, 1, 2], 6)).text,
        &[
            "\"graph.var_handle\"() <{container = \"tflite.signal_state\", shared_name = \"tensor_1\", value_type = \
             tensor<11xi16>}>",
            "\"graph.signal_stacker\"(%arg0, %1) <{left_context = 1 : i64, right_context = 1 : i64, step = 2 : i64}> : \
             (tensor<2xi16>, tensor<11xi16>) -> (tensor<6xi16>, tensor<i1>, tensor<11xi16>)",
            "\"graph.assign_variable\"(%0, %2#2)",
        ],
    );
    let at = "subgraph 0, operator 0 (custom \"SignalStacker\" v1) writing tensor 1 'stack': SignalStacker";
    for (model, problem) in [
        (stacker_model(3, 2, [1, 1, 2], 9), "option 'num_channels' is 3, but the input holds 2 channels".to_string()),
        (
            stacker_model(2, 2, [1, 1, 4], 6),
            "option 'stacker_step' is 4: mc compiles steps of 1 to the 3 frames stacked".to_string(),
        ),
        (
            stacker_model(2, 2, [1, 1, 0], 6),
            "option 'stacker_step' is 0: mc compiles steps of 1 to the 3 frames stacked".to_string(),
        ),
        (
            stacker_model(2, 2, [-1, 1, 1], 2),
            "options 'stacker_left_context' -1 and 'stacker_right_context' 1: contexts are 0 or more frames"
                .to_string(),
        ),
        (stacker_model(2, 2, [1, 1, 1], 4), "the output must hold the 3 frames of 2 channels stacked".to_string()),
    ] {
        assert_eq!(import_error(&model), format!("{AT}{at}: {problem}\n"));
    }
}

/// A `CIRCULAR_BUFFER` of int8 `input` into `slots` with `options` (`None`: none), with a
/// `valid` output or without.
fn circular_buffer_model(input: &[i32], slots: &[i32], options: Option<&[(&str, i64)]>, valid: bool) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let frame = b.add_tensor("frame", input, DType::Int8);
    let output = b.add_tensor("slots", slots, DType::Int8);
    let mut outputs = vec![output];
    if valid {
        outputs.push(b.add_tensor("valid", &[1], DType::Bool));
    }
    let options = options.map_or_else(Vec::new, |ints| signal_options_flexbuffer(ints, &[]));
    b.add_custom_op(CIRCULAR_BUFFER, &[frame], &outputs, options);
    b.set_inputs(&[frame]);
    b.set_outputs(&outputs);
    b
}

#[test]
fn circular_buffer_state_and_options() {
    // The slots (plain storage bytes) and the count are two variables, read before the op and
    // assigned its next values after.
    check(
        &import(&circular_buffer_model(&[1, 1, 2, 3], &[1, 4, 2, 3], Some(&[("cycles_max", 3)]), true)).text,
        &[
            "\"graph.var_handle\"() <{container = \"tflite.signal_state\", shared_name = \"tensor_1\", value_type = \
             tensor<1x4x2x3xi8>}>",
            "\"graph.var_handle\"() <{container = \"tflite.signal_state\", shared_name = \"tensor_1_count\", \
             value_type = tensor<1xui32>}>",
            "\"graph.circular_buffer\"(%arg0, %2, %3) <{cycles_max = 3 : i64}> : (tensor<1x1x2x3xi8>, \
             tensor<1x4x2x3xi8>, tensor<1xui32>) -> (tensor<1x4x2x3xi8>, tensor<1xi1>, tensor<1x4x2x3xi8>, \
             tensor<1xui32>)",
            "\"graph.assign_variable\"(%0, %4#2)",
            "\"graph.assign_variable\"(%1, %4#3)",
        ],
    );
    // No options (or 0): TFLite Micro's rule picks 1 cycle for 5, 13 or 25 slots, else 2.
    for (slots, options, cycles) in [(5, None, 1), (13, Some(&[("cycles_max", 0)][..]), 1), (4, None, 2)] {
        let text = import(&circular_buffer_model(&[1, 1, 1, 2], &[1, slots, 1, 2], options, true)).text;
        check(&text, &[&format!("<{{cycles_max = {cycles} : i64}}>")]);
    }
    let at = "subgraph 0, operator 0 (custom \"CIRCULAR_BUFFER\" v1) writing tensor 1 'slots': CIRCULAR_BUFFER";
    for (model, problem) in [
        (
            circular_buffer_model(&[1, 1, 2], &[1, 3, 2], Some(&[("cycles_max", 2)]), true),
            "the input [1, 1, 2] must be [1, 1, H, D] and the output [1, 3, 2] [1, S, H, D], as TFLite Micro's \
             kernel takes them",
        ),
        (
            circular_buffer_model(&[1, 1, 1, 3], &[1, 3, 1, 2], Some(&[("cycles_max", 2)]), true),
            "the input [1, 1, 1, 3] must be [1, 1, H, D] and the output [1, 3, 1, 2] [1, S, H, D], as TFLite Micro's \
             kernel takes them",
        ),
        (
            circular_buffer_model(&[1, 1, 2, 96], &[1, 3, 2, 96], None, true),
            "no cycles_max for slots of [2, 96]: TFLite Micro then picks 1 or 2 from how many circular buffers the \
             process prepared before",
        ),
        (
            circular_buffer_model(&[1, 1, 1, 2], &[1, 3, 1, 2], Some(&[("cycles_max", 1 << 31)]), true),
            "option 'cycles_max' is 2147483648: TFLite Micro reads it as an int32 (at most 2147483647)",
        ),
        (
            circular_buffer_model(&[1, 1, 1, 2], &[1, 3, 1, 2], Some(&[("cycles", 2)]), true),
            "option 'cycles' is not one of CIRCULAR_BUFFER's (cycles_max)",
        ),
    ] {
        assert_eq!(import_error(&model), format!("{AT}{at}: {problem}\n"));
    }
    // Without its valid output, the operator ends TFLite Micro's invocation early.
    let error = import_error(&circular_buffer_model(&[1, 1, 1, 2], &[1, 3, 1, 2], Some(&[("cycles_max", 2)]), false));
    assert_eq!(
        error,
        format!(
            "{AT}subgraph 0, operator 0 (custom \"CIRCULAR_BUFFER\" v1) writing tensor 1 'slots': CIRCULAR_BUFFER \
             without its 'valid' output ends TFLite Micro's invocation early (kTfLiteAbort) until cycles_max inputs \
             have arrived: mc compiles the form with a bool 'valid' output\n"
        )
    );
}

/// A `SignalOverlapAdd` of `frames` (int16, `T` the tensor type `code`) by `step` into `stream`.
fn overlap_add_model(frames: &[i32], stream: &[i32], code: i64, step: i64) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let input = b.add_tensor("frames", frames, DType::Int16);
    let output = b.add_tensor("stream", stream, DType::Int16);
    let options = signal_options_flexbuffer(&[("T", code), ("frame_step", step)], &[]);
    b.add_custom_op(SIGNAL_OVERLAP_ADD, &[input], &[output], options);
    b.set_inputs(&[input]);
    b.set_outputs(&[output]);
    b
}

#[test]
fn signal_overlap_add_state_and_options() {
    // Each row's unfinished frame is a variable of the rows' leading dimensions.
    check(
        &import(&overlap_add_model(&[2, 3, 8], &[2, 12], 7, 4)).text,
        &[
            "\"graph.var_handle\"() <{container = \"tflite.signal_state\", shared_name = \"tensor_1\", value_type = \
             tensor<2x8xi16>}>",
            "\"graph.signal_overlap_add\"(%arg0, %1) <{frame_step = 4 : i64}> : (tensor<2x3x8xi16>, tensor<2x8xi16>) \
             -> (tensor<2x12xi16>, tensor<2x8xi16>)",
            "\"graph.assign_variable\"(%0, %2#1)",
        ],
    );
    let at = "subgraph 0, operator 0 (custom \"SignalOverlapAdd\" v1) writing tensor 1 'stream': SignalOverlapAdd";
    for (model, problem) in [
        (overlap_add_model(&[3, 8], &[12], 0, 4), "option 'T' is 0, but the input is INT16"),
        (overlap_add_model(&[3, 8], &[12], 99, 4), "option 'T' is 99, not a tensor type"),
        (
            overlap_add_model(&[3, 8], &[27], 7, 9),
            "option 'frame_step' is 9: mc compiles steps of 1 to the frame size 8",
        ),
        (overlap_add_model(&[8], &[4], 7, 4), "the input has rank 1: frames have rank 2 or more"),
    ] {
        assert_eq!(import_error(&model), format!("{AT}{at}: {problem}\n"));
    }
}

/// A `SignalDelay` of `delay` samples over rows of `shape`.
fn delay_model(shape: &[i32], delay: i64) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let input = b.add_tensor("rows", shape, DType::Int16);
    let output = b.add_tensor("delayed", shape, DType::Int16);
    b.add_custom_op(SIGNAL_DELAY, &[input], &[output], signal_options_flexbuffer(&[("delay_length", delay)], &[]));
    b.set_inputs(&[input]);
    b.set_outputs(&[output]);
    b
}

#[test]
fn signal_delay_state_and_length() {
    // The last samples of each row are a variable of the rows' leading dimensions.
    check(
        &import(&delay_model(&[2, 8], 3)).text,
        &[
            "\"graph.var_handle\"() <{container = \"tflite.signal_state\", shared_name = \"tensor_1\", value_type = \
             tensor<2x3xi16>}>",
            "\"graph.signal_delay\"(%arg0, %1) : (tensor<2x8xi16>, tensor<2x3xi16>) -> (tensor<2x8xi16>, \
             tensor<2x3xi16>)",
            "\"graph.assign_variable\"(%0, %2#1)",
        ],
    );
    assert_eq!(
        import_error(&delay_model(&[8], 0)),
        format!(
            "{AT}subgraph 0, operator 0 (custom \"SignalDelay\" v1) writing tensor 1 'delayed': SignalDelay: option \
             'delay_length' is 0 on rows of rank 1: mc compiles delays of 1 or more samples of rows of rank 1 or more\n"
        )
    );
}

/// A DCM header: decode type, DCM version, then bytes 4 to 6 (the type's version, LUT bit width
/// and stride), followed by `data`.
fn dcm(decode_type: u8, version: u8, type_bytes: [u8; 3], data: &[u8]) -> Vec<u8> {
    let mut header = vec![decode_type, version, 0, 0, type_bytes[0], type_bytes[1], type_bytes[2]];
    header.resize(16, 0);
    header.extend_from_slice(data);
    header
}

/// `TFLM_DECODE` of constants `encoded` and `ancillary` into an int8 `[4]` tensor added to `x`.
fn decode_model(encoded: &[u8], ancillary: &[u8], encoded_dtype: DType) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[4], DType::Float32);
    let e = b.add_constant("encoded", &[encoded.len() as i32], encoded_dtype, encoded);
    let a = b.add_constant("dcm", &[ancillary.len() as i32], DType::UInt8, ancillary);
    let w = b.add_tensor("w", &[4], DType::Float32);
    let y = b.add_tensor("y", &[4], DType::Float32);
    b.add_custom_op(TFLM_DECODE, &[e, a], &[w], Vec::new());
    add(&mut b, x, w, y);
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    b
}

#[test]
fn tflm_decode_imports_one_decode_per_pair() {
    let lut = dcm(0, 1, [1, 2, 4], &[0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64]);
    check(
        &import(&decode_model(&[27], &lut, DType::UInt8)).text,
        &["\"graph.decode\"(%0, %1) : (tensor<1xui8>, tensor<32xui8>) -> tensor<4xf32>"],
    );
}

#[test]
fn tflm_decode_malformed_headers_and_data_are_located_errors() {
    let at = "subgraph 0, operator 0 (custom \"TFLM_DECODE\" v1) writing tensor 3 'w': TFLM_DECODE:";
    let table = [0u8; 16];
    for (encoded, ancillary, problem) in [
        (
            vec![27],
            dcm(0, 2, [1, 2, 4], &table),
            "output 0: DCM version 2 is not supported (TFLite Micro decodes version 1)",
        ),
        (vec![27], dcm(9, 1, [1, 2, 4], &table), "output 0: unknown decode type 9 (0 is LUT, 1 Huffman, 2 pruning)"),
        (
            vec![27],
            dcm(1, 1, [1, 2, 4], &table),
            "output 0: decode type 1 (Huffman) is not supported (mc decodes LUT and pruning)",
        ),
        (
            vec![27],
            dcm(0, 1, [1, 0, 4], &table),
            "output 0: LUT bit width 0 is out of range (1 to 7, the low 3 bits of byte 5)",
        ),
        (
            vec![27],
            dcm(0, 1, [2, 2, 4], &table),
            "output 0: LUT version 2 is not supported (TFLite Micro decodes version 1)",
        ),
        (vec![27], vec![0, 1, 0], "output 0: the ancillary tensor holds 3 bytes, fewer than the 16-byte DCM header"),
        (
            vec![],
            dcm(0, 1, [1, 2, 4], &table),
            "output 0: the encoded tensor holds 0 bytes, but 4 2-bit indices need 1",
        ),
        (
            vec![27],
            dcm(0, 1, [1, 2, 4], &table[..8]),
            "output 0: the value tables (1 channels of 4 elements of 4 bytes) need 16 bytes after the DCM header, but \
             the ancillary tensor holds 8",
        ),
        (
            vec![255],
            dcm(2, 1, [1, 0, 0], &table[..8]),
            "output 0: the mask keeps 4 elements of 4 bytes, but the ancillary tensor holds 8 bytes of values",
        ),
    ] {
        assert_eq!(import_error(&decode_model(&encoded, &ancillary, DType::UInt8)), format!("{AT}{at} {problem}\n"));
    }
    let wrong_type = decode_model(&[27], &dcm(0, 1, [1, 2, 4], &table), DType::Int8);
    assert_eq!(import_error(&wrong_type), format!("{AT}{at} the encoded tensor (input 0) is INT8, not UINT8\n"));
}

#[test]
fn tflm_decode_pairs_and_constant_inputs() {
    let (mut b, x, y) = relu_model();
    let a = b.add_constant("dcm", &[16], DType::UInt8, &dcm(0, 1, [1, 2, 4], &[]));
    let w = b.add_tensor("w", &[1, 4], DType::Float32);
    b.add_custom_op(TFLM_DECODE, &[x, a, a], &[w], Vec::new());
    relu(&mut b, w, y);
    let at = "subgraph 0, operator 0 (custom \"TFLM_DECODE\" v1) writing tensor 3 'w':";
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}{at} TFLM_DECODE takes an encoded and an ancillary tensor per output, but the operator lists 3 inputs and 1 outputs\n"
        )
    );
    let (mut b, x, y) = relu_model();
    let a = b.add_constant("dcm", &[16], DType::UInt8, &dcm(0, 1, [1, 2, 4], &[]));
    let w = b.add_tensor("w", &[1, 4], DType::Float32);
    let u = b.add_tensor("u", &[1], DType::UInt8);
    b.add_custom_op(TFLM_DECODE, &[u, a], &[w], Vec::new());
    relu(&mut b, w, y);
    b.set_inputs(&[x, u]);
    assert_eq!(
        import_error(&b),
        format!(
            "{AT}{at} TFLM_DECODE: the encoded tensor (input 0) is not a constant (TFLite Micro decodes constant tensors only)\n"
        )
    );
}
