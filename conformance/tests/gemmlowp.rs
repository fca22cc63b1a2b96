//! The run-time gemmlowp builders of `buffer_to_loop::gemmlowp` (softmax's `GetReciprocal`, log
//! softmax's `log_x_for_x_greater_than_or_equal_to_1` and their parts), built into functions, JIT-compiled and compared bit for bit with their Rust
//! references on edge and seeded random values.

use mc_backend_cranelift::{JitArg, JitModule, JitValue};
use mc_conformance::Rng;
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::{Builder, Context, InsertPoint, Value};
use mc_passes::conversion::buffer_to_loop::gemmlowp::{self, reference};

/// Adds `@name(i32...) -> (i32...)` to `module`, its body built by `body`.
fn add_function(
    ctx: &mut Context,
    module: ModuleOp,
    name: &str,
    (params, results): (usize, usize),
    body: impl FnOnce(&mut Builder<'_>, &[Value]) -> Vec<Value>,
) {
    let loc = ctx.unknown_loc();
    let i32 = ctx.integer_type(32);
    let func = FuncOp::build(ctx, loc, name, vec![i32; params], vec![i32; results]);
    let end = module.body_end(ctx);
    ctx.insert_op(func.op(), end);
    let block = func.entry_block(ctx).expect("a body");
    let args = ctx.block_args(block);
    let mut b = Builder::at(ctx, InsertPoint::end(block), loc);
    let values = body(&mut b, &args);
    b.create("func.return", &values, &[], Vec::new(), Vec::new());
}

fn call(jit: &JitModule, name: &str, args: &[i32]) -> Vec<i32> {
    let mut args: Vec<JitArg<'_>> = args.iter().map(|&v| JitArg::Value(JitValue::I32(v))).collect();
    jit.call(name, &mut args)
        .unwrap()
        .into_iter()
        .map(|v| match v {
            JitValue::I32(v) => v,
            other => panic!("unexpected result {other:?}"),
        })
        .collect()
}

const EDGES: [i32; 12] =
    [i32::MIN, i32::MIN + 1, -(1 << 30) - 1, -(1 << 30), -3, -1, 0, 1, 3, 1 << 30, (1 << 30) + 1, i32::MAX];

#[test]
fn gemmlowp_builders_are_bit_exact_at_run_time() {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let loc = ctx.unknown_loc();
    let module = ModuleOp::build(&mut ctx, loc);
    add_function(&mut ctx, module, "half_sum", (2, 1), |b, a| vec![gemmlowp::rounding_half_sum(b, a[0], a[1])]);
    for exponent in [-12, -2, -1, 1, 2, 5] {
        let name = format!("srmpot{}", exponent + 12);
        add_function(&mut ctx, module, &name, (1, 1), |b, a| {
            vec![gemmlowp::saturating_rounding_multiply_by_pot(b, a[0], exponent)]
        });
    }
    add_function(&mut ctx, module, "clz", (1, 1), |b, a| vec![gemmlowp::count_leading_zeros(b, a[0])]);
    add_function(&mut ctx, module, "recip", (1, 1), |b, a| vec![gemmlowp::one_over_one_plus_x_for_x_in_0_1(b, a[0])]);
    add_function(&mut ctx, module, "get_reciprocal", (1, 2), |b, a| {
        let (scale, bits) = gemmlowp::get_reciprocal(b, a[0], 12);
        vec![scale, bits]
    });
    add_function(&mut ctx, module, "srmpot_param", (2, 1), |b, a| {
        vec![gemmlowp::saturating_rounding_multiply_by_pot_param(b, a[0], a[1])]
    });
    add_function(&mut ctx, module, "inv_sqrt", (1, 2), |b, a| {
        let (multiplier, shift) = gemmlowp::inv_sqrt_quantized_multiplier_exp(b, a[0], -1);
        vec![multiplier, shift]
    });
    add_function(&mut ctx, module, "log", (1, 1), |b, a| {
        vec![gemmlowp::log_x_for_x_greater_than_or_equal_to_1(b, a[0], 12, 5)]
    });
    let jit = JitModule::compile(&ctx, module.op()).unwrap();

    let mut rng = Rng(0x6E33);
    let randoms: Vec<i32> = (0..3000).map(|_| rng.next_u64() as i32).collect();
    for &a in EDGES.iter().chain(&randoms) {
        for &b in EDGES.iter().chain(&randoms[..20]) {
            assert_eq!(call(&jit, "half_sum", &[a, b]), [reference::rounding_half_sum(a, b)], "half_sum({a}, {b})");
        }
        for exponent in [-12, -2, -1, 1, 2, 5] {
            let expected = reference::saturating_rounding_multiply_by_pot(a, exponent);
            assert_eq!(call(&jit, &format!("srmpot{}", exponent + 12), &[a]), [expected], "srmpot({a}, {exponent})");
        }
        assert_eq!(call(&jit, "clz", &[a]), [(a as u32).leading_zeros() as i32], "clz({a})");
        let x = a & i32::MAX;
        assert_eq!(call(&jit, "recip", &[x]), [reference::one_over_one_plus_x_for_x_in_0_1(x)], "recip({x})");
        let (multiplier, shift) = reference::inv_sqrt_quantized_multiplier_exp(a, -1);
        assert_eq!(call(&jit, "inv_sqrt", &[a]), [multiplier, shift], "inv_sqrt({a})");
        for exponent in [0, 1, 7, 25, 30, 31] {
            let expected = reference::saturating_rounding_multiply_by_pot_param(a, exponent);
            assert_eq!(call(&jit, "srmpot_param", &[a, exponent]), [expected], "srmpot_param({a}, {exponent})");
        }
    }
    // The inverse square root on L2 normalization's sums of squares, small and large.
    for sum in (0..4096).chain((0..2000).map(|_| rng.range(0, 1 << 31) as i32)) {
        let (multiplier, shift) = reference::inv_sqrt_quantized_multiplier_exp(sum, -1);
        assert_eq!(call(&jit, "inv_sqrt", &[sum]), [multiplier, shift], "inv_sqrt({sum})");
    }
    // The logarithm on log softmax's sums (Q12.19, from one maximum to 4095 of them) and on every
    // positive value's leading-bit position.
    let sums = (0..2000).map(|_| rng.range(1 << 19, 4095 << 19) as i32).chain((0..31).map(|bit| 1 << bit)).chain([
        1 << 19,
        (1 << 19) + 1,
        (4095 << 19) | 0x7FFFF,
        i32::MAX,
    ]);
    for sum in sums {
        let expected = reference::log_x_for_x_greater_than_or_equal_to_1(sum, 12, 5);
        assert_eq!(call(&jit, "log", &[sum]), [expected], "log({sum})");
    }
    // GetReciprocal on softmax's sums: from one maximum (2^19) to 4095 of them.
    let sums = (0..2000).map(|_| rng.range(1 << 19, 4095 << 19) as i32).chain([1 << 19, (4095 << 19) | 0x7FFFF]);
    for sum in sums {
        let (scale, bits) = reference::get_reciprocal(sum, 12);
        assert_eq!(call(&jit, "get_reciprocal", &[sum]), [scale, bits], "get_reciprocal({sum})");
    }
}
