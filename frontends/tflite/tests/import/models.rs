//! Every MLPerf Tiny model in `../shared/models` (the test fails when the folder is missing):
//! imported, verified, printed, re-parsed (print(parse(print)) identical), and the re-parsed
//! module cross-checked against `dump_tflite.py`, which reads the file with tflite-micro's
//! flatbuffers code generated from upstream's full schema:
//!
//! - one function per subgraph, in order, the entry public; its signature is the subgraph's
//!   input and output tensors in file order (shape, element type, quantization);
//! - operator `i` is the `i`-th non-constant op of its function: its kind is the operator's
//!   opcode, its location `loc("out"("op#i"(file)))`, its result the output tensor's shape and
//!   quantization (scales and zero points compared bit for bit through the dump's hashes);
//! - every `graph.const` is a constant tensor of the file, with its type, and its blob holds
//!   exactly the tensor's bytes (same length and hash);
//! - per opcode, the number of graph ops equals the number of TFLite operators.

use crate::common;
use crate::support::*;
use mc_dialects::func::FuncOp;
use mc_ir::quant::QuantParams;
use mc_ir::{AttrKind, Context, FloatKind, LocKind, OpId, Signedness, Type, TypeKind};
use std::collections::BTreeMap;
use std::process::Command;

/// FNV-1a, 64 bits, as `dump_tflite.py` hashes data, scales and zero points.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The TFLite opcode a graph op comes from.
fn opcode_of(graph_op: &str) -> Option<&'static str> {
    Some(match graph_op {
        "graph.conv_2d" => "CONV_2D",
        "graph.depthwise_conv_2d" => "DEPTHWISE_CONV_2D",
        "graph.fully_connected" => "FULLY_CONNECTED",
        "graph.add" => "ADD",
        "graph.sub" => "SUB",
        "graph.mul" => "MUL",
        "graph.avg_pool_2d" => "AVERAGE_POOL_2D",
        "graph.max_pool_2d" => "MAX_POOL_2D",
        "graph.l2_pool_2d" => "L2_POOL_2D",
        "graph.reshape" => "RESHAPE",
        "graph.transpose" => "TRANSPOSE",
        "graph.softmax" => "SOFTMAX",
        "graph.log_softmax" => "LOG_SOFTMAX",
        "graph.l2_normalization" => "L2_NORMALIZATION",
        "graph.logistic" => "LOGISTIC",
        "graph.tanh" => "TANH",
        "graph.relu" => "RELU",
        "graph.relu6" => "RELU6",
        "graph.relu_n1_to_1" => "RELU_N1_TO_1",
        "graph.prelu" => "PRELU",
        "graph.mean" => "MEAN",
        "graph.sum" => "SUM",
        "graph.cumsum" => "CUMSUM",
        "graph.reduce_max" => "REDUCE_MAX",
        "graph.reduce_min" => "REDUCE_MIN",
        "graph.reduce_all" => "REDUCE_ALL",
        "graph.pad" => "PAD",
        "graph.concatenation" => "CONCATENATION",
        "graph.strided_slice" => "STRIDED_SLICE",
        "graph.quantize" => "QUANTIZE",
        "graph.dequantize" => "DEQUANTIZE",
        "graph.var_handle" => "VAR_HANDLE",
        "graph.read_variable" => "READ_VARIABLE",
        "graph.assign_variable" => "ASSIGN_VARIABLE",
        _ => return None,
    })
}

/// One `tensor` line of the dump.
#[derive(Debug)]
struct DumpTensor {
    name: String,
    dtype: String,
    shape: Vec<i64>,
    /// `-`, or `length:hash`.
    data: String,
    /// `none`, `custom`, `tensor scales=N:H zps=N:H` or `axis:A scales=N:H zps=N:H`.
    quant: String,
}

/// One `op` line.
#[derive(Debug)]
struct DumpOp {
    opcode: String,
    outputs: Vec<i64>,
}

#[derive(Debug, Default)]
struct DumpSubgraph {
    inputs: Vec<usize>,
    outputs: Vec<usize>,
    tensors: Vec<DumpTensor>,
    ops: Vec<DumpOp>,
}

#[derive(Debug, Default)]
struct Dump {
    subgraphs: Vec<DumpSubgraph>,
    counts: BTreeMap<String, usize>,
}

