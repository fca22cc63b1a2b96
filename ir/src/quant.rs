//! Quantized element types with MLIR's `quant` dialect spelling:
//! `!quant.uniform<i8:f32, 0.0039:-128>` (per tensor) and
//! `!quant.uniform<i8<-127:127>:f32:3, {0.1, 0.2:1}>` (per axis; printed as MLIR does,
//! `{1.000000e-01,2.000000e-01:1}`) and per block (sub-channel:
//! `!quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:1, 3.0}, {4.0, 5.0}}>`).
//!
//! A stored integer `q` stands for the real value `scale * (q - zero_point)`.

use crate::context::Context;
use crate::types::{Type, TypeKind};

/// Scale and zero point, for the whole tensor or per slice along one axis.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum QuantParams {
    /// One scale and zero point for every element.
    PerTensor {
        /// `f64::to_bits` of the scale.
        scale_bits: u64,
        /// Stored value of real zero.
        zero_point: i64,
    },
    /// One scale and zero point per index along `axis` (TFLite's `quantized_dimension`).
    PerAxis {
        /// The quantized dimension.
        axis: i32,
        /// `f64::to_bits` of each scale.
        scale_bits: Vec<u64>,
        /// Each zero point.
        zero_points: Vec<i64>,
    },
    /// One scale and zero point per block of elements (MLIR's sub-channel quantization): the
    /// parameters form an array of `shape`, blocks span `block_sizes` along their dimensions.
    SubChannel {
        /// `(dimension, block size)` pairs, as written.
        block_sizes: Vec<(i32, i64)>,
        /// The shape of the parameter array.
        shape: Vec<i64>,
        /// `f64::to_bits` of each scale, row-major.
        scale_bits: Vec<u64>,
        /// Each zero point, row-major.
        zero_points: Vec<i64>,
    },
}

/// A uniform quantized type: an integer storage type standing for an expressed float type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct QuantizedType {
    /// Storage width in bits (8, 16, 32).
    pub storage_width: u32,
    /// True for `i8`-style storage, false for `u8`.
    pub signed: bool,
    /// Smallest storable value (e.g. -127 for narrow-range int8).
    pub storage_min: i64,
    /// Largest storable value.
    pub storage_max: i64,
    /// The expressed (real) type, usually `f32`.
    pub expressed: Type,
    /// Scales and zero points.
    pub params: QuantParams,
}

impl QuantizedType {
    /// The full range of a storage type: `[-2^(w-1), 2^(w-1)-1]` or `[0, 2^w-1]`.
    pub fn default_range(width: u32, signed: bool) -> (i64, i64) {
        let width = width.clamp(1, 63);
        if signed { (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1) } else { (0, (1i64 << width) - 1) }
    }

    /// The per-tensor scale and zero point, if quantized per tensor.
    pub fn per_tensor(&self) -> Option<(f64, i64)> {
        match &self.params {
            QuantParams::PerTensor { scale_bits, zero_point } => Some((f64::from_bits(*scale_bits), *zero_point)),
            QuantParams::PerAxis { .. } | QuantParams::SubChannel { .. } => None,
        }
    }

    /// The scales (one per channel or block, or one for the tensor).
    pub fn scales(&self) -> Vec<f64> {
        match &self.params {
            QuantParams::PerTensor { scale_bits, .. } => vec![f64::from_bits(*scale_bits)],
            QuantParams::PerAxis { scale_bits, .. } | QuantParams::SubChannel { scale_bits, .. } => {
                scale_bits.iter().map(|&b| f64::from_bits(b)).collect()
            }
        }
    }

    /// The zero points (one per channel or block, or one for the tensor).
    pub fn zero_points(&self) -> Vec<i64> {
        match &self.params {
            QuantParams::PerTensor { zero_point, .. } => vec![*zero_point],
            QuantParams::PerAxis { zero_points, .. } | QuantParams::SubChannel { zero_points, .. } => {
                zero_points.clone()
            }
        }
    }
}

impl Context {
    /// Interns a quantized type.
    pub fn quantized_type(&mut self, quantized: QuantizedType) -> Type {
        self.intern_type(TypeKind::Quantized(Box::new(quantized)))
    }

    /// A per-tensor quantized type with the storage type's full range.
    pub fn uniform_quantized_type(
        &mut self,
        storage_width: u32,
        signed: bool,
        expressed: Type,
        scale: f64,
        zero_point: i64,
    ) -> Type {
        let (storage_min, storage_max) = QuantizedType::default_range(storage_width, signed);
        self.quantized_type(QuantizedType {
            storage_width,
            signed,
            storage_min,
            storage_max,
            expressed,
            params: QuantParams::PerTensor { scale_bits: scale.to_bits(), zero_point },
        })
    }

    /// The quantization of `ty`, or of its element type for a tensor.
    pub fn quantization(&self, ty: Type) -> Option<&QuantizedType> {
        match self.type_kind(self.element_type(ty)) {
            TypeKind::Quantized(q) => Some(q),
            _ => None,
        }
    }
}

/// Checks a quantized type's invariants, as MLIR's quant dialect does; the error says what is wrong.
pub fn verify_quantized(ctx: &Context, q: &QuantizedType) -> Result<(), String> {
    if !matches!(q.storage_width, 1..=32) {
        return Err(format!("illegal storage type size: {}", q.storage_width));
    }
    let (min, max) = QuantizedType::default_range(q.storage_width, q.signed);
    if q.storage_min < min || q.storage_max > max || q.storage_min > q.storage_max {
        return Err(format!("illegal storage min and storage max: ({}:{})", q.storage_min, q.storage_max));
    }
    if ctx.float_kind(q.expressed).is_none() {
        return Err("expressed type must be a float type".to_string());
    }
    // As upstream, the zero point may lie outside the storage range (a narrowed range or an
    // asymmetric real range can put real zero there).
    let check = |scale: f64| -> Result<(), String> {
        if !(scale.is_finite() && scale > 0.0) {
            return Err(format!("illegal scale: {scale}"));
        }
        Ok(())
    };
    match &q.params {
        QuantParams::PerTensor { scale_bits, .. } => check(f64::from_bits(*scale_bits)),
        QuantParams::PerAxis { axis, scale_bits, zero_points } => {
            if *axis < 0 {
                return Err(format!("illegal quantized dimension: {axis}"));
            }
            if scale_bits.len() != zero_points.len() || scale_bits.is_empty() {
                return Err("per-axis quantization needs one zero point per scale".to_string());
            }
            scale_bits.iter().try_for_each(|&s| check(f64::from_bits(s)))
        }
        QuantParams::SubChannel { block_sizes, scale_bits, zero_points, .. } => {
            for &(dimension, size) in block_sizes {
                if dimension < 0 {
                    return Err(format!("illegal quantized dimension: {dimension}"));
                }
                if size <= 0 {
                    return Err(format!("illegal block size: {size}"));
                }
            }
            if scale_bits.len() != zero_points.len() || scale_bits.is_empty() {
                return Err("sub-channel quantization needs one zero point per scale".to_string());
            }
            scale_bits.iter().try_for_each(|&s| check(f64::from_bits(s)))
        }
    }
}
