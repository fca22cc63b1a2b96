//! Generates the flatbuffer reader (and the owned types the test writer
//! serializes) from `schema/tflite_subset.fbs` with planus' own libraries, so
//! the code always matches the schema: no generated file is committed.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let schema = manifest.join("schema").join("tflite_subset.fbs");
    println!("cargo::rerun-if-changed={}", schema.display());

    // planus-translation prints the schema's errors (with spans) to stderr.
    let Some(declarations) = planus_translation::translate_files(&[&schema]) else {
        panic!("{}: the schema has errors (see above)", schema.display());
    };
    // Unformatted: formatting would need rustfmt at build time.
    let code = planus_codegen::generate_rust(&declarations, false)
        .unwrap_or_else(|e| panic!("{}: planus code generation failed: {e:?}", schema.display()));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("tflite_subset.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
