//! The overlap allowances kernels declare (`buffer_to_loop::overlap`), by brute force: each
//! random one-op int8 model (conv, depthwise conv, average and max pool, relu, add), and int16
//! average and max pools (2-byte elements: shifts in whole elements), runs with its
//! input and output in ONE buffer, the output exactly the declared `D` bytes after the input's
//! start (the tightest placement the planner may choose), through the real lowering and the
//! Cranelift JIT; its output must equal the model's ordinary run byte for byte. Windowed kernels
//! run both ways: rows ascending (`offset(out) - offset(in) <= D`) and descending (`>= D`, with
//! `row_order = "descending"`). Past `D` the test must be able to fail: element-wise kernels
//! break one byte further (`D + 1`, the bound is exact), windowed kernels (argued a row at a
//! time) within two output rows further (`D + 2 rows` ascending, `D - 2 rows` descending).

use mc_backend_cranelift::{JitArg, JitModule};
use mc_conformance::models::{OneOp, Quant};
use mc_conformance::{Case, DType, Rng, Tensor};
use mc_dialects::buffer::{AllocOp, CopyOp, DeltaBound, KernelOp, Role, RowOrder, ViewOp};
use mc_ir::buffer::row_major_strides;
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::{Builder, Context, InsertPoint, OpId};
use mc_passes::conversion::buffer_to_loop::overlap::allowance;
use mc_passes::pipelines::{buffer_to_loop, graph_to_buffer};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, Padding, Pool2DOptions,
};

/// A random one-op int8 model with one input `x` of `shape` (and its output shape), of `kind`.
fn random_case(kind: usize, rng: &mut Rng) -> Option<Case> {
    let pick = |rng: &mut Rng, low: i64, high: i64| rng.range(low, high) as usize;
    let shape = [pick(rng, 1, 2), pick(rng, 1, 7), pick(rng, 1, 5), pick(rng, 1, 4)];
    let [n, h, w, c] = shape;
    let filter = [pick(rng, 1, 3), pick(rng, 1, 3)];
    let stride = [pick(rng, 1, 2), pick(rng, 1, 2)];
    let dilation = [pick(rng, 1, 2), pick(rng, 1, 2)];
    let padding = if rng.range(0, 1) == 0 { Padding::Same } else { Padding::Valid };
    let windowed = kind < 4;
    let dilation = if kind < 2 { dilation } else { [1, 1] };
    let out_size = |axis: usize| {
        let (size, f) = ([h, w][axis], (filter[axis] - 1) * dilation[axis] + 1);
        match padding {
            Padding::Same => Some(size.div_ceil(stride[axis])),
            Padding::Valid => (size >= f).then(|| (size - f) / stride[axis] + 1),
        }
    };
    let (oh, ow) = if windowed { (out_size(0)?, out_size(1)?) } else { (h, w) };
    let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
    let q = Quant::tensor(0.05, -3);
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&shape), DType::Int8, Some(q.clone()));
    let name = ["conv", "depthwise", "avg_pool", "max_pool", "relu", "add"][kind];
    match kind {
        0 | 1 => {
            let out_c = if kind == 0 { pick(rng, 1, 5) } else { c * pick(rng, 1, 2) };
            let filter_shape =
                if kind == 0 { [out_c, filter[0], filter[1], c] } else { [1, filter[0], filter[1], out_c] };
            let scales: Vec<f32> = (0..out_c).map(|_| rng.float(0.002, 0.02)).collect();
            let weights = rng.bytes(filter_shape.iter().product());
            let f = m.constant(
                "w",
                &dims(&filter_shape),
                DType::Int8,
                &weights,
                Some(Quant::channels(&scales, if kind == 0 { 0 } else { 3 })),
            );
            let y = m.output("y", &dims(&[n, oh, ow, out_c]), DType::Int8, Some(Quant::tensor(0.08, 2)));
            let (stride_h, stride_w) = (stride[0] as i32, stride[1] as i32);
            let (dilation_h_factor, dilation_w_factor) = (dilation[0] as i32, dilation[1] as i32);
            let fused_activation = Activation::None;
            if kind == 0 {
                let options = Conv2DOptions {
                    padding,
                    stride_w,
                    stride_h,
                    fused_activation,
                    dilation_w_factor,
                    dilation_h_factor,
                    quantized_bias_type: None,
                };
                m.op(BuiltinOp::Conv2D, &[x, f], &[y], BuiltinOptions::Conv2D(options));
            } else {
                let options = DepthwiseConv2DOptions {
                    padding,
                    stride_w,
                    stride_h,
                    depth_multiplier: (out_c / c) as i32,
                    fused_activation,
                    dilation_w_factor,
                    dilation_h_factor,
                };
                m.op(BuiltinOp::DepthwiseConv2D, &[x, f], &[y], BuiltinOptions::DepthwiseConv2D(options));
            }
        }
        2 | 3 => {
            let y = m.output("y", &dims(&[n, oh, ow, c]), DType::Int8, Some(q));
            let options = Pool2DOptions {
                padding,
                stride_w: stride[1] as i32,
                stride_h: stride[0] as i32,
                filter_width: filter[1] as i32,
                filter_height: filter[0] as i32,
                fused_activation: Activation::None,
            };
            let op = if kind == 2 { BuiltinOp::AveragePool2D } else { BuiltinOp::MaxPool2D };
            m.op(op, &[x], &[y], BuiltinOptions::Pool2D(options));
        }
        4 => {
            let y = m.output("y", &dims(&shape), DType::Int8, Some(Quant::tensor(0.03, -128)));
            m.op(BuiltinOp::Relu, &[x], &[y], BuiltinOptions::None);
        }
        _ => {
            let count = shape.iter().product();
            let other = m.constant("b", &dims(&shape), DType::Int8, &rng.bytes(count), Some(Quant::tensor(0.04, 1)));
            let y = m.output("y", &dims(&shape), DType::Int8, Some(Quant::tensor(0.1, 0)));
            let options = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true };
            m.op(BuiltinOp::Add, &[x, other], &[y], BuiltinOptions::Add(options));
        }
    }
    let input = Tensor::random(DType::Int8, &shape, rng);
    let window = if windowed { format!(" filter {filter:?} stride {stride:?} {padding:?}") } else { String::new() };
    Some(m.case(&format!("{name} {shape:?}{window}"), vec![input]))
}