fn list(text: &str) -> Vec<i64> {
    let inner = text.trim_start_matches('[').trim_end_matches(']');
    if inner.is_empty() { vec![] } else { inner.split(',').map(|n| n.parse().expect("an integer")).collect() }
}

/// `key=` value of a dump line (up to the next space).
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let start = line.find(&format!(" {key}=")).unwrap_or_else(|| panic!("no {key}= in {line}")) + key.len() + 2;
    line[start..].split(' ').next().unwrap_or_default()
}

fn parse_dump(text: &str) -> Dump {
    let mut dump = Dump::default();
    for line in text.lines() {
        if line.starts_with("subgraph ") {
            dump.subgraphs.push(DumpSubgraph {
                inputs: list(field(line, "inputs")).into_iter().map(|t| t as usize).collect(),
                outputs: list(field(line, "outputs")).into_iter().map(|t| t as usize).collect(),
                ..Default::default()
            });
        } else if let Some(rest) = line.strip_prefix("tensor ") {
            // tensor T name="N" type=X shape=[..] buffer=B data=D quant=Q... variable=V
            let name_start = rest.find("name=\"").expect("a name") + 6;
            let type_at = rest.rfind("\" type=").expect("a type");
            let tail = &rest[type_at + 1..];
            let quant_start = tail.find(" quant=").expect("quant") + 7;
            let quant_end = tail.rfind(" variable=").expect("variable");
            dump.subgraphs.last_mut().expect("a subgraph line first").tensors.push(DumpTensor {
                name: rest[name_start..type_at].to_string(),
                dtype: field(tail, "type").to_string(),
                shape: list(field(tail, "shape")),
                data: field(tail, "data").to_string(),
                quant: tail[quant_start..quant_end].to_string(),
            });
        } else if let Some(rest) = line.strip_prefix("op ") {
            // op O NAME inputs=[..] outputs=[..] options=...
            let (head, tail) = rest.split_at(rest.find(" inputs=").expect("inputs"));
            let opcode = head.split_once(' ').expect("an index and a name").1.to_string();
            dump.subgraphs
                .last_mut()
                .expect("a subgraph line first")
                .ops
                .push(DumpOp { opcode, outputs: list(field(tail, "outputs")) });
        } else if let Some(rest) = line.strip_prefix("count ") {
            let (name, n) = rest.rsplit_once(' ').expect("a name and a count");
            dump.counts.insert(name.to_string(), n.parse().expect("a count"));
        }
    }
    dump
}

