//! Bad input in both directions: a clear error at the op's location, never output.

mod common;

use common::{context, render};
use mc_ir::diagnostics::source::SourceBuffer;
use mc_mlir::{Session, export_module, import_module};

/// Exports mc `text` (parsed, deliberately not verified by mc) and returns the rendered error.
fn export_error(text: &str) -> String {
    let mut ctx = context();
    let module = mc_ir::parser::parse_source(&mut ctx, &SourceBuffer::new("in.mlir", text.to_string(), 1))
        .unwrap_or_else(|d| panic!("{}", render(&ctx, &[d])));
    let session = Session::new();
    match export_module(&ctx, module, &session) {
        Ok(out) => panic!("the export succeeded:\n{}", out.as_operation()),
        Err(d) => render(&ctx, &[d]),
    }
}

/// Imports upstream `text` and returns the rendered errors.
fn import_error(text: &str) -> String {
    let mut ctx = context();
    let session = Session::new();
    match import_module(&mut ctx, text, "up.mlir", &session) {
        Ok(_) => panic!("the import succeeded"),
        Err(diags) => render(&ctx, &diags),
    }
}

fn assert_contains(text: &str, expected: &str) {
    assert!(text.contains(expected), "expected {expected:?} in:\n{text}");
}

#[test]
fn an_export_mlir_rejects_names_the_mc_op_and_writes_nothing() {
    // mc's own verifier would reject this too; the export must still never hand it out.
    let error = export_error(
        "func.func @f(%a: i32, %b: i64) -> i32 {\n  %0 = \"arith.addi\"(%a, %b) : (i32, i64) -> i32\n  return %0 : i32\n}\n",
    );
    assert_contains(&error, "in.mlir:2:8: error: 'arith.addi' op its upstream MLIR translation fails MLIR's verifier");
    assert_contains(&error, "requires the same type for all operands and results");
}

#[test]
fn an_op_without_upstream_counterpart_is_an_export_error_at_its_location() {
    let error = export_error(
        "func.func @f(%a: !buffer<4xi8>, %b: !buffer<4xi8>) {\n  buffer.copy %a, %b : !buffer<4xi8>, !buffer<4xi8>\n  return\n}\n",
    );
    assert_contains(&error, "in.mlir:2:3: error: 'buffer.copy' op cannot be exported to upstream MLIR");
}

#[test]
fn an_upstream_op_mc_cannot_represent_is_named_with_its_location() {
    let error = import_error(
        "func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {\n  memref.copy %a, %b : memref<4xf32> to memref<4xf32>\n  return\n}\n",
    );
    assert_contains(&error, "up.mlir:2:3: error: 'memref.copy' op cannot be represented in mc's loop dialect");
}

#[test]
fn an_upstream_type_mc_cannot_represent_is_an_import_error() {
    let error = import_error("func.func @f(%a: tensor<4xf32>) {\n  return\n}\n");
    assert_contains(&error, "up.mlir:1:1: error: 'func.func' op type 'tensor<4xf32>' cannot be represented in mc");
}

#[test]
fn a_non_default_arith_attribute_is_an_import_error() {
    let error = import_error(
        "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a overflow<nsw> : i32\n  return %0 : i32\n}\n",
    );
    assert_contains(&error, "up.mlir:2:8: error: 'arith.addi' op attribute 'overflowFlags' = #arith.overflow<nsw>");
}

#[test]
fn a_view_of_memory_other_than_a_pool_is_an_import_error() {
    let error = import_error(
        "func.func @f(%a: memref<64xi8>) {\n  %c0 = arith.constant 0 : index\n  %v = memref.view %a[%c0][] : memref<64xi8> to memref<16xi32>\n  return\n}\n",
    );
    assert_contains(
        &error,
        "up.mlir:3:8: error: 'memref.view' op is only representable in mc as a view of a pool global",
    );
}

#[test]
fn mlir_parse_errors_keep_their_location() {
    let error = import_error("func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i64\n  return %0 : i32\n}\n");
    assert_contains(&error, "up.mlir:2:19: error: use of value '%a' expects different type than prior uses");
}

#[test]
fn a_stage_into_a_missing_pool_is_an_export_error() {
    // mc's verifier would reject this too; the export must not rely on it.
    let error = export_error(
        "buffer.global @w {role = \"constant\"} : !buffer<4xi8> = dense<1> : tensor<4xi8>\nbuffer.stage @w to @nowhere {offset = 0 : i64}\n",
    );
    assert_contains(
        &error,
        "in.mlir:2:1: error: 'buffer.stage' op cannot be exported to upstream MLIR: pool @nowhere is not defined in the module",
    );
}

#[test]
fn a_constant_pool_that_no_stage_fills_is_an_export_error() {
    let error = export_error("buffer.pool @c {bank = \"dtcm\", role = \"constant\", size = 4 : i64}\n");
    assert_contains(
        &error,
        "in.mlir:1:1: error: 'buffer.pool' op cannot be exported to upstream MLIR: is a constant pool that no buffer.stage fills",
    );
}

#[test]
fn a_missing_resource_blob_is_an_import_error() {
    let error = import_error("memref.global \"private\" constant @w : memref<4xi8> = dense_resource<nowhere>\n");
    assert_contains(
        &error,
        "up.mlir:1:1: error: 'memref.global' op its data, resource blob 'nowhere', is not in the input's dialect_resources",
    );
}

#[test]
fn a_quantized_type_that_does_not_quantize_the_memref_is_an_import_error() {
    let error =
        import_error("func.func @f(%a: memref<4xi32> {mc.quant = \"!quant.uniform<i8:f32, 0.5>\"}) {\n  return\n}\n");
    assert_contains(
        &error,
        "up.mlir:1:1: error: 'func.func' op 'mc.quant' = !quant.uniform<i8:f32, 5.000000e-01> does not quantize '!buffer<4xi32>'",
    );
}
