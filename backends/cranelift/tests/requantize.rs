//! TFLite's fixed-point requantization, built by `mc_dialects::arith::fixed_point`, printed,
//! read back, JIT-compiled and compared bit for bit with the Rust reference on run-time values;
//! then an int8 elementwise add kernel built the way lowerings build kernels, against a Rust
//! transcription of TFLite Micro's reference `AddFunc`.

mod common;

use common::{Rng, context, jit};
use mc_backend_cranelift::{JitArg, JitModule, JitValue};
use mc_dialects::arith::build::{binary, constant_index, constant_int};
use mc_dialects::arith::fixed_point::{self, reference};
use mc_dialects::func::FuncOp;
use mc_dialects::loops::{ForOp, LoadOp, StoreOp, YieldOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::printer::{PrintOptions, print_top_level};
use mc_ir::{Builder, Context, InsertPoint, Type, Value};

/// Adds `@name(inputs) -> results` to `module`, its body built by `body` (which returns the
/// values to return).
fn add_function(
    ctx: &mut Context,
    module: ModuleOp,
    name: &str,
    inputs: Vec<Type>,
    results: Vec<Type>,
    body: impl FnOnce(&mut Builder<'_>, &[Value]) -> Vec<Value>,
) {
    let loc = ctx.unknown_loc();
    let func = FuncOp::build(ctx, loc, name, inputs, results);
    let end = module.body_end(ctx);
    ctx.insert_op(func.op(), end);
    let block = func.entry_block(ctx).expect("a body");
    let args = ctx.block_args(block);
    let mut b = Builder::at(ctx, InsertPoint::end(block), loc);
    let values = body(&mut b, &args);
    b.create("func.return", &values, &[], Vec::new(), Vec::new());
}

/// Prints `module`, reads the text back and compiles it: what runs went through the text form.
fn compile_via_text(ctx: &Context, module: ModuleOp) -> JitModule {
    let text = print_top_level(ctx, module.op(), PrintOptions::default());
    jit(&text)
}

fn call_i32(jit: &JitModule, name: &str, args: &[JitValue]) -> i32 {
    let mut args: Vec<JitArg<'_>> = args.iter().map(|&v| JitArg::Value(v)).collect();
    match jit.call(name, &mut args).unwrap()[..] {
        [JitValue::I32(v)] => v,
        ref other => panic!("unexpected results {other:?}"),
    }
}

const EDGES: [i32; 12] =
    [i32::MIN, i32::MIN + 1, -(1 << 30) - 1, -(1 << 30), -3, -1, 0, 1, 3, 1 << 30, (1 << 30) + 1, i32::MAX];

#[test]
fn fixed_point_sequences_are_bit_exact_at_run_time() {
    let mut ctx = context();
    let loc = ctx.unknown_loc();
    let module = ModuleOp::build(&mut ctx, loc);
    let (i32, i64) = (ctx.integer_type(32), ctx.integer_type(64));
    add_function(&mut ctx, module, "srdhm", vec![i32, i32], vec![i32], |b, a| {
        vec![fixed_point::saturating_rounding_doubling_high_mul(b, a[0], a[1])]
    });
    add_function(&mut ctx, module, "rdbpot", vec![i32, i32], vec![i32], |b, a| {
        vec![fixed_point::rounding_divide_by_pot(b, a[0], a[1])]
    });
    add_function(&mut ctx, module, "mbqm", vec![i32, i32, i32], vec![i32], |b, a| {
        vec![fixed_point::multiply_by_quantized_multiplier(b, a[0], a[1], a[2])]
    });
    add_function(&mut ctx, module, "mbqm64", vec![i64, i32, i32], vec![i32], |b, a| {
        vec![fixed_point::multiply_by_quantized_multiplier_i64(b, a[0], a[1], a[2])]
    });
    // Constant shifts take the specialized sequences.
    let shifts = [-31, -20, -7, -1, 0, 1, 4, 30];
    for shift in shifts {
        let name = format!("mbqm_shift{}", shift + 31);
        add_function(&mut ctx, module, &name, vec![i32, i32], vec![i32], |b, a| {
            let s = constant_int(b, shift.into(), i32);
            vec![fixed_point::multiply_by_quantized_multiplier(b, a[0], a[1], s)]
        });
    }
    let jit = compile_via_text(&ctx, module);

    let mut rng = Rng(0x5EED);
    use JitValue::{I32, I64};
    for &a in &EDGES {
        for &b in &EDGES {
            assert_eq!(
                call_i32(&jit, "srdhm", &[I32(a), I32(b)]),
                reference::saturating_rounding_doubling_high_mul(a, b)
            );
        }
    }
    for _ in 0..2000 {
        let (a, b) = (rng.i32(), rng.i32());
        assert_eq!(call_i32(&jit, "srdhm", &[I32(a), I32(b)]), reference::saturating_rounding_doubling_high_mul(a, b));
    }
    for exponent in 0..=31 {
        let ties = if exponent > 0 { vec![3i64 << (exponent - 1), -(3i64 << (exponent - 1))] } else { vec![] };
        let xs = EDGES.iter().copied().chain(ties.into_iter().filter_map(|t| i32::try_from(t).ok()));
        for x in xs.chain((0..50).map(|_| rng.i32())) {
            let got = call_i32(&jit, "rdbpot", &[I32(x), I32(exponent)]);
            assert_eq!(got, reference::rounding_divide_by_pot(x, exponent), "rdbpot({x}, {exponent})");
        }
    }
    for shift in -31..=30 {
        for &x in &EDGES {
            for m in [0, 1, 1 << 30, 0x5555_5555, i32::MAX] {
                let got = call_i32(&jit, "mbqm", &[I32(x), I32(m), I32(shift)]);
                assert_eq!(got, reference::multiply_by_quantized_multiplier(x, m, shift), "mbqm({x}, {m}, {shift})");
            }
        }
    }
    assert_eq!(call_i32(&jit, "mbqm", &[I32(i32::MIN), I32(i32::MIN), I32(0)]), i32::MAX);
    for _ in 0..5000 {
        let x = if rng.next().is_multiple_of(2) { rng.i32() } else { rng.range(-(1 << 20), 1 << 20) as i32 };
        let m = rng.range(1 << 30, i64::from(i32::MAX)) as i32;
        let shift = rng.range(-31, 30) as i32;
        let expected = reference::multiply_by_quantized_multiplier(x, m, shift);
        assert_eq!(call_i32(&jit, "mbqm", &[I32(x), I32(m), I32(shift)]), expected, "mbqm({x}, {m}, {shift})");
        let fixed = shifts[(rng.next() % shifts.len() as u64) as usize];
        let name = format!("mbqm_shift{}", fixed + 31);
        let expected = reference::multiply_by_quantized_multiplier(x, m, fixed);
        assert_eq!(call_i32(&jit, &name, &[I32(x), I32(m)]), expected, "{name}({x}, {m})");
    }
    for _ in 0..3000 {
        let x = rng.range(-(1 << 47), (1 << 47) - 1);
        let m = rng.range(0, i64::from(i32::MAX)) as i32;
        let shift = rng.range(-31, 7) as i32;
        let expected = reference::multiply_by_quantized_multiplier_i64(x, m, shift);
        assert_eq!(call_i32(&jit, "mbqm64", &[I64(x), I32(m), I32(shift)]), expected, "mbqm64({x}, {m}, {shift})");
    }
}

/// Quantization of one int8 tensor.
#[derive(Copy, Clone, Debug)]
struct Quant {
    scale: f32,
    zero_point: i32,
}

/// The parameters TFLite Micro's `CalculateOpDataAdd` derives for an int8 add.
#[derive(Copy, Clone, Debug)]
struct AddParams {
    input1_offset: i32,
    input2_offset: i32,
    output_offset: i32,
    left_shift: i32,
    input1_multiplier: i32,
    input1_shift: i32,
    input2_multiplier: i32,
    input2_shift: i32,
    output_multiplier: i32,
    output_shift: i32,
    activation_min: i32,
    activation_max: i32,
}

impl AddParams {
    fn new(a: Quant, b: Quant, out: Quant, activation_min: i32, activation_max: i32) -> Self {
        let left_shift = 20;
        let twice_max_input_scale = 2.0 * f64::from(a.scale.max(b.scale));
        let real_input1 = f64::from(a.scale) / twice_max_input_scale;
        let real_input2 = f64::from(b.scale) / twice_max_input_scale;
        let real_output = twice_max_input_scale / (f64::from(1 << left_shift) * f64::from(out.scale));
        let smaller_than_one = |real: f64| {
            let (m, shift) = reference::quantize_multiplier(real);
            assert!(shift <= 0, "multiplier {real} is not smaller than one");
            (m, shift)
        };
        let (input1_multiplier, input1_shift) = smaller_than_one(real_input1);
        let (input2_multiplier, input2_shift) = smaller_than_one(real_input2);
        let (output_multiplier, output_shift) = smaller_than_one(real_output);
        AddParams {
            input1_offset: -a.zero_point,
            input2_offset: -b.zero_point,
            output_offset: out.zero_point,
            left_shift,
            input1_multiplier,
            input1_shift,
            input2_multiplier,
            input2_shift,
            output_multiplier,
            output_shift,
            activation_min,
            activation_max,
        }
    }

    /// TFLite Micro's reference `AddFunc` for int8.
    fn add(&self, x: i8, y: i8) -> i8 {
        let mbqm = reference::multiply_by_quantized_multiplier;
        let input1 = self.input1_offset + i32::from(x);
        let input2 = self.input2_offset + i32::from(y);
        let shifted1 = input1 * (1 << self.left_shift);
        let shifted2 = input2 * (1 << self.left_shift);
        let scaled1 = mbqm(shifted1, self.input1_multiplier, self.input1_shift);
        let scaled2 = mbqm(shifted2, self.input2_multiplier, self.input2_shift);
        let raw_sum = scaled1 + scaled2;
        let raw_output = mbqm(raw_sum, self.output_multiplier, self.output_shift) + self.output_offset;
        raw_output.clamp(self.activation_min, self.activation_max) as i8
    }
}

/// Builds `@add(a, b, out)` over `!buffer<N x !quant.uniform<...>>` operands: one loop, the
/// requantization sequences inline, as buffer-to-loop will build kernels.
fn build_add(ctx: &mut Context, module: ModuleOp, n: i64, quants: [Quant; 3], params: &AddParams) {
    let f32 = ctx.float_type(mc_ir::FloatKind::F32);
    let types: Vec<Type> = quants
        .iter()
        .map(|q| {
            let element = ctx.uniform_quantized_type(8, true, f32, f64::from(q.scale), i64::from(q.zero_point));
            ctx.buffer_type(vec![n], element)
        })
        .collect();
    let p = *params;
    add_function(ctx, module, "add", types, vec![], |b, args| {
        let i32 = b.ctx.integer_type(32);
        let i8 = b.ctx.integer_type(8);
        let (c0, c1, cn) = (constant_index(b, 0), constant_index(b, 1), constant_index(b, n));
        let k = |b: &mut Builder<'_>, v: i32| constant_int(b, v.into(), i32);
        let (offset1, offset2, offset_out) = (k(b, p.input1_offset), k(b, p.input2_offset), k(b, p.output_offset));
        let left_shift = k(b, p.left_shift);
        let (m1, s1, m2, s2) =
            (k(b, p.input1_multiplier), k(b, p.input1_shift), k(b, p.input2_multiplier), k(b, p.input2_shift));
        let (mo, so) = (k(b, p.output_multiplier), k(b, p.output_shift));
        let (low, high) = (k(b, p.activation_min), k(b, p.activation_max));
        let (_, body) = ForOp::build(b, c0, cn, c1, &[]);
        let saved = b.ip;
        b.set_insertion_point_to_end(body);
        let i = b.ctx.block_arg(body, 0);
        let mut scaled = Vec::new();
        for (input, offset, m, s) in [(args[0], offset1, m1, s1), (args[1], offset2, m2, s2)] {
            let x = LoadOp::build(b, input, &[i]).result();
            let x = mc_dialects::arith::build::unary(b, "arith.extsi", x, i32);
            let x = binary(b, "arith.addi", offset, x);
            let x = binary(b, "arith.shli", x, left_shift);
            scaled.push(fixed_point::multiply_by_quantized_multiplier(b, x, m, s));
        }
        let sum = binary(b, "arith.addi", scaled[0], scaled[1]);
        let out = fixed_point::multiply_by_quantized_multiplier(b, sum, mo, so);
        let out = binary(b, "arith.addi", out, offset_out);
        let out = binary(b, "arith.maxsi", out, low);
        let out = binary(b, "arith.minsi", out, high);
        let out = mc_dialects::arith::build::unary(b, "arith.trunci", out, i8);
        StoreOp::build(b, out, args[2], &[i]);
        YieldOp::build_at_end(b, body, &[]);
        b.ip = saved;
        vec![]
    });
}

#[test]
fn int8_add_is_bit_exact_with_tflite_micro_reference() {
    let cases = [
        // Same scales, zero points in the middle.
        (
            [
                Quant { scale: 0.05, zero_point: 3 },
                Quant { scale: 0.05, zero_point: -7 },
                Quant { scale: 0.1, zero_point: 0 },
            ],
            (-128, 127),
        ),
        // Very different scales and extreme zero points; a fused ReLU clamps at the output zero point.
        (
            [
                Quant { scale: 0.003921569, zero_point: -128 },
                Quant { scale: 0.25, zero_point: 127 },
                Quant { scale: 0.2, zero_point: -20 },
            ],
            (-20, 127),
        ),
        // An output scale much smaller than the inputs': saturation at both ends.
        (
            [
                Quant { scale: 0.5, zero_point: 0 },
                Quant { scale: 0.125, zero_point: 10 },
                Quant { scale: 0.01, zero_point: 5 },
            ],
            (-128, 127),
        ),
    ];
    let mut rng = Rng(0xADD);
    for (quants, (low, high)) in cases {
        let params = AddParams::new(quants[0], quants[1], quants[2], low, high);
        let mut ctx = context();
        let loc = ctx.unknown_loc();
        let module = ModuleOp::build(&mut ctx, loc);
        let n = 1024;
        build_add(&mut ctx, module, n as i64, quants, &params);
        let jit = compile_via_text(&ctx, module);
        // Every pair of extreme values, then random ones.
        let mut a: Vec<i8> = (0..n).map(|i| if i < 256 { (i as i32 - 128) as i8 } else { rng.i8() }).collect();
        let mut b: Vec<i8> = (0..n).map(|i| if i < 256 { [-128i8, 127, 0, -1][i % 4] } else { rng.i8() }).collect();
        let mut out = vec![0i8; n];
        jit.call("add", &mut [JitArg::memory(&mut a), JitArg::memory(&mut b), JitArg::memory(&mut out)]).unwrap();
        for i in 0..n {
            assert_eq!(out[i], params.add(a[i], b[i]), "{:?}: add({}, {})", params, a[i], b[i]);
        }
    }
}