/// Runs `pipeline` on `module`.
fn run_pipeline(ctx: &mut Context, module: OpId, pipeline: &str) {
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let mut pm = PassManager::parse(pipeline, &registry).expect("the pipeline parses");
    if let Err(failure) = pm.run(ctx, module) {
        let text: Vec<String> = failure.0.iter().map(|d| mc_ir::diagnostics::source::render(ctx, d, &[])).collect();
        panic!("{pipeline}: {}", text.join("\n"));
    }
}

/// The case's kernel run with its rows in `order`, input and output in one buffer, the output
/// `shift(D)` bytes after the input's start; returns the bound and the output bytes (`None`
/// without an allowance). Input and output have one storage width (views cannot reinterpret
/// widths), and `shift(D)` must be a multiple of it.
fn run_overlapping(case: &Case, order: RowOrder, shift: impl Fn(i64) -> i64) -> Option<(DeltaBound, Vec<u8>)> {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let module = mc_tflite::import::import_and_verify(&mut ctx, &case.model, &case.name).expect("imports").op();
    run_pipeline(&mut ctx, module, &graph_to_buffer());
    let kernel = ctx.walk_preorder(module).into_iter().find_map(|op| KernelOp::cast(&ctx, op)).expect("a kernel");
    if order == RowOrder::Descending {
        let attr = ctx.string_attr(order.as_str());
        ctx.set_attr(kernel.op(), "row_order", Some(attr));
    }
    let (inputs, output) = (kernel.inputs(&ctx), kernel.output(&ctx));
    let name = kernel.kernel_name(&ctx).expect("a kernel name").to_string();
    let bound = allowance(&ctx, kernel.op(), &name, &inputs, output)?;
    let delta = shift(bound.bytes());
    // Both as views of one alloc of the input's storage integers: the input at `base`, the
    // output `delta` bytes after it (offsets count elements of `size` bytes).
    let (in_type, out_type) = (ctx.value_type(inputs[0]), ctx.value_type(output));
    let bytes = |ctx: &Context, ty| ctx.buffer_storage_bytes(ty).expect("a sized buffer") as i64;
    let (in_bytes, out_bytes) = (bytes(&ctx, in_type), bytes(&ctx, out_type));
    let size = ctx.buffer_element_bytes(in_type).expect("a sized element") as i64;
    assert_eq!(delta % size, 0, "{}: a shift of {delta} bytes between {size}-byte elements", case.name);
    let base = (-delta).max(0);
    let total = (base + in_bytes).max(base + delta + out_bytes);
    let loc = ctx.operation(kernel.op()).loc();
    let integer = ctx.integer_type(8 * size as u32);
    let storage = ctx.buffer_type(vec![total / size], integer);
    let (base, delta) = (base / size, delta / size);
    let before = InsertPoint::before(&ctx, kernel.op());
    let mut b = Builder::at(&mut ctx, before, loc);
    let alloc = AllocOp::build(&mut b, storage, Role::Scratch);
    let view = |b: &mut Builder<'_>, ty, offset: i64| {
        let buffer = b.ctx.buffer(ty).expect("a buffer").clone();
        let ty = b.ctx.intern_buffer_type(buffer.with_layout(row_major_strides(&buffer.shape), offset));
        ViewOp::build(b, alloc.result(), ty, offset).result()
    };
    let (shared_in, shared_out) = (view(&mut b, in_type, base), view(&mut b, out_type, base + delta));
    CopyOp::build(&mut b, inputs[0], shared_in);
    let operands = ctx.operation(kernel.op()).operands().len();
    ctx.set_operand(kernel.op(), 0, shared_in);
    ctx.set_operand(kernel.op(), operands - 1, shared_out);
    let after = InsertPoint::after(&ctx, kernel.op());
    let mut b = Builder::at(&mut ctx, after, loc);
    CopyOp::build(&mut b, shared_out, output);
    run_pipeline(&mut ctx, module, &buffer_to_loop(""));
    let jit = JitModule::compile(&ctx, module).expect("compiles");
    let mut input = case.inputs[0].data.clone();
    let mut result = vec![0u8; out_bytes as usize];
    jit.call("main", &mut [JitArg::Memory(&mut input), JitArg::Memory(&mut result)]).expect("runs");
    Some((bound, result))
}

