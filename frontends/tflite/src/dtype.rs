//! `DType`: the element type of a tensor (TFLite's `TensorType`).

use crate::schema::tflite as fb;

/// The element type of a tensor: every `TensorType` of the schema this
/// crate reads, with the same numbers as upstream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    /// `FLOAT32` (0).
    Float32,
    /// `FLOAT16` (1).
    Float16,
    /// `INT32` (2).
    Int32,
    /// `UINT8` (3).
    UInt8,
    /// `INT64` (4).
    Int64,
    /// `STRING` (5): variable-length, no fixed element size.
    String,
    /// `BOOL` (6), one byte each.
    Bool,
    /// `INT16` (7).
    Int16,
    /// `COMPLEX64` (8).
    Complex64,
    /// `INT8` (9).
    Int8,
    /// `FLOAT64` (10).
    Float64,
    /// `COMPLEX128` (11).
    Complex128,
    /// `UINT64` (12).
    UInt64,
    /// `RESOURCE` (13): a handle to a resource variable (`VAR_HANDLE`).
    Resource,
    /// `VARIANT` (14).
    Variant,
    /// `UINT32` (15).
    UInt32,
    /// `UINT16` (16).
    UInt16,
    /// `INT4` (17): two values per byte in constant buffers.
    Int4,
    /// `BFLOAT16` (18).
    BFloat16,
}

impl DType {
    /// Every type, in schema order (index = code).
    pub const ALL: [DType; 19] = [
        DType::Float32,
        DType::Float16,
        DType::Int32,
        DType::UInt8,
        DType::Int64,
        DType::String,
        DType::Bool,
        DType::Int16,
        DType::Complex64,
        DType::Int8,
        DType::Float64,
        DType::Complex128,
        DType::UInt64,
        DType::Resource,
        DType::Variant,
        DType::UInt32,
        DType::UInt16,
        DType::Int4,
        DType::BFloat16,
    ];

    /// The upstream spelling, e.g. `INT8`.
    pub fn name(self) -> &'static str {
        match self {
            DType::Float32 => "FLOAT32",
            DType::Float16 => "FLOAT16",
            DType::Int32 => "INT32",
            DType::UInt8 => "UINT8",
            DType::Int64 => "INT64",
            DType::String => "STRING",
            DType::Bool => "BOOL",
            DType::Int16 => "INT16",
            DType::Complex64 => "COMPLEX64",
            DType::Int8 => "INT8",
            DType::Float64 => "FLOAT64",
            DType::Complex128 => "COMPLEX128",
            DType::UInt64 => "UINT64",
            DType::Resource => "RESOURCE",
            DType::Variant => "VARIANT",
            DType::UInt32 => "UINT32",
            DType::UInt16 => "UINT16",
            DType::Int4 => "INT4",
            DType::BFloat16 => "BFLOAT16",
        }
    }

    /// The `TensorType` number in the file.
    pub fn code(self) -> i8 {
        fb::TensorType::from(self) as i8
    }

    /// The type with `TensorType` number `code`, if this reader knows it.
    pub fn from_code(code: i8) -> Option<DType> {
        fb::TensorType::try_from(code).ok().map(DType::from)
    }

    /// Bytes per element; `None` for types without a fixed byte size
    /// (`STRING`, `RESOURCE`, `VARIANT`, and `INT4`, which packs two per byte).
    pub fn byte_size(self) -> Option<usize> {
        Some(match self {
            DType::Bool | DType::Int8 | DType::UInt8 => 1,
            DType::Float16 | DType::BFloat16 | DType::Int16 | DType::UInt16 => 2,
            DType::Float32 | DType::Int32 | DType::UInt32 => 4,
            DType::Float64 | DType::Int64 | DType::UInt64 | DType::Complex64 => 8,
            DType::Complex128 => 16,
            DType::String | DType::Resource | DType::Variant | DType::Int4 => return None,
        })
    }

    /// Bytes a constant buffer of `elements` values takes, as TFLite checks
    /// it; `None` when the type has no fixed layout (strings, resources,
    /// variants) or on overflow.
    pub fn buffer_bytes(self, elements: u64) -> Option<u64> {
        match self {
            DType::Int4 => Some(elements.div_ceil(2)),
            _ => elements.checked_mul(self.byte_size()? as u64),
        }
    }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<fb::TensorType> for DType {
    fn from(t: fb::TensorType) -> DType {
        match t {
            fb::TensorType::Float32 => DType::Float32,
            fb::TensorType::Float16 => DType::Float16,
            fb::TensorType::Int32 => DType::Int32,
            fb::TensorType::Uint8 => DType::UInt8,
            fb::TensorType::Int64 => DType::Int64,
            fb::TensorType::String => DType::String,
            fb::TensorType::Bool => DType::Bool,
            fb::TensorType::Int16 => DType::Int16,
            fb::TensorType::Complex64 => DType::Complex64,
            fb::TensorType::Int8 => DType::Int8,
            fb::TensorType::Float64 => DType::Float64,
            fb::TensorType::Complex128 => DType::Complex128,
            fb::TensorType::Uint64 => DType::UInt64,
            fb::TensorType::Resource => DType::Resource,
            fb::TensorType::Variant => DType::Variant,
            fb::TensorType::Uint32 => DType::UInt32,
            fb::TensorType::Uint16 => DType::UInt16,
            fb::TensorType::Int4 => DType::Int4,
            fb::TensorType::Bfloat16 => DType::BFloat16,
        }
    }
}

impl From<DType> for fb::TensorType {
    fn from(t: DType) -> fb::TensorType {
        match t {
            DType::Float32 => fb::TensorType::Float32,
            DType::Float16 => fb::TensorType::Float16,
            DType::Int32 => fb::TensorType::Int32,
            DType::UInt8 => fb::TensorType::Uint8,
            DType::Int64 => fb::TensorType::Int64,
            DType::String => fb::TensorType::String,
            DType::Bool => fb::TensorType::Bool,
            DType::Int16 => fb::TensorType::Int16,
            DType::Complex64 => fb::TensorType::Complex64,
            DType::Int8 => fb::TensorType::Int8,
            DType::Float64 => fb::TensorType::Float64,
            DType::Complex128 => fb::TensorType::Complex128,
            DType::UInt64 => fb::TensorType::Uint64,
            DType::Resource => fb::TensorType::Resource,
            DType::Variant => fb::TensorType::Variant,
            DType::UInt32 => fb::TensorType::Uint32,
            DType::UInt16 => fb::TensorType::Uint16,
            DType::Int4 => fb::TensorType::Int4,
            DType::BFloat16 => fb::TensorType::Bfloat16,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_upstream_numbers_in_order() {
        for (i, t) in DType::ALL.iter().enumerate() {
            assert_eq!(t.code() as usize, i, "{t}");
            assert_eq!(DType::from_code(i as i8), Some(*t));
        }
        assert_eq!(DType::from_code(19), None);
        assert_eq!(DType::from_code(-1), None);
        assert_eq!(DType::Int8.code(), 9);
        assert_eq!(DType::Resource.code(), 13);
    }

    #[test]
    fn buffer_sizes() {
        assert_eq!(DType::Int8.buffer_bytes(10), Some(10));
        assert_eq!(DType::Float32.buffer_bytes(10), Some(40));
        assert_eq!(DType::Complex128.buffer_bytes(2), Some(32));
        assert_eq!(DType::Int4.buffer_bytes(5), Some(3));
        assert_eq!(DType::String.buffer_bytes(5), None);
        assert_eq!(DType::Resource.buffer_bytes(1), None);
        assert_eq!(DType::Int64.buffer_bytes(u64::MAX), None);
    }
}
