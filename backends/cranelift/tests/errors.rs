//! What the backend refuses, and how it says so: compile errors at the op's location, call
//! errors before any code runs, bounds-check failures that stop the process with a message.
//! Also the lowering hook for ops of other dialects.

mod common;

use common::{jit, jit_with, try_jit};
use mc_backend_cranelift::{CallError, FunctionLowering, JitArg, JitOptions, JitValue, Param, ValueKind};
use mc_ir::{Diagnostic, OpId};

fn compile_error(text: &str) -> String {
    match try_jit(text) {
        Ok(_) => panic!("compiled:\n{text}"),
        Err(message) => message,
    }
}

#[test]
fn unknown_ops_are_errors_at_their_location() {
    let message = compile_error(
        r#"func.func @f(%x: i32) -> i32 {
  %y = "foo.bar"(%x) : (i32) -> i32
  return %y : i32
}
"#,
    );
    assert!(
        message.starts_with("test.mlir:2:8: error: cannot lower 'foo.bar' to Cranelift: no lowering for this op"),
        "{message}"
    );
}

#[test]
fn a_leftover_planning_hint_is_refused() {
    let message = compile_error(
        r#"func.func @f(%x: !buffer<4xi8>, %y: !buffer<4xi8>) {
  buffer.overlap %y, %x {max_delta = 0 : i64} : !buffer<4xi8>, !buffer<4xi8>
  return
}
"#,
    );
    assert!(
        message.contains("cannot lower 'buffer.overlap' to Cranelift: a memory planning hint reached code generation"),
        "{message}"
    );
}

#[test]
fn tensor_values_are_refused() {
    let message = compile_error(
        r#"func.func @f(%t: tensor<4xi32>) -> tensor<4xi32> {
  %y = arith.addi %t, %t : tensor<4xi32>
  return %y : tensor<4xi32>
}
"#,
    );
    assert!(
        message.contains("cannot compile @f: tensor values ('tensor<4xi32>') are not supported by the Cranelift backend: lower to loops first"),
        "{message}"
    );
    let message = compile_error(
        r#"func.func @g(%x: i32) {
  %t = arith.constant dense<1> : tensor<4xi32>
  return
}
"#,
    );
    assert!(
        message.starts_with("test.mlir:2:8: error: cannot lower 'arith.constant' to Cranelift: tensor values"),
        "{message}"
    );
}

#[test]
fn unsupported_scalar_types_are_refused() {
    let message = compile_error("func.func @f(%x: f16) {\n  return\n}\n");
    assert!(message.contains("cannot compile @f: type 'f16' is not supported by the Cranelift backend"), "{message}");
    let message = compile_error("func.func @f(%x: i7) {\n  return\n}\n");
    assert!(message.contains("type 'i7' is not supported"), "{message}");
}

#[test]
fn constant_indices_are_checked_at_compile_time() {
    let message = compile_error(
        r#"func.func @f(%b: !buffer<4x4xi8>) -> i8 {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %v = loop.load %b[%c1, %c4] : !buffer<4x4xi8>
  return %v : i8
}
"#,
    );
    assert!(
        message.starts_with(
            "test.mlir:4:8: error: cannot lower 'loop.load' to Cranelift: index 4 is out of bounds for dimension 1 of size 4"
        ),
        "{message}"
    );
}

#[test]
fn invalid_ir_is_reported_by_the_verifier() {
    let message = compile_error(
        r#"func.func @f(%b: !buffer<4xi8>, %i: index) -> i32 {
  %v = "loop.load"(%b, %i) : (!buffer<4xi8>, index) -> i32
  return %v : i32
}
"#,
    );
    assert!(message.contains("'loop.load' op result type 'i32' is not the storage type"), "{message}");
}

#[test]
fn only_functions_at_the_top_level() {
    let message = compile_error("\"foo.global\"() : () -> ()\n");
    assert!(
        message
            .contains("cannot compile top-level op 'foo.global': only 'func.func', 'buffer.global', 'buffer.pool' and 'buffer.stage' are supported"),
        "{message}"
    );
    let message = compile_error("func.func private @external(i32)\n");
    assert!(message.contains("external function declarations are not supported"), "{message}");
}

