//! `Tensor`: one entry of a subgraph's tensor list: name, shape, element
//! type, constant data borrowed from the file, quantization.

use crate::dtype::DType;
use crate::error::{At, TfliteError, tensor_at};
use crate::quantization::{self, Quantization};
use crate::schema::tflite as fb;

/// A tensor of a subgraph, validated: its buffer index is in range, its
/// constant data (if any) has exactly shape × element size bytes, and its
/// quantization is consistent with its shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor<'a> {
    name: &'a str,
    shape: Vec<i32>,
    shape_signature: Option<Vec<i32>>,
    has_rank: bool,
    dtype: DType,
    buffer: u32,
    data: Option<&'a [u8]>,
    quantization: Option<Quantization<'a>>,
    is_variable: bool,
    is_sparse: bool,
}

impl<'a> Tensor<'a> {
    /// The tensor's name (empty when the file has none).
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The shape; `[]` is a scalar (or unknown rank, see [`Tensor::has_rank`]).
    pub fn shape(&self) -> &[i32] {
        &self.shape
    }

    /// The shape with `-1` for dimensions unknown at conversion time, when
    /// the file records it.
    pub fn shape_signature(&self) -> Option<&[i32]> {
        self.shape_signature.as_deref()
    }

    /// Whether the rank is known; the file's `has_rank` (false in older files,
    /// which also used `[]` for scalars).
    pub fn has_rank(&self) -> bool {
        self.has_rank
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// Index into the model's buffers (0, the empty sentinel, for tensors
    /// without data). Tensors sharing a buffer share their data.
    pub fn buffer_index(&self) -> u32 {
        self.buffer
    }

    /// The constant data, borrowed from the file's bytes (not copied); `None`
    /// when the buffer is empty (activations, inputs, variables without an
    /// initial value).
    pub fn data(&self) -> Option<&'a [u8]> {
        self.data
    }

    /// Whether the tensor has constant data.
    pub fn is_constant(&self) -> bool {
        self.data.is_some()
    }

    /// The quantization, `None` for a float or plain integer tensor.
    pub fn quantization(&self) -> Option<&Quantization<'a>> {
        self.quantization.as_ref()
    }

    /// Whether this is a variable tensor (state kept across invocations).
    pub fn is_variable(&self) -> bool {
        self.is_variable
    }

    /// Whether the tensor is sparse (`sparsity` set); its data is then not
    /// checked against the dense shape.
    pub fn is_sparse(&self) -> bool {
        self.is_sparse
    }

    /// The number of elements, `None` for a negative dimension or overflow.
    pub fn num_elements(&self) -> Option<u64> {
        num_elements(&self.shape)
    }

    /// Reads tensor `index` of subgraph `subgraph`; `buffers` are the model's
    /// buffers, already resolved to slices of the file.
    pub(crate) fn read(
        subgraph: usize,
        index: usize,
        t: fb::TensorRef<'a>,
        buffers: &[&'a [u8]],
    ) -> Result<Tensor<'a>, TfliteError> {
        let at = |field: &'static str| move || format!("subgraph {subgraph}, tensor {index}, {field}");
        let name = t.name().at(at("name"))?.unwrap_or_default();
        let loc = || tensor_at(subgraph, index, name);
        let shape: Vec<i32> = t.shape().at(at("shape"))?.map(|v| v.iter().collect()).unwrap_or_default();
        let shape_signature = t.shape_signature().at(at("shape_signature"))?.map(|v| v.iter().collect());
        let dtype = match t.type_() {
            Ok(tt) => DType::from(tt),
            Err(e) => match e.error_kind {
                planus::errors::ErrorKind::UnknownEnumTag { source } => {
                    return Err(TfliteError::UnknownTensorType { tensor: loc(), code: source.tag as i64 });
                }
                _ => return Err(TfliteError::Corrupt { at: at("type")(), source: e }),
            },
        };
        let buffer = t.buffer().at(at("buffer"))?;
        let Some(&bytes) = usize::try_from(buffer).ok().and_then(|b| buffers.get(b)) else {
            return Err(TfliteError::IndexOutOfRange {
                at: loc(),
                what: "buffer",
                index: buffer.into(),
                len: buffers.len(),
            });
        };
        let is_sparse = t.sparsity().at(at("sparsity"))?.is_some();
        let data = (!bytes.is_empty()).then_some(bytes);
        if let Some(data) = data
            && !is_sparse
        {
            check_size(dtype, &shape, buffer, data.len(), loc)?;
        }
        let quantization = match t.quantization().at(at("quantization"))? {
            None => None,
            Some(q) => quantization::read(q, &shape)
                .at(at("quantization"))?
                .map_err(|reason| TfliteError::Quantization { tensor: loc(), reason })?,
        };
        Ok(Tensor {
            name,
            shape,
            shape_signature,
            has_rank: t.has_rank().at(at("has_rank"))?,
            dtype,
            buffer,
            data,
            quantization,
            is_variable: t.is_variable().at(at("is_variable"))?,
            is_sparse,
        })
    }
}

/// The product of the dimensions (1 for a scalar), `None` if one is
/// negative or the product overflows.
fn num_elements(shape: &[i32]) -> Option<u64> {
    shape.iter().try_fold(1u64, |n, &d| n.checked_mul(u64::try_from(d).ok()?))
}

/// Checks that constant data has the bytes its shape and type need, as
/// TFLite does when it loads a read-only tensor. Types without a fixed
/// layout (strings, resources, variants) are not checked.
fn check_size(
    dtype: DType,
    shape: &[i32],
    buffer: u32,
    found: usize,
    loc: impl Fn() -> String,
) -> Result<(), TfliteError> {
    if dtype.byte_size().is_none() && dtype != DType::Int4 {
        return Ok(());
    }
    let Some(expected) = num_elements(shape).and_then(|n| dtype.buffer_bytes(n)) else {
        return Err(TfliteError::ConstantShape { tensor: loc(), shape: shape.to_vec() });
    };
    if expected != found as u64 {
        return Err(TfliteError::BufferSize {
            tensor: loc(),
            buffer,
            dtype: dtype.name(),
            shape: shape.to_vec(),
            expected,
            found,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_counts() {
        assert_eq!(num_elements(&[]), Some(1));
        assert_eq!(num_elements(&[2, 3, 4]), Some(24));
        assert_eq!(num_elements(&[2, 0]), Some(0));
        assert_eq!(num_elements(&[-1, 3]), None);
        assert_eq!(num_elements(&[i32::MAX, i32::MAX, i32::MAX]), None);
    }

    #[test]
    fn size_check() {
        let loc = || "t".to_string();
        assert!(check_size(DType::Int8, &[2, 3], 1, 6, loc).is_ok());
        assert!(check_size(DType::Float32, &[2, 3], 1, 24, loc).is_ok());
        assert!(check_size(DType::Int4, &[3], 1, 2, loc).is_ok());
        assert!(check_size(DType::String, &[3], 1, 17, loc).is_ok());
        assert!(matches!(
            check_size(DType::Int32, &[2], 1, 7, loc),
            Err(TfliteError::BufferSize { expected: 8, found: 7, .. })
        ));
        assert!(matches!(check_size(DType::Int8, &[-1, 2], 1, 2, loc), Err(TfliteError::ConstantShape { .. })));
    }
}
