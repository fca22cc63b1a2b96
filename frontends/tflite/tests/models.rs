//! Reads every MLPerf Tiny model in `../shared/models` and compares what
//! mc-tflite sees with an independent reader: `dump_tflite.py`, which uses
//! the flatbuffers code generated from upstream's full schema shipped in the
//! `tflite-micro` PyPI package. Both print the same line format (operator
//! codes, subgraphs, every tensor's name/type/shape/buffer/data hash/
//! quantization, every operator's operands and decoded options, op counts);
//! the test compares them line by line.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::process::Command;

use mc_tflite::{Activation, BuiltinOptions, DType, Model, OpKind, Padding, Quantization, WeightsFormat};

/// FNV-1a, 64 bits: the data hash both dumps print.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(","))
}

fn operand(t: &Option<usize>) -> String {
    t.map_or("-1".to_string(), |t| t.to_string())
}

fn padding(p: Padding) -> u8 {
    match p {
        Padding::Same => 0,
        Padding::Valid => 1,
    }
}

fn act(a: Activation) -> u8 {
    match a {
        Activation::None => 0,
        Activation::Relu => 1,
        Activation::ReluN1To1 => 2,
        Activation::Relu6 => 3,
        Activation::Tanh => 4,
        Activation::SignBit => 5,
    }
}

fn bias(t: Option<DType>) -> i8 {
    t.map_or(0, DType::code)
}

fn options(o: &BuiltinOptions<'_>) -> String {
    let fields: Vec<String> = match o {
        BuiltinOptions::None => return "none".into(),
        BuiltinOptions::Other { table } => return table.clone(),
        BuiltinOptions::Conv2D(c) => vec![
            padding(c.padding).to_string(),
            c.stride_w.to_string(),
            c.stride_h.to_string(),
            act(c.fused_activation).to_string(),
            c.dilation_w_factor.to_string(),
            c.dilation_h_factor.to_string(),
            bias(c.quantized_bias_type).to_string(),
        ],
        BuiltinOptions::DepthwiseConv2D(c) => vec![
            padding(c.padding).to_string(),
            c.stride_w.to_string(),
            c.stride_h.to_string(),
            c.depth_multiplier.to_string(),
            act(c.fused_activation).to_string(),
            c.dilation_w_factor.to_string(),
            c.dilation_h_factor.to_string(),
        ],
        BuiltinOptions::Pool2D(p) => vec![
            padding(p.padding).to_string(),
            p.stride_w.to_string(),
            p.stride_h.to_string(),
            p.filter_width.to_string(),
            p.filter_height.to_string(),
            act(p.fused_activation).to_string(),
        ],
        BuiltinOptions::FullyConnected(f) => vec![
            act(f.fused_activation).to_string(),
            match f.weights_format {
                WeightsFormat::Default => "0".into(),
                WeightsFormat::Shuffled4x16Int8 => "1".into(),
            },
            u8::from(f.keep_num_dims).to_string(),
            u8::from(f.asymmetric_quantize_inputs).to_string(),
            bias(f.quantized_bias_type).to_string(),
        ],
        BuiltinOptions::Softmax(s) => vec![format!("{:08x}", s.beta.to_bits())],
        BuiltinOptions::Concatenation(c) => vec![c.axis.to_string(), act(c.fused_activation).to_string()],
        BuiltinOptions::Add(a) | BuiltinOptions::Sub(a) => {
            vec![act(a.fused_activation).to_string(), u8::from(a.pot_scale_int16).to_string()]
        }
        BuiltinOptions::Mul(m) => vec![act(m.fused_activation).to_string()],
        BuiltinOptions::Reshape(r) => vec![r.new_shape.as_ref().map_or("-".into(), list)],
        BuiltinOptions::Reducer(r) => vec![u8::from(r.keep_dims).to_string()],
        BuiltinOptions::StridedSlice(s) => vec![
            s.begin_mask.to_string(),
            s.end_mask.to_string(),
            s.ellipsis_mask.to_string(),
            s.new_axis_mask.to_string(),
            s.shrink_axis_mask.to_string(),
            u8::from(s.offset).to_string(),
        ],
        BuiltinOptions::CallOnce(c) => vec![c.init_subgraph_index.to_string()],
        BuiltinOptions::VarHandle(v) => {
            vec![v.container.unwrap_or("-").to_string(), v.shared_name.unwrap_or("-").to_string()]
        }
        BuiltinOptions::Pad
        | BuiltinOptions::Transpose
        | BuiltinOptions::Dequantize
        | BuiltinOptions::Quantize
        | BuiltinOptions::ReadVariable
        | BuiltinOptions::AssignVariable => vec![],
        other => panic!("the dump does not know {other:?}"),
    };
    format!("{}{{{}}}", o.table_name(), fields.join(","))
}

fn op_name(kind: OpKind<'_>) -> String {
    match kind {
        OpKind::Builtin(op) => op.name().to_string(),
        OpKind::UnknownBuiltin(code) => format!("builtin {code}"),
        OpKind::Custom(name) => format!("custom {name}"),
    }
}

