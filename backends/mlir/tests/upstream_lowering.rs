//! Cross-check with upstream MLIR's own LLVM lowering: each MLPerf Tiny model's planned loop IR,
//! exported through melior, is lowered by `mlir-opt-22` to the LLVM dialect, translated to LLVM
//! IR, compiled by `llc-22` for x86-64 and linked into a shared library; its `main`, called on
//! seeded buffers, must leave exactly the bytes mc's Cranelift JIT leaves.

mod common;
#[path = "common/models.rs"]
mod models;

use common::{context, render};
use mc_backend_cranelift::{JitArg, JitModule};
use mc_conformance::tensor::Rng;
use mc_ir::Context;
use mc_ir::builtin::ModuleOp;
use mc_mlir::{Session, export_module};
use models::planned_loop_ir;
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
    let library = dir.join(format!("lib{name}.so"));
    run("cc", &["-shared", &file("o"), "-o", &library.display().to_string()]);
    library
}

/// Calls `main(ptr...)` of the shared library on `buffers`.
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

/// One buffer per parameter of `@main`, as many bytes as its type spans, filled from a fixed
/// seed (outputs too: both sides start from the same bytes, so stray writes show).
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

/// The first byte where `got` and `expected` differ, for the failure message.
fn first_difference(got: &[Vec<u8>], expected: &[Vec<u8>]) -> Option<(usize, usize, u8, u8)> {
    got.iter()
        .zip(expected)
        .enumerate()
        .find_map(|(buffer, (g, e))| g.iter().zip(e).position(|(a, b)| a != b).map(|i| (buffer, i, g[i], e[i])))
}

fn cross_check(path: &Path, dir: &Path) {
    let mut ctx = context();
    let module = planned_loop_ir(&mut ctx, path, "");
    let session = Session::new();
    let exported = export_module(&ctx, module, &session).unwrap_or_else(|d| panic!("{}", render(&ctx, &[d])));
    let name = path.file_stem().expect("a file name").to_string_lossy().to_string();
    let library = compile_upstream(&exported.as_operation().to_string(), dir, &name);
    let seeded = seeded_buffers(&ctx, module);
    let mut upstream = seeded.clone();
    run_upstream(&library, &mut upstream);
    let mut jit = seeded.clone();
    run_on_jit(&ctx, module, &mut jit);
    assert_ne!(jit, seeded, "{name}: the JIT run changed no byte, so the comparison would prove nothing");
    if let Some((buffer, byte, got, expected)) = first_difference(&upstream, &jit) {
        panic!(
            "{name}: upstream's lowering differs from mc's JIT in buffer {buffer} at byte {byte}: {got} vs {expected}"
        );
    }
}

#[test]
fn upstream_llvm_lowering_matches_the_jit_byte_for_byte_on_every_mlperf_tiny_model() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mc-mlir-upstream-lowering");
    std::fs::create_dir_all(&dir).expect("the scratch folder is created");
    mc_backend_cranelift::run_with_stack(mc_backend_cranelift::MODEL_STACK_BYTES, || {
        for path in mc_conformance::paths::model_paths() {
            cross_check(&path, &dir);
        }
    })
    .expect("a thread");
}
