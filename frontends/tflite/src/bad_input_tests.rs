//! Bad input, one case per check the reader makes: each must be an error
//! that names where the problem is, never a panic. Files are built with the
//! test writer and broken through its raw types, or patched byte by byte
//! where the raw types cannot hold the bad value (unknown enum tags).

use crate::writer::{ModelBuilder, raw, serialize};
use crate::{Activation, AddSubOptions, BuiltinOp, BuiltinOptions, DType, Model, OpKind, TfliteError};

/// x (int8) + w (int8 constant) -> y, as `ADD v1`: the base of every case.
fn add_model() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 4], DType::Int8);
    let w = b.add_constant("w", &[1, 4], DType::Int8, &[1, 2, 3, 4]);
    let y = b.add_tensor("y", &[1, 4], DType::Int8);
    for t in [x, w, y] {
        b.set_quantization(t, &[0.5], &[0], 0);
    }
    let add = AddSubOptions { fused_activation: Activation::Relu, pot_scale_int16: true };
    b.add_op(BuiltinOp::Add, &[x, w], &[y], BuiltinOptions::Add(add));
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    b
}

fn read_err(bytes: &[u8]) -> TfliteError {
    match Model::from_bytes(bytes) {
        Ok(_) => panic!("the model was accepted"),
        Err(e) => e,
    }
}

fn err(b: &ModelBuilder) -> TfliteError {
    read_err(&b.finish())
}

/// The one byte where two serializations differ: how a test finds a field
/// to patch with a value the raw types cannot hold.
fn differing_byte(a: &[u8], b: &[u8]) -> usize {
    assert_eq!(a.len(), b.len());
    let diffs: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    assert_eq!(diffs.len(), 1, "serializations differ in {} bytes", diffs.len());
    diffs[0]
}

#[test]
fn the_base_model_reads() {
    let bytes = add_model().finish();
    let model = Model::from_bytes(&bytes).unwrap();
    let op = &model.main_subgraph().operators()[0];
    assert_eq!(op.opcode().to_string(), "ADD v1");
    assert_eq!(model.main_subgraph().tensors()[1].data(), Some(&[1u8, 2, 3, 4][..]));
}

#[test]
fn not_a_tflite_file() {
    for bytes in [&b""[..], b"TFL3", b"\x10\0\0\0XXXX\0\0\0\0\0\0\0\0"] {
        assert!(matches!(read_err(bytes), TfliteError::NotTflite { .. }), "{bytes:?}");
    }
    let msg = read_err(b"\x10\0\0\0XXXX\0\0\0\0").to_string();
    assert!(msg.contains("TFL3"), "{msg}");
}

#[test]
fn header_only_is_corrupt() {
    // The identifier is there but the root offset points past the end.
    let e = read_err(b"\xff\0\0\0TFL3");
    assert!(matches!(e, TfliteError::Corrupt { .. }), "{e}");
}

#[test]
fn unsupported_schema_version() {
    let mut b = add_model();
    b.raw().version = 2;
    assert!(matches!(err(&b), TfliteError::UnsupportedVersion { found: 2 }));
    assert_eq!(err(&b).to_string(), "unsupported TFLite schema version 2; mc reads version 3");
}

#[test]
fn missing_subgraphs() {
    let mut b = add_model();
    b.raw().subgraphs = None;
    assert!(matches!(err(&b), TfliteError::NoSubgraphs));
    b.raw().subgraphs = Some(vec![]);
    assert!(matches!(err(&b), TfliteError::NoSubgraphs));
}

#[test]
fn opcode_index_out_of_range() {
    let mut b = add_model();
    b.subgraph().operators.as_mut().unwrap()[0].opcode_index = 7;
    let e = err(&b);
    assert!(matches!(e, TfliteError::IndexOutOfRange { what: "operator code", index: 7, len: 1, .. }), "{e}");
    assert_eq!(e.to_string(), "subgraph 0, operator 0: operator code index 7 is out of range (there are 1)");
}

