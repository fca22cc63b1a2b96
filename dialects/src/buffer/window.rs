//! Contiguous windows: which boxes of a row-major buffer are one unbroken run of its storage,
//! so a slice, split or unpack of them is a `buffer.view` (an offset) rather than a copy.
//!
//! A window `begin[d] .. begin[d] + size[d]` of a row-major buffer is contiguous when, going
//! from the outermost dimension in, every dimension has size 1 until the first one that does
//! not (any range of it), and every dimension inside that one is taken whole. Slicing along the
//! outermost non-unit dimension (`x[:, 2:5, :, :]` of `1x8x4x4`), splitting or unpacking along
//! it, and taking one row (`x[3]`) are; a channel slice of an NHWC tensor with `H·W > 1` is not.

use mc_ir::BufferType;
use mc_ir::buffer::row_major_strides;

/// The element offset of the window `begin`/`size` in a row-major buffer of `shape`, if it is
/// in bounds, not empty and one contiguous run of storage (see the module docs).
pub fn contiguous_window_offset(shape: &[i64], begin: &[i64], size: &[i64]) -> Option<i64> {
    if begin.len() != shape.len() || size.len() != shape.len() {
        return None;
    }
    let in_bounds = shape.iter().zip(begin).zip(size).all(|((&d, &b), &s)| b >= 0 && s > 0 && b + s <= d);
    if !in_bounds {
        return None;
    }
    // The first dimension of more than one element: all inside it are whole.
    let first = size.iter().position(|&s| s != 1).unwrap_or(shape.len());
    let whole_inside = (first + 1..shape.len()).all(|d| begin[d] == 0 && size[d] == shape[d]);
    if !whole_inside {
        return None;
    }
    let strides = row_major_strides(shape);
    Some(begin.iter().zip(&strides).map(|(&b, &s)| b * s).sum())
}

/// The type of a view of `source` that holds its window `begin`/`size` as a row-major buffer of
/// `shape` (the window's sizes, or any shape of as many elements: an unpack or a shrunk axis
/// drops unit dimensions), if `source` has row-major strides and the window is contiguous.
pub fn window_view_type(source: &BufferType, begin: &[i64], size: &[i64], shape: &[i64]) -> Option<BufferType> {
    if !source.has_row_major_strides() || size.iter().product::<i64>() != shape.iter().product::<i64>() {
        return None;
    }
    let offset = contiguous_window_offset(&source.shape, begin, size)?;
    Some(
        BufferType::identity(shape.to_vec(), source.element)
            .with_layout(row_major_strides(shape), source.offset + offset),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_ir::Context;

    #[test]
    fn outermost_non_unit_windows_are_contiguous() {
        let nhwc = [1, 8, 4, 4];
        // Rows 2..5 of H: offset 2·16.
        assert_eq!(contiguous_window_offset(&nhwc, &[0, 2, 0, 0], &[1, 3, 4, 4]), Some(32));
        // One row, then a range of W inside it: still one run.
        assert_eq!(contiguous_window_offset(&nhwc, &[0, 3, 1, 0], &[1, 1, 2, 4]), Some(52));
        // A single element anywhere.
        assert_eq!(contiguous_window_offset(&nhwc, &[0, 7, 3, 3], &[1, 1, 1, 1]), Some(127));
        // Channels of an NHWC tensor with H·W > 1: strided, not contiguous.
        assert_eq!(contiguous_window_offset(&nhwc, &[0, 0, 0, 1], &[1, 8, 4, 2]), None);
        // A range of H with part of W: not contiguous.
        assert_eq!(contiguous_window_offset(&nhwc, &[0, 2, 0, 0], &[1, 3, 2, 4]), None);
        // The batch dimension of [2, 3]: rows are runs.
        assert_eq!(contiguous_window_offset(&[2, 3], &[1, 0], &[1, 3]), Some(3));
        // Out of bounds, empty, or the wrong rank: no view.
        assert_eq!(contiguous_window_offset(&[2, 3], &[1, 0], &[2, 3]), None);
        assert_eq!(contiguous_window_offset(&[2, 3], &[1, 0], &[0, 3]), None);
        assert_eq!(contiguous_window_offset(&[2, 3], &[1], &[1]), None);
        // The whole buffer.
        assert_eq!(contiguous_window_offset(&nhwc, &[0; 4], &nhwc), Some(0));
    }

    #[test]
    fn views_of_windows_are_row_major_and_offset() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let source = BufferType::identity(vec![4, 6], i8).with_layout(vec![6, 1], 10);
        // Row 2 unpacked to a vector: offset 10 + 12.
        let row = window_view_type(&source, &[2, 0], &[1, 6], &[6]).expect("a view");
        assert_eq!((row.shape, row.strides, row.offset), (vec![6], vec![1], 22));
        // Rows 1..3 kept 2-D.
        let rows = window_view_type(&source, &[1, 0], &[2, 6], &[2, 6]).expect("a view");
        assert_eq!((rows.strides, rows.offset), (vec![6, 1], 16));
        // Columns are strided; a transposed source is not row-major; the shape must fit.
        assert!(window_view_type(&source, &[0, 1], &[4, 2], &[4, 2]).is_none());
        let transposed = BufferType::identity(vec![6, 4], i8).with_layout(vec![1, 6], 0);
        assert!(window_view_type(&transposed, &[1, 0], &[1, 4], &[4]).is_none());
        assert!(window_view_type(&source, &[2, 0], &[1, 6], &[5]).is_none());
    }
}
