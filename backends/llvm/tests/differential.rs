//! Differential test: the same planned IR compiled by LLVM for the host (an object linked into a
//! shared library with `cc -shared` and loaded) and by the Cranelift JIT (the reference), called
//! on the same seeded random inputs: every buffer must hold the same bytes afterwards. Runs the
//! four MLPerf Tiny models after `graph_to_loop` and the kernels in `tests/inputs/` (one unplanned
//! and planned by usmp), at -O0 and -O2 (-O3/-Os for the kernels too), and the models vectorized
//! by the host target's vector passes (SSE code from both) at -O2. The host JIT
//! (`mc_backend_llvm::jit`, this CPU's features) is compared with Cranelift on the kernels too.

use mc_backend_cranelift::{JitArg, JitModule, MODEL_STACK_BYTES, host_runs_vectors, run_with_stack};
use mc_backend_llvm::inkwell::context::Context as LlvmContext;
use mc_backend_llvm::{ContextLayout, EmitKind, HostJit, LowerOptions, OptLevel, Prefix, Status, compile, lookup};
use mc_conformance::{Rng, paths};
use mc_dialects::buffer::PoolOp;
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::{Context, Diagnostic, OpId};
use mc_passes::pipelines::graph_to_loop;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Runs `pipeline` on `module`, panicking with the rendered diagnostics.
fn run_pipeline(ctx: &mut Context, module: OpId, pipeline: &str) {
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let mut pm = PassManager::parse(pipeline, &registry).expect("the pipeline parses");
    if let Err(failure) = pm.run(ctx, module) {
        panic!("{}", rendered(ctx, &failure.0));
    }
}

fn rendered(ctx: &Context, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| render(ctx, d, &[])).collect()
}

/// A host shared library built from `object`, loaded; `name` keeps files of parallel tests apart.
fn load_object(object: &[u8], name: &str) -> libloading::Library {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("llvm-differential");
    std::fs::create_dir_all(&dir).unwrap();
    let object_path = dir.join(format!("{name}.o"));
    let library_path = dir.join(format!("lib{name}.so"));
    std::fs::write(&object_path, object).unwrap();
    let status = Command::new("cc").arg("-shared").arg("-o").arg(&library_path).arg(&object_path).arg("-lm").status();
    assert!(status.is_ok_and(|s| s.success()), "cc -shared failed for {}", object_path.display());
    // SAFETY: the library is our own object, with no initializers.
    unsafe { libloading::Library::new(&library_path) }.unwrap()
}

/// Runs one inference through the C API of `library` (prefix `prefix`, `regions` arena regions,
/// the object's own arenas): `buffers` are the inputs (the first `inputs`) then the outputs.
fn call_llvm(library: &libloading::Library, prefix: &Prefix, regions: usize, inputs: usize, buffers: &mut [Vec<u8>]) {
    type ApiFn = unsafe extern "C" fn(*mut u64) -> i32;
    let layout = ContextLayout::new(size_of::<usize>(), regions, inputs, buffers.len() - inputs);
    let mut context = vec![0u64; layout.size / 8];
    let api = |name: String| -> libloading::Symbol<'_, ApiFn> { unsafe { library.get(name.as_bytes()) }.unwrap() };
    // SAFETY: the functions take a context laid out as `layout` says, which `context` holds, and
    // the pointers stored in it point at buffers as large as the model's ports.
    unsafe {
        assert_eq!(api(prefix.context_init())(context.as_mut_ptr()), Status::Ok as i32);
        assert_eq!(api(prefix.model_init())(context.as_mut_ptr()), Status::Ok as i32);
        assert_eq!(api(prefix.entry())(context.as_mut_ptr()), Status::IoUnbound as i32, "I/O not bound yet");
        for (index, buffer) in buffers.iter_mut().enumerate() {
            let slot = if index < inputs { layout.input + index * 8 } else { layout.output + (index - inputs) * 8 };
            context[slot / 8] = buffer.as_mut_ptr() as u64;
        }
        assert_eq!(api(prefix.entry())(context.as_mut_ptr()), Status::Ok as i32);
    }
}

/// The byte size of each parameter of `@main` (all buffers).
fn buffer_sizes(ctx: &Context, module: OpId) -> Vec<usize> {
    let main = mc_ir::SymbolTable::new(ctx, module).lookup("main").expect("@main");
    let (inputs, _) = FuncOp::cast(ctx, main).unwrap().signature(ctx);
    inputs.iter().map(|&ty| ctx.buffer_storage_bytes(ty).expect("buffer parameters") as usize).collect()
}

