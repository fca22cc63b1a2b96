//! Whole small networks built by the project (not only single ops), int8 and float, through
//! mc's full pipeline against TFLite Micro: conv (stride 2, RELU6) → depthwise conv (RELU) →
//! 1x1 conv → residual add → average pool → reshape → fully connected → softmax, on several
//! seeded inputs. Intermediate tensors here are planned together into one pool and run in
//! place, so these also check the planner and bufferization on a real chain.

use mc_conformance::models::{OneOp, Quant};
use mc_conformance::{Case, DType, Rng, Tensor, check_cases, check_cases_with_planner};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, FullyConnectedOptions,
    Padding, Pool2DOptions, ReshapeOptions, SoftmaxOptions, WeightsFormat,
};

/// Per-tensor quantization of each activation tensor (int8), by name.
fn quant(name: &str) -> Quant {
    match name {
        "x" => Quant::tensor(0.02, -10),
        "conv1" => Quant::tensor(6.0 / 255.0, -128),
        "dw" => Quant::tensor(0.03, -128),
        "conv2" => Quant::tensor(0.06, 3),
        "sum" => Quant::tensor(0.08, -2),
        "pool" | "flat" => Quant::tensor(0.08, -2),
        "fc" => Quant::tensor(0.04, 5),
        "y" => Quant::tensor(1.0 / 256.0, -128),
        other => unreachable!("no tensor {other}"),
    }
}

/// A constant weight tensor (and its int32 bias) for an int8 or float layer with `channels`
/// output channels along `axis`, inputs of scale `input_scale`.
struct Layer {
    weights: i32,
    bias: i32,
}

fn layer(
    m: &mut OneOp,
    name: &str,
    shape: &[usize],
    axis: usize,
    input_scale: f32,
    float: bool,
    rng: &mut Rng,
) -> Layer {
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let channels = shape[axis];
    let count: usize = shape.iter().product();
    let fan_in = count / channels;
    if float {
        let scale = 1.0 / (fan_in as f32).sqrt();
        let values: Vec<f32> = (0..count).map(|_| rng.float(-scale, scale)).collect();
        let bias: Vec<f32> = (0..channels).map(|_| rng.float(-0.1, 0.1)).collect();
        let weights =
            m.constant(&format!("{name}_w"), &dims, DType::Float32, &Tensor::from_f32(shape, &values).data, None);
        let bias = m.constant(
            &format!("{name}_b"),
            &[channels as i32],
            DType::Float32,
            &Tensor::from_f32(&[channels], &bias).data,
            None,
        );
        return Layer { weights, bias };
    }
    // Real weights of about ±1/sqrt(fan_in), so activations keep their range and nothing saturates.
    let unit = 1.0 / (128.0 * (fan_in as f32).sqrt());
    let scales: Vec<f32> = (0..channels).map(|_| rng.float(0.5, 1.5) * unit).collect();
    let weights = m.constant(
        &format!("{name}_w"),
        &dims,
        DType::Int8,
        &rng.bytes(count),
        Some(Quant::channels(&scales, axis as i32)),
    );
    let bias_scales: Vec<f32> = scales.iter().map(|s| s * input_scale).collect();
    let bias_values: Vec<i32> = (0..channels).map(|_| rng.range(-200, 200) as i32).collect();
    let bias =
        m.constant_i32(&format!("{name}_b"), &[channels as i32], &bias_values, Some(Quant::channels(&bias_scales, 0)));
    Layer { weights, bias }
}

