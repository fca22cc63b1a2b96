//! What `mc-opt` does with its input: split, parse, verify, run passes, print, and report or
//! check diagnostics.

use crate::options::Options;
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::diagnostics::verify::{
    DEFAULT_SPLIT_MARKER, DiagnosticVerifier, PlainDiagnostic, VerifyLevel, split_input_with_warnings,
};
use mc_ir::pass::timing::{self, Timing};
use mc_ir::pass::{Anchor, IrPrinter, IrPrintingConfig, PassFilter, PassManager, PassRegistry};
use mc_ir::printer::{PrintOptions, print_top_level_to};
use mc_ir::{Context, Diagnostic, OpId, parser, verifier};
use std::io::{Read, Write};
use tracing_subscriber::layer::SubscriberExt;

/// The registry of every pass mc has.
pub fn registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    registry
}

/// Runs `mc-opt`; `Ok(false)` means diagnostics were reported, `Err` a usage or I/O problem.
pub fn run(options: &Options, registry: &PassRegistry) -> Result<bool, String> {
    if options.pass_pipeline.is_some() && !options.pass_flags.is_empty() {
        return Err("'--pass-pipeline' option can't be used with individual pass options".to_string());
    }
    // Build the pipeline once up front so a bad pipeline is reported before any input is read.
    build_pass_manager(options, registry)?;
    let name = if options.input == "-" { "<stdin>".to_string() } else { options.input.clone() };
    let text = match read_input(&options.input, &name)? {
        Ok(text) => text,
        Err(diagnostic) => {
            eprintln!("{diagnostic}");
            return Ok(false);
        }
    };
    let mut output = open_output(&options.output)?;

    let (diagnostics, text) = process_input(options, registry, &name, text, output.as_mut())?;
    output.flush().map_err(|e| format!("could not write output file '{}': {e}", options.output))?;

    Ok(match &options.verify_diagnostics {
        Some(level) => check_expected(&name, &text, level, &diagnostics),
        None => {
            eprint!("{}", diagnostics.iter().map(|d| d.rendered.as_str()).collect::<String>());
            !diagnostics.iter().any(|d| d.plain.severity == mc_ir::Severity::Error)
        }
    })
}

/// A diagnostic rendered for the terminal and resolved for `--verify-diagnostics`.
struct Reported {
    rendered: String,
    plain: PlainDiagnostic,
}

/// The input text; `Ok(Err(diagnostic))` for input that is not UTF-8, an error located at the
/// first bad byte (which is input to reject, not a usage problem).
fn read_input(path: &str, name: &str) -> Result<Result<String, String>, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)).map(|_| ())
    };
    read.map_err(|e| format!("could not open input file '{path}': {e}"))?;
    Ok(String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = valid.len() - valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        format!("{name}:{line}:{col}: error: invalid UTF-8 in input")
    }))
}

fn open_output(path: &str) -> Result<Box<dyn Write>, String> {
    if path == "-" {
        return Ok(Box::new(std::io::BufWriter::new(std::io::stdout().lock())));
    }
    let file = std::fs::File::create(path).map_err(|e| format!("could not open output file '{path}': {e}"))?;
    Ok(Box::new(std::io::BufWriter::new(file)))
}

/// Processes each chunk (or the whole input) in a fresh context, writing the outputs of the chunks
/// that succeed to `output` (separated by the split marker); returns the diagnostics and the text.
/// With `--pass-timing`, reports the times of each chunk after it, as mlir-opt does.
fn process_input(
    options: &Options,
    registry: &PassRegistry,
    name: &str,
    text: String,
    output: &mut dyn Write,
) -> Result<(Vec<Reported>, String), String> {
    let mut diagnostics = Vec::new();
    let mut chunks_done = 0;
    let mut process = |buffer: &SourceBuffer| -> Result<(), String> {
        let mut ctx = Context::new();
        mc_dialects::register_all(&mut ctx);
        for plugin in &options.pass_plugins {
            plugin.register_dialects(&mut ctx);
        }
        ctx.allow_unregistered_dialects = options.allow_unregistered_dialect;
        let timing = options.pass_timing.then(Timing::new);
        let subscriber = tracing_subscriber::registry().with(timing.as_ref().map(Timing::layer));
        let result = tracing::subscriber::with_default(subscriber, || -> Result<_, String> {
            let result = process_buffer(options, registry, &mut ctx, buffer)?;
            // Like mlir-opt, chunks are separated by the marker; a failed chunk prints nothing but
            // keeps its place between markers.
            let write_error = |e: std::io::Error| format!("could not write output file '{}': {e}", options.output);
            if chunks_done > 0 {
                output.write_all(format!("{DEFAULT_SPLIT_MARKER}\n").as_bytes()).map_err(write_error)?;
            }
            chunks_done += 1;
            if let Ok(module) = result {
                let _output = timing::scope("Output").entered();
                let print = PrintOptions { generic: options.print_generic, debug_info: options.print_debuginfo };
                print_top_level_to(&ctx, module, print, output).map_err(write_error)?;
            }
            Ok(result)
        })?;
        if let Some(timing) = timing {
            eprint!("{}", timing.report());
        }
        match result {
            Ok(_) => {}
            Err(diags) => {
                for diag in &diags {
                    // The rendering covers the notes too: it goes with the first entry only.
                    let mut rendered = render(&ctx, diag, &[buffer]);
                    diagnostics.extend(
                        diag.flatten()
                            .into_iter()
                            .map(|d| Reported { rendered: std::mem::take(&mut rendered), plain: plain(&ctx, d) }),
                    );
                }
            }
        }
        Ok(())
    };
    match &options.split_input_file {
        Some(marker) => {
            let (chunks, near_misses) = split_input_with_warnings(name, &text, marker);
            // Like mlir-opt, warn about lines that almost hold the marker, straight to stderr:
            // these warnings are about the file, not its IR, and --verify-diagnostics ignores them.
            if !near_misses.is_empty() {
                let mut ctx = Context::new();
                let buffer = SourceBuffer::new(name, text.clone(), 1);
                for plain in near_misses {
                    let loc = ctx.file_loc(name, plain.line, plain.col);
                    eprint!("{}", render(&ctx, &Diagnostic::warning(loc, plain.message), &[&buffer]));
                }
            }
            for chunk in chunks {
                process(&SourceBuffer::new(name, chunk.text.to_string(), chunk.first_line))?;
            }
            Ok((diagnostics, text))
        }
        None => {
            // The whole input moves into the buffer: large files are not copied.
            let buffer = SourceBuffer::new(name, text, 1);
            process(&buffer)?;
            Ok((diagnostics, buffer.text))
        }
    }
}

