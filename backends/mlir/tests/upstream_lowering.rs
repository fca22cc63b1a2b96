//! Cross-check with upstream MLIR's own LLVM lowering: each MLPerf Tiny model's planned loop IR,
//! exported through melior, is lowered by `mlir-opt-22` to the LLVM dialect, translated to LLVM
//! IR, compiled by `llc-22` for x86-64 and linked into a shared library. mc's own LLVM backend
//! compiles the same planned IR into its host object, linked the same way and driven through its
//! C API (`<prefix>_context_init`, `_model_init`, `_model_run`). Called on the same seeded
//! buffers, upstream's `main` must leave exactly the bytes mc's object leaves, and both exactly
//! the bytes mc's Cranelift JIT (the reference) leaves: with the default plan, and with constants
//! staged into a RAM pool (which mc's object fills at `model_init` and upstream's starts with).
//! The other way round, a kernel written upstream with strided subviews, imported into mc, must
//! compute on mc's JIT what upstream's compilation of it computes.

mod common;
#[path = "common/models.rs"]
mod models;

use common::{context, render};
use mc_backend_cranelift::{JitArg, JitModule};
use mc_backend_llvm::{ContextLayout, EmitKind, LowerOptions, OptLevel, Prefix, Status};
use mc_conformance::tensor::Rng;
use mc_dialects::buffer::PoolOp;
use mc_ir::Context;
use mc_ir::builtin::ModuleOp;
use mc_mlir::{Session, export_module, import_module};
use models::{planned_loop_ir, staging_options};
use std::path::{Path, PathBuf};
use std::process::Command;

/// LLVM/MLIR 22's tools (Debian's packages; `scripts/setup.sh` installs them).
const LLVM_BIN: &str = "/usr/lib/llvm-22/bin";

/// Upstream's lowering of func/arith/math/scf/memref to the LLVM dialect. Memref arguments use
/// the bare-pointer convention, so `main` takes one pointer per buffer (all have static shapes).
const TO_LLVM: &str = "builtin.module(convert-scf-to-cf,convert-math-to-llvm,expand-strided-metadata,\
    finalize-memref-to-llvm,convert-arith-to-llvm,convert-func-to-llvm{use-bare-ptr-memref-call-conv=1},\
    convert-cf-to-llvm,reconcile-unrealized-casts)";

/// Runs `tool` with `args`, panicking with its stderr if it fails.
fn run(tool: &str, args: &[&str]) {
    let output = Command::new(tool).args(args).output().unwrap_or_else(|e| panic!("cannot run {tool}: {e}"));
    assert!(output.status.success(), "{tool} {args:?} failed:\n{}", String::from_utf8_lossy(&output.stderr));
}

/// Links the host object `object` into the shared library `dir/lib<name>.so`.
fn link(object: &Path, dir: &Path, name: &str) -> PathBuf {
    let library = dir.join(format!("lib{name}.so"));
    run("cc", &["-shared", &object.display().to_string(), "-o", &library.display().to_string(), "-lm"]);
    library
}

/// Lowers and compiles the upstream module text `mlir` into `dir/lib<name>.so`.
fn compile_upstream(mlir: &str, dir: &Path, name: &str) -> PathBuf {
    let file = |ext: &str| dir.join(format!("{name}.{ext}")).display().to_string();
    std::fs::write(file("mlir"), mlir).expect("the exported module is written");
    let (opt, translate, llc) =
        (format!("{LLVM_BIN}/mlir-opt"), format!("{LLVM_BIN}/mlir-translate"), format!("{LLVM_BIN}/llc"));
    run(&opt, &[&format!("--pass-pipeline={TO_LLVM}"), &file("mlir"), "-o", &file("llvm.mlir")]);
    run(&translate, &["--mlir-to-llvmir", &file("llvm.mlir"), "-o", &file("ll")]);
    run(
        &llc,
        &[
            "-O2",
            "-filetype=obj",
            "-relocation-model=pic",
            "-mtriple=x86_64-unknown-linux-gnu",
            &file("ll"),
            "-o",
            &file("o"),
        ],
    );
    link(Path::new(&file("o")), dir, name)
}

/// Compiles `module` with mc's LLVM backend for the host (`-O2`, C API with prefix `prefix`, every
/// buffer of `@main` but the last an input) into `dir/lib<prefix>_mc.so`.
fn compile_mc(ctx: &Context, module: ModuleOp, dir: &Path, prefix: &Prefix, inputs: usize) -> PathBuf {
    let host = mc_backend_llvm::lookup("host").expect("the host target");
    let options = LowerOptions::new(prefix.clone(), inputs);
    let object = mc_backend_llvm::compile(ctx, module.op(), host, OptLevel::O2, &options, EmitKind::Object)
        .unwrap_or_else(|d| panic!("{}", render(ctx, &[d])));
    let path = dir.join(format!("{}_mc.o", prefix.as_str()));
    std::fs::write(&path, object).expect("the object is written");
    link(&path, dir, &format!("{}_mc", prefix.as_str()))
}

