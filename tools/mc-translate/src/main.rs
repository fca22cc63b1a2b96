//! `mc-translate`: translations between mc's IR and other formats, like `mlir-translate`.
//!
//! `mc-translate --import-tflite model.tflite [-o out.mlir]` reads a TFLite model into the
//! `graph` dialect, verifies it and prints it. `--export-mlir` turns mc's loop-level IR into
//! upstream MLIR (`func`, `arith`, `math`, `scf`, `memref`), `--import-mlir` reads such IR back
//! into mc's loop dialect (both through `mc-mlir`).
//!
//! `mc-translate --mlir-to-llvmir planned.mlir [--target cortex-m4] [--prefix p] [-o out.ll]`
//! lowers planned loop-level IR to LLVM IR (unoptimized, as `mlir-translate --mlir-to-llvmir`
//! prints it) for a target of `mc-backend-llvm`'s table (the host by default), with the C API
//! around the entry function (`--entry`, `--inputs`) or, with `--no-c-api`, the functions alone.

use clap::Parser;
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::printer::{PrintOptions, print_top_level_to};
use mc_ir::{Context, Diagnostic};
use std::io::Write;
use std::process::ExitCode;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(name = "mc-translate", version, about = "mc translation driver", max_term_width = 100)]
#[command(group = clap::ArgGroup::new("translation").required(true))]
struct Options {
    /// Input file.
    input: String,

    /// Output file ('-' for standard output).
    #[arg(short = 'o', default_value = "-")]
    output: String,

    /// Translate a TFLite flatbuffer into the graph dialect.
    #[arg(long = "import-tflite", group = "translation")]
    import_tflite: bool,

    /// Translate mc's loop-level IR into upstream MLIR (func, arith, math, scf, memref).
    #[arg(long = "export-mlir", group = "translation")]
    export_mlir: bool,

    /// Translate upstream MLIR (func, arith, math, scf, memref) into mc's loop dialect.
    #[arg(long = "import-mlir", group = "translation")]
    import_mlir: bool,

    /// Translate planned loop-level IR into LLVM IR.
    #[arg(long = "mlir-to-llvmir", group = "translation")]
    mlir_to_llvmir: bool,

    /// With --mlir-to-llvmir: the target (an alias such as cortex-m4 or rv32imac, or a triple).
    #[arg(long, default_value = "host")]
    target: String,

    /// With --mlir-to-llvmir: the prefix of every symbol and section.
    #[arg(long, default_value = "model")]
    prefix: String,

    /// With --mlir-to-llvmir: the entry function, run by <prefix>_model_run.
    #[arg(long, default_value = "main")]
    entry: String,

    /// With --mlir-to-llvmir: how many of the entry's buffers are inputs (the rest are outputs).
    #[arg(long, default_value_t = 1)]
    inputs: usize,

    /// With --mlir-to-llvmir: lower the functions alone (each <prefix>_<name>), without the C API.
    #[arg(long = "no-c-api")]
    no_c_api: bool,

    /// Print every op in the generic form.
    #[arg(long = "print-generic", alias = "mlir-print-op-generic")]
    print_generic: bool,

    /// Print locations (TFLite tensor names and operator indices).
    #[arg(long = "print-debuginfo", alias = "mlir-print-debuginfo")]
    print_debuginfo: bool,
}

fn main() -> ExitCode {
    let options = Options::parse();
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprint!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Renders diagnostics as the text to print on stderr.
fn report(ctx: &Context, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| render(ctx, d, &[])).collect()
}

/// Reads the input file ('-' for standard input).
fn read_input(options: &Options) -> Result<Vec<u8>, String> {
    let read = if options.input == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes).map(|_| bytes)
    } else {
        std::fs::read(&options.input)
    };
    read.map_err(|e| format!("mc-translate: error: could not open input file '{}': {e}\n", options.input))
}

/// Writes `bytes` to the output file ('-' for standard output).
fn write_output(options: &Options, bytes: &[u8]) -> Result<(), String> {
    let result = if options.output == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes).and_then(|_| out.flush())
    } else {
        std::fs::write(&options.output, bytes)
    };
    result.map_err(|e| format!("mc-translate: error: could not write '{}': {e}\n", options.output))
}

