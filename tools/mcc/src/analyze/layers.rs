//! What the TFLite model itself says about each layer (operator, in the file's execution
//! order): its tensors' names, shapes and types, its multiply-accumulates and its constant
//! (weight) bytes.
//!
//! MACs follow the usual convention (ST's `stedgeai analyze`, TFLite's benchmark tool): one per
//! product summed into an output, so `CONV_2D` counts output elements × filter height × width ×
//! input channels, `DEPTHWISE_CONV_2D` output elements × filter height × width,
//! `FULLY_CONNECTED` and `BATCH_MATMUL` output elements × the reduced dimension,
//! `TRANSPOSE_CONV` input elements × filter height × width × output channels, `SVDF` the
//! feature and time products, and pooling one per window element of each output. Other
//! operators do no multiply-accumulates (0); their cost is per element ([`super::cost`]).

use mc_tflite::{BuiltinOp, BuiltinOptions, Model, OpKind, Tensor};

/// One tensor of a layer: its name, shape and element type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorFacts {
    /// The TFLite tensor's name.
    pub name: String,
    /// Its dimensions.
    pub shape: Vec<i64>,
    /// Its element type, as TFLite spells it (`INT8`).
    pub dtype: &'static str,
    /// Its bytes (0 when the shape is unknown).
    pub bytes: u64,
}

/// One layer: a TFLite operator of the main subgraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// Its position in the execution order, from 0.
    pub index: usize,
    /// The operator (`CONV_2D`, or a custom operator's name).
    pub operator: String,
    /// Its activation inputs (not constant).
    pub inputs: Vec<TensorFacts>,
    /// Its constant inputs (weights, biases, shapes).
    pub weights: Vec<TensorFacts>,
    /// Its outputs.
    pub outputs: Vec<TensorFacts>,
    /// Multiply-accumulates of one invocation.
    pub macs: u64,
}

impl Layer {
    /// Elements of all outputs.
    pub fn output_elements(&self) -> u64 {
        self.outputs.iter().map(|t| elements(&t.shape)).sum()
    }

    /// Bytes of all constant inputs.
    pub fn weight_bytes(&self) -> u64 {
        self.weights.iter().map(|t| t.bytes).sum()
    }
}

/// The layers of `model`'s main subgraph, in execution order.
pub fn layers(model: &Model<'_>) -> Vec<Layer> {
    let subgraph = model.main_subgraph();
    let tensors = subgraph.tensors();
    let facts = |index: &Option<usize>| index.and_then(|i| tensors.get(i)).map(tensor_facts);
    subgraph
        .operators()
        .iter()
        .enumerate()
        .map(|(index, op)| {
            let operator = match op.opcode().kind() {
                OpKind::Builtin(builtin) => builtin.name().to_string(),
                OpKind::UnknownBuiltin(code) => format!("builtin {code}"),
                OpKind::Custom(name) => name.to_string(),
            };
            let is_constant = |i: &Option<usize>| i.and_then(|i| tensors.get(i)).is_some_and(Tensor::is_constant);
            let inputs = op.inputs().iter().filter(|i| !is_constant(i)).filter_map(facts).collect();
            let weights = op.inputs().iter().filter(|i| is_constant(i)).filter_map(facts).collect();
            let outputs = op.outputs().iter().filter_map(facts).collect();
            let mut layer = Layer { index, operator, inputs, weights, outputs, macs: 0 };
            layer.macs = op.opcode().builtin().map_or(0, |builtin| macs(builtin, op.options(), &layer, op, tensors));
            layer
        })
        .collect()
}

fn tensor_facts(tensor: &Tensor<'_>) -> TensorFacts {
    let shape: Vec<i64> = tensor.shape().iter().map(|&d| i64::from(d)).collect();
    let bytes = tensor.num_elements().and_then(|n| tensor.dtype().buffer_bytes(n)).unwrap_or(0);
    TensorFacts { name: tensor.name().to_string(), shape, dtype: tensor.dtype().name(), bytes }
}

/// The product of `shape`'s dimensions (0 for an unknown one).
pub fn elements(shape: &[i64]) -> u64 {
    shape.iter().map(|&d| u64::try_from(d).unwrap_or(0)).product()
}

/// The multiply-accumulates of one layer (see the module doc).
fn macs(
    builtin: BuiltinOp,
    options: &BuiltinOptions<'_>,
    layer: &Layer,
    op: &mc_tflite::Operator<'_>,
    tensors: &[Tensor<'_>],
) -> u64 {
    let input_shape = |n: usize| -> Vec<i64> {
        op.inputs()
            .get(n)
            .copied()
            .flatten()
            .and_then(|i| tensors.get(i))
            .map(|t| t.shape().iter().map(|&d| i64::from(d)).collect())
            .unwrap_or_default()
    };
    let dim = |shape: &[i64], n: usize| u64::try_from(shape.get(n).copied().unwrap_or(0)).unwrap_or(0);
    let last = |shape: &[i64]| dim(shape, shape.len().saturating_sub(1));
    let out = layer.output_elements();
    match builtin {
        // Filter [out_channels, height, width, in_channels].
        BuiltinOp::Conv2D => {
            let filter = input_shape(1);
            out * dim(&filter, 1) * dim(&filter, 2) * dim(&filter, 3)
        }
        // Filter [1, height, width, channels].
        BuiltinOp::DepthwiseConv2D => {
            let filter = input_shape(1);
            out * dim(&filter, 1) * dim(&filter, 2)
        }
        // Weights [units, depth].
        BuiltinOp::FullyConnected => out * last(&input_shape(1)),
        BuiltinOp::BatchMatMul => {
            let lhs = input_shape(0);
            let adjoint = matches!(options, BuiltinOptions::BatchMatMul(o) if o.adj_x);
            let depth = if adjoint { dim(&lhs, lhs.len().saturating_sub(2)) } else { last(&lhs) };
            out * depth
        }
        // Inputs: output shape, filter [out_channels, height, width, in_channels], input.
        BuiltinOp::TransposeConv => {
            let filter = input_shape(1);
            elements(&input_shape(2)) * dim(&filter, 0) * dim(&filter, 1) * dim(&filter, 2)
        }
        // Feature weights [filters, input size], time weights [filters, memory size].
        BuiltinOp::Svdf => {
            let (features, time) = (input_shape(1), input_shape(2));
            let batches = dim(&input_shape(0), 0);
            batches * (elements(&features) + elements(&time))
        }
        BuiltinOp::AveragePool2D | BuiltinOp::MaxPool2D | BuiltinOp::L2Pool2D => match options {
            BuiltinOptions::Pool2D(o) => out * u64::try_from(o.filter_height * o.filter_width).unwrap_or(0),
            _ => 0,
        },
        _ => 0,
    }
}
