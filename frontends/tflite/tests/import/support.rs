//! What the importer tests share: importing a writer-made model (verified, printed with
//! locations, re-parsed), the rendered errors of a bad one, FileCheck-like line checks, and
//! byte and quantization helpers for building models.

#![allow(dead_code)]

use mc_ir::builtin::ModuleOp;
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::printer::{PrintOptions, print_top_level};
use mc_ir::{Context, Diagnostic};
use mc_tflite::writer::ModelBuilder;

/// The file name every test model is imported as: locations read `loc("t"("op#i"("test.tflite":0:0)))`.
pub const FILE: &str = "test.tflite";

/// An imported, verified module and its text (custom form, with locations).
pub struct Imported {
    pub ctx: Context,
    pub module: ModuleOp,
    pub text: String,
}

/// A context with every dialect registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    ctx
}

fn rendered(ctx: &Context, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| render(ctx, d, &[])).collect()
}

/// Parses and verifies printed IR in a new context.
pub fn parse(text: &str, what: &str) -> (Context, ModuleOp) {
    let mut ctx = context();
    let buffer = SourceBuffer::new("printed.mlir", text.to_string(), 1);
    let parsed = mc_ir::parser::parse_source(&mut ctx, &buffer)
        .unwrap_or_else(|d| panic!("{what}: the printed IR does not parse:\n{}", render(&ctx, &d, &[&buffer])));
    mc_ir::verify(&ctx, parsed.op())
        .unwrap_or_else(|d| panic!("{what}: the re-parsed IR does not verify:\n{}", rendered(&ctx, &d)));
    (ctx, parsed)
}

/// Prints `module` with locations, parses the text back, prints that, and checks both texts
/// are identical, in the custom and in the generic form. Returns the custom text and the
/// module parsed from it.
pub fn print_and_reparse(ctx: &Context, module: ModuleOp, what: &str) -> (String, Context, ModuleOp) {
    let mut result = None;
    for generic in [false, true] {
        let options = PrintOptions { generic, debug_info: true };
        let text = print_top_level(ctx, module.op(), options);
        let (again, parsed) = parse(&text, what);
        let reprinted = print_top_level(&again, parsed.op(), options);
        if reprinted != text {
            let line = text.lines().zip(reprinted.lines()).position(|(a, b)| a != b).unwrap_or(0);
            panic!(
                "{what}: print(parse(print)) differs (generic: {generic}) at line {}:\n  printed:   {}\n  reprinted: {}",
                line + 1,
                text.lines().nth(line).unwrap_or("<end>"),
                reprinted.lines().nth(line).unwrap_or("<end>")
            );
        }
        if result.is_none() {
            result = Some((text, again, parsed));
        }
    }
    result.expect("printed once")
}

/// Imports and verifies `bytes` as [`FILE`] (panicking with the rendered errors), prints it with
/// locations and checks print(parse(print)) is stable.
pub fn import_bytes(bytes: &[u8]) -> Imported {
    let mut ctx = context();
    let module = match mc_tflite::import::import_and_verify(&mut ctx, bytes, FILE) {
        Ok(module) => module,
        Err(diags) => panic!("the model does not import:\n{}", rendered(&ctx, &diags)),
    };
    let (text, _, _) = print_and_reparse(&ctx, module, "test model");
    Imported { ctx, module, text }
}

/// [`import_bytes`] of a built model.
pub fn import(b: &ModelBuilder) -> Imported {
    import_bytes(&b.finish())
}

/// The rendered errors of a model that must not import, or that imports but does not verify.
pub fn errors_of_bytes(bytes: &[u8]) -> String {
    let mut ctx = context();
    match mc_tflite::import::import_and_verify(&mut ctx, bytes, FILE) {
        Ok(module) => {
            let text = print_top_level(&ctx, module.op(), PrintOptions::default());
            panic!("the model was accepted:\n{text}")
        }
        Err(diags) => rendered(&ctx, &diags),
    }
}

/// The rendered error of a model the importer itself rejects (the verifier never runs).
pub fn import_error(b: &ModelBuilder) -> String {
    let bytes = b.finish();
    let model = mc_tflite::Model::from_bytes(&bytes).expect("the reader accepts the model");
    let mut ctx = context();
    match mc_tflite::import::import_model(&mut ctx, &model, FILE) {
        Ok(_) => panic!("the importer accepted the model"),
        Err(d) => render(&ctx, &d, &[]),
    }
}

/// The rendered verifier errors (with the importer's notes) of a model that imports but does
/// not verify.
pub fn verify_error(b: &ModelBuilder) -> String {
    let bytes = b.finish();
    let model = mc_tflite::Model::from_bytes(&bytes).expect("the reader accepts the model");
    let mut ctx = context();
    let module = match mc_tflite::import::import_model(&mut ctx, &model, FILE) {
        Ok(module) => module,
        Err(d) => panic!("the importer rejected the model:\n{}", render(&ctx, &d, &[])),
    };
    match mc_tflite::import::verify(&ctx, module, &model) {
        Ok(()) => panic!("the model verified:\n{}", print_top_level(&ctx, module.op(), PrintOptions::default())),
        Err(diags) => rendered(&ctx, &diags),
    }
}

/// FileCheck's `CHECK`: each pattern must occur in a line after the line the previous one
/// matched, in order.
pub fn check(text: &str, patterns: &[&str]) {
    let lines: Vec<&str> = text.lines().collect();
    let mut next = 0;
    for pattern in patterns {
        match lines[next..].iter().position(|line| line.contains(pattern)) {
            Some(offset) => next += offset + 1,
            None => panic!(
                "pattern not found after line {next}:\n  {pattern}\nin:\n{}",
                lines.iter().enumerate().map(|(i, l)| format!("{:3}: {l}\n", i + 1)).collect::<String>()
            ),
        }
    }
}

/// FileCheck's `CHECK-NOT` over the whole text.
pub fn check_not(text: &str, pattern: &str) {
    assert!(!text.contains(pattern), "unexpected '{pattern}' in:\n{text}");
}

pub fn f32s(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn i8s(values: &[i8]) -> Vec<u8> {
    values.iter().map(|&v| v as u8).collect()
}

pub fn i32s(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn i64s(values: &[i64]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// `n` zero bytes.
pub fn zeros(n: usize) -> Vec<u8> {
    vec![0; n]
}

/// Per-tensor quantization.
pub fn per_tensor(b: &mut ModelBuilder, tensor: i32, scale: f32, zero_point: i64) {
    b.set_quantization(tensor, &[scale], &[zero_point], 0);
}

/// Per-channel quantization along `axis`, zero points 0.
pub fn per_channel(b: &mut ModelBuilder, tensor: i32, scales: &[f32], axis: i32) {
    b.set_quantization(tensor, scales, &vec![0; scales.len()], axis);
}
