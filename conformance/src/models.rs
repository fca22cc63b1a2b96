//! Builders of small TFLite models for per-op conformance tests: [`OneOp`] adds quantized or
//! float inputs, constants and outputs around operators and writes the file with
//! [`mc_tflite::writer`].
//!
//! ```text
//! let mut m = OneOp::new();
//! let x = m.input("x", &[1, 8, 8, 3], DType::Int8, Some(Quant::tensor(0.05, -3)));
//! let w = m.constant("w", &[4, 3, 3, 3], DType::Int8, &rng.bytes(108), Some(Quant::channels(&[0.01; 4], 0)));
//! let y = m.output("y", &[1, 8, 8, 4], DType::Int8, Some(Quant::tensor(0.1, 2)));
//! m.op(BuiltinOp::Conv2D, &[x, w, -1], &[y], BuiltinOptions::Conv2D(...));
//! let case = m.case("conv same", vec![Tensor::random(DType::Int8, &[1, 8, 8, 3], &mut rng)]);
//! ```

use crate::tensor::DType;
use crate::{Case, Tensor};
use mc_tflite::writer::ModelBuilder;
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// Quantization parameters of a tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct Quant {
    /// One scale per tensor, or per channel of `axis`.
    pub scales: Vec<f32>,
    /// One zero point per scale.
    pub zero_points: Vec<i64>,
    /// The quantized dimension (per-channel).
    pub axis: i32,
}

impl Quant {
    /// Per-tensor `scale` and `zero_point`.
    pub fn tensor(scale: f32, zero_point: i64) -> Quant {
        Quant { scales: vec![scale], zero_points: vec![zero_point], axis: 0 }
    }

    /// Per-channel `scales` along `axis`, zero points 0 (TFLite's int8 weights).
    pub fn channels(scales: &[f32], axis: i32) -> Quant {
        Quant { scales: scales.to_vec(), zero_points: vec![0; scales.len()], axis }
    }
}

/// A model being built: inputs and outputs in the order they are added.
pub struct OneOp {
    builder: ModelBuilder,
    inputs: Vec<i32>,
    outputs: Vec<i32>,
}

impl Default for OneOp {
    fn default() -> Self {
        Self::new()
    }
}

impl OneOp {
    /// An empty model.
    pub fn new() -> OneOp {
        OneOp { builder: ModelBuilder::new(), inputs: Vec::new(), outputs: Vec::new() }
    }

    fn tensor(&mut self, name: &str, shape: &[i32], dtype: DType, quant: Option<Quant>, data: Option<&[u8]>) -> i32 {
        let t = match data {
            Some(data) => self.builder.add_constant(name, shape, dtype.tflite(), data),
            None => self.builder.add_tensor(name, shape, dtype.tflite()),
        };
        if let Some(q) = quant {
            self.builder.set_quantization(t, &q.scales, &q.zero_points, q.axis);
        }
        t
    }

    /// A model input.
    pub fn input(&mut self, name: &str, shape: &[i32], dtype: DType, quant: Option<Quant>) -> i32 {
        let t = self.tensor(name, shape, dtype, quant, None);
        self.inputs.push(t);
        t
    }

    /// A constant holding `data` (raw little-endian elements).
    pub fn constant(&mut self, name: &str, shape: &[i32], dtype: DType, data: &[u8], quant: Option<Quant>) -> i32 {
        self.tensor(name, shape, dtype, quant, Some(data))
    }

    /// An `INT4` constant (4-bit weights): `values`, each in `-8..=7`, packed two per byte, low
    /// nibble first, as TFLite's converter writes them. An odd count leaves the last byte's high
    /// nibble unused: it holds `0xA`, which readers must ignore.
    pub fn constant_int4(&mut self, name: &str, shape: &[i32], values: &[i8], quant: Option<Quant>) -> i32 {
        let nibble = |v: i8| {
            assert!((-8..=7).contains(&v), "{v} is not an int4 value");
            v as u8 & 0x0F
        };
        let packed: Vec<u8> =
            values.chunks(2).map(|pair| nibble(pair[0]) | pair.get(1).map_or(0xA, |&high| nibble(high)) << 4).collect();
        let t = self.builder.add_constant(name, shape, mc_tflite::DType::Int4, &packed);
        if let Some(q) = quant {
            self.builder.set_quantization(t, &q.scales, &q.zero_points, q.axis);
        }
        t
    }

    /// An `int32` constant (shapes, axes, paddings, biases).
    pub fn constant_i32(&mut self, name: &str, shape: &[i32], values: &[i32], quant: Option<Quant>) -> i32 {
        let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.constant(name, shape, DType::Int32, &data, quant)
    }

    /// An intermediate tensor (between two operators).
    pub fn intermediate(&mut self, name: &str, shape: &[i32], dtype: DType, quant: Option<Quant>) -> i32 {
        self.tensor(name, shape, dtype, quant, None)
    }

    /// A variable tensor (`is_variable`): state an operator updates in place, kept from one
    /// invocation to the next (an SVDF's activation state).
    pub fn variable(&mut self, name: &str, shape: &[i32], dtype: DType, quant: Option<Quant>) -> i32 {
        let t = self.tensor(name, shape, dtype, quant, None);
        self.builder.set_variable(t);
        t
    }

    /// A variable's handle (the output of `VAR_HANDLE`).
    pub fn resource(&mut self, name: &str) -> i32 {
        self.builder.add_tensor(name, &[], mc_tflite::DType::Resource)
    }

    /// A model output.
    pub fn output(&mut self, name: &str, shape: &[i32], dtype: DType, quant: Option<Quant>) -> i32 {
        let t = self.tensor(name, shape, dtype, quant, None);
        self.outputs.push(t);
        t
    }

    /// Adds operator `op` (an input index of -1 is an absent optional input).
    pub fn op(&mut self, op: BuiltinOp, inputs: &[i32], outputs: &[i32], options: BuiltinOptions<'_>) {
        self.builder.add_op(op, inputs, outputs, options);
    }

    /// Adds custom operator `name` with its `custom_options` (a FlexBuffer map).
    pub fn custom_op(&mut self, name: &str, inputs: &[i32], outputs: &[i32], custom_options: Vec<u8>) {
        self.builder.add_custom_op(name, inputs, outputs, custom_options);
    }

    /// Adds a subgraph named `name` (one an `IF`, `WHILE` or `CALL_ONCE` runs): the tensors and
    /// operators `build` adds go to it (with [`intermediate`](Self::intermediate),
    /// [`constant`](Self::constant), [`op`](Self::op), ...), and `build` returns its inputs and
    /// outputs. Later additions go to the main subgraph again. Its index.
    pub fn subgraph(&mut self, name: &str, build: impl FnOnce(&mut OneOp) -> (Vec<i32>, Vec<i32>)) -> usize {
        let index = self.builder.add_subgraph(name);
        let (inputs, outputs) = build(self);
        self.builder.set_inputs(&inputs);
        self.builder.set_outputs(&outputs);
        self.builder.select_subgraph(0);
        index
    }

    /// The `.tflite` bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.builder.set_inputs(&self.inputs);
        self.builder.set_outputs(&self.outputs);
        self.builder.finish()
    }

    /// The model as a [`Case`] named `name` with `inputs`.
    pub fn case(self, name: &str, inputs: Vec<Tensor>) -> Case {
        Case { name: name.to_string(), model: self.finish(), inputs, then: Vec::new(), expected: None }
    }
}
