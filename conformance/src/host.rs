//! Runs a TFLite model through mc on the host: import, [`graph_to_loop`], the host target's vector
//! passes (where the JIT lowers vectors on this CPU), Cranelift JIT.

use crate::tensor::{DType, Tensor};
use mc_backend_cranelift::{JitArg, JitModule, vectorize_for_host};
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, ElementStorage, FloatKind, OpId, Type};
use mc_passes::pipelines::graph_to_loop;

/// Stack for compiling and running (unplanned buffers live on the JIT code's stack).
const STACK_BYTES: usize = 512 << 20;

/// Runs `model` on `inputs` (one per model input) and returns one tensor per model output.
///
/// # Errors
///
/// The rendered diagnostics of whatever failed (import, a pass, compilation, the call), or a
/// message naming a mismatching input.
pub fn run_model(model: &[u8], inputs: &[Tensor], name: &str) -> Result<Vec<Tensor>, String> {
    run_model_with_planner(model, inputs, name, "")
}

/// [`run_model`] with the memory planner run with `usmp_options` (empty for the defaults).
///
/// # Errors
///
/// As [`run_model`].
pub fn run_model_with_planner(
    model: &[u8],
    inputs: &[Tensor],
    name: &str,
    usmp_options: &str,
) -> Result<Vec<Tensor>, String> {
    run_invocations(model, &[inputs.to_vec()], name, usmp_options)
}

/// Compiles `model` once and invokes it once per list of `invocations` (one tensor per model
/// input each), in order and in one instance, so that state (variables) carries over as in
/// TFLite Micro's successive `Invoke()`s; returns the outputs of every invocation, one after
/// the other.
///
/// # Errors
///
/// As [`run_model`].
pub fn run_invocations(
    model: &[u8],
    invocations: &[Vec<Tensor>],
    name: &str,
    usmp_options: &str,
) -> Result<Vec<Tensor>, String> {
    run_invocations_with_resets(model, invocations, &[], name, usmp_options)
}

/// [`run_invocations`] with the state reset ([`JitModule::reset_state`], the C API's
/// `model_reset_state`) before each invocation whose index `resets` lists.
///
/// # Errors
///
/// As [`run_model`].
pub fn run_invocations_with_resets(
    model: &[u8],
    invocations: &[Vec<Tensor>],
    resets: &[usize],
    name: &str,
    usmp_options: &str,
) -> Result<Vec<Tensor>, String> {
    run_pipeline(model, invocations, resets, name, &graph_to_loop(usmp_options))
}

/// [`run_model`] through `pipeline` (a variant of [`graph_to_loop`], e.g. without pad folding)
/// instead of the default pipeline.
///
/// # Errors
///
/// As [`run_model`].
pub fn run_model_with_pipeline(
    model: &[u8],
    inputs: &[Tensor],
    name: &str,
    pipeline: &str,
) -> Result<Vec<Tensor>, String> {
    run_pipeline(model, &[inputs.to_vec()], &[], name, pipeline)
}

/// Compiles `model` through `pipeline` and invokes it once per list of `invocations`, resetting
/// the state before each invocation whose index `resets` lists.
fn run_pipeline(
    model: &[u8],
    invocations: &[Vec<Tensor>],
    resets: &[usize],
    name: &str,
    pipeline: &str,
) -> Result<Vec<Tensor>, String> {
    let (model, invocations, resets, name, pipeline) =
        (model.to_vec(), invocations.to_vec(), resets.to_vec(), name.to_string(), pipeline.to_string());
    std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || run_on_this_thread(&model, &invocations, &resets, &name, &pipeline))
        .expect("a thread")
        .join()
        .map_err(|_| "mc panicked".to_string())?
}

fn run_on_this_thread(
    model: &[u8],
    invocations: &[Vec<Tensor>],
    resets: &[usize],
    name: &str,
    pipeline: &str,
) -> Result<Vec<Tensor>, String> {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let module = mc_tflite::import::import_and_verify(&mut ctx, model, name).map_err(|d| render(&ctx, &d))?;
    let lowered = lower(&mut ctx, module.op(), pipeline)?;
    // The host's SIMD as mc-run runs it.
    let ((ctx, lowered), _) = vectorize_for_host(
        (ctx, lowered),
        mc_backend_llvm::lookup("host")?.vector_passes(),
        |(ctx, lowered), passes| lower(ctx, *lowered, &format!("builtin.module({passes})")),
        |(ctx, lowered)| (ctx, *lowered),
        || {
            let mut ctx = Context::new();
            mc_dialects::register_all(&mut ctx);
            let module = mc_tflite::import::import_and_verify(&mut ctx, model, name).map_err(|d| render(&ctx, &d))?;
            let lowered = lower(&mut ctx, module.op(), pipeline)?;
            Ok((ctx, lowered))
        },
    )?;
    let mut jit = JitModule::compile(&ctx, lowered).map_err(|d| render(&ctx, &[d]))?;
    let params = main_params(&ctx, lowered)?;
    let mut outputs = Vec::new();
    for (index, inputs) in invocations.iter().enumerate() {
        if resets.contains(&index) {
            jit.reset_state();
        }
        outputs.extend(invoke(&jit, &params, inputs)?);
    }
    Ok(outputs)
}