/// Calls `main(ptr...)` of the upstream-compiled shared library on `buffers`.
fn run_upstream(library: &Path, buffers: &mut [Vec<u8>]) {
    type Ptr = *mut u8;
    // SAFETY: the library is the one just compiled from the exported module; its `main` takes one
    // pointer per buffer and reads and writes within each buffer's type (mc's planner and the
    // JIT's bounds checks establish that on the same IR).
    unsafe {
        let lib = libloading::Library::new(library).expect("the shared library loads");
        let p: Vec<Ptr> = buffers.iter_mut().map(|b| b.as_mut_ptr()).collect();
        match p.as_slice() {
            [a] => lib.get::<unsafe extern "C" fn(Ptr)>(b"main").expect("main")(*a),
            [a, b] => lib.get::<unsafe extern "C" fn(Ptr, Ptr)>(b"main").expect("main")(*a, *b),
            [a, b, c] => lib.get::<unsafe extern "C" fn(Ptr, Ptr, Ptr)>(b"main").expect("main")(*a, *b, *c),
            [a, b, c, d] => lib.get::<unsafe extern "C" fn(Ptr, Ptr, Ptr, Ptr)>(b"main").expect("main")(*a, *b, *c, *d),
            other => panic!("main takes {} buffers; the test calls up to 4", other.len()),
        }
    }
}

/// Runs one inference through the C API of mc's object in `library` (prefix `prefix`, `regions`
/// arenas the object defines itself, the first `inputs` of `buffers` inputs, the rest outputs).
fn run_mc(library: &Path, prefix: &Prefix, regions: usize, inputs: usize, buffers: &mut [Vec<u8>]) {
    type ApiFn = unsafe extern "C" fn(*mut u64) -> i32;
    let layout = ContextLayout::new(size_of::<usize>(), regions, inputs, buffers.len() - inputs);
    let mut context = vec![0u64; layout.size / 8];
    // SAFETY: the functions take a context laid out as `layout` says, which `context` holds, and
    // the pointers stored in it point at buffers as large as the model's ports.
    unsafe {
        let lib = libloading::Library::new(library).expect("the shared library loads");
        let api = |name: String| lib.get::<ApiFn>(name.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(api(prefix.context_init())(context.as_mut_ptr()), Status::Ok as i32, "context_init");
        assert_eq!(api(prefix.model_init())(context.as_mut_ptr()), Status::Ok as i32, "model_init");
        for (index, buffer) in buffers.iter_mut().enumerate() {
            let slot = if index < inputs { layout.input + index * 8 } else { layout.output + (index - inputs) * 8 };
            context[slot / 8] = buffer.as_mut_ptr() as u64;
        }
        assert_eq!(api(prefix.entry())(context.as_mut_ptr()), Status::Ok as i32, "model_run");
    }
}

/// One buffer per parameter of `@main`, as many bytes as its type spans, filled from a fixed
/// seed (outputs too: every side starts from the same bytes, so stray writes show).
fn seeded_buffers(ctx: &Context, module: ModuleOp) -> Vec<Vec<u8>> {
    let main = mc_ir::SymbolTable::new(ctx, module.op()).lookup("main").expect("the module has @main");
    let func = mc_dialects::func::FuncOp::cast(ctx, main).expect("@main is a func.func");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    func.signature(ctx)
        .0
        .iter()
        .map(|&ty| {
            let bytes = ctx.buffer_span_bytes(ty).expect("every parameter of @main is a buffer") as usize;
            (0..bytes).map(|_| rng.next_u64() as u8).collect()
        })
        .collect()
}

/// Runs `@main` of `module` on mc's Cranelift JIT on `buffers` (changed in place).
fn run_on_jit(ctx: &Context, module: ModuleOp, buffers: &mut [Vec<u8>]) {
    let jit = JitModule::compile(ctx, module.op()).unwrap_or_else(|d| panic!("{}", render(ctx, &[d])));
    let mut args: Vec<JitArg<'_>> = buffers.iter_mut().map(|b| JitArg::Memory(b)).collect();
    jit.call("main", &mut args).unwrap_or_else(|e| panic!("the JIT call failed: {e}"));
}

/// Panics naming the first byte where `got` (from `what`) differs from `expected` (from `of`).
fn assert_same_bytes(name: &str, what: &str, got: &[Vec<u8>], of: &str, expected: &[Vec<u8>]) {
    let difference = got
        .iter()
        .zip(expected)
        .enumerate()
        .find_map(|(buffer, (g, e))| g.iter().zip(e).position(|(a, b)| a != b).map(|i| (buffer, i, g[i], e[i])));
    if let Some((buffer, byte, got, expected)) = difference {
        panic!("{name}: {what} differs from {of} in buffer {buffer} at byte {byte}: {got} vs {expected}");
    }
}

/// Compares the three compilations of the model at `path` planned with `usmp_options`; `variant`
/// names the files.
fn cross_check(path: &Path, dir: &Path, usmp_options: &str, variant: &str) {
    let mut ctx = context();
    let module = planned_loop_ir(&mut ctx, path, usmp_options);
    let session = Session::new();
    let exported = export_module(&ctx, module, &session).unwrap_or_else(|d| panic!("{}", render(&ctx, &[d])));
    let stem = path.file_stem().expect("a file name").to_string_lossy().to_string();
    let name = format!("{stem}_{variant}").replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let upstream_library = compile_upstream(&exported.as_operation().to_string(), dir, &name);

    let seeded = seeded_buffers(&ctx, module);
    // Each MLPerf Tiny model has one output, its last buffer.
    let inputs = seeded.len() - 1;
    let prefix = Prefix::new(&name).expect("a C identifier");
    let mc_library = compile_mc(&ctx, module, dir, &prefix, inputs);
    let regions = module.ops(&ctx).into_iter().filter(|&op| PoolOp::cast(&ctx, op).is_some()).count();

    let mut upstream = seeded.clone();
    run_upstream(&upstream_library, &mut upstream);
    let mut by_mc = seeded.clone();
    run_mc(&mc_library, &prefix, regions, inputs, &mut by_mc);
    let mut jit = seeded.clone();
    run_on_jit(&ctx, module, &mut jit);
    assert_ne!(jit, seeded, "{name}: the JIT run changed no byte, so the comparison would prove nothing");
    assert_same_bytes(&name, "upstream's lowering", &upstream, "mc's LLVM object", &by_mc);
    assert_same_bytes(&name, "mc's LLVM object", &by_mc, "mc's JIT", &jit);
}

#[test]
fn upstream_lowering_matches_mc_llvm_object_and_jit_byte_for_byte_on_every_mlperf_tiny_model() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mc-mlir-upstream-lowering");
    let staging = staging_options(&dir);
    mc_backend_cranelift::run_with_stack(mc_backend_cranelift::MODEL_STACK_BYTES, || {
        for path in mc_conformance::paths::model_paths() {
            cross_check(&path, &dir, "", "planned");
            cross_check(&path, &dir, &staging, "staged");
        }
    })
    .expect("a thread");
}