/// tflite-micro's view of `path` (`dump_tflite.py` in the project venv).
fn python_dump(path: &std::path::Path) -> Dump {
    let python = common::venv_python();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/dump_tflite.py");
    let output = Command::new(&python)
        .arg(script)
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", python.display()));
    assert!(
        output.status.success(),
        "dump_tflite.py failed on {}:\n{}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    parse_dump(&String::from_utf8(output.stdout).expect("the dump is UTF-8"))
}

/// The dump's `quant=` text for a quantized element type, `none` for a plain one.
fn quant_text(ctx: &Context, element: Type) -> String {
    let Some(q) = ctx.quantization(element) else { return "none".to_string() };
    // Scales are f32 in the file and f64 in mc: exact both ways.
    let scales: Vec<f32> = q.scales().iter().map(|&s| s as f32).collect();
    assert!(q.scales().iter().zip(&scales).all(|(&wide, &narrow)| f64::from(narrow) == wide));
    let kind = match &q.params {
        QuantParams::PerTensor { .. } => "tensor".to_string(),
        QuantParams::PerAxis { axis, .. } => format!("axis:{axis}"),
        QuantParams::SubChannel { .. } => "sub-channel".to_string(),
    };
    let zero_points = q.zero_points();
    format!(
        "{kind} scales={}:{} zps={}:{}",
        scales.len(),
        fnv(scales.iter().flat_map(|s| s.to_le_bytes())),
        zero_points.len(),
        fnv(zero_points.iter().flat_map(|z| z.to_le_bytes()))
    )
}

/// The TFLite type name of a (storage) element type.
fn dtype_name(ctx: &Context, element: Type) -> String {
    if let Some(q) = ctx.quantization(element) {
        return format!("{}INT{}", if q.signed { "" } else { "U" }, q.storage_width);
    }
    match ctx.type_kind(element) {
        TypeKind::Float(FloatKind::F32) => "FLOAT32".to_string(),
        TypeKind::Float(FloatKind::F16) => "FLOAT16".to_string(),
        TypeKind::Integer { width: 1, .. } => "BOOL".to_string(),
        TypeKind::Integer { width, signedness: Signedness::Unsigned } => format!("UINT{width}"),
        TypeKind::Integer { width, .. } => format!("INT{width}"),
        other => format!("{other:?}"),
    }
}

/// Checks that `ty` is the type of `tensor`: shape, element type, quantization.
fn check_type(ctx: &Context, ty: Type, tensor: &DumpTensor, what: &str) {
    let (shape, element) = ctx.tensor_parts(ty).unwrap_or_else(|| panic!("{what}: not a tensor"));
    assert_eq!(shape, tensor.shape.as_slice(), "{what}: shape of tensor '{}'", tensor.name);
    assert_eq!(dtype_name(ctx, element), tensor.dtype, "{what}: element type of tensor '{}'", tensor.name);
    // 64-bit tensors (16x8 biases) stay plain integers whatever the file's scales.
    if tensor.dtype != "INT64" {
        assert_eq!(quant_text(ctx, element), tensor.quant, "{what}: quantization of tensor '{}'", tensor.name);
    }
}

/// `(tensor name, operator index)` of `loc("name"("op#i"(file)))`, `(name, None)` of
/// `loc("name"(file))`.
fn loc_parts(ctx: &Context, op: OpId) -> (String, Option<usize>) {
    let LocKind::Name { name, child } = ctx.loc_kind(ctx.operation(op).loc()) else {
        panic!("op {} is not located at a tensor", ctx.op_name_of(op))
    };
    let index = child.and_then(|c| match ctx.loc_kind(c) {
        LocKind::Name { name, .. } => name.strip_prefix("op#").and_then(|i| i.parse().ok()),
        _ => None,
    });
    (name.clone(), index)
}

fn check_model(path: &std::path::Path) -> String {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
    let mut ctx = context();
    let module = mc_tflite::import::import_and_verify(&mut ctx, &bytes, &file).unwrap_or_else(|diags| {
        let text: String = diags.iter().map(|d| mc_ir::diagnostics::source::render(&ctx, d, &[])).collect();
        panic!("{file} does not import:\n{text}")
    });
    // Everything below reads the module parsed back from the printed text.
    let (text, ctx, module) = print_and_reparse(&ctx, module, &file);
    let dump = python_dump(path);

    let functions = module.ops(&ctx);
    assert_eq!(functions.len(), dump.subgraphs.len(), "{file}: one function per subgraph");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut checked_results = 0;
    for (s, (&func, subgraph)) in functions.iter().zip(&dump.subgraphs).enumerate() {
        let func = FuncOp::cast(&ctx, func).unwrap_or_else(|| panic!("{file}: op {s} is not a function"));
        let public = ctx.attr(func.0, mc_ir::VISIBILITY_ATTR).is_none();
        assert_eq!(public, s == 0, "{file}: only the entry (subgraph 0) is public");
        let (inputs, results) = func.signature(&ctx);
        assert_eq!(inputs.len(), subgraph.inputs.len(), "{file}: subgraph {s} inputs");
        assert_eq!(results.len(), subgraph.outputs.len(), "{file}: subgraph {s} outputs");
        for (i, (&ty, &t)) in inputs.iter().zip(&subgraph.inputs).enumerate() {
            check_type(&ctx, ty, &subgraph.tensors[t], &format!("{file}: subgraph {s} argument {i}"));
        }
        for (i, (&ty, &t)) in results.iter().zip(&subgraph.outputs).enumerate() {
            check_type(&ctx, ty, &subgraph.tensors[t], &format!("{file}: subgraph {s} result {i}"));
        }

        let body = func.entry_block(&ctx).expect("a body");
        let mut operator = 0;
        for op in ctx.block_ops(body).collect::<Vec<_>>() {
            let name = ctx.op_name_of(op).to_string();
            if name == "func.return" {
                continue;
            }
            let (tensor_name, index) = loc_parts(&ctx, op);
            if name == "graph.const" {
                assert_eq!(index, None, "{file}: a constant is not an operator's result");
                let tensor = subgraph
                    .tensors
                    .iter()
                    .find(|t| t.name == tensor_name && t.data != "-")
                    .unwrap_or_else(|| panic!("{file}: subgraph {s} has no constant tensor '{tensor_name}'"));
                let what = format!("{file}: constant '{tensor_name}'");
                check_type(&ctx, ctx.operation(op).result_type(0), tensor, &what);
                let value = ctx.attr(op, "value").expect("a value");
                let AttrKind::DenseResource { name: blob, .. } = ctx.attr_kind(value) else {
                    panic!("{what}: weights must be a dense_resource blob")
                };
                let data = &ctx.resources.get(blob).expect("the blob is in the trailer").data;
                assert_eq!(format!("{}:{}", data.len(), fnv(data.iter().copied())), tensor.data, "{what}: blob bytes");
                continue;
            }
            let op_index = index.unwrap_or_else(|| panic!("{file}: {name} is not located at an operator"));
            assert_eq!(op_index, operator, "{file}: subgraph {s}: ops are in operator order");
            let dump_op = &subgraph.ops[operator];
            let opcode = opcode_of(&name).unwrap_or_else(|| panic!("{file}: unexpected op {name}"));
            assert_eq!(opcode, dump_op.opcode, "{file}: subgraph {s}, operator {operator}");
            *counts.entry(opcode.to_string()).or_default() += 1;
            let num_results = ctx.operation(op).num_results();
            let outputs: Vec<usize> = dump_op.outputs.iter().map(|&t| t as usize).collect();
            assert_eq!(num_results, outputs.len(), "{file}: subgraph {s}, operator {operator}: results");
            if let Some(&t) = outputs.first() {
                let tensor = &subgraph.tensors[t];
                assert_eq!(tensor_name, tensor.name, "{file}: subgraph {s}, operator {operator}: location");
                let what = format!("{file}: subgraph {s}, operator {operator} ({opcode})");
                check_type(&ctx, ctx.operation(op).result_type(0), tensor, &what);
                checked_results += 1;
            }
            operator += 1;
        }
        assert_eq!(operator, subgraph.ops.len(), "{file}: subgraph {s}: one graph op per operator");
    }
    assert_eq!(counts, dump.counts, "{file}: graph ops per opcode (left) and TFLite operators per opcode (right)");
    format!(
        "{}: {} ops ({}), {checked_results} results and the signature match tflite-micro; {} KiB of IR re-parse \
         identically",
        path.file_name().unwrap_or_default().to_string_lossy(),
        counts.values().sum::<usize>(),
        counts.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", "),
        text.len() / 1024
    )
}

