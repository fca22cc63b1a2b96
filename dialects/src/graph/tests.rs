//! Builders, verifiers and shape inference working together on IR built in memory (the text
//! forms are covered by `lit-tests/Dialect/graph`).

use super::*;
use crate::func::{FuncOp, ReturnOp};
use crate::graph::shapes::WindowPadding;
use mc_ir::quant::{QuantParams, QuantizedType};
use mc_ir::{Builder, Context, FloatKind, InsertPoint, OpId, Type, Value};

/// A context with every dialect, and a function whose entry block the test fills.
struct Fixture {
    ctx: Context,
    func: FuncOp,
}

impl Fixture {
    fn new(inputs: impl FnOnce(&mut Context) -> Vec<Type>) -> Self {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let inputs = inputs(&mut ctx);
        let loc = ctx.unknown_loc();
        let func = FuncOp::build(&mut ctx, loc, "f", inputs, vec![]);
        Fixture { ctx, func }
    }

    fn arg(&self, index: usize) -> Value {
        self.ctx.block_arg(self.func.entry_block(&self.ctx).expect("body"), index)
    }

    fn builder(&mut self) -> Builder<'_> {
        let block = self.func.entry_block(&self.ctx).expect("body");
        let loc = self.ctx.unknown_loc();
        Builder::at(&mut self.ctx, InsertPoint::end(block), loc)
    }

    /// Verifies the function (after adding its return) and returns the error messages.
    fn errors(mut self) -> Vec<String> {
        let mut b = self.builder();
        b.create(ReturnOp::NAME, &[], &[], vec![], vec![]);
        match mc_ir::verify(&self.ctx, self.func.op()) {
            Ok(()) => vec![],
            Err(diags) => diags.into_iter().map(|d| d.message).collect(),
        }
    }
}

fn f32(ctx: &mut Context) -> Type {
    ctx.float_type(FloatKind::F32)
}

fn per_tensor(ctx: &mut Context, width: u32, scale: f64, zero_point: i64) -> Type {
    let expressed = f32(ctx);
    ctx.uniform_quantized_type(width, true, expressed, scale, zero_point)
}

fn per_axis(ctx: &mut Context, width: u32, axis: i32, scales: &[f64]) -> Type {
    let expressed = f32(ctx);
    let (storage_min, storage_max) = QuantizedType::default_range(width, true);
    ctx.quantized_type(QuantizedType {
        storage_width: width,
        signed: true,
        storage_min,
        storage_max,
        expressed,
        params: QuantParams::PerAxis {
            axis,
            scale_bits: scales.iter().map(|s| s.to_bits()).collect(),
            zero_points: vec![0; scales.len()],
        },
    })
}

fn tensor(ctx: &mut Context, shape: &[i64], element: Type) -> Type {
    ctx.tensor_type(shape.to_vec(), element)
}

const CONV: Conv2DAttrs = Conv2DAttrs {
    stride_h: 2,
    stride_w: 2,
    dilation_h: 1,
    dilation_w: 1,
    padding: WindowPadding::Mode(Padding::Same),
    fused_activation: Activation::Relu6,
};

/// An int8 convolution with per-channel weights; `bias_scales` are the bias's scales.
fn int8_conv(bias_scales: &[f64], result_shape: &[i64]) -> (Fixture, OpId) {
    let mut fx = Fixture::new(|ctx| {
        let q = per_tensor(ctx, 8, 0.5, -128);
        let w = per_axis(ctx, 8, 0, &[0.01, 0.02]);
        let b = per_axis(ctx, 32, 0, bias_scales);
        vec![tensor(ctx, &[1, 9, 9, 3], q), tensor(ctx, &[2, 3, 3, 3], w), tensor(ctx, &[2], b)]
    });
    let (input, filter, bias) = (fx.arg(0), fx.arg(1), fx.arg(2));
    let q = per_tensor(&mut fx.ctx, 8, 0.25, 5);
    let result = tensor(&mut fx.ctx, result_shape, q);
    let conv = Conv2DOp::build(&mut fx.builder(), input, filter, Some(bias), &CONV, result);
    (fx, conv.op())
}