/// The network, int8 or float, with weights from `seed`, on `inputs` random inputs.
fn network(float: bool, seed: u64, inputs: usize) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut m = OneOp::new();
    let dtype = if float { DType::Float32 } else { DType::Int8 };
    let q = |name: &str| (!float).then(|| quant(name));
    let scale = |name: &str| quant(name).scales[0];
    let x = m.input("x", &[1, 12, 12, 3], dtype, q("x"));
    let conv1 = m.intermediate("conv1", &[1, 6, 6, 8], dtype, q("conv1"));
    let l1 = layer(&mut m, "conv1", &[8, 3, 3, 3], 0, scale("x"), float, &mut rng);
    let conv = |stride: i32, activation| Conv2DOptions {
        padding: Padding::Same,
        stride_w: stride,
        stride_h: stride,
        fused_activation: activation,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
        quantized_bias_type: None,
    };
    m.op(BuiltinOp::Conv2D, &[x, l1.weights, l1.bias], &[conv1], BuiltinOptions::Conv2D(conv(2, Activation::Relu6)));
    let dw = m.intermediate("dw", &[1, 6, 6, 8], dtype, q("dw"));
    let l2 = layer(&mut m, "dw", &[1, 3, 3, 8], 3, scale("conv1"), float, &mut rng);
    let dw_options = DepthwiseConv2DOptions {
        padding: Padding::Same,
        stride_w: 1,
        stride_h: 1,
        depth_multiplier: 1,
        fused_activation: Activation::Relu,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
    };
    m.op(BuiltinOp::DepthwiseConv2D, &[conv1, l2.weights, l2.bias], &[dw], BuiltinOptions::DepthwiseConv2D(dw_options));
    let conv2 = m.intermediate("conv2", &[1, 6, 6, 8], dtype, q("conv2"));
    let l3 = layer(&mut m, "conv2", &[8, 1, 1, 8], 0, scale("dw"), float, &mut rng);
    m.op(BuiltinOp::Conv2D, &[dw, l3.weights, l3.bias], &[conv2], BuiltinOptions::Conv2D(conv(1, Activation::None)));
    let sum = m.intermediate("sum", &[1, 6, 6, 8], dtype, q("sum"));
    let add = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: false };
    m.op(BuiltinOp::Add, &[conv2, conv1], &[sum], BuiltinOptions::Add(add));
    let pool = m.intermediate("pool", &[1, 3, 3, 8], dtype, q("pool"));
    let pool_options = Pool2DOptions {
        padding: Padding::Valid,
        stride_w: 2,
        stride_h: 2,
        filter_width: 2,
        filter_height: 2,
        fused_activation: Activation::None,
    };
    m.op(BuiltinOp::AveragePool2D, &[sum], &[pool], BuiltinOptions::Pool2D(pool_options));
    let flat = m.intermediate("flat", &[1, 72], dtype, q("flat"));
    let shape = m.constant_i32("shape", &[2], &[1, 72], None);
    m.op(
        BuiltinOp::Reshape,
        &[pool, shape],
        &[flat],
        BuiltinOptions::Reshape(ReshapeOptions { new_shape: Some(vec![1, 72]) }),
    );
    let fc = m.intermediate("fc", &[1, 10], dtype, q("fc"));
    let l4 = layer(&mut m, "fc", &[10, 72], 0, scale("flat"), float, &mut rng);
    let fc_options = FullyConnectedOptions {
        fused_activation: Activation::None,
        weights_format: WeightsFormat::Default,
        keep_num_dims: false,
        asymmetric_quantize_inputs: false,
        quantized_bias_type: None,
    };
    m.op(BuiltinOp::FullyConnected, &[flat, l4.weights, l4.bias], &[fc], BuiltinOptions::FullyConnected(fc_options));
    let y = m.output("y", &[1, 10], dtype, q("y"));
    m.op(BuiltinOp::Softmax, &[fc], &[y], BuiltinOptions::Softmax(SoftmaxOptions { beta: 1.0 }));
    let model = m.finish();
    let kind = if float { "float" } else { "int8" };
    (0..inputs)
        .map(|i| Case {
            name: format!("{kind} network (weights {seed}), input {i}"),
            model: model.clone(),
            inputs: vec![Tensor::random(dtype, &[1, 12, 12, 3], &mut rng)],
        })
        .collect()
}

#[test]
fn int8_networks_match_tflite_micro_exactly() {
    let cases: Vec<Case> = [1, 2, 3].into_iter().flat_map(|seed| network(false, seed, 3)).collect();
    check_cases(&cases, 0.0);
}

#[test]
fn float_networks_match_tflite_micro() {
    let cases: Vec<Case> = [1, 2, 3].into_iter().flat_map(|seed| network(true, seed, 3)).collect();
    check_cases(&cases, 1e-5);
}

#[test]
fn networks_match_tflite_micro_with_and_without_overlapping_buffers() {
    let int8: Vec<Case> = network(false, 4, 2);
    let float: Vec<Case> = network(true, 4, 2);
    for options in ["overlap=true", "overlap=false algorithm=first_fit", "overlap=true algorithm=first_fit"] {
        check_cases_with_planner(&int8, 0.0, options);
        check_cases_with_planner(&float, 1e-5, options);
    }
}

#[test]
fn the_planner_overlaps_a_kernels_output_with_its_input_in_these_networks() {
    let dir = std::env::temp_dir().join(format!("mc-networks-overlap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut pool_bytes = Vec::new();
    for overlap in [true, false] {
        let report = dir.join(format!("{overlap}.json"));
        let options = format!("overlap={overlap} residency-report=\"{}\"", report.display());
        let case = &network(false, 5, 1)[0];
        mc_conformance::host::run_model_with_planner(&case.model, &case.inputs, &case.name, &options).unwrap();
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        let overlapping = json["buffers"].as_array().unwrap().iter().filter(|b| b.get("overlaps").is_some()).count();
        assert_eq!(overlapping > 0, overlap, "buffers placed over their kernel's input: {overlapping}");
        pool_bytes.push(json["pools"].as_array().unwrap().iter().map(|p| p["size"].as_u64().unwrap()).sum::<u64>());
    }
    assert!(pool_bytes[0] < pool_bytes[1], "pools with and without overlap: {pool_bytes:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