/// mc-tflite's side of the cross-check, in `dump_tflite.py`'s format.
fn dump(model: &Model<'_>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "model version={} subgraphs={} opcodes={} buffers={}",
        model.version(),
        model.subgraphs().len(),
        model.operator_codes().len(),
        model.buffers().len()
    );
    for (c, code) in model.operator_codes().iter().enumerate() {
        let _ = writeln!(out, "opcode {c} {} v{}", op_name(code.kind()), code.version());
    }
    let mut counts = BTreeMap::new();
    for (s, sg) in model.subgraphs().iter().enumerate() {
        let _ = writeln!(
            out,
            "subgraph {s} name={} tensors={} operators={} inputs={} outputs={}",
            sg.name().unwrap_or("-"),
            sg.tensors().len(),
            sg.operators().len(),
            list(sg.inputs()),
            list(sg.outputs())
        );
        for (t, tensor) in sg.tensors().iter().enumerate() {
            let data = tensor.data().map_or("-".to_string(), |d| format!("{}:{}", d.len(), fnv(d.iter().copied())));
            let quant = match tensor.quantization() {
                None => "none".to_string(),
                Some(Quantization::Custom(_)) => "custom".to_string(),
                Some(q) => {
                    let kind = match q {
                        Quantization::PerAxis { axis, .. } => format!("axis:{axis}"),
                        _ => "tensor".into(),
                    };
                    let scales = q.scales().iter().flat_map(|s| s.to_le_bytes());
                    let zps = q.zero_points().iter().flat_map(|z| z.to_le_bytes());
                    format!(
                        "{kind} scales={}:{} zps={}:{}",
                        q.scales().len(),
                        fnv(scales),
                        q.zero_points().len(),
                        fnv(zps)
                    )
                }
            };
            let _ = writeln!(
                out,
                "tensor {t} name=\"{}\" type={} shape={} buffer={} data={data} quant={quant} variable={}",
                tensor.name(),
                tensor.dtype(),
                list(tensor.shape()),
                tensor.buffer_index(),
                u8::from(tensor.is_variable())
            );
        }
        for (o, op) in sg.operators().iter().enumerate() {
            let name = op_name(op.opcode().kind());
            let _ = writeln!(
                out,
                "op {o} {name} inputs={} outputs={} options={}",
                list(op.inputs().iter().map(operand)),
                list(op.outputs().iter().map(operand)),
                options(op.options())
            );
            *counts.entry(name).or_insert(0) += 1;
        }
    }
    for (name, n) in counts {
        let _ = writeln!(out, "count {name} {n}");
    }
    out
}

#[test]
fn every_shared_model_matches_the_tflite_micro_reader() {
    let python = common::venv_python();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/dump_tflite.py");
    for path in common::model_paths() {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let model = Model::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let ours = dump(&model);

        let output = Command::new(&python)
            .arg(script)
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", python.display()));
        assert!(
            output.status.success(),
            "dump_tflite.py failed on {}:\n{}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        let theirs = String::from_utf8(output.stdout).expect("the dump is UTF-8");

        let (ours_lines, theirs_lines): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
        for (i, (a, b)) in ours_lines.iter().zip(&theirs_lines).enumerate() {
            assert_eq!(a, b, "{}: line {} differs (left: mc-tflite, right: tflite-micro)", path.display(), i + 1);
        }
        assert_eq!(ours_lines.len(), theirs_lines.len(), "{}: dumps differ in length", path.display());
        let counts: Vec<&str> = ours_lines.iter().filter(|l| l.starts_with("count ")).copied().collect();
        eprintln!("{}: {} lines agree; {}", path.display(), ours_lines.len(), counts.join(", "));
    }
}

/// Facts about the four MLPerf Tiny models that do not need Python: what
/// mc needs of them (entry subgraph, int8 input, per-channel conv weights,
/// every operator a builtin mc names).
#[test]
fn shared_models_have_what_mc_imports() {
    for path in common::model_paths() {
        let bytes = std::fs::read(&path).unwrap();
        let model = Model::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let main = model.main_subgraph();
        assert!(!main.operators().is_empty(), "{}", path.display());
        let input = &main.tensors()[main.inputs()[0]];
        assert_eq!(input.dtype(), DType::Int8, "{}: input", path.display());
        assert!(matches!(input.quantization(), Some(Quantization::PerTensor { .. })), "{}", path.display());
        for op in main.operators() {
            assert!(op.opcode().builtin().is_some(), "{}: {}", path.display(), op.opcode());
            if let Some(mc_tflite::BuiltinOp::Conv2D) = op.opcode().builtin() {
                let weights = &main.tensors()[op.inputs()[1].unwrap()];
                assert!(weights.is_constant());
                assert!(matches!(weights.quantization(), Some(Quantization::PerAxis { axis: 0, .. })));
            }
        }
        // Weights are borrowed from the file, not copied.
        let range = bytes.as_ptr_range();
        for t in main.tensors() {
            if let Some(data) = t.data() {
                assert!(range.contains(&data.as_ptr()), "{}: {} is not a slice of the file", path.display(), t.name());
            }
        }
    }
}