#[test]
fn shared_models_import_and_match_tflite_micro() {
    for path in common::model_paths() {
        eprintln!("{}", check_model(&path));
    }
}

#[test]
fn dump_parser_reads_the_line_format() {
    let dump = parse_dump(
        "model version=3 subgraphs=1 opcodes=1 buffers=2\n\
         opcode 0 RELU v1\n\
         subgraph 0 name=main tensors=2 operators=1 inputs=[0] outputs=[1]\n\
         tensor 0 name=\"a b\" type=INT8 shape=[1,4] buffer=0 data=- quant=tensor scales=1:00 zps=1:11 variable=0\n\
         tensor 1 name=\"y\" type=INT8 shape=[] buffer=1 data=4:ab quant=none variable=0\n\
         op 0 custom My Op inputs=[0,-1] outputs=[1] options=none\n\
         count RELU 1\n",
    );
    let sg = &dump.subgraphs[0];
    assert_eq!((sg.inputs.as_slice(), sg.outputs.as_slice()), (&[0][..], &[1][..]));
    assert_eq!(sg.tensors[0].name, "a b");
    assert_eq!(sg.tensors[0].quant, "tensor scales=1:00 zps=1:11");
    assert_eq!((sg.tensors[1].shape.len(), sg.tensors[1].data.as_str()), (0, "4:ab"));
    assert_eq!((sg.ops[0].opcode.as_str(), sg.ops[0].outputs.as_slice()), ("custom My Op", &[1][..]));
    assert_eq!(dump.counts["RELU"], 1);
}
