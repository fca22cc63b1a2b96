//! `mc-translate`: translations between mc's IR and other formats, like `mlir-translate`.
//!
//! `mc-translate --import-tflite model.tflite [-o out.mlir]` reads a TFLite model into the
//! `graph` dialect, verifies it and prints it.
//!
//! `mc-translate --mlir-to-llvmir planned.mlir [--target cortex-m4] [--prefix p] [-o out.ll]`
//! lowers planned loop-level IR to LLVM IR (unoptimized, as `mlir-translate --mlir-to-llvmir`
//! prints it) for a target of `mc-backend-llvm`'s table (the host by default).

use clap::{ArgGroup, Parser};
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::printer::{PrintOptions, print_top_level_to};
use mc_ir::{Context, Diagnostic};
use std::io::Write;
use std::process::ExitCode;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(name = "mc-translate", version, about = "mc translation driver", max_term_width = 100)]
#[command(group(ArgGroup::new("translation").required(true).args(["import_tflite", "mlir_to_llvmir"])))]
struct Options {
    /// Input file.
    input: String,

    /// Output file ('-' for standard output).
    #[arg(short = 'o', default_value = "-")]
    output: String,

    /// Translate a TFLite flatbuffer into the graph dialect.
    #[arg(long = "import-tflite")]
    import_tflite: bool,

    /// Translate planned loop-level IR into LLVM IR.
    #[arg(long = "mlir-to-llvmir")]
    mlir_to_llvmir: bool,

    /// With --mlir-to-llvmir: the target (an alias such as cortex-m4 or rv32imac, or a triple).
    #[arg(long, default_value = "host")]
    target: String,

    /// With --mlir-to-llvmir: the prefix of every symbol and section.
    #[arg(long, default_value = "model")]
    prefix: String,

    /// With --mlir-to-llvmir: the entry function, exported as <prefix>_model_run.
    #[arg(long, default_value = "main")]
    entry: String,

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

/// Runs the translation the options ask for; the error is the text to print on stderr.
fn run(options: &Options) -> Result<(), String> {
    if options.mlir_to_llvmir { to_llvm_ir(options) } else { import_tflite(options) }
}

/// Parses, verifies and lowers planned loop-level IR to LLVM IR, and writes it.
fn to_llvm_ir(options: &Options) -> Result<(), String> {
    use mc_backend_llvm::{EmitKind, LowerOptions, Prefix, emit, inkwell, lookup, lower_module};
    let text = std::fs::read_to_string(&options.input)
        .map_err(|e| format!("mc-translate: error: could not open input file '{}': {e}\n", options.input))?;
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
    let lower = LowerOptions { prefix, entry: options.entry.clone() };
    let lowered = lower_module(&ctx, module.op(), &llvm, &machine, &lower).map_err(|d| report(&ctx, &d))?;
    let bytes = emit(&lowered, &machine, EmitKind::LlvmIr).map_err(usage)?;
    write_output(&options.output, &bytes)
}

/// Writes `bytes` to `path` ('-' for standard output).
fn write_output(path: &str, bytes: &[u8]) -> Result<(), String> {
    let written = if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes).and_then(|_| out.flush())
    } else {
        std::fs::write(path, bytes)
    };
    written.map_err(|e| format!("mc-translate: error: could not write '{path}': {e}\n"))
}

/// Imports a TFLite model, verifies and prints it.
fn import_tflite(options: &Options) -> Result<(), String> {
    let bytes = std::fs::read(&options.input)
        .map_err(|e| format!("mc-translate: error: could not open input file '{}': {e}\n", options.input))?;
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let report = |ctx: &Context, diags: &[Diagnostic]| diags.iter().map(|d| render(ctx, d, &[])).collect::<String>();
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
