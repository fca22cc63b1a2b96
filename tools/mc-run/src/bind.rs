//! Binding `.npy` arrays to the entry function's buffer parameters, calling it, and reading
//! its outputs back.
//!
//! After bufferization a model function takes its inputs, then its outputs, as buffers
//! (`func.func @main(%in: !buffer<...>, %out: !buffer<...>)`): the input arrays bind the leading
//! parameters in order and the outputs are the rest. Each array must have its parameter's
//! shape and element type ([`crate::dtype`]) exactly.

use crate::dtype::npy_dtype;
use crate::model::Model;
use crate::npy::Array;
use mc_backend_cranelift::memory::layout_of;
use mc_backend_cranelift::{JitArg, JitModule};
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::printer::attributes::type_to_string;
use std::time::{Duration, Instant};

/// A buffer parameter of the entry function.
#[derive(Clone, Debug)]
struct Port {
    /// The shape.
    shape: Vec<u64>,
    /// The npy dtype of its elements.
    dtype: &'static str,
    /// Bytes of its storage.
    bytes: usize,
    /// The buffer type, for messages.
    ty: String,
}

/// What one run produced.
pub struct Outcome {
    /// The output arrays, one per output parameter.
    pub outputs: Vec<Array>,
    /// The fastest call.
    pub best: Duration,
}

/// The buffer parameters of the function `entry` of the model.
fn ports(model: &Model, entry: &str) -> Result<Vec<Port>, String> {
    let ctx = &model.ctx;
    let module = ModuleOp::cast(ctx, model.module).ok_or("the model is not a 'builtin.module'")?;
    let funcs: Vec<FuncOp> = module.ops(ctx).into_iter().filter_map(|op| FuncOp::cast(ctx, op)).collect();
    let Some(func) = funcs.iter().find(|f| f.name(ctx) == entry) else {
        let names: Vec<String> = funcs.iter().map(|f| format!("@{}", f.name(ctx))).collect();
        return Err(format!(
            "the model has no function @{entry} (it has: {}); choose one with --entry",
            names.join(", ")
        ));
    };
    let (inputs, _) = func.signature(ctx);
    inputs
        .iter()
        .enumerate()
        .map(|(index, &ty)| {
            let text = type_to_string(ctx, ty);
            let unsupported = |why: &str| format!("parameter #{index} of @{entry} ('{text}') {why}");
            let buffer = ctx.buffer(ty).ok_or_else(|| unsupported("is not a buffer: mc-run binds buffers only"))?;
            if !buffer.is_identity_layout() {
                return Err(unsupported("is not a row-major buffer"));
            }
            let dtype = npy_dtype(ctx, buffer.element).ok_or_else(|| unsupported("has elements no npy dtype holds"))?;
            let bytes = layout_of(ctx, ty)
                .and_then(|l| l.byte_span())
                .and_then(|b| usize::try_from(b).ok())
                .ok_or_else(|| unsupported("has no valid layout"))?;
            let shape = buffer.shape.iter().map(|&d| d as u64).collect();
            Ok(Port { shape, dtype, bytes, ty: text })
        })
        .collect()
}

/// Checks that `array` (read from `file`) fits parameter #`index`, `port`.
fn check(entry: &str, index: usize, port: &Port, file: &str, array: &Array) -> Result<(), String> {
    let what = format!("argument #{index} of @{entry} ('{}', from '{file}')", port.ty);
    if array.shape != port.shape {
        return Err(format!("{what}: expected shape {:?}, got {:?}", port.shape, array.shape));
    }
    if array.dtype != port.dtype {
        return Err(format!("{what}: expected dtype '{}', got '{}'", port.dtype, array.dtype));
    }
    Ok(())
}

/// Copies `bytes` into 8-byte words (so buffers are 8-byte aligned), zero-padded.
fn fill(words: &mut [u64], bytes: &[u8]) {
    for (word, chunk) in words.iter_mut().zip(bytes.chunks(8)) {
        let mut le = [0u8; 8];
        le[..chunk.len()].copy_from_slice(chunk);
        *word = u64::from_le_bytes(le);
    }
}

/// Compiles the model (at loop level) and calls `entry` on `inputs` (file name and array), with
/// `outputs` output parameters after them, `repeat` times (at least once), timing each call.
pub fn run(
    model: &Model,
    entry: &str,
    inputs: &[(String, Array)],
    outputs: &[String],
    repeat: usize,
) -> Result<Outcome, String> {
    let ports = ports(model, entry)?;
    if inputs.len() + outputs.len() != ports.len() {
        return Err(format!(
            "@{entry} takes {} buffers (inputs, then outputs), but {} --input and {} --output files were given",
            ports.len(),
            inputs.len(),
            outputs.len()
        ));
    }
    for (index, (port, (file, array))) in ports.iter().zip(inputs).enumerate() {
        check(entry, index, port, file, array)?;
    }
    let jit = JitModule::compile(&model.ctx, model.module).map_err(|d| model.render(&[d]))?;
    let mut memory: Vec<Vec<u64>> = ports.iter().map(|p| vec![0u64; p.bytes.div_ceil(8).max(1)]).collect();
    let mut best = Duration::MAX;
    for _ in 0..repeat.max(1) {
        for (words, (_, array)) in memory.iter_mut().zip(inputs) {
            fill(words, &array.bytes);
        }
        let mut args: Vec<JitArg<'_>> = memory.iter_mut().map(|words| JitArg::memory(words.as_mut_slice())).collect();
        let start = Instant::now();
        jit.call(entry, &mut args).map_err(|e| e.to_string())?;
        best = best.min(start.elapsed());
    }
    let outputs = ports[inputs.len()..]
        .iter()
        .zip(&memory[inputs.len()..])
        .map(|(port, words)| {
            let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            bytes.truncate(port.bytes);
            Array { dtype: port.dtype.to_string(), shape: port.shape.clone(), bytes }
        })
        .collect();
    Ok(Outcome { outputs, best })
}
