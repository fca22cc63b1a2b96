//! Binding `.npy` arrays to the entry function's buffer parameters, calling it, and reading
//! its outputs back.
//!
//! After bufferization a model function takes its inputs, then its outputs, as buffers
//! (`func.func @main(%in: !buffer<...>, %out: !buffer<...>)`): the input arrays bind the leading
//! parameters in order and the outputs are the rest. Each array must have its parameter's
//! shape and element type ([`crate::dtype`]) exactly.
//!
//! When the planner put the inputs and outputs into its pools (`usmp{use-workspace-io}`), the
//! function has no buffer parameters left and its `usmp.io` attribute lists them instead, each
//! with its pool and offset: the inputs are written into the pools' memory before each call and
//! the outputs read from it after.
//!
//! Several invocations run on one compiled instance, so the model's state (variables, SVDF
//! state, in the persistent pools) carries over from one to the next, as in TFLite Micro's
//! successive `Invoke()`s; [`JitModule::reset_state`] resets it between them on request.

use crate::dtype::npy_dtype;
use crate::engine::{Engine, EngineKind};
use crate::model::Model;
use crate::npy::Array;
use mc_backend_cranelift::memory::layout_of;
use mc_backend_llvm::inkwell::context::Context as LlvmContext;
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{AttrKind, Attribute, Context, Type};
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
    /// Its pool and byte offset when the planner placed it there; else it is a parameter.
    place: Option<(String, usize)>,
}

/// What one run produced.
pub struct Outcome {
    /// The output arrays of each invocation, one per output parameter.
    pub outputs: Vec<Vec<Array>>,
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
    if let Some(io) = ctx.attr(func.op(), "usmp.io") {
        if !func.signature(ctx).0.is_empty() {
            return Err(format!("@{entry} has parameters and 'usmp.io' both: mc-run binds one or the other"));
        }
        return placed_ports(ctx, entry, io);
    }
    let (inputs, _) = func.signature(ctx);
    inputs
        .iter()
        .enumerate()
        .map(|(index, &ty)| port(ctx, &format!("parameter #{index} of @{entry}"), ty, None))
        .collect()
}

/// The port of a buffer of type `ty` (`what` names it in errors), placed at `place` if given.
fn port(ctx: &Context, what: &str, ty: Type, place: Option<(String, usize)>) -> Result<Port, String> {
    let text = type_to_string(ctx, ty);
    let unsupported = |why: &str| format!("{what} ('{text}') {why}");
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
    Ok(Port { shape, dtype, bytes, ty: text, place })
}

/// The ports of the `usmp.io` attribute of `entry`: an array of dictionaries with `pool`,
/// `offset` and `type`, inputs first.
fn placed_ports(ctx: &Context, entry: &str, io: Attribute) -> Result<Vec<Port>, String> {
    let malformed = || format!("the 'usmp.io' attribute of @{entry} is malformed");
    let AttrKind::Array(entries) = ctx.attr_kind(io) else { return Err(malformed()) };
    entries
        .iter()
        .enumerate()
        .map(|(index, &entry_attr)| {
            let AttrKind::Dictionary(fields) = ctx.attr_kind(entry_attr) else { return Err(malformed()) };
            let field = |name: &str| fields.iter().find(|(key, _)| key == name).map(|&(_, value)| value);
            let pool = match field("pool").map(|a| ctx.attr_kind(a)) {
                Some(AttrKind::SymbolRef { root, .. }) => root.clone(),
                _ => return Err(malformed()),
            };
            let offset = field("offset")
                .and_then(|a| ctx.integer_value(a))
                .and_then(|v| usize::try_from(v).ok())
                .ok_or_else(malformed)?;
            let ty = field("type").and_then(|a| ctx.type_value(a)).ok_or_else(malformed)?;
            port(ctx, &format!("buffer #{index} of @{entry}'s 'usmp.io'"), ty, Some((pool, offset)))
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

/// The `bytes` bytes at `place` (pool, offset) of the compiled pools.
fn pool_bytes<'j>(
    jit: &'j mut Engine<'_>,
    (pool, offset): &(String, usize),
    bytes: usize,
) -> Result<&'j mut [u8], String> {
    let memory = jit.pool_memory(pool).ok_or_else(|| format!("the model has no pool @{pool}"))?;
    let size = memory.len();
    memory
        .get_mut(*offset..offset + bytes)
        .ok_or_else(|| format!("{bytes} bytes at {offset} lie outside pool @{pool} ({size} bytes)"))
}

/// Compiles the model (at loop level) with `engine` and calls `entry` once per invocation, in order and on one
/// instance (state carries over unless `reset_between` resets it before every invocation after
/// the first): each invocation binds its `inputs` (file name and array) and `outputs` output
/// parameters after them. A single invocation is called `repeat` times (at least once), timing
/// each call.
pub fn run(
    engine: EngineKind,
    model: &Model,
    entry: &str,
    invocations: &[Vec<(String, Array)>],
    outputs: usize,
    repeat: usize,
    reset_between: bool,
) -> Result<Outcome, String> {
    let ports = ports(model, entry)?;
    let inputs = invocations.first().map_or(0, Vec::len);
    if inputs + outputs != ports.len() {
        return Err(format!(
            "@{entry} takes {} buffers (inputs, then outputs), but {inputs} --input and {outputs} --output files were given",
            ports.len(),
        ));
    }
    for invocation in invocations {
        for (index, (port, (file, array))) in ports.iter().zip(invocation).enumerate() {
            check(entry, index, port, file, array)?;
        }
    }
    let llvm = LlvmContext::create();
    let parameter_inputs = ports[..inputs].iter().filter(|port| port.place.is_none()).count();
    let mut jit = Engine::compile(engine, model, entry, parameter_inputs, &llvm)?;
    // Parameters get memory of their own (8-byte words); placed ports live in the pools.
    let mut memory: Vec<Vec<u64>> = ports.iter().map(|p| vec![0u64; p.bytes.div_ceil(8).max(1)]).collect();
    let mut best = Duration::MAX;
    let mut results = Vec::with_capacity(invocations.len());
    for (number, invocation) in invocations.iter().enumerate() {
        if reset_between && number > 0 {
            jit.reset_state()?;
        }
        let calls = if invocations.len() == 1 { repeat.max(1) } else { 1 };
        for _ in 0..calls {
            for ((words, port), (_, array)) in memory.iter_mut().zip(&ports).zip(invocation) {
                match &port.place {
                    None => fill(words, &array.bytes),
                    Some(place) => pool_bytes(&mut jit, place, port.bytes)?.copy_from_slice(&array.bytes),
                }
            }
            let mut args: Vec<&mut [u64]> = memory
                .iter_mut()
                .zip(&ports)
                .filter(|(_, port)| port.place.is_none())
                .map(|(words, _)| words.as_mut_slice())
                .collect();
            let start = Instant::now();
            jit.call(entry, &mut args)?;
            best = best.min(start.elapsed());
        }
        let arrays = ports[inputs..]
            .iter()
            .zip(&memory[inputs..])
            .map(|(port, words)| {
                let bytes = match &port.place {
                    None => {
                        let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                        bytes.truncate(port.bytes);
                        bytes
                    }
                    Some(place) => pool_bytes(&mut jit, place, port.bytes)?.to_vec(),
                };
                Ok(Array { dtype: port.dtype.to_string(), shape: port.shape.clone(), bytes })
            })
            .collect::<Result<Vec<_>, String>>()?;
        results.push(arrays);
    }
    Ok(Outcome { outputs: results, best })
}