/// Compiles `module` with both backends, calls `@main` on buffers filled from `seed` (the first
/// `random` of them random: the inputs; the rest zero: the outputs) and compares every buffer. Returns the best call
/// times (LLVM, Cranelift) of `repeat` calls.
fn compare(
    ctx: &Context,
    module: OpId,
    name: &str,
    level: OptLevel,
    random: usize,
    seed: u64,
    repeat: usize,
) -> (f64, f64) {
    let host = lookup("host").unwrap();
    let options = LowerOptions::new(Prefix::new(name).unwrap(), random);
    let regions =
        ModuleOp::cast(ctx, module).unwrap().ops(ctx).into_iter().filter(|&op| PoolOp::cast(ctx, op).is_some()).count();
    let object = compile(ctx, module, host, level, &options, EmitKind::Object)
        .unwrap_or_else(|d| panic!("{name}: {}", rendered(ctx, &[d])));
    let library = load_object(&object, &format!("{name}_{level:?}"));
    let jit = JitModule::compile(ctx, module).unwrap_or_else(|d| panic!("{name}: {}", rendered(ctx, &[d])));
    let mut rng = Rng(seed);
    let inputs: Vec<Vec<u8>> = buffer_sizes(ctx, module)
        .into_iter()
        .enumerate()
        .map(|(index, size)| if index < random { rng.bytes(size) } else { vec![0; size] })
        .collect();
    let (mut llvm_best, mut cranelift_best) = (f64::MAX, f64::MAX);
    let (mut by_llvm, mut by_cranelift) = (inputs.clone(), inputs.clone());
    for _ in 0..repeat {
        let start = Instant::now();
        call_llvm(&library, &options.prefix, regions, random, &mut by_llvm);
        llvm_best = llvm_best.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let mut args: Vec<JitArg<'_>> = by_cranelift.iter_mut().map(|b| JitArg::Memory(b)).collect();
        jit.call("main", &mut args).unwrap();
        cranelift_best = cranelift_best.min(start.elapsed().as_secs_f64());
    }
    assert_ne!(by_llvm.last(), inputs.last(), "{name}: the call wrote nothing into its last buffer");
    for (index, (got, expected)) in by_llvm.iter().zip(&by_cranelift).enumerate() {
        if let Some(at) = got.iter().zip(expected).position(|(a, b)| a != b) {
            panic!(
                "{name} at {level:?}: buffer #{index} differs first at byte {at}: LLVM {} vs Cranelift {}",
                got[at], expected[at]
            );
        }
    }
    (llvm_best, cranelift_best)
}

/// Parses the kernel file `file` of `tests/inputs/`.
fn parse_input(ctx: &mut Context, file: &str) -> OpId {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs").join(file);
    let source = SourceBuffer::new(file, std::fs::read_to_string(&path).unwrap(), 1);
    let module =
        mc_ir::parser::parse_source(ctx, &source).unwrap_or_else(|d| panic!("{}", render(ctx, &d, &[&source])));
    module.op()
}

/// The model at `path` imported into `ctx` and lowered to planned loop level; its file stem as
/// a symbol-safe name and its module.
fn lowered_model(ctx: &mut Context, path: &Path) -> (String, OpId) {
    let stem = path.file_stem().unwrap().to_string_lossy().replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let bytes = std::fs::read(path).unwrap();
    mc_dialects::register_all(ctx);
    let module = mc_tflite::import::import_and_verify(ctx, &bytes, &stem)
        .unwrap_or_else(|d| panic!("{}", rendered(ctx, &d)))
        .op();
    run_pipeline(ctx, module, &graph_to_loop(""));
    (stem, module)
}

#[test]
fn kernels_give_the_same_bytes_as_cranelift() {
    run_with_stack(MODEL_STACK_BYTES, || {
        // (file, buffers filled with random bytes, whether usmp can plan it: not across calls)
        for (file, random, plannable) in
            [("arith.mlir", 2, false), ("float.mlir", 1, false), ("calls.mlir", 1, false), ("scratch.mlir", 1, true)]
        {
            for planned in [false, true].into_iter().filter(|&p| !p || plannable) {
                let mut ctx = Context::new();
                mc_dialects::register_all(&mut ctx);
                let module = parse_input(&mut ctx, file);
                if planned {
                    run_pipeline(&mut ctx, module, "builtin.module(usmp)");
                }
                let stem = file.trim_end_matches(".mlir");
                for level in [OptLevel::O0, OptLevel::O2, OptLevel::O3, OptLevel::Os] {
                    for seed in [1, 2, 3] {
                        compare(&ctx, module, &format!("{stem}_{planned}"), level, random, seed, 1);
                    }
                }
            }
        }
    })
    .unwrap();
}

