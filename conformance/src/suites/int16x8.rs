//! What the 16x8 cases of the weighted operators (`CONV_2D`, `DEPTHWISE_CONV_2D`,
//! `FULLY_CONNECTED`) share, with the element types of their cases ([`Types`]): int16
//! activations with zero point 0, int8 weights, a bias whose
//! storage decides TFLite Micro's accumulator (int32 with an int32 bias, else int64), inputs and
//! weights of three magnitudes, and output scales placed relative to the typical sum.

use crate::models::{OneOp, Quant};
use crate::{DType, Rng, Tensor};

/// The input scale of every 16x8 case.
pub const INPUT_SCALE: f32 = 1.0 / 4096.0;

/// The element types of a case of a weighted operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Types {
    /// float32 throughout.
    Float,
    /// int8 activations and weights, int32 bias.
    Int8,
    /// int16 activations, int8 weights, and this bias where the case has one.
    Int16x8(Bias),
}

/// The bias of a 16x8 case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bias {
    /// No bias (TFLM then accumulates in int64).
    None,
    /// An int32 bias, quantized: TFLM accumulates in int32, wrapping.
    Int32,
    /// An int64 bias (TFLM accumulates in int64), with values beyond int32 for large sums.
    Int64,
}

/// The values of a 16x8 case's input and weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Magnitude {
    /// Every int16 and int8 value equally likely.
    Full,
    /// Inputs in `[-8, 8)`: small sums, so requantization multipliers above 1 stay in range.
    Small,
    /// Inputs in `[2^14, 2^15)` and weights in `[64, 127]`: sums of a few thousand terms leave
    /// int32 (TFLM's int32 accumulator wraps, its int64 one does not).
    Large,
}

impl Magnitude {
    /// A random int16 input of `shape`.
    pub fn input(self, shape: &[usize], rng: &mut Rng) -> Tensor {
        let (low, high) = match self {
            Magnitude::Full => (-32768, 32767),
            Magnitude::Small => (-8, 7),
            Magnitude::Large => (16384, 32767),
        };
        let values: Vec<i16> = (0..shape.iter().product()).map(|_| rng.range(low, high) as i16).collect();
        Tensor::from_i16(shape, &values)
    }

    /// `count` random int8 weights, as bytes.
    pub fn weights(self, count: usize, rng: &mut Rng) -> Vec<u8> {
        match self {
            Magnitude::Full | Magnitude::Small => rng.bytes(count),
            Magnitude::Large => (0..count).map(|_| rng.range(64, 127) as u8).collect(),
        }
    }

    /// The typical size of a sum of `terms` products of an input and a weight.
    pub fn typical_sum(self, terms: usize) -> f32 {
        let terms = terms as f32;
        match self {
            // Random walks: √n times the standard deviations of the values.
            Magnitude::Full => terms.sqrt() * 18918.0 * 74.0,
            Magnitude::Small => terms.sqrt() * 4.6 * 74.0,
            // Products of one sign: n times their mean.
            Magnitude::Large => terms * 24576.0 * 96.0,
        }
    }
}

/// The output scale that puts a typical sum (`typical_sum` of weights of scale about 0.01) at a
/// third of int16's range, divided by `output_range` (below 1 saturates).
pub fn output_scale(typical_sum: f32, output_range: f32) -> f32 {
    INPUT_SCALE * 0.01 * typical_sum * 3.0 / 32768.0 * output_range
}

/// The bias constant `b` of `channels` values about `±span` (int32 ones within `±2^30`, int64
/// ones up to four times further), quantized with `quant` (TFLM's per-tensor fully connected
/// layer checks its scale); `None` for [`Bias::None`].
pub fn bias(m: &mut OneOp, bias: Bias, channels: usize, span: f32, quant: Quant, rng: &mut Rng) -> Option<i32> {
    let shape = [channels as i32];
    match bias {
        Bias::None => None,
        Bias::Int32 => {
            let span = (span as i64).min(1 << 30);
            let values: Vec<i32> = (0..channels).map(|_| rng.range(-span, span) as i32).collect();
            Some(m.constant_i32("b", &shape, &values, Some(quant)))
        }
        Bias::Int64 => {
            let span = 4 * span as i64;
            let values: Vec<u8> = (0..channels).flat_map(|_| rng.range(-span, span).to_le_bytes()).collect();
            Some(m.constant("b", &shape, DType::Int64, &values, Some(quant)))
        }
    }
}

/// Whether `outputs` (int16) reach both ends of int16.
pub fn saturates_both_ends(outputs: &Tensor) -> bool {
    let values = outputs.i16s();
    values.contains(&i16::MIN) && values.contains(&i16::MAX)
}
