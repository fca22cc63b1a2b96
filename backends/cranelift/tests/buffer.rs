//! The built-in lowering of the `buffer` ops left at loop level: allocs as temporaries, views
//! with offsets and strides, globals with `dense` and `dense_resource` data; and the errors.

mod common;

use common::{jit, try_jit};
use mc_backend_cranelift::{JitArg, MODEL_STACK_BYTES, run_with_stack};

#[test]
fn allocs_are_temporaries() {
    // Reverses through a scratch buffer, and through an over-aligned one.
    let jit = jit(r#"
func.func @reverse(%in: !buffer<4xi32>, %out: !buffer<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %tmp = buffer.alloc() {role = "scratch"} : !buffer<4xi32>
  %wide = buffer.alloc() {alignment = 256 : i64, role = "scratch"} : !buffer<4xi32>
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %in[%i] : !buffer<4xi32>
    %j = arith.subi %c3, %i : index
    loop.store %v, %tmp[%j] : !buffer<4xi32>
  }
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %tmp[%i] : !buffer<4xi32>
    %w = arith.muli %v, %v : i32
    loop.store %w, %wide[%i] : !buffer<4xi32>
  }
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %wide[%i] : !buffer<4xi32>
    loop.store %v, %out[%i] : !buffer<4xi32>
  }
  return
}
"#);
    let (mut input, mut output) = ([1, 2, 3, 4], [0i32; 4]);
    jit.call("reverse", &mut [JitArg::memory(&mut input), JitArg::memory(&mut output)]).unwrap();
    assert_eq!(output, [16, 9, 4, 1]);
}

#[test]
fn views_read_through_their_offset_and_strides() {
    // Columns 1 and 3 of a 3x4 matrix, transposed: out[j][i] = in[i][1 + 2 j]; then a view of
    // the output with an offset writes its last row a second time, negated.
    let jit = jit(r#"
func.func @pick(%in: !buffer<3x4xi32>, %out: !buffer<2x3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %cols = buffer.view %in {offset = 1 : i64} : !buffer<3x4xi32> to !buffer<2x3xi32, strides: [2, 4], offset: 1>
  loop.for %j = %c0 to %c2 step %c1 {
    loop.for %i = %c0 to %c3 step %c1 {
      %v = loop.load %cols[%j, %i] : !buffer<2x3xi32, strides: [2, 4], offset: 1>
      loop.store %v, %out[%j, %i] : !buffer<2x3xi32>
    }
  }
  %last = buffer.view %out {offset = 3 : i64} : !buffer<2x3xi32> to !buffer<3xi32, strides: [1], offset: 3>
  loop.for %i = %c0 to %c3 step %c1 {
    %v = loop.load %last[%i] : !buffer<3xi32, strides: [1], offset: 3>
    %n = arith.subi %zero, %v : i32
    loop.store %n, %last[%i] : !buffer<3xi32, strides: [1], offset: 3>
  }
  return
}
"#);
    let mut input: Vec<i32> = (0..12).collect();
    let mut output = [0i32; 6];
    jit.call("pick", &mut [JitArg::memory(&mut input), JitArg::memory(&mut output)]).unwrap();
    assert_eq!(output, [1, 5, 9, -3, -7, -11]);
}

#[test]
fn globals_hold_dense_and_resource_data() {
    let jit = jit(r#"
buffer.global @dense {role = "constant"} : !buffer<2x2xi16> = dense<[[1, -2], [300, -400]]> : tensor<2x2xi16>
buffer.global @splat {role = "constant"} : !buffer<4xf32> = dense<0.5> : tensor<4xf32>
buffer.global @blob {alignment = 64 : i64, role = "constant"} : !buffer<3x!quant.uniform<i8:f32, 0.5:-1>> = dense_resource<weights> : tensor<3xi8>
func.func @sum(%out: !buffer<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d = buffer.get_global @dense : !buffer<2x2xi16>
  %s = buffer.get_global @splat : !buffer<4xf32>
  %b = buffer.get_global @blob : !buffer<3x!quant.uniform<i8:f32, 0.5:-1>>
  %raw = buffer.view %b : !buffer<3x!quant.uniform<i8:f32, 0.5:-1>> to !buffer<3xi8>
  loop.for %i = %c0 to %c3 step %c1 {
    %q = loop.load %raw[%i] : !buffer<3xi8>
    %x = arith.sitofp %q : i8 to f32
    %h = loop.load %s[%i] : !buffer<4xf32>
    %row = arith.divui %i, %c2 : index
    %col = arith.remui %i, %c2 : index
    %e16 = loop.load %d[%row, %col] : !buffer<2x2xi16>
    %e = arith.sitofp %e16 : i16 to f32
    %xh = arith.mulf %x, %h : f32
    %r = arith.addf %xh, %e : f32
    loop.store %r, %out[%i] : !buffer<3xf32>
  }
  return
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x0400000002FA7F"
    }
  }
#-}
"#);
    let mut output = [0f32; 3];
    jit.call("sum", &mut [JitArg::memory(&mut output)]).unwrap();
    // 0.5 * [2, -6, 127] + [1, -2, 300].
    assert_eq!(output, [2.0, -5.0, 363.5]);
}

#[test]
fn a_global_without_its_blob_is_an_error_at_the_global() {
    let message = match try_jit(
        r#"buffer.global @w {role = "constant"} : !buffer<3xi8> = dense_resource<missing> : tensor<3xi8>
func.func @f(%out: !buffer<3xi8>) {
  %w = buffer.get_global @w : !buffer<3xi8>
  return
}
"#,
    ) {
        Ok(_) => panic!("compiled a global without data"),
        Err(message) => message,
    };
    assert!(
        message.starts_with(
            "test.mlir:1:1: error: global @w: its data, resource blob 'missing', is not in the module's resources"
        ),
        "{message}"
    );
}

#[test]
fn large_allocs_run_on_a_large_stack() {
    // 64 MiB of activations: far more than a test thread's stack.
    let text = r#"
func.func @fill(%out: !buffer<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 16777216 : index
  %big = buffer.alloc() {role = "scratch"} : !buffer<16777216xi32>
  loop.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i32
    loop.store %v, %big[%i] : !buffer<16777216xi32>
  }
  %tail = buffer.view %big {offset = 16777212 : i64} : !buffer<16777216xi32> to !buffer<4xi32, strides: [1], offset: 16777212>
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %tail[%i] : !buffer<4xi32, strides: [1], offset: 16777212>
    loop.store %v, %out[%i] : !buffer<4xi32>
  }
  return
}
"#;
    let output = run_with_stack(MODEL_STACK_BYTES, || {
        let jit = jit(text);
        let mut output = [0i32; 4];
        jit.call("fill", &mut [JitArg::memory(&mut output)]).unwrap();
        output
    })
    .unwrap();
    assert_eq!(output, [16777212, 16777213, 16777214, 16777215]);
}