#[test]
fn the_host_jit_gives_the_same_bytes_as_cranelift_and_checks_buffer_sizes() {
    run_with_stack(MODEL_STACK_BYTES, || {
        for (file, random, planned) in [("arith.mlir", 2, false), ("scratch.mlir", 1, false), ("scratch.mlir", 1, true)]
        {
            let mut ctx = Context::new();
            mc_dialects::register_all(&mut ctx);
            let module = parse_input(&mut ctx, file);
            if planned {
                run_pipeline(&mut ctx, module, "builtin.module(usmp)");
            }
            let llvm = LlvmContext::create();
            let mut host = HostJit::compile(&ctx, module, &llvm, "main", random)
                .unwrap_or_else(|d| panic!("{file}: {}", rendered(&ctx, &[d])));
            assert!(!host.cpu().0.is_empty(), "the host CPU has a name");
            let jit = JitModule::compile(&ctx, module).unwrap_or_else(|d| panic!("{file}: {}", rendered(&ctx, &[d])));
            let mut rng = Rng(5);
            let words: Vec<Vec<u64>> = buffer_sizes(&ctx, module)
                .into_iter()
                .enumerate()
                .map(|(index, size)| {
                    let bytes = if index < random { rng.bytes(size) } else { vec![0; size] };
                    bytes.chunks(8).map(|c| c.iter().rev().fold(0, |w, &b| w << 8 | u64::from(b))).collect()
                })
                .collect();
            let (mut by_host, mut by_cranelift) = (words.clone(), words.clone());
            let mut buffers: Vec<&mut [u64]> = by_host.iter_mut().map(Vec::as_mut_slice).collect();
            host.run(&mut buffers).unwrap();
            let mut args: Vec<JitArg<'_>> = by_cranelift.iter_mut().map(|w| JitArg::memory(w.as_mut_slice())).collect();
            jit.call("main", &mut args).unwrap();
            assert_ne!(by_host.last(), words.last(), "{file}: the call wrote nothing into its last buffer");
            assert_eq!(by_host, by_cranelift, "{file} (planned: {planned}): the host JIT's buffers differ");
            let mut short = words.clone();
            short.last_mut().unwrap().pop();
            let mut buffers: Vec<&mut [u64]> = short.iter_mut().map(Vec::as_mut_slice).collect();
            let error = host.run(&mut buffers).unwrap_err();
            assert!(error.contains("the model needs"), "{error}");
        }
    })
    .unwrap();
}

#[test]
fn mlperf_tiny_models_give_the_same_bytes_as_cranelift() {
    run_with_stack(MODEL_STACK_BYTES, || {
        for path in paths::model_paths() {
            let mut ctx = Context::new();
            let (stem, module) = lowered_model(&mut ctx, &path);
            for level in [OptLevel::O0, OptLevel::O2] {
                let (llvm, cranelift) = compare(&ctx, module, &stem, level, 1, 7, 3);
                eprintln!(
                    "{stem} {level:?}: LLVM {:.0} us, Cranelift {:.0} us per inference",
                    llvm * 1e6,
                    cranelift * 1e6
                );
            }
        }
    })
    .unwrap();
}

#[test]
fn vectorized_mlperf_tiny_models_give_the_same_bytes_as_cranelift() {
    if !host_runs_vectors() {
        return;
    }
    // The host target's vector passes after graph_to_loop: LLVM's SSE code and the JIT's.
    let passes = lookup("host").unwrap().vector_passes().expect("the host vectorizes");
    run_with_stack(MODEL_STACK_BYTES, || {
        for path in paths::model_paths() {
            let mut ctx = Context::new();
            let (stem, module) = lowered_model(&mut ctx, &path);
            run_pipeline(&mut ctx, module, &format!("builtin.module({passes})"));
            let vectors = ctx.walk_preorder(module).into_iter().filter(|&op| ctx.op_name_of(op).starts_with("vector."));
            assert!(vectors.count() > 0, "{stem}: nothing was vectorized");
            let (llvm, cranelift) = compare(&ctx, module, &format!("{stem}_vector"), OptLevel::O2, 1, 7, 3);
            eprintln!(
                "{stem} vectorized: LLVM {:.0} us, Cranelift {:.0} us per inference",
                llvm * 1e6,
                cranelift * 1e6
            );
        }
    })
    .unwrap();
}
