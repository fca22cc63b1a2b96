//! `mc-translate`: translations between mc's IR and other formats, like `mlir-translate`.
//!
//! `mc-translate --import-tflite model.tflite [-o out.mlir]` reads a TFLite model into the
//! `graph` dialect, verifies it and prints it.

use clap::Parser;
use mc_ir::diagnostics::source::render;
use mc_ir::printer::{PrintOptions, print_top_level_to};
use mc_ir::{Context, Diagnostic};
use std::io::Write;
use std::process::ExitCode;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(name = "mc-translate", version, about = "mc translation driver", max_term_width = 100)]
struct Options {
    /// Input file.
    input: String,

    /// Output file ('-' for standard output).
    #[arg(short = 'o', default_value = "-")]
    output: String,

    /// Translate a TFLite flatbuffer into the graph dialect.
    #[arg(long = "import-tflite", required = true)]
    import_tflite: bool,

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

/// Imports, verifies and prints; the error is the text to print on stderr.
fn run(options: &Options) -> Result<(), String> {
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
