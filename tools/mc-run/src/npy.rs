//! Reading and writing `.npy` files as raw little-endian bytes with a dtype and a shape.
//!
//! `npyz` parses and writes the header; the data stays bytes, which is what the JIT's buffers
//! hold. Only C-order, little-endian (or byte-sized) plain dtypes are accepted: they are the
//! buffers' own layout, so no element is converted.

use npyz::{DType, NpyFile, Order, TypeStr, WriteOptions, WriterBuilder};
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};

/// An array read from or written to an `.npy` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Array {
    /// The npy type string (`|i1`, `<f4`, ...).
    pub dtype: String,
    /// The shape.
    pub shape: Vec<u64>,
    /// The elements in C order, little-endian.
    pub bytes: Vec<u8>,
}

/// Reads the `.npy` file at `path`.
pub fn read(path: &str) -> Result<Array, String> {
    let error = |message: String| format!("'{path}': {message}");
    let file = File::open(path).map_err(|e| error(format!("cannot open: {e}")))?;
    let npy = NpyFile::new(BufReader::new(file)).map_err(|e| error(format!("not a valid .npy file: {e}")))?;
    let header = npy.header();
    let (shape, order) = (header.shape().to_vec(), header.order());
    let type_str = match header.dtype() {
        DType::Plain(type_str) => type_str,
        other => return Err(error(format!("dtype {} is not a plain numeric dtype", other.descr()))),
    };
    let dtype = type_str.to_string();
    let element_bytes = match type_str.num_bytes() {
        Some(bytes) if dtype.starts_with('<') || (dtype.starts_with('|') && bytes == 1) => bytes,
        _ => return Err(error(format!("dtype '{dtype}' is not a little-endian number type"))),
    };
    if order == Order::Fortran && shape.len() > 1 {
        return Err(error("the array is in Fortran order; save it in C order".to_string()));
    }
    let count = shape.iter().try_fold(1u64, |n, &d| n.checked_mul(d));
    let size = count.and_then(|n| n.checked_mul(element_bytes as u64)).and_then(|b| usize::try_from(b).ok());
    let size = size.ok_or_else(|| error(format!("shape {shape:?} is too large")))?;
    let mut bytes = Vec::with_capacity(size);
    npy.into_inner()
        .take(size as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| error(format!("cannot read the data: {e}")))?;
    if bytes.len() != size {
        return Err(error(format!(
            "the data has {} bytes, but shape {shape:?} of '{dtype}' needs {size}",
            bytes.len()
        )));
    }
    Ok(Array { dtype, shape, bytes })
}

/// Writes `array` to `path` as an `.npy` file.
pub fn write(path: &str, array: &Array) -> Result<(), String> {
    let error = |e: std::io::Error| format!("cannot write '{path}': {e}");
    let type_str: TypeStr =
        array.dtype.parse().map_err(|e| format!("cannot write '{path}': bad dtype '{}': {e}", array.dtype))?;
    let dtype = DType::new_scalar(type_str);
    let file = File::create(path).map_err(error)?;
    let mut out = WriteOptions::new_header_only()
        .dtype(dtype)
        .shape(&array.shape)
        .writer(BufWriter::new(file))
        .write_header_only()
        .map_err(error)?;
    out.write_all(&array.bytes).and_then(|()| out.flush()).map_err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_round_trip_and_bad_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("mc-run-npy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.npy").to_string_lossy().into_owned();
        let array = Array { dtype: "<i2".to_string(), shape: vec![2, 3], bytes: (0..12).collect() };
        write(&path, &array).unwrap();
        assert_eq!(read(&path).unwrap(), array);

        std::fs::write(&path, b"not an npy file").unwrap();
        assert!(read(&path).unwrap_err().contains("not a valid .npy file"), "{}", read(&path).unwrap_err());
        let short = Array { dtype: "<f4".to_string(), shape: vec![4], bytes: vec![0; 8] };
        write(&path, &short).unwrap();
        assert!(read(&path).unwrap_err().ends_with("the data has 8 bytes, but shape [4] of '<f4' needs 16"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