/// Runs `rounds` random cases, kind `round % kinds` from `generate` (kinds below `windowed` are
/// windowed: both row orders, the others ascending): each must be exact with its output at the
/// declared `D`, at least `min_checked` runs must have had a valid shape, and for every kind and
/// order some case must break past `D` (one byte for element-wise kernels, within two output
/// rows for windowed ones).
fn check_allowances(
    seed: u64,
    (kinds, windowed): (usize, usize),
    (rounds, min_checked): (usize, usize),
    generate: fn(usize, &mut Rng) -> Option<Case>,
) {
    let mut rng = Rng(seed);
    let mut checked = 0;
    // Per kind: cases that broke past D (one byte, or two output rows for windowed kernels).
    let mut broken = vec![0; kinds];
    // Windowed kinds both ways, after them the element-wise kinds ascending.
    let mut broken_descending = vec![0; windowed];
    for round in 0..rounds {
        let kind = round % kinds;
        let Some(case) = generate(kind, &mut rng) else { continue };
        let outputs = mc_conformance::host::run_model(&case.model, &case.inputs, &case.name).expect("runs");
        let expected = &outputs[0];
        let orders: &[RowOrder] =
            if kind < windowed { &[RowOrder::Ascending, RowOrder::Descending] } else { &[RowOrder::Ascending] };
        for &order in orders {
            let (bound, got) =
                run_overlapping(&case, order, |d| d).unwrap_or_else(|| panic!("{}: no allowance", case.name));
            assert_eq!(&got, &expected.data, "{} ({order:?}): output at {bound:?} from the input differs", case.name);
            let ok = matches!(
                (order, bound),
                (RowOrder::Ascending, DeltaBound::AtMost(_)) | (RowOrder::Descending, DeltaBound::AtLeast(_))
            );
            assert!(ok, "{} ({order:?}): bound {bound:?} on the wrong side", case.name);
            checked += 1;
            // Element-wise kernels break one byte past D (unless the clobbered values happen to
            // give the same results): the bound is exact. Windowed ones are argued a row at a
            // time, so they may need up to a row or two more.
            let size = expected.dtype.size() as i64;
            let [.., width, channels] = expected.shape[..] else { panic!("{}: rank below 2", case.name) };
            let row = (width * channels) as i64 * size;
            let reach = if kind < windowed { 2 * row } else { size };
            let past = |k: i64| if order == RowOrder::Ascending { k } else { -k };
            let breaks =
                |k: i64| run_overlapping(&case, order, |d| d + past(k)).expect("an allowance").1 != expected.data;
            if (size..=reach).step_by(size as usize).any(breaks) {
                match order {
                    RowOrder::Ascending => broken[kind] += 1,
                    RowOrder::Descending => broken_descending[kind] += 1,
                }
            }
        }
    }
    assert!(broken_descending.iter().all(|&b| b > 0), "descending cases broken past D, by kind: {broken_descending:?}");
    assert!(checked >= min_checked, "only {checked} cases had a valid shape");
    assert!(broken.iter().all(|&b| b > 0), "cases broken past D, by kind: {broken:?}");
}