/// Calls `@main` of `jit` (parameters `params`) once on `inputs`; returns the outputs.
fn invoke(jit: &JitModule, params: &[(DType, Vec<usize>)], inputs: &[Tensor]) -> Result<Vec<Tensor>, String> {
    if params.len() < inputs.len() {
        return Err(format!("the model takes {} buffers, but {} inputs were given", params.len(), inputs.len()));
    }
    let mut buffers: Vec<Tensor> = Vec::with_capacity(params.len());
    for (index, (dtype, shape)) in params.iter().enumerate() {
        match inputs.get(index) {
            Some(input) if input.dtype == *dtype && input.shape == *shape => buffers.push(input.clone()),
            Some(input) => {
                return Err(format!(
                    "input {index} is {:?} {:?}, but the model takes {dtype:?} {shape:?}",
                    input.dtype, input.shape
                ));
            }
            None => buffers.push(Tensor::zeros(*dtype, shape)),
        }
    }
    let mut args: Vec<JitArg<'_>> = buffers.iter_mut().map(|t| JitArg::Memory(&mut t.data)).collect();
    jit.call("main", &mut args).map_err(|e| e.to_string())?;
    Ok(buffers.split_off(inputs.len()))
}

/// `diags`, rendered one after the other.
fn render(ctx: &Context, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| mc_ir::diagnostics::source::render(ctx, d, &[])).collect::<Vec<_>>().join("\n")
}

/// Runs `pipeline` (from [`graph_to_loop`], with the planner's options) on `module`.
fn lower(ctx: &mut Context, module: OpId, pipeline: &str) -> Result<OpId, String> {
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let mut pm = PassManager::parse(pipeline, &registry).map_err(|e| format!("pipeline: {}", e.render(pipeline)))?;
    pm.run(ctx, module).map_err(|f| render(ctx, &f.0))?;
    Ok(module)
}

/// The element type and shape of each buffer parameter of `@main`.
fn main_params(ctx: &Context, module: OpId) -> Result<Vec<(DType, Vec<usize>)>, String> {
    let main = mc_ir::SymbolTable::new(ctx, module).lookup("main").ok_or("the module has no @main")?;
    let func = mc_dialects::func::FuncOp::cast(ctx, main).ok_or("@main is not a func.func")?;
    let (inputs, _) = func.signature(ctx);
    inputs
        .iter()
        .map(|&ty| {
            let (shape, element) = ctx
                .buffer_parts(ty)
                .ok_or_else(|| format!("parameter '{}' is not a buffer", type_to_string(ctx, ty)))?;
            let dtype = dtype_of(ctx, element)
                .ok_or_else(|| format!("no conformance dtype for '{}'", type_to_string(ctx, ty)))?;
            Ok((dtype, shape.iter().map(|&d| d as usize).collect()))
        })
        .collect()
}

/// The exchanged type of buffer elements of type `element` (a quantized type's storage type).
fn dtype_of(ctx: &Context, element: Type) -> Option<DType> {
    match ctx.element_storage(element)? {
        ElementStorage::Float(FloatKind::F32) => Some(DType::Float32),
        ElementStorage::Bool => Some(DType::Bool),
        ElementStorage::Int { signed: true, width: 8 } => Some(DType::Int8),
        ElementStorage::Int { signed: false, width: 8 } => Some(DType::UInt8),
        ElementStorage::Int { signed: true, width: 16 } => Some(DType::Int16),
        ElementStorage::Int { signed: true, width: 32 } => Some(DType::Int32),
        ElementStorage::Int { signed: true, width: 64 } => Some(DType::Int64),
        ElementStorage::Int { signed: false, width: 32 } => Some(DType::UInt32),
        ElementStorage::Int { signed: false, width: 64 } => Some(DType::UInt64),
        _ => None,
    }
}
