//! Fuzzes `mc-translate --import-tflite`: any bytes are read, imported into the graph dialect,
//! verified and, when they import, printed. Every step must return (a module or an error),
//! never panic, overflow or read out of bounds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mc_ir::Context;
use mc_ir::printer::{PrintOptions, print_top_level_to};

fuzz_target!(|bytes: &[u8]| {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    if let Ok(module) = mc_tflite::import::import_and_verify(&mut ctx, bytes, "fuzz.tflite") {
        let options = PrintOptions { generic: false, debug_info: true };
        print_top_level_to(&ctx, module.op(), options, &mut std::io::sink()).expect("a sink cannot fail");
    }
});