#[test]
fn kernels_are_exact_with_their_output_at_the_declared_overlap_and_break_past_it() {
    check_allowances(0x0E7E_41A9, (6, 4), (150, 120), random_case);
}

/// A random one-op int16 average (`kind` 0) or max pool (1).
fn random_int16_pool(kind: usize, rng: &mut Rng) -> Option<Case> {
    let pick = |rng: &mut Rng, low: i64, high: i64| rng.range(low, high) as usize;
    let shape = [pick(rng, 1, 2), pick(rng, 1, 7), pick(rng, 1, 5), pick(rng, 1, 4)];
    let [n, h, w, c] = shape;
    let filter = [pick(rng, 1, 3), pick(rng, 1, 3)];
    let stride = [pick(rng, 1, 2), pick(rng, 1, 2)];
    let padding = if rng.range(0, 1) == 0 { Padding::Same } else { Padding::Valid };
    let out_size = |axis: usize| match padding {
        Padding::Same => Some([h, w][axis].div_ceil(stride[axis])),
        Padding::Valid => ([h, w][axis] >= filter[axis]).then(|| ([h, w][axis] - filter[axis]) / stride[axis] + 1),
    };
    let (oh, ow) = (out_size(0)?, out_size(1)?);
    let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
    let q = Some(Quant::tensor(0.001, 0));
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&shape), DType::Int16, q.clone());
    let y = m.output("y", &dims(&[n, oh, ow, c]), DType::Int16, q);
    let options = Pool2DOptions {
        padding,
        stride_w: stride[1] as i32,
        stride_h: stride[0] as i32,
        filter_width: filter[1] as i32,
        filter_height: filter[0] as i32,
        fused_activation: Activation::None,
    };
    let op = if kind == 0 { BuiltinOp::AveragePool2D } else { BuiltinOp::MaxPool2D };
    m.op(op, &[x], &[y], BuiltinOptions::Pool2D(options));
    let name = format!("{op:?} int16 {shape:?} filter {filter:?} stride {stride:?} {padding:?}");
    Some(m.case(&name, vec![Tensor::full_range(DType::Int16, &shape, rng)]))
}

#[test]
fn int16_pools_are_exact_at_their_declared_overlap_and_break_past_it() {
    check_allowances(0x0E7E_1616, (2, 2), (40, 30), random_int16_pool);
}