/// A kernel that reads through static subviews: a tile, a strided slice, a rank-reducing column,
/// a subview of a subview.
const SUBVIEWS: &str = r#"
func.func @main(%m: memref<4x6xi32>, %out: memref<3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %tile = memref.subview %m[1, 2] [2, 3] [1, 1] : memref<4x6xi32> to memref<2x3xi32, strided<[6, 1], offset: 8>>
  %odd = memref.subview %m[0, 1] [4, 3] [1, 2] : memref<4x6xi32> to memref<4x3xi32, strided<[6, 2], offset: 1>>
  %column = memref.subview %m[0, 5] [4, 1] [1, 1] : memref<4x6xi32> to memref<4xi32, strided<[6], offset: 5>>
  %row = memref.subview %tile[1, 0] [1, 2] [1, 2] : memref<2x3xi32, strided<[6, 1], offset: 8>> to memref<2xi32, strided<[2], offset: 14>>
  %a = memref.load %tile[%c1, %c2] : memref<2x3xi32, strided<[6, 1], offset: 8>>
  %b = memref.load %odd[%c2, %c1] : memref<4x3xi32, strided<[6, 2], offset: 1>>
  %c = memref.load %column[%c2] : memref<4xi32, strided<[6], offset: 5>>
  %d = memref.load %row[%c1] : memref<2xi32, strided<[2], offset: 14>>
  memref.store %a, %out[%c0] : memref<3xi32>
  %bc = arith.addi %b, %c : i32
  memref.store %bc, %out[%c1] : memref<3xi32>
  memref.store %d, %row[%c0] : memref<2xi32, strided<[2], offset: 14>>
  memref.store %d, %out[%c2] : memref<3xi32>
  return
}
"#;

#[test]
fn a_kernel_with_subviews_imported_into_mc_computes_what_upstream_computes() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mc-mlir-upstream-lowering");
    std::fs::create_dir_all(&dir).expect("the scratch folder is created");
    let library = compile_upstream(SUBVIEWS, &dir, "subviews");
    let mut ctx = context();
    let module = import_module(&mut ctx, SUBVIEWS, "subviews.mlir", &Session::new())
        .unwrap_or_else(|d| panic!("{}", render(&ctx, &d)));
    let seeded = seeded_buffers(&ctx, module);
    let mut upstream = seeded.clone();
    run_upstream(&library, &mut upstream);
    let mut jit = seeded.clone();
    run_on_jit(&ctx, module, &mut jit);
    assert_ne!(jit, seeded, "the JIT run changed no byte, so the comparison would prove nothing");
    assert_same_bytes("subviews", "mc's JIT on the imported kernel", &jit, "upstream's lowering", &upstream);
}