/// `--export-mlir`: parses and verifies mc IR, translates it to upstream MLIR (verified by MLIR)
/// and prints it in MLIR's own syntax.
fn export_mlir(options: &Options) -> Result<(), String> {
    let text = String::from_utf8(read_input(options)?)
        .map_err(|_| format!("mc-translate: error: '{}' is not UTF-8 text\n", options.input))?;
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let buffer = SourceBuffer::new(&options.input, text, 1);
    let module = mc_ir::parser::parse_source(&mut ctx, &buffer).map_err(|d| report(&ctx, &[d]))?;
    mc_ir::verify(&ctx, module.op()).map_err(|diags| report(&ctx, &diags))?;
    let session = mc_mlir::Session::new();
    let exported = mc_mlir::export_module(&ctx, module, &session).map_err(|d| report(&ctx, &[d]))?;
    let print = PrintOptions { generic: options.print_generic, debug_info: options.print_debuginfo };
    let text = mc_mlir::export::to_text(&exported, print).map_err(|e| format!("mc-translate: error: {e}\n"))?;
    write_output(options, format!("{text}\n").as_bytes())
}

/// `--import-mlir`: parses upstream MLIR with MLIR's parser, rebuilds it as mc's loop dialect
/// (verified by mc) and prints it.
fn import_mlir(options: &Options) -> Result<(), String> {
    let text = String::from_utf8(read_input(options)?)
        .map_err(|_| format!("mc-translate: error: '{}' is not UTF-8 text\n", options.input))?;
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let session = mc_mlir::Session::new();
    let file = if options.input == "-" { "<stdin>" } else { &options.input };
    let module = mc_mlir::import_module(&mut ctx, &text, file, &session).map_err(|diags| report(&ctx, &diags))?;
    let print = PrintOptions { generic: options.print_generic, debug_info: options.print_debuginfo };
    let mut out = Vec::new();
    print_top_level_to(&ctx, module.op(), print, &mut out).expect("printing to memory cannot fail");
    write_output(options, &out)
}

/// `--mlir-to-llvmir`: parses planned loop-level IR and lowers it to LLVM IR for the target.
fn to_llvm_ir(options: &Options) -> Result<(), String> {
    use mc_backend_llvm::{CApi, EmitKind, LowerOptions, Prefix, emit, inkwell, lookup, lower_module};
    let text = String::from_utf8(read_input(options)?)
        .map_err(|_| format!("mc-translate: error: '{}' is not UTF-8 text\n", options.input))?;
    let usage = |m: String| format!("mc-translate: error: {m}\n");
    let target = lookup(&options.target).map_err(usage)?;
    let prefix = Prefix::new(&options.prefix).map_err(usage)?;
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let source = SourceBuffer::new(&options.input, text, 1);
    let report = |ctx: &Context, d: &Diagnostic| render(ctx, d, &[&source]);
    let module = mc_ir::parser::parse_source(&mut ctx, &source).map_err(|d| report(&ctx, &d))?;
    let machine = target.machine(mc_backend_llvm::OptLevel::O0).map_err(usage)?;
    let llvm = inkwell::context::Context::create();
    let api = CApi { entry: options.entry.clone(), inputs: options.inputs, allocate_arenas: true };
    let lower = LowerOptions { prefix, api: (!options.no_c_api).then_some(api) };
    let lowered = lower_module(&ctx, module.op(), &llvm, &machine, &lower).map_err(|d| report(&ctx, &d))?;
    let bytes = emit(&lowered, &machine, EmitKind::LlvmIr).map_err(usage)?;
    write_output(options, &bytes)
}

/// Imports a TFLite model, verifies and prints it (or runs the translation the options ask
/// for); the error is the text to print on stderr.
fn run(options: &Options) -> Result<(), String> {
    if options.export_mlir {
        return export_mlir(options);
    }
    if options.import_mlir {
        return import_mlir(options);
    }
    if options.mlir_to_llvmir {
        return to_llvm_ir(options);
    }
    let bytes = read_input(options)?;
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    // Verifier errors come with a note naming the TFLite operator and tensor.
    let module =
        mc_tflite::import::import_and_verify(&mut ctx, &bytes, &options.input).map_err(|diags| report(&ctx, &diags))?;
    let print = PrintOptions { generic: options.print_generic, debug_info: options.print_debuginfo };
    let write_error = |e: std::io::Error| format!("mc-translate: error: could not write '{}': {e}\n", options.output);
    if options.output == "-" {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        print_top_level_to(&ctx, module.op(), print, &mut out).and_then(|_| out.flush()).map_err(write_error)
    } else {
        let file = std::fs::File::create(&options.output).map_err(write_error)?;
        let mut out = std::io::BufWriter::new(file);
        print_top_level_to(&ctx, module.op(), print, &mut out).and_then(|_| out.flush()).map_err(write_error)
    }
}
