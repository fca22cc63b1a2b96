//! Fuzz target for the MLIR text parser.
//!
//! For every input that is valid UTF-8: parse it (unregistered dialects allowed, `func` and
//! `arith` registered); on a parse error render the diagnostic with its caret snippet; on
//! success verify the module (rendering any verifier diagnostics), print it in generic form with
//! debug info, re-parse the printed text and check that printing again gives the same text:
//! print(parse(x)) must be a fixed point of parse-then-print. Any panic, stack overflow or
//! round-trip mismatch is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mc_ir::Context;
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::printer::{PrintOptions, print_top_level};

const OPTIONS: PrintOptions = PrintOptions { generic: true, debug_info: true };

fn new_context() -> Context {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    ctx.allow_unregistered_dialects = true;
    ctx
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut ctx = new_context();
    let buffer = SourceBuffer::new("fuzz.mlir", text.to_string(), 1);
    let module = match mc_ir::parser::parse_source(&mut ctx, &buffer) {
        Ok(module) => module,
        Err(diag) => {
            let _ = render(&ctx, &diag, &[&buffer]);
            return;
        }
    };
    if let Err(diags) = mc_ir::verifier::verify(&ctx, module.op()) {
        for diag in &diags {
            let _ = render(&ctx, diag, &[&buffer]);
        }
    }
    let printed = print_top_level(&ctx, module.op(), OPTIONS);

    let mut ctx2 = new_context();
    let buffer2 = SourceBuffer::new("fuzz.mlir", printed.clone(), 1);
    let module2 = match mc_ir::parser::parse_source(&mut ctx2, &buffer2) {
        Ok(module) => module,
        Err(diag) => panic!(
            "printed IR does not parse again:\n{}\n--- input ---\n{text}\n--- printed ---\n{printed}",
            render(&ctx2, &diag, &[&buffer2])
        ),
    };
    let reprinted = print_top_level(&ctx2, module2.op(), OPTIONS);
    assert!(
        printed == reprinted,
        "print(parse(x)) is not stable\n--- input ---\n{text}\n--- printed ---\n{printed}\n--- re-printed ---\n{reprinted}"
    );
});