#[test]
fn calls_are_checked_against_the_signature() {
    let jit = jit(r#"
func.func @f(%b: !buffer<2x3xi32, strides: [4, 1], offset: 1>, %x: i32) -> i32 {
  return %x : i32
}
"#);
    assert_eq!(jit.function_names(), vec!["f"]);
    let (params, results) = jit.signature("f").unwrap();
    // Element (1, 2) is at 1 + 4 + 2 = 7: 8 elements of 4 bytes.
    assert_eq!(params[0], Param::Memory { bytes: 32, ty: "!buffer<2x3xi32, strides: [4, 1], offset: 1>".to_string() });
    assert_eq!((params[1].clone(), results), (Param::Value(ValueKind::I32), &[ValueKind::I32][..]));

    let mut small = [0i32; 7];
    let mut enough = [0i32; 8];
    assert_eq!(jit.call("g", &mut []).unwrap_err(), CallError::UnknownFunction("g".to_string()));
    assert_eq!(
        jit.call("f", &mut [JitArg::memory(&mut enough)]).unwrap_err().to_string(),
        "'f' takes 2 arguments, but 1 were given"
    );
    assert_eq!(
        jit.call("f", &mut [JitArg::memory(&mut small), JitArg::Value(JitValue::I32(1))]).unwrap_err().to_string(),
        "argument #0 of 'f' (!buffer<2x3xi32, strides: [4, 1], offset: 1>) needs 32 bytes, but 28 were given"
    );
    assert_eq!(
        jit.call("f", &mut [JitArg::memory(&mut enough), JitArg::Value(JitValue::I64(1))]).unwrap_err().to_string(),
        "argument #1 of 'f' must be a I32 value, but a I64 value was given"
    );
    assert_eq!(
        jit.call("f", &mut [JitArg::Value(JitValue::I32(1)), JitArg::Value(JitValue::I32(1))]).unwrap_err().to_string(),
        "argument #0 of 'f' must be memory for '!buffer<2x3xi32, strides: [4, 1], offset: 1>', but a I32 value was given"
    );
    assert_eq!(
        jit.call("f", &mut [JitArg::memory(&mut enough), JitArg::Value(JitValue::I32(42))]).unwrap(),
        vec![JitValue::I32(42)]
    );
}

/// Lowers `test.alloc` to a stack slot as large as its result buffer's layout reaches.
fn lower_alloc(lowering: &mut FunctionLowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    use mc_backend_cranelift::cranelift_codegen::ir::{InstBuilder, StackSlotData, StackSlotKind};
    let ctx = lowering.ctx();
    let result = op.result(0);
    let layout = mc_backend_cranelift::memory::layout_of(ctx, ctx.value_type(result))
        .ok_or_else(|| lowering.error(op, "expected a buffer result"))?;
    let bytes = layout.byte_span().ok_or_else(|| lowering.error(op, "bad layout"))?;
    let pointer = lowering.pointer_type();
    let slot =
        lowering.builder().create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, bytes as u32, 4));
    let address = lowering.builder().ins().stack_addr(pointer, slot, 0);
    lowering.define(result, address);
    Ok(())
}

#[test]
fn hooks_lower_ops_of_other_dialects() {
    let text = r#"
func.func @reverse(%in: !buffer<4xi32>, %out: !buffer<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %tmp = "test.alloc"() : () -> !buffer<4xi32>
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %in[%i] : !buffer<4xi32>
    %j = arith.subi %c3, %i : index
    loop.store %v, %tmp[%j] : !buffer<4xi32>
  }
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %tmp[%i] : !buffer<4xi32>
    loop.store %v, %out[%i] : !buffer<4xi32>
  }
  return
}
"#;
    assert!(compile_error(text).contains("cannot lower 'test.alloc' to Cranelift: no lowering for this op"));
    let jit = jit_with(text, &JitOptions::default().with_hook("test.alloc", lower_alloc));
    let (mut input, mut output) = ([1, 2, 3, 4], [0i32; 4]);
    jit.call("reverse", &mut [JitArg::memory(&mut input), JitArg::memory(&mut output)]).unwrap();
    assert_eq!(output, [4, 3, 2, 1]);
}

const OUT_OF_BOUNDS: &str = r#"
func.func @get(%b: !buffer<4xi32>, %i: index) -> i32 {
  %v = loop.load %b[%i] : !buffer<4xi32>
  return %v : i32
}
"#;