#[test]
fn operand_index_out_of_range_names_operator_code_and_operand() {
    let mut b = add_model();
    b.subgraph().operators.as_mut().unwrap()[0].inputs = Some(vec![0, 99]);
    assert_eq!(
        err(&b).to_string(),
        "subgraph 0, operator 0 (ADD v1), input 1: tensor index 99 is out of range (there are 3)"
    );
    b.subgraph().operators.as_mut().unwrap()[0].inputs = Some(vec![0, -2]);
    assert!(matches!(err(&b), TfliteError::IndexOutOfRange { index: -2, .. }));
    let mut b = add_model();
    b.subgraph().operators.as_mut().unwrap()[0].outputs = Some(vec![3]);
    assert!(err(&b).to_string().contains("operator 0 (ADD v1), output 0: tensor index 3"));
    let mut b = add_model();
    b.subgraph().operators.as_mut().unwrap()[0].intermediates = Some(vec![-1]);
    assert!(err(&b).to_string().contains("intermediate 0"));
}

#[test]
fn absent_optional_operands_are_none() {
    let mut b = add_model();
    b.subgraph().operators.as_mut().unwrap()[0].inputs = Some(vec![0, -1]);
    let bytes = b.finish();
    let model = Model::from_bytes(&bytes).unwrap();
    assert_eq!(model.main_subgraph().operators()[0].inputs(), &[Some(0), None]);
}

#[test]
fn subgraph_inputs_and_outputs_out_of_range() {
    let mut b = add_model();
    b.set_inputs(&[0, 3]);
    assert_eq!(err(&b).to_string(), "subgraph 0, input 1: tensor index 3 is out of range (there are 3)");
    let mut b = add_model();
    b.set_outputs(&[-1]);
    assert!(matches!(err(&b), TfliteError::IndexOutOfRange { what: "tensor", index: -1, .. }));
}

#[test]
fn buffer_index_out_of_range_names_the_tensor() {
    let mut b = add_model();
    b.tensor(1).buffer = 9;
    assert_eq!(err(&b).to_string(), "subgraph 0, tensor 1 \"w\": buffer index 9 is out of range (there are 2)");
}

