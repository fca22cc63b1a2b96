//! `Quantization`: how a tensor's stored integers map to real numbers,
//! `real = scale × (q − zero_point)`, per tensor or per axis.

use crate::schema::tflite as fb;

/// A tensor's quantization, checked as TFLite's interpreter checks it.
#[derive(Clone, Debug, PartialEq)]
pub enum Quantization<'a> {
    /// One scale and zero point for the whole tensor.
    PerTensor {
        /// `scale[0]`.
        scale: f32,
        /// `zero_point[0]`.
        zero_point: i64,
    },
    /// One scale and zero point per index of dimension `axis`
    /// (`scales.len() == zero_points.len() == shape[axis]`, at least 2).
    PerAxis {
        /// `scale`.
        scales: Vec<f32>,
        /// `zero_point`.
        zero_points: Vec<i64>,
        /// `quantized_dimension`.
        axis: usize,
    },
    /// `details` holds a `CustomQuantization`: TFLite then ignores the affine
    /// fields. The bytes are the custom payload, borrowed from the file.
    Custom(&'a [u8]),
}

impl Quantization<'_> {
    /// The scales, one per tensor or per channel (empty for custom).
    pub fn scales(&self) -> &[f32] {
        match self {
            Quantization::PerTensor { scale, .. } => std::slice::from_ref(scale),
            Quantization::PerAxis { scales, .. } => scales,
            Quantization::Custom(_) => &[],
        }
    }

    /// The zero points, one per tensor or per channel (empty for custom).
    pub fn zero_points(&self) -> &[i64] {
        match self {
            Quantization::PerTensor { zero_point, .. } => std::slice::from_ref(zero_point),
            Quantization::PerAxis { zero_points, .. } => zero_points,
            Quantization::Custom(_) => &[],
        }
    }
}

/// Reads `QuantizationParameters` for a tensor of `shape`, following TFLite's
/// `InterpreterBuilder::ParseQuantization`: no scales (or an empty list)
/// means not quantized; otherwise zero points must be present and as many as
/// the scales; one scale is per-tensor (its `quantized_dimension` ignored, as
/// TFLite Micro ignores it); several scales need `quantized_dimension` to be a
/// dimension of the shape whose size is the number of scales.
///
/// `Ok(Err(reason))` is an inconsistency to report against the tensor;
/// `Err` is flatbuffer damage.
pub(crate) fn read<'a>(
    q: fb::QuantizationParametersRef<'a>,
    shape: &[i32],
) -> planus::Result<Result<Option<Quantization<'a>>, String>> {
    if let Some(fb::QuantizationDetailsRef::CustomQuantization(custom)) = q.details()? {
        return Ok(Ok(Some(Quantization::Custom(custom.custom()?.unwrap_or_default()))));
    }
    let scales = match q.scale()? {
        Some(s) if !s.is_empty() => s,
        _ => return Ok(Ok(None)),
    };
    let Some(zero_points) = q.zero_point()? else {
        return Ok(Err("scale is set but zero_point is missing".into()));
    };
    if zero_points.len() != scales.len() {
        return Ok(Err(format!("{} scales but {} zero points", scales.len(), zero_points.len())));
    }
    // One scale is per-tensor quantization whatever `quantized_dimension` says: TFLite Micro
    // never reads the dimension then (converters leave e.g. 3 on a 1-D bias).
    if let (1, Some(scale), Some(zero_point)) = (scales.len(), scales.first(), zero_points.first()) {
        return Ok(Ok(Some(Quantization::PerTensor { scale, zero_point })));
    }
    let dim = q.quantized_dimension()?;
    let axis = match usize::try_from(dim) {
        Ok(axis) if shape.is_empty() || axis < shape.len() => axis,
        _ => return Ok(Err(format!("quantized_dimension {dim} is not a dimension of shape {shape:?}"))),
    };
    if let Some(&size) = shape.get(axis)
        && usize::try_from(size).ok() != Some(scales.len())
    {
        return Ok(Err(format!(
            "{} scales for dimension {axis} of shape {shape:?}, which has size {size}",
            scales.len()
        )));
    }
    Ok(Ok(Some(Quantization::PerAxis {
        scales: scales.iter().collect(),
        zero_points: zero_points.iter().collect(),
        axis,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accessors() {
        let q = Quantization::PerTensor { scale: 0.5, zero_point: -3 };
        assert_eq!(q.scales(), &[0.5]);
        assert_eq!(q.zero_points(), &[-3]);
        let q = Quantization::PerAxis { scales: vec![1.0, 2.0], zero_points: vec![0, 0], axis: 3 };
        assert_eq!(q.scales().len(), 2);
        assert!(Quantization::Custom(&[1]).scales().is_empty());
    }
}
