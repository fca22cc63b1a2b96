//! The inputs `mcc validate` runs a model on: `.npy` files (one per model input, holding one
//! sample of the input's shape, or several stacked along a new first dimension) or seeded
//! random tensors; and the model's input and output tensors they must match.

#[path = "../../../mc-run/src/npy.rs"]
mod npy;

use mc_conformance::{DType, Rng, Tensor};
use std::path::Path;

/// A model input or output: what its tensors must be.
#[derive(Clone, Debug, PartialEq)]
pub struct Port {
    /// The TFLite tensor's name.
    pub name: String,
    /// Element type.
    pub dtype: DType,
    /// Dimensions.
    pub shape: Vec<usize>,
    /// Scale and zero point of a per-tensor quantized tensor.
    pub quantization: Option<(f64, i64)>,
}

impl Port {
    /// `INT8 [1,96,96,3]`.
    pub fn describe(&self) -> String {
        describe(self.dtype, &self.shape)
    }

    /// The real values of `tensor` (one of this port's): dequantized when quantized.
    pub fn real_values(&self, tensor: &Tensor) -> Vec<f64> {
        let size = tensor.dtype.size();
        let raw = tensor.data.chunks_exact(size).map(|c| match tensor.dtype {
            DType::Int8 => f64::from(c[0] as i8),
            DType::UInt8 | DType::Bool => f64::from(c[0]),
            DType::Int16 => f64::from(i16::from_le_bytes([c[0], c[1]])),
            DType::Int32 => f64::from(i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            DType::Int64 => i64::from_le_bytes(c.try_into().expect("8 bytes")) as f64,
            DType::UInt32 => f64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            DType::UInt64 => u64::from_le_bytes(c.try_into().expect("8 bytes")) as f64,
            DType::Float32 => f64::from(f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        });
        match self.quantization {
            Some((scale, zero_point)) => raw.map(|v| (v - zero_point as f64) * scale).collect(),
            None => raw.collect(),
        }
    }
}

fn describe(dtype: DType, shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("{} [{}]", dtype.numpy(), dims.join(","))
}

/// The main subgraph's input (`outputs` false) or output tensors.
pub fn ports(model: &mc_tflite::Model<'_>, outputs: bool) -> Result<Vec<Port>, String> {
    let subgraph = model.main_subgraph();
    let indices = if outputs { subgraph.outputs() } else { subgraph.inputs() };
    indices
        .iter()
        .map(|&index| {
            let tensor = subgraph.tensors().get(index).ok_or_else(|| format!("the model has no tensor {index}"))?;
            let dtype = DType::ALL.into_iter().find(|d| d.tflite() == tensor.dtype()).ok_or_else(|| {
                format!("tensor '{}' has type {}, which validate cannot exchange", tensor.name(), tensor.dtype().name())
            })?;
            let shape = tensor
                .shape()
                .iter()
                .map(|&d| usize::try_from(d).map_err(|_| format!("tensor '{}' has a dynamic shape", tensor.name())))
                .collect::<Result<_, _>>()?;
            let quantization = tensor
                .quantization()
                .filter(|q| q.scales().len() == 1)
                .map(|q| (f64::from(q.scales()[0]), q.zero_points().first().copied().unwrap_or(0)));
            Ok(Port { name: tensor.name().to_string(), dtype, shape, quantization })
        })
        .collect()
}

/// numpy's type string for `dtype`'s elements, as `.npy` headers spell it.
fn npy_type(dtype: DType) -> &'static str {
    match dtype {
        DType::Int8 => "|i1",
        DType::UInt8 => "|u1",
        DType::Int16 => "<i2",
        DType::Int32 => "<i4",
        DType::Int64 => "<i8",
        DType::UInt32 => "<u4",
        DType::UInt64 => "<u8",
        DType::Float32 => "<f4",
        DType::Bool => "|b1",
    }
}

/// The samples in `files` (one per input of `ports`): each file holds one sample of its input's
/// shape or `N` of them along a new first dimension; every file the same number.
pub fn from_npy(files: &[impl AsRef<Path>], ports: &[Port]) -> Result<Vec<Vec<Tensor>>, String> {
    if files.len() != ports.len() {
        return Err(format!("the model has {} inputs, but {} --inputs files were given", ports.len(), files.len()));
    }
    let mut per_input = Vec::new();
    for (index, (file, port)) in files.iter().zip(ports).enumerate() {
        let path = file.as_ref().display().to_string();
        let array = npy::read(&path)?;
        let shape: Vec<usize> = array.shape.iter().map(|&d| d as usize).collect();
        let count = if shape == port.shape {
            1
        } else if shape.len() == port.shape.len() + 1 && shape[1..] == port.shape[..] {
            shape[0]
        } else {
            0
        };
        if array.dtype != npy_type(port.dtype) || count == 0 {
            let dtype = DType::ALL.into_iter().find(|&d| npy_type(d) == array.dtype);
            let got = dtype.map_or_else(|| format!("'{}' {shape:?}", array.dtype), |d| describe(d, &shape));
            return Err(format!(
                "input {index} '{}' ({path}): expected {} (or N samples of it stacked first), got {got}",
                port.name,
                port.describe()
            ));
        }
        let bytes = array.bytes.len() / count;
        per_input.push(
            array
                .bytes
                .chunks_exact(bytes.max(1))
                .take(count)
                .map(|data| Tensor { dtype: port.dtype, shape: port.shape.clone(), data: data.to_vec() })
                .collect::<Vec<_>>(),
        );
    }
    let samples = per_input.iter().map(Vec::len).min().unwrap_or(0);
    if per_input.iter().any(|s| s.len() != samples) {
        return Err("the --inputs files hold different numbers of samples".to_string());
    }
    Ok((0..samples).map(|n| per_input.iter().map(|s| s[n].clone()).collect()).collect())
}

/// Writes `tensors` (samples of `port`) to `path`, stacked along a new first dimension.
pub fn save(path: &Path, port: &Port, tensors: &[&Tensor]) -> Result<(), String> {
    let shape = std::iter::once(tensors.len()).chain(port.shape.iter().copied()).map(|d| d as u64).collect();
    let bytes = tensors.iter().flat_map(|t| t.data.iter().copied()).collect();
    npy::write(&path.display().to_string(), &npy::Array { dtype: npy_type(port.dtype).to_string(), shape, bytes })
}

/// `count` samples of random tensors for `ports` from a generator seeded with `seed`.
pub fn random(ports: &[Port], count: usize, seed: u64) -> Vec<Vec<Tensor>> {
    let mut rng = Rng(seed.max(1));
    (0..count).map(|_| ports.iter().map(|p| Tensor::random(p.dtype, &p.shape, &mut rng)).collect()).collect()
}