/// Parses, verifies and runs the pipeline on one buffer; returns the module to print.
fn process_buffer(
    options: &Options,
    registry: &PassRegistry,
    ctx: &mut Context,
    buffer: &SourceBuffer,
) -> Result<Result<OpId, Vec<Diagnostic>>, String> {
    let module = {
        let _parse = timing::scope("Parser").entered();
        match parser::parse_source(ctx, buffer) {
            Ok(module) => module,
            Err(diag) => return Ok(Err(vec![diag])),
        }
    };
    if !options.disable_verifier_on_parsing
        && let Err(diags) = verifier::verify(ctx, module.op())
    {
        return Ok(Err(diags));
    }
    let mut pm = build_pass_manager(options, registry)?;
    if options.dump_pass_pipeline {
        eprint!("{}", pm.dump());
    }
    if let Err(failure) = pm.run(ctx, module.op()) {
        return Ok(Err(failure.0));
    }
    Ok(Ok(module.op()))
}

/// The pass manager the options ask for, with verification and IR printing configured.
fn build_pass_manager(options: &Options, registry: &PassRegistry) -> Result<PassManager, String> {
    let mut pm = match &options.pass_pipeline {
        Some(text) => PassManager::parse(text, registry)
            .map_err(|e| format!("invalid pass pipeline '{text}':\n{}", e.render(text)))?,
        None => {
            let mut pm = PassManager::new(Anchor::Op("builtin.module".to_string()));
            for (name, option_text) in &options.pass_flags {
                let text = if option_text.is_empty() { name.clone() } else { format!("{name}{{{option_text}}}") };
                let parsed = mc_ir::pass::pipeline_text::parse_pipeline(&text)
                    .map_err(|e| format!("invalid options for pass '{name}':\n{}", e.render(&text)))?;
                let mc_ir::pass::pipeline_text::PipelineElement::Pass { options: pass_options, .. } = &parsed[0] else {
                    return Err(format!("invalid options for pass '{name}'"));
                };
                pm.pipeline_mut().add_nested_pass(registry.create(name, pass_options)?);
            }
            pm
        }
    };
    pm.config.verify_each = options.verify_each;
    pm.config.verifier = Some(verifier::verify);
    let filter = |all: bool, names: &[String]| {
        if all {
            PassFilter::All
        } else if names.is_empty() {
            PassFilter::None
        } else {
            PassFilter::Only(names.to_vec())
        }
    };
    for name in options.print_ir_before.iter().chain(&options.print_ir_after) {
        if registry.lookup(name).is_none() {
            return Err(format!("'{name}' does not refer to a registered pass"));
        }
    }
    let config = IrPrintingConfig {
        before: filter(options.print_ir_before_all, &options.print_ir_before),
        after: filter(options.print_ir_after_all, &options.print_ir_after),
        after_only_on_change: options.print_ir_after_change,
        after_only_on_failure: options.print_ir_after_failure,
        module_scope: options.print_ir_module_scope,
        print_options: PrintOptions { generic: options.print_generic, debug_info: options.print_debuginfo },
    };
    if config.before != PassFilter::None || config.after != PassFilter::None || config.after_only_on_failure {
        pm.add_instrumentation(Box::new(IrPrinter::new(config, Box::new(std::io::stderr()))));
    }
    Ok(pm)
}

/// Resolves a diagnostic's location to a file position.
fn plain(ctx: &Context, diag: &Diagnostic) -> PlainDiagnostic {
    let position = ctx.file_position(diag.loc);
    PlainDiagnostic {
        severity: diag.severity,
        file: position.map(|(file, _, _)| file.to_string()),
        line: position.map_or(0, |(_, line, _)| line),
        col: position.map_or(0, |(_, _, col)| col),
        message: diag.message.clone(),
    }
}

/// Matches the diagnostics against the `expected-*` directives of the whole input.
fn check_expected(name: &str, text: &str, level: &str, diagnostics: &[Reported]) -> bool {
    let level = if level == "only-expected" { VerifyLevel::OnlyExpected } else { VerifyLevel::All };
    let mut verifier = match DiagnosticVerifier::new(name, text) {
        Ok(verifier) => verifier.with_level(level),
        Err(errors) => {
            report_plain(&errors);
            return false;
        }
    };
    for diag in diagnostics {
        verifier.handle(&diag.plain);
    }
    let failures = verifier.finish();
    report_plain(&failures);
    failures.is_empty()
}

fn report_plain(diagnostics: &[PlainDiagnostic]) {
    for d in diagnostics {
        match &d.file {
            Some(file) => eprintln!("{file}:{}:{}: {}: {}", d.line, d.col, d.severity, d.message),
            None => eprintln!("loc(unknown): {}: {}", d.severity, d.message),
        }
    }
}