#[test]
fn buffer_size_must_match_shape_and_type() {
    let mut b = add_model();
    b.tensor(1).shape = Some(vec![1, 5]);
    let e = err(&b);
    assert!(matches!(e, TfliteError::BufferSize { expected: 5, found: 4, .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "subgraph 0, tensor 1 \"w\": buffer 1 holds 4 bytes but a INT8 tensor of shape [1, 5] needs 5"
    );
    let mut b = add_model();
    b.tensor(1).type_ = raw::TensorType::Int16;
    assert!(matches!(err(&b), TfliteError::BufferSize { expected: 8, found: 4, .. }));
    let mut b = add_model();
    b.tensor(1).shape = Some(vec![-1, 4]);
    assert!(matches!(err(&b), TfliteError::ConstantShape { .. }));
}

#[test]
fn sparse_and_string_constants_are_not_size_checked() {
    let mut b = add_model();
    b.tensor(1).shape = Some(vec![7, 7]);
    b.tensor(1).sparsity = Some(Box::default());
    b.tensor(1).quantization = None;
    let bytes = b.finish();
    assert!(Model::from_bytes(&bytes).unwrap().main_subgraph().tensors()[1].is_sparse());
    let mut b = add_model();
    b.tensor(1).type_ = raw::TensorType::String;
    b.tensor(1).quantization = None;
    Model::from_bytes(&b.finish()).unwrap();
}

#[test]
fn inconsistent_quantization() {
    let quant = |b: &mut ModelBuilder| b.tensor(1).quantization.as_mut().unwrap().clone();
    let mut b = add_model();
    let mut q = quant(&mut b);
    q.zero_point = None;
    b.tensor(1).quantization = Some(q);
    assert_eq!(
        err(&b).to_string(),
        "subgraph 0, tensor 1 \"w\": invalid quantization: scale is set but zero_point is missing"
    );

    let mut b = add_model();
    b.set_quantization(1, &[0.5, 0.5], &[0], 1);
    assert!(err(&b).to_string().ends_with("invalid quantization: 2 scales but 1 zero points"));

    let mut b = add_model();
    b.set_quantization(1, &[0.5, 0.5, 0.5], &[0, 0, 0], 1);
    assert!(err(&b).to_string().contains("3 scales for dimension 1 of shape [1, 4], which has size 4"));

    let mut b = add_model();
    b.set_quantization(1, &[0.5, 0.25, 0.5, 0.25], &[0, 0, 0, 0], 2);
    assert!(err(&b).to_string().contains("quantized_dimension 2 is not a dimension of shape [1, 4]"));
    b.set_quantization(1, &[0.5, 0.25, 0.5, 0.25], &[0, 0, 0, 0], -1);
    assert!(matches!(err(&b), TfliteError::Quantization { .. }));

    // Scales without values, and min/max only, mean "not quantized", as in TFLite.
    let mut b = add_model();
    b.set_quantization(1, &[], &[], 0);
    let bytes = b.finish();
    assert!(Model::from_bytes(&bytes).unwrap().main_subgraph().tensors()[1].quantization().is_none());
}

#[test]
fn one_scale_is_per_tensor_whatever_the_quantized_dimension() {
    // TFLM's person_detect has 1-D biases with one scale and quantized_dimension 3; TFLite Micro
    // never reads the dimension of a per-tensor quantization.
    for dim in [2, 3, -1] {
        let mut b = add_model();
        b.set_quantization(1, &[0.5], &[-2], dim);
        let bytes = b.finish();
        let model = Model::from_bytes(&bytes).unwrap();
        let expected = crate::Quantization::PerTensor { scale: 0.5, zero_point: -2 };
        assert_eq!(model.main_subgraph().tensors()[1].quantization(), Some(&expected), "dimension {dim}");
    }
}

#[test]
fn custom_quantization_is_kept_as_bytes() {
    let mut b = add_model();
    b.tensor(1).quantization.as_mut().unwrap().details =
        Some(raw::QuantizationDetails::CustomQuantization(Box::new(raw::CustomQuantization {
            custom: Some(vec![9, 8]),
        })));
    let bytes = b.finish();
    let model = Model::from_bytes(&bytes).unwrap();
    assert_eq!(model.main_subgraph().tensors()[1].quantization(), Some(&crate::Quantization::Custom(&[9, 8])));
}

#[test]
fn unknown_tensor_type() {
    let mut a = add_model();
    a.tensor(0).type_ = raw::TensorType::Complex128;
    let mut b = add_model();
    b.tensor(0).type_ = raw::TensorType::Bfloat16;
    let (a, mut b) = (a.finish(), b.finish());
    let at = differing_byte(&a, &b);
    b[at] = 19; // INT2, newer than this reader's schema
    let e = read_err(&b);
    assert!(matches!(e, TfliteError::UnknownTensorType { code: 19, .. }), "{e}");
    assert_eq!(e.to_string(), "subgraph 0, tensor 0 \"x\": unknown tensor type 19");
}

#[test]
fn unknown_enum_in_options_names_the_operator() {
    let with = |act| {
        let mut b = add_model();
        let add = AddSubOptions { fused_activation: act, pot_scale_int16: true };
        b.subgraph().operators.as_mut().unwrap()[0].builtin_options = crate::writer::to_raw(&BuiltinOptions::Add(add));
        b.finish()
    };
    let (a, mut b) = (with(Activation::Relu), with(Activation::Relu6));
    let at = differing_byte(&a, &b);
    b[at] = 9;
    let e = read_err(&b);
    assert!(matches!(e, TfliteError::Corrupt { .. }), "{e}");
    let msg = e.to_string();
    assert!(msg.starts_with("corrupted flatbuffer at subgraph 0, operator 0 (ADD v1), builtin options:"), "{msg}");
    assert!(msg.contains("Unknown enum (tag = 9)"), "{msg}");
}

#[test]
fn unknown_and_unread_builtins() {
    // SKIP_GRAM (30) is not among the builtins mc names: it reads, by number,
    // with its options undecoded.
    let mut b = add_model();
    b.raw().operator_codes.as_mut().unwrap()[0].deprecated_builtin_code = 30;
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options =
        Some(raw::BuiltinOptions::SkipGramOptions(Box::default()));
    let bytes = b.finish();
    let model = Model::from_bytes(&bytes).unwrap();
    let op = &model.main_subgraph().operators()[0];
    assert_eq!(op.opcode().kind(), OpKind::UnknownBuiltin(30));
    assert_eq!(op.opcode().to_string(), "SKIP_GRAM v1");
    assert_eq!(op.options(), &BuiltinOptions::Other { table: "SkipGramOptions".into() });

    // An options union member past this reader's list: its tag.
    let with = |options| {
        let mut b = add_model();
        b.raw().operator_codes.as_mut().unwrap()[0].deprecated_builtin_code = 30;
        b.subgraph().operators.as_mut().unwrap()[0].builtin_options = Some(options);
        b.finish()
    };
    let a = with(raw::BuiltinOptions::SkipGramOptions(Box::default()));
    let mut c = with(raw::BuiltinOptions::TransposeOptions(Box::default()));
    let at = differing_byte(&a, &c);
    c[at] = 120;
    let model = Model::from_bytes(&c).unwrap();
    assert_eq!(
        model.main_subgraph().operators()[0].options(),
        &BuiltinOptions::Other { table: "union member 120".into() }
    );
}

#[test]
fn options_must_match_the_operator() {
    let mut b = add_model();
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options =
        Some(raw::BuiltinOptions::Conv2DOptions(Box::default()));
    assert_eq!(
        err(&b).to_string(),
        "subgraph 0, operator 0 (ADD v1): builtin options are Conv2DOptions, but this operator takes AddOptions"
    );
    // No options at all is allowed: TFLite uses the defaults.
    b.subgraph().operators.as_mut().unwrap()[0].builtin_options = None;
    let bytes = b.finish();
    assert_eq!(Model::from_bytes(&bytes).unwrap().main_subgraph().operators()[0].options(), &BuiltinOptions::None);
}

#[test]
fn custom_operators() {
    let mut b = add_model();
    let code = b.custom_opcode("MyOp", 2);
    let op = b.add_op_raw(code, &[0], &[2], None);
    b.subgraph().operators.as_mut().unwrap()[op].custom_options = Some(vec![1, 2, 3]);
    let bytes = b.finish();
    let model = Model::from_bytes(&bytes).unwrap();
    let op = &model.main_subgraph().operators()[1];
    assert_eq!(op.opcode().kind(), OpKind::Custom("MyOp"));
    assert_eq!(op.opcode().to_string(), "custom \"MyOp\" v2");
    assert_eq!(op.custom_options(), Some(&[1u8, 2, 3][..]));

    b.raw().operator_codes.as_mut().unwrap()[code as usize].custom_code = None;
    assert_eq!(err(&b).to_string(), "operator code 1: CUSTOM operator code without a custom_code name");
}

#[test]
fn negative_builtin_code() {
    let mut b = add_model();
    b.raw().operator_codes.as_mut().unwrap()[0].deprecated_builtin_code = -5;
    // max(ADD = 0, -5) is ADD: still fine.
    Model::from_bytes(&b.finish()).unwrap();
}

#[test]
fn call_once_subgraph_out_of_range() {
    let mut b = add_model();
    let call = crate::CallOnceOptions { init_subgraph_index: 4 };
    b.add_op(BuiltinOp::CallOnce, &[], &[], BuiltinOptions::CallOnce(call));
    assert_eq!(
        err(&b).to_string(),
        "subgraph 0, operator 1 (CALL_ONCE v1), init_subgraph_index: subgraph index 4 is out of range (there are 1)"
    );
}

#[test]
fn if_and_while_subgraphs_out_of_range() {
    let mut b = add_model();
    let branches = crate::IfOptions { then_subgraph_index: 0, else_subgraph_index: 3 };
    b.add_op(BuiltinOp::If, &[], &[], BuiltinOptions::If(branches));
    assert_eq!(
        err(&b).to_string(),
        "subgraph 0, operator 1 (IF v1), else_subgraph_index: subgraph index 3 is out of range (there are 1)"
    );
    let mut b = add_model();
    let loops = crate::WhileOptions { cond_subgraph_index: 9, body_subgraph_index: 0 };
    b.add_op(BuiltinOp::While, &[], &[], BuiltinOptions::While(loops));
    assert_eq!(
        err(&b).to_string(),
        "subgraph 0, operator 1 (WHILE v1), cond_subgraph_index: subgraph index 9 is out of range (there are 1)"
    );
}

#[test]
fn buffers_after_the_flatbuffer() {
    // A buffer stored after the flatbuffer (models over 2 GB): the offset
    // field is fixed-size, so serializing twice gives the same length.
    let mut b = add_model();
    let buffers = b.raw().buffers.as_mut().unwrap();
    buffers[1] = raw::Buffer { data: None, offset: 2, size: 4 };
    let len = b.finish().len() as u64;
    b.raw().buffers.as_mut().unwrap()[1].offset = len;
    let mut bytes = b.finish();
    assert_eq!(bytes.len() as u64, len);
    bytes.extend_from_slice(&[5, 6, 7, 8]);
    let model = Model::from_bytes(&bytes).unwrap();
    assert_eq!(model.main_subgraph().tensors()[1].data(), Some(&[5u8, 6, 7, 8][..]));

    let e = read_err(&bytes[..bytes.len() - 1]);
    assert!(matches!(e, TfliteError::OutOfFile { .. }), "{e}");
    assert!(e.to_string().starts_with("buffer 1: bytes"), "{e}");
}

#[test]
fn large_custom_options_outside_the_file() {
    let mut b = add_model();
    let code = b.custom_opcode("Big", 1);
    let op = b.add_op_raw(code, &[0], &[2], None);
    let raw_op = &mut b.subgraph().operators.as_mut().unwrap()[op];
    raw_op.large_custom_options_offset = 1 << 40;
    raw_op.large_custom_options_size = 16;
    let e = err(&b);
    assert!(matches!(e, TfliteError::OutOfFile { .. }), "{e}");
    assert!(e.to_string().contains("operator 1 (custom \"Big\" v1), large custom options"), "{e}");
}

#[test]
fn metadata_and_signatures() {
    let mut b = add_model();
    let buffer = b.add_buffer(b"1.14.0");
    b.raw().metadata = Some(vec![raw::Metadata { name: Some("min_runtime_version".into()), buffer }]);
    let map = |name: &str, tensor_index| raw::TensorMap { name: Some(name.into()), tensor_index };
    b.raw().signature_defs = Some(vec![raw::SignatureDef {
        inputs: Some(vec![map("in", 0)]),
        outputs: Some(vec![map("out", 2)]),
        signature_key: Some("serving_default".into()),
        subgraph_index: 0,
    }]);
    let bytes = b.finish();
    let model = Model::from_bytes(&bytes).unwrap();
    assert_eq!(model.metadata()[0].name, "min_runtime_version");
    assert_eq!(model.metadata()[0].data, b"1.14.0");
    let sig = &model.signature_defs()[0];
    assert_eq!((sig.key, sig.subgraph), (Some("serving_default"), 0));
    assert_eq!(sig.inputs, vec![("in", 0)]);
    assert_eq!(sig.outputs, vec![("out", 2)]);

    b.raw().metadata.as_mut().unwrap()[0].buffer = 10;
    assert!(err(&b).to_string().starts_with("metadata 0 \"min_runtime_version\": buffer index 10"));
    b.raw().metadata = None;
    b.raw().signature_defs.as_mut().unwrap()[0].outputs = Some(vec![map("out", 3)]);
    assert!(err(&b).to_string().starts_with("signature 0, output 0 \"out\": tensor index 3"));
    b.raw().signature_defs.as_mut().unwrap()[0].subgraph_index = 1;
    assert!(matches!(err(&b), TfliteError::IndexOutOfRange { what: "subgraph", .. }));
}

#[test]
fn every_truncation_and_byte_flip_of_a_small_model_is_handled() {
    let bytes = add_model().finish();
    for len in 0..bytes.len() {
        assert!(Model::from_bytes(&bytes[..len]).is_err(), "truncated to {len} bytes");
    }
    // Every byte set to a few values: an error or a model, never a panic.
    let mut errors = 0;
    for at in 0..bytes.len() {
        for v in [0x00, 0x01, 0x7f, 0x80, 0xff] {
            let mut broken = bytes.clone();
            broken[at] = v;
            errors += usize::from(Model::from_bytes(&broken).is_err());
        }
    }
    assert!(errors > bytes.len(), "only {errors} of {} patched files were rejected", bytes.len() * 5);
}

#[test]
fn raw_serialization_matches_the_builder() {
    let mut b = add_model();
    assert_eq!(serialize(b.raw()), b.finish());
}