#[test]
fn conv_builder_verifies_and_reads_back() {
    let (fx, op) = int8_conv(&[0.005, 0.01], &[1, 5, 5, 2]);
    let conv = Conv2DOp::cast(&fx.ctx, op).expect("a conv");
    assert_eq!(conv.attrs(&fx.ctx), Some(CONV));
    assert_eq!(conv.bias(&fx.ctx), Some(fx.arg(2)));
    assert_eq!(infer(&fx.ctx, op), Ok(Some(vec![shape_inference::Inferred::Shape(vec![1, 5, 5, 2])])));
    assert_eq!(fx.errors(), Vec::<String>::new());
}

#[test]
fn bias_scales_must_be_input_times_filter_scales() {
    // 0.5 × 0.02 = 0.01, within 1e-6 relative; 0.0101 is not.
    let (fx, _) = int8_conv(&[0.005, 0.01 * (1.0 + 1e-7)], &[1, 5, 5, 2]);
    assert_eq!(fx.errors(), Vec::<String>::new());
    let (fx, _) = int8_conv(&[0.005, 0.0101], &[1, 5, 5, 2]);
    assert_eq!(
        fx.errors(),
        [
            "'graph.conv_2d' op bias scale 0.0101 (channel 1) does not match input scale × filter scale (0.5 × 0.02 = 0.01)"
        ]
    );
}

#[test]
fn wrong_result_shapes_are_reported_and_inferred() {
    let (mut fx, op) = int8_conv(&[0.005, 0.01], &[1, 9, 9, 2]);
    let types = infer_result_types(&mut fx.ctx, op).expect("inferable").expect("covered");
    let q = per_tensor(&mut fx.ctx, 8, 0.25, 5);
    assert_eq!(types, vec![tensor(&mut fx.ctx, &[1, 5, 5, 2], q)], "the element type is kept");
    assert_eq!(
        fx.errors(),
        ["'graph.conv_2d' op result shape [1, 9, 9, 2] does not match the inferred shape [1, 5, 5, 2]"]
    );
}

#[test]
fn every_error_of_an_op_is_reported() {
    let mut fx = Fixture::new(|ctx| {
        let f = f32(ctx);
        vec![tensor(ctx, &[1, 8, 8, 3], f), tensor(ctx, &[2, 3, 3, 3], f)]
    });
    let (input, filter) = (fx.arg(0), fx.arg(1));
    let f = f32(&mut fx.ctx);
    let result = tensor(&mut fx.ctx, &[1, 8, 8, 2], f);
    let attrs = Conv2DAttrs { stride_h: 0, dilation_w: 0, fused_activation: Activation::SignBit, ..CONV };
    Conv2DOp::build(&mut fx.builder(), input, filter, None, &attrs, result);
    assert_eq!(
        fx.errors(),
        [
            "'graph.conv_2d' op 'stride_h' must be at least 1, but is 0",
            "'graph.conv_2d' op 'dilation_w' must be at least 1, but is 0",
            "'graph.conv_2d' op fused activation \"SIGN_BIT\" is not supported: TFLite fuses only \"NONE\", \"RELU\", \
             \"RELU_N1_TO_1\" and \"RELU6\"",
        ]
    );
}