#[test]
fn pool_views_share_the_pool_and_state_persists_across_calls() {
    // Two views at the same offset of the scratch pool are the same bytes; the persistent pool
    // starts zeroed and keeps what a call wrote for the next call (a counter).
    let jit = jit(r#"
buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 32 : i64}
buffer.pool @sram_persistent {alignment = 64 : i64, bank = "sram", role = "persistent", size = 16 : i64}
func.func @step(%in: !buffer<4xi32>, %out: !buffer<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i32
  %a = buffer.pool_view @sram_scratch {offset = 16 : i64} : !buffer<4xi32>
  %b = buffer.pool_view @sram_scratch {offset = 16 : i64} : !buffer<4xi32>
  %count = buffer.pool_view @sram_persistent {offset = 0 : i64} : !buffer<4xi32>
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %in[%i] : !buffer<4xi32>
    loop.store %v, %a[%i] : !buffer<4xi32>
  }
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %b[%i] : !buffer<4xi32>
    %n = loop.load %count[%i] : !buffer<4xi32>
    %m = arith.addi %n, %one : i32
    loop.store %m, %count[%i] : !buffer<4xi32>
    %w = arith.muli %v, %m : i32
    loop.store %w, %out[%i] : !buffer<4xi32>
  }
  return
}
"#);
    let (mut input, mut output) = ([1, 2, 3, 4], [0i32; 4]);
    jit.call("step", &mut [JitArg::memory(&mut input), JitArg::memory(&mut output)]).unwrap();
    assert_eq!(output, [1, 2, 3, 4]);
    jit.call("step", &mut [JitArg::memory(&mut input), JitArg::memory(&mut output)]).unwrap();
    assert_eq!(output, [2, 4, 6, 8]);
}

#[test]
fn a_runtime_reads_and_writes_pools_through_their_memory() {
    // The input at offset 0 of the pool, the output at 16 (as `usmp{use-workspace-io}` places
    // them): the caller writes the input there, calls, and reads the doubled output; pools it
    // does not know are `None`.
    let mut jit = jit(r#"
buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 32 : i64}
func.func @double() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %in = buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<4xi32>
  %out = buffer.pool_view @sram_scratch {offset = 16 : i64} : !buffer<4xi32>
  loop.for %i = %c0 to %c4 step %c1 {
    %v = loop.load %in[%i] : !buffer<4xi32>
    %w = arith.addi %v, %v : i32
    loop.store %w, %out[%i] : !buffer<4xi32>
  }
  return
}
"#);
    let pool = jit.pool_memory("sram_scratch").expect("the pool");
    assert_eq!(pool.len(), 32);
    for (i, chunk) in pool[..16].chunks_mut(4).enumerate() {
        chunk.copy_from_slice(&(i as i32 + 1).to_le_bytes());
    }
    jit.call("double", &mut []).unwrap();
    let pool = jit.pool_memory("sram_scratch").unwrap();
    let out: Vec<i32> = pool[16..].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(out, [2, 4, 6, 8]);
    assert!(jit.pool_memory("dtcm_scratch").is_none());
}