/// Run in a child process by [`out_of_bounds_accesses_stop_the_process`]: an access past the
/// end must abort before touching memory.
#[test]
fn out_of_bounds_child() {
    if std::env::var_os("MC_JIT_OUT_OF_BOUNDS_CHILD").is_none() {
        return;
    }
    let jit = jit(OUT_OF_BOUNDS);
    let mut memory = [0i32; 4];
    let _ = jit.call("get", &mut [JitArg::memory(&mut memory), JitArg::Value(JitValue::Index(4))]);
    unreachable!("the bounds check did not stop the call");
}

#[test]
fn out_of_bounds_accesses_stop_the_process() {
    let jit = jit(OUT_OF_BOUNDS);
    let mut memory = [10, 11, 12, 13];
    assert_eq!(
        jit.call("get", &mut [JitArg::memory(&mut memory), JitArg::Value(JitValue::Index(3))]).unwrap(),
        vec![JitValue::I32(13)]
    );
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "out_of_bounds_child", "--nocapture", "--test-threads=1"])
        .env("MC_JIT_OUT_OF_BOUNDS_CHILD", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "the child finished: {stderr}");
    assert!(
        stderr.contains(
            "mc JIT: out-of-bounds access: 'loop.load' at test.mlir:3:8, dimension 0: index 4 is outside [0, 4)"
        ),
        "{stderr}"
    );
}

#[test]
fn indices_known_in_bounds_need_no_run_time_check() {
    let text = r#"
func.func @sum(%b: !buffer<4x8xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %s = loop.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
    %t = loop.for %j = %c0 to %c4 step %c1 iter_args(%acc2 = %acc) -> (i32) {
      %j2 = arith.muli %j, %c2 : index
      %j3 = arith.addi %j2, %c1 : index
      %v = loop.load %b[%i, %j3] : !buffer<4x8xi32>
      %w = arith.addi %acc2, %v : i32
      loop.yield %w : i32
    }
    loop.yield %t : i32
  }
  return %s : i32
}
func.func @get(%b: !buffer<4x8xi32>, %i: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = loop.for %k = %c0 to %c5 step %c1 iter_args(%acc = %i) -> (index) {
    loop.yield %k : index
  }
  %v = loop.load %b[%i, %c0] : !buffer<4x8xi32>
  %u = loop.for %k = %c0 to %c5 step %c1 iter_args(%x = %v) -> (i32) {
    %w = loop.load %b[%k, %c0] : !buffer<4x8xi32>
    loop.yield %w : i32
  }
  return %u : i32
}
func.func @strided(%b: !buffer<4x8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0 : i32
  %s = loop.for %j = %c0 to %c7 step %c4 iter_args(%acc = %zero) -> (i32) {
    %j3 = arith.addi %j, %c3 : index
    %v = loop.load %b[%c0, %j3] : !buffer<4x8xi32>
    %w = arith.addi %acc, %v : i32
    loop.yield %w : i32
  }
  return %s : i32
}
"#;
    let jit = jit_with(text, &JitOptions::default().keep_clif());
    // `j` in {0, 4} (below 7 by steps of 4), so `j + 3` in [3, 7]: no check.
    let strided = jit.clif("strided").unwrap();
    assert!(!strided.contains(" uge ") && !strided.contains("mc_rt_bounds_failure"), "{strided}");
    // `i` in [0, 4) and `2j + 1` in [1, 8): no check.
    let sum = jit.clif("sum").unwrap();
    assert!(!sum.contains(" uge ") && !sum.contains("mc_rt_bounds_failure"), "{sum}");
    // A function argument, and an induction variable reaching 4 in a dimension of 4: checked.
    let get = jit.clif("get").unwrap();
    assert_eq!(get.matches(" uge ").count(), 2, "{get}");
    let mut memory: Vec<i32> = (0..32).collect();
    let out = jit.call("sum", &mut [JitArg::memory(&mut memory), JitArg::Value(JitValue::Index(0))]).unwrap();
    let expected: i32 = (0..4).flat_map(|i| (0..4).map(move |j| i * 8 + 2 * j + 1)).sum();
    assert_eq!(out, vec![JitValue::I32(expected)]);
}

#[test]
fn unchecked_compilation_has_no_bounds_checks() {
    // SAFETY: the test only indexes within bounds.
    let options = unsafe { JitOptions::default().without_bounds_checks() };
    let jit = jit_with(OUT_OF_BOUNDS, &options);
    let mut memory = [10, 11, 12, 13];
    assert_eq!(
        jit.call("get", &mut [JitArg::memory(&mut memory), JitArg::Value(JitValue::Index(1))]).unwrap(),
        vec![JitValue::I32(11)]
    );
}