#[test]
fn builders_cover_every_op() {
    let mut fx = Fixture::new(|ctx| {
        let f = f32(ctx);
        let q = per_tensor(ctx, 8, 0.05, 3);
        vec![tensor(ctx, &[1, 8, 8, 4], f), tensor(ctx, &[1, 8, 8, 4], q)]
    });
    let (x, q) = (fx.arg(0), fx.arg(1));
    let f = f32(&mut fx.ctx);
    let i32 = fx.ctx.integer_type(32);
    let q8 = per_tensor(&mut fx.ctx, 8, 0.05, 3);
    let t = |fx: &mut Fixture, shape: &[i64], e: Type| tensor(&mut fx.ctx, shape, e);
    let (x4, x_t, x_flat, x_pad, x_mean, x_cat, x_slice) = (
        t(&mut fx, &[1, 8, 8, 4], f),
        t(&mut fx, &[1, 4, 8, 8], f),
        t(&mut fx, &[64, 4], f),
        t(&mut fx, &[1, 10, 9, 4], f),
        t(&mut fx, &[1, 4], f),
        t(&mut fx, &[1, 8, 8, 8], f),
        t(&mut fx, &[1, 4, 8, 4], f),
    );
    let (q4, q_pool, shape_type) =
        (t(&mut fx, &[1, 8, 8, 4], q8), t(&mut fx, &[1, 4, 4, 4], q8), t(&mut fx, &[2], i32));
    let q_min = t(&mut fx, &[1, 1, 1, 1], q8);
    let x_pool = t(&mut fx, &[1, 4, 4, 4], f);
    let sig = per_tensor(&mut fx.ctx, 8, 1.0 / 256.0, -128);
    let tanh = per_tensor(&mut fx.ctx, 8, 1.0 / 128.0, 0);
    let (q_sig, q_tanh) = (t(&mut fx, &[1, 8, 8, 4], sig), t(&mut fx, &[1, 8, 8, 4], tanh));
    let shape_value = attributes::dense_int_elements(&mut fx.ctx, shape_type, &[64, 4]);
    let index_value = attributes::dense_int_elements(&mut fx.ctx, shape_type, &[1, 3]);
    let pair_type = t(&mut fx, &[1, 2], i32);
    let pair_value = attributes::dense_int_elements(&mut fx.ctx, pair_type, &[0, 3]);
    let (x_gather, x_gather_nd) = (t(&mut fx, &[1, 8, 8, 2], f), t(&mut fx, &[1, 8, 4], f));
    let w_type = t(&mut fx, &[3, 4], f);
    let w_value = fx.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: w_type, splat: true, data: vec![0; 4] });
    let fc_result = t(&mut fx, &[64, 3], f);
    let var_type = t(&mut fx, &[1, 8, 8, 4], f);
    let x_up = t(&mut fx, &[1, 16, 16, 4], f);
    // SVDF: 3 filters of memory 2 over the 64 rows of `flat`, rank 1.
    let (svdf_state_type, svdf_time_type) = (t(&mut fx, &[64, 6], f), t(&mut fx, &[3, 2], f));
    let time_value =
        fx.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: svdf_time_type, splat: true, data: vec![0; 4] });
    let svdf_bias_type = t(&mut fx, &[3], f);
    let bias_value =
        fx.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: svdf_bias_type, splat: true, data: vec![0; 4] });
    let (filter_type, dw_type, conv_result) =
        (t(&mut fx, &[4, 3, 3, 4], f), t(&mut fx, &[1, 3, 3, 8], f), t(&mut fx, &[1, 4, 4, 4], f));
    let filter_value =
        fx.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: filter_type, splat: true, data: vec![0; 4] });
    let dw_value = fx.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: dw_type, splat: true, data: vec![0; 4] });
    let (x_d2s, x_s2d, x_s2b) =
        (t(&mut fx, &[1, 16, 16, 1], f), t(&mut fx, &[1, 4, 4, 16], f), t(&mut fx, &[4, 4, 4, 4], f));
    let (i1, i8) = (fx.ctx.integer_type(1), fx.ctx.integer_type(8));
    let (b4, arg_result, i8_4) =
        (t(&mut fx, &[1, 8, 8, 4], i1), t(&mut fx, &[1, 8, 8], i32), t(&mut fx, &[1, 8, 8, 4], i8));
    let b_all = t(&mut fx, &[1, 8, 8], i1);
    let mut b = fx.builder();
    let filter = ConstOp::build(&mut b, filter_value).result();
    let dw_filter = ConstOp::build(&mut b, dw_value).result();
    Conv2DOp::build(&mut b, x, filter, None, &Conv2DAttrs { fused_activation: Activation::None, ..CONV }, conv_result);
    let dw = DepthwiseConv2DAttrs { conv: Conv2DAttrs { stride_h: 1, stride_w: 1, ..CONV }, depth_multiplier: 2 };
    DepthwiseConv2DOp::build(&mut b, x, dw_filter, None, &dw, x_cat);
    let transposed = TransposeConvAttrs {
        output_shape: vec![1, 16, 16, 4],
        stride_h: 2,
        stride_w: 2,
        padding: Padding::Same,
        fused_activation: Activation::Relu,
    };
    TransposeConvOp::build(&mut b, x, filter, None, &transposed, x_up);
    BatchMatMulOp::build(&mut b, x, x, false, true, x_cat);
    let shape = ConstOp::build(&mut b, shape_value).result();
    let weights = ConstOp::build(&mut b, w_value).result();
    let pool = Pool2DAttrs {
        filter_h: 2,
        filter_w: 2,
        stride_h: 2,
        stride_w: 2,
        padding: Padding::Valid.into(),
        fused_activation: Activation::None,
    };
    let flat = ReshapeOp::build(&mut b, x, Some(shape), None, x_flat).result();
    FullyConnectedOp::build(&mut b, flat, weights, None, Activation::Relu, false, fc_result);
    AddOp::build(&mut b, x, x, Activation::None, x4);
    SubOp::build(&mut b, x, x, Activation::ReluN1To1, x4);
    MulOp::build(&mut b, x, x, Activation::Relu, x4);
    MaximumOp::build(&mut b, x, x, x4);
    MinimumOp::build(&mut b, q, q, q4);
    NegOp::build(&mut b, x, x4);
    AbsOp::build(&mut b, q, q4);
    RsqrtOp::build(&mut b, q, q4);
    SqrtOp::build(&mut b, x, x4);
    ExpOp::build(&mut b, x, x4);
    LogOp::build(&mut b, x, x4);
    SquareOp::build(&mut b, x, x4);
    SinOp::build(&mut b, x, x4);
    CosOp::build(&mut b, x, x4);
    FloorOp::build(&mut b, x, x4);
    CeilOp::build(&mut b, x, x4);
    RoundOp::build(&mut b, x, x4);
    EluOp::build(&mut b, q, q4);
    DivOp::build(&mut b, x, x, Activation::Relu6, x4);
    FloorDivOp::build(&mut b, x, x, x4);
    FloorModOp::build(&mut b, x, x, x4);
    SquaredDifferenceOp::build(&mut b, q, q, q4);
    AddNOp::build(&mut b, &[x, x, x], x4);
    let cond = EqualOp::build(&mut b, x, x, b4).result();
    NotEqualOp::build(&mut b, cond, cond, b4);
    LessOp::build(&mut b, q, q, b4);
    LessEqualOp::build(&mut b, x, x, b4);
    GreaterOp::build(&mut b, x, x, b4);
    GreaterEqualOp::build(&mut b, x, x, b4);
    LogicalAndOp::build(&mut b, cond, cond, b4);
    LogicalOrOp::build(&mut b, cond, cond, b4);
    LogicalNotOp::build(&mut b, cond, b4);
    ReduceAllOp::build(&mut b, cond, None, Some(&[-1]), false, b_all);
    SelectV2Op::build(&mut b, cond, x, x, x4);
    ArgMaxOp::build(&mut b, x, None, Some(-1), arg_result);
    ArgMinOp::build(&mut b, q, None, Some(3), arg_result);
    CastOp::build(&mut b, x, i8_4);
    // Two elements decoded by a 1-bit LUT: indices 0 and 1 of the table [5, -5].
    let ui8 = b.ctx.intern_type(mc_ir::TypeKind::Integer { width: 8, signedness: mc_ir::Signedness::Unsigned });
    let mut bytes = |data: Vec<u8>| {
        let ty = b.ctx.tensor_type(vec![data.len() as i64], ui8);
        let value = b.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty, splat: false, data });
        ConstOp::build(&mut b, value).result()
    };
    let encoded = bytes(vec![0b0100_0000]);
    let ancillary = bytes([vec![0, 1, 0, 0, 1, 1, 2], vec![0; 9], vec![5, 0xfb]].concat());
    let i8_2 = b.ctx.tensor_type(vec![2], i8);
    DecodeOp::build(&mut b, encoded, ancillary, i8_2);
    AvgPool2DOp::build(&mut b, q, &pool, q_pool);
    MaxPool2DOp::build(&mut b, q, &pool, q_pool);
    L2Pool2DOp::build(&mut b, x, &pool, x_pool);
    TransposeOp::build(&mut b, x, None, Some(&[0, 3, 1, 2]), x_t);
    SoftmaxOp::build(&mut b, x, 1.0, x4);
    LogSoftmaxOp::build(&mut b, x, x4);
    L2NormalizationOp::build(&mut b, x, Activation::None, x4);
    LogisticOp::build(&mut b, q, q_sig);
    TanhOp::build(&mut b, q, q_tanh);
    ReluOp::build(&mut b, x, x4);
    Relu6Op::build(&mut b, q, q4);
    ReluN1To1Op::build(&mut b, x, x4);
    LeakyReluOp::build(&mut b, x, -0.2, x4);
    PreluOp::build(&mut b, x, x, x4);
    HardSwishOp::build(&mut b, q, q4);
    MeanOp::build(&mut b, x, None, Some(&[1, 2]), false, x_mean);
    SumOp::build(&mut b, x, None, Some(&[1, 2]), false, x_mean);
    ReduceMaxOp::build(&mut b, x, None, Some(&[1, 2]), false, x_mean);
    ReduceMinOp::build(&mut b, q, None, Some(&[1, 2, 3]), true, q_min);
    CumsumOp::build(&mut b, q, None, Some(-1), (true, false), q4);
    PadOp::build(&mut b, x, None, Some(&[[0, 0], [1, 1], [0, 1], [0, 0]]), x_pad);
    ConcatenationOp::build(&mut b, &[x, x], -1, Activation::None, x_cat);
    ReverseV2Op::build(&mut b, x, None, Some(&[1, 2]), x4);
    let pad_value_type = t(&mut fx, &[], f);
    let pad_value =
        fx.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: pad_value_type, splat: true, data: vec![0; 4] });
    let mut b = fx.builder();
    let value = ConstOp::build(&mut b, pad_value).result();
    PadV2Op::build(&mut b, x, value, None, Some(&[[0, 0], [1, 1], [0, 1], [0, 0]]), x_pad);
    MirrorPadOp::build(&mut b, x, None, Some(&[[0, 0], [1, 1], [0, 1], [0, 0]]), true, x_pad);
    let slice = StridedSliceAttrs { begin_mask: 0b1101, end_mask: 0b1101, ..Default::default() };
    StridedSliceOp::build_static(&mut b, x, &[0, 2, 0, 0], &[0, 6, 0, 0], &[1, 1, 1, 1], &slice, x_slice);
    SliceOp::build(&mut b, x, None, Some((&[0, 2, 0, 0], &[-1, 4, -1, -1])), x_slice);
    let index = ConstOp::build(&mut b, index_value).result();
    GatherOp::build(&mut b, x, index, 3, 0, x_gather);
    let pair = ConstOp::build(&mut b, pair_value).result();
    GatherNdOp::build(&mut b, x, pair, x_gather_nd);
    let ids_type = b.ctx.tensor_type(vec![2], i32);
    let ids_value = attributes::dense_int_elements(b.ctx, ids_type, &[0, 0]);
    let ids = ConstOp::build(&mut b, ids_value).result();
    let looked_up = b.ctx.tensor_type(vec![2, 8, 8, 4], f);
    EmbeddingLookupOp::build(&mut b, x, ids, looked_up);
    let starts_type = b.ctx.tensor_type(vec![4], i32);
    let starts_value = attributes::dense_int_elements(b.ctx, starts_type, &[0, 1, 2, 3]);
    let starts = ConstOp::build(&mut b, starts_value).result();
    DynamicUpdateSliceOp::build(&mut b, x, x, starts, x4);
    let rank = b.ctx.tensor_type(vec![4], i32);
    ShapeOp::build(&mut b, q, rank);
    let stacked = b.ctx.tensor_type(vec![1, 8, 2, 8, 4], f);
    PackOp::build(&mut b, &[x, x], 2, stacked);
    let quarter = b.ctx.tensor_type(vec![1, 8, 2, 4], f);
    SplitOp::build(&mut b, x, None, Some(-2), &[quarter; 4]);
    let (three, five) = (b.ctx.tensor_type(vec![1, 8, 3, 4], f), b.ctx.tensor_type(vec![1, 8, 5, 4], f));
    SplitVOp::build(&mut b, x, None, Some((&[3, -1], 2)), &[three, five]);
    let row = b.ctx.tensor_type(vec![1, 8, 4], f);
    UnpackOp::build(&mut b, x, 1, &[row; 8]);
    let squeezed = b.ctx.tensor_type(vec![8, 8, 4], f);
    let squeezed = SqueezeOp::build(&mut b, x, &[0], squeezed).result();
    let scalar = b.ctx.tensor_type(vec![], i32);
    let axis_value = attributes::dense_int_elements(b.ctx, scalar, &[-1]);
    let axis = ConstOp::build(&mut b, axis_value).result();
    let expanded = b.ctx.tensor_type(vec![8, 8, 4, 1], f);
    ExpandDimsOp::build(&mut b, squeezed, axis, expanded);
    ZerosLikeOp::build(&mut b, x, x4);
    let value_type = b.ctx.tensor_type(vec![], f);
    let value_attr = b.ctx.intern_attr(mc_ir::AttrKind::DenseElements {
        ty: value_type,
        splat: true,
        data: 0.5f32.to_le_bytes().to_vec(),
    });
    let value = ConstOp::build(&mut b, value_attr).result();
    let dims_type = b.ctx.tensor_type(vec![2], i32);
    let dims_value = attributes::dense_int_elements(b.ctx, dims_type, &[64, 4]);
    let dims = ConstOp::build(&mut b, dims_value).result();
    FillOp::build(&mut b, value, dims, x_flat);
    BroadcastArgsOp::build(&mut b, dims, dims, dims_type);
    let x_wide = b.ctx.tensor_type(vec![2, 8, 8, 4], f);
    BroadcastToOp::build(&mut b, x, None, Some(&[2, 8, 8, 4]), x_wide);
    ResizeBilinearOp::build(&mut b, x, None, Some(&[4, 4]), ResizeAttrs::default(), conv_result);
    let nearest = ResizeAttrs { align_corners: true, half_pixel_centers: true };
    ResizeNearestNeighborOp::build(&mut b, q, None, Some(&[4, 4]), nearest, q_pool);
    DepthToSpaceOp::build(&mut b, x, 2, x_d2s);
    SpaceToDepthOp::build(&mut b, x, 2, x_s2d);
    let batches = SpaceToBatchNdOp::build(&mut b, x, None, Some((&[2, 2], &[[0, 0], [0, 0]])), x_s2b).result();
    BatchToSpaceNdOp::build(&mut b, batches, None, Some((&[2, 2], &[[0, 0], [0, 0]])), x4);
    let quantized = QuantizeOp::build(&mut b, x, q4).result();
    DequantizeOp::build(&mut b, quantized, x4);
    let handle = VarHandleOp::build(&mut b, "", "state", var_type).handle();
    let read = ReadVariableOp::build(&mut b, handle, var_type).result();
    AssignVariableOp::build(&mut b, handle, read);
    let svdf_handle = VarHandleOp::build(&mut b, "", "svdf", svdf_state_type).handle();
    let svdf_old = ReadVariableOp::build(&mut b, svdf_handle, svdf_state_type).result();
    let svdf_new = SvdfStateOp::build(&mut b, svdf_old, flat, weights).result();
    let time_weights = ConstOp::build(&mut b, time_value).result();
    let svdf_bias = ConstOp::build(&mut b, bias_value).result();
    SvdfOp::build(&mut b, svdf_new, time_weights, svdf_bias, 1, Activation::Tanh, fc_result);
    // An LSTM of 1 batch, 2 steps, 3 inputs and 2 units on zero constants.
    let mut zeros = |shape: &[i64]| {
        let ty = b.ctx.tensor_type(shape.to_vec(), f);
        let value = b.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty, splat: true, data: vec![0; 4] });
        ConstOp::build(&mut b, value).result()
    };
    let mut lstm_operands = vec![zeros(&[1, 2, 3])];
    lstm_operands.extend((0..4).map(|_| zeros(&[2, 3])).collect::<Vec<_>>());
    lstm_operands.extend((0..4).map(|_| zeros(&[2, 2])).collect::<Vec<_>>());
    lstm_operands.extend((0..4).map(|_| zeros(&[2])).collect::<Vec<_>>());
    lstm_operands.extend([zeros(&[1, 2]), zeros(&[1, 2])]);
    let lstm_operands: [Value; 15] = lstm_operands.try_into().expect("15 operands");
    // SSD post-processing of 6 boxes, 3 classes and a background, 2 detections.
    let detection_operands = [zeros(&[1, 6, 4]), zeros(&[1, 6, 4]), zeros(&[6, 4])];
    let options = LstmOptions { activation: Activation::Tanh, cell_clip: 0.5, time_major: false };
    let sequence = b.ctx.tensor_type(vec![1, 2, 2], f);
    LstmOp::build(&mut b, &lstm_operands, options, sequence);
    let detection = DetectionAttrs {
        max_detections: 2,
        max_classes_per_detection: 1,
        detections_per_class: 100,
        use_regular_nms: true,
        nms_score_threshold: 0.5,
        nms_iou_threshold: 0.6,
        num_classes: 3,
        scales: [10.0, 10.0, 5.0, 5.0],
    };
    let detection_results = [vec![1, 2, 4], vec![1, 2], vec![1, 2], vec![1]].map(|s| b.ctx.tensor_type(s, f));
    DetectionPostprocessOp::build(&mut b, detection_operands, &detection, detection_results);
    // The signal library on 16-bit zero constants: a window over rows of 4, the auto scale of a
    // 16-sample frame, a 16-point real FFT of rows of 12.
    let i16_type = b.ctx.integer_type(16);
    let mut zeros16 = |shape: &[i64]| {
        let ty = b.ctx.tensor_type(shape.to_vec(), i16_type);
        let value = b.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty, splat: true, data: vec![0; 2] });
        (ConstOp::build(&mut b, value).result(), ty)
    };
    let ((samples, rows), (weights, _)) = (zeros16(&[2, 4]), zeros16(&[4]));
    let ((frame, frame_type), (fft_rows, _)) = (zeros16(&[16]), zeros16(&[3, 12]));
    let ((spectrum, _), (tables, _), (lut, _)) = (zeros16(&[16]), zeros16(&[4]), zeros16(&[125]));
    let ((delay_state, delay_state_type), (_, delayed)) = (zeros16(&[2, 3]), zeros16(&[2, 4]));
    let ((overlap_state, overlap_state_type), (_, stream)) = (zeros16(&[4]), zeros16(&[6]));
    let ((framer_state, framer_state_type), (_, frames)) = (zeros16(&[2, 2]), zeros16(&[2, 2, 4]));
    let ((stacker_state, stacker_state_type), (_, stack)) = (zeros16(&[13]), zeros16(&[8]));
    SignalWindowOp::build(&mut b, samples, weights, 12, rows);
    let scale_bits = b.ctx.tensor_type(vec![], i32);
    SignalFftAutoScaleOp::build(&mut b, frame, [frame_type, scale_bits]);
    let spectra = b.ctx.tensor_type(vec![3, 18], i16_type);
    let spectra = SignalRfftOp::build(&mut b, fft_rows, 16, spectra).0.result(0);
    // Its inverse: rows of 16 samples again.
    let samples16 = b.ctx.tensor_type(vec![3, 16], i16_type);
    SignalIrfftOp::build(&mut b, spectra, 16, samples16);
    // Its filter bank chain on zero constants: the energy of 8 bins, 3 mel channels, their square
    // roots, the spectral subtraction, PCAN and the log.
    let unsigned = |b: &mut Builder<'_>, width: u32, shape: &[i64]| {
        let element = b.ctx.intern_type(mc_ir::TypeKind::Integer { width, signedness: mc_ir::Signedness::Unsigned });
        let ty = b.ctx.tensor_type(shape.to_vec(), element);
        let value =
            b.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty, splat: true, data: vec![0; width as usize / 8] });
        (ConstOp::build(b, value).result(), ty)
    };
    let (_, energies) = unsigned(&mut b, 32, &[8]);
    let energy = SignalEnergyOp::build(&mut b, spectrum, 0, 8, energies).0.result(0);
    let (_, sums) = unsigned(&mut b, 64, &[3]);
    let bank = SignalFilterBankOp::build(&mut b, [energy, tables, tables, tables, tables, tables], sums).0.result(0);
    let (_, channels) = unsigned(&mut b, 32, &[3]);
    let (estimate, _) = unsigned(&mut b, 32, &[3]);
    let (bits, _) = {
        let value = b.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: scale_bits, splat: true, data: vec![0; 4] });
        (ConstOp::build(&mut b, value).result(), scale_bits)
    };
    let roots = SignalFilterBankSquareRootOp::build(&mut b, bank, bits, channels).0.result(0);
    let values = [3, 13, 3, 13, 655, 10, 14];
    let subtracted =
        SignalFilterBankSpectralSubtractionOp::build(&mut b, roots, estimate, values, true, [channels, channels]);
    let operands = [subtracted.0.result(0), subtracted.next_noise_estimate(), lut];
    let normalized = SignalPcanOp::build(&mut b, operands, 6, channels).0.result(0);
    let logs = b.ctx.tensor_type(vec![3], i16_type);
    SignalFilterBankLogOp::build(&mut b, normalized, 19, 1600, logs);
    // The delay of rows of 4 by the 3 samples of its state.
    SignalDelayOp::build(&mut b, samples, delay_state, [delayed, delay_state_type]);
    // The overlap-add of 2 frames of 4 samples by a step of 3: 6 samples out, 4 kept.
    SignalOverlapAddOp::build(&mut b, samples, overlap_state, 3, [stream, overlap_state_type]);
    // Rows of 4 cut into frames of 4 every 2 samples, the 2 they overlap kept.
    let i1 = b.ctx.integer_type(1);
    let valid = b.ctx.tensor_type(vec![], i1);
    SignalFramerOp::build(&mut b, samples, framer_state, [4, 2], [frames, valid, framer_state_type]);
    // Stacks of 2 frames of 4 channels (a left context of 1) every frame.
    SignalStackerOp::build(&mut b, weights, stacker_state, [1, 0, 1], [stack, valid, stacker_state_type]);
    // A circular buffer of 3 slots of [1, 4] int8, valid every second invocation.
    let i8_type = b.ctx.integer_type(8);
    let zeros8 = |b: &mut Builder<'_>, shape: &[i64]| {
        let ty = b.ctx.tensor_type(shape.to_vec(), i8_type);
        let value = b.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty, splat: true, data: vec![0] });
        (ConstOp::build(b, value).result(), ty)
    };
    let ((slot, _), (slots, slots_type)) = (zeros8(&mut b, &[1, 1, 1, 4]), zeros8(&mut b, &[1, 3, 1, 4]));
    let (count, count_type) = unsigned(&mut b, 32, &[1]);
    let flag_of_one = b.ctx.tensor_type(vec![1], i1);
    let results = [slots_type, flag_of_one, slots_type, count_type];
    CircularBufferOp::build(&mut b, [slot, slots, count], 2, results);
    // Control flow: an IF and a WHILE passing x on, a CALL_ONCE doing nothing.
    let i1 = b.ctx.integer_type(1);
    let flag_type = b.ctx.tensor_type(vec![], i1);
    let flag_value = b.ctx.intern_attr(mc_ir::AttrKind::DenseElements { ty: flag_type, splat: true, data: vec![1] });
    let flag = ConstOp::build(&mut b, flag_value).result();
    let x_type = b.ctx.value_type(x);
    let (_, then_block, else_block) = IfOp::build(&mut b, flag, &[x_type]);
    YieldOp::build_at_end(&mut b, then_block, &[x]);
    YieldOp::build_at_end(&mut b, else_block, &[x]);
    let (_, cond_block, body_block) = WhileOp::build(&mut b, &[x]);
    YieldOp::build_at_end(&mut b, cond_block, &[flag]);
    let carried = b.ctx.block_arg(body_block, 0);
    YieldOp::build_at_end(&mut b, body_block, &[carried]);
    let (_, init_block) = CallOnceOp::build(&mut b);
    YieldOp::build_at_end(&mut b, init_block, &[]);
    let ops: Vec<OpId> = fx.ctx.block_ops(fx.func.entry_block(&fx.ctx).expect("body")).collect();
    let func = fx.func.op();
    let names: std::collections::BTreeSet<&str> =
        fx.ctx.walk_preorder(func).into_iter().filter(|&op| op != func).map(|op| fx.ctx.op_name_of(op)).collect();
    let defined: std::collections::BTreeSet<&str> = super::signature::all_defs().iter().map(|d| d.name).collect();
    assert_eq!(names, defined, "every op has a builder used here");
    for &op in &ops {
        if let Ok(Some(types)) = infer_result_types(&mut fx.ctx, op) {
            assert_eq!(types, fx.ctx.operation(op).result_types().collect::<Vec<_>>(), "{}", fx.ctx.op_name_of(op));
        }
    }
    assert_eq!(fx.errors(), Vec::<String>::new());
}

#[test]
fn constants_materialize_in_storage_or_own_type() {
    let mut ctx = Context::new();
    crate::register_all(&mut ctx);
    let loc = ctx.unknown_loc();
    let i8 = ctx.integer_type(8);
    let storage = tensor(&mut ctx, &[2], i8);
    let value = attributes::dense_int_elements(&mut ctx, storage, &[1, -1]);
    let q = per_tensor(&mut ctx, 8, 0.5, 0);
    let quantized = tensor(&mut ctx, &[2], q);
    let i16 = ctx.integer_type(16);
    let wider = tensor(&mut ctx, &[2], i16);
    let materialize = ctx.constant_materializer("graph").expect("graph materializes constants");
    let mut b = Builder::new(&mut ctx, loc);
    assert!(materialize(&mut b, value, storage).is_some());
    assert!(materialize(&mut b, value, quantized).is_some());
    assert!(materialize(&mut b, value, wider).is_none());
}
