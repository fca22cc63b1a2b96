//! The geometry of patch-based execution: which rows and columns of every layer of a run one
//! tile of the run's last output needs, and the explicit padding each layer then computes the
//! tile with.
//!
//! A windowed layer (filter `f`, stride `s`, dilation `d`, padding `p` before the first element,
//! input of `n` elements along an axis) computes output `o` from input elements
//! `o·s - p + k·d` for taps `k` in `0..f`, skipping those outside `0..n`. Output range `a..b`
//! therefore reads `a·s - p .. (b-1)·s - p + (f-1)·d + 1`, clipped to `0..n`. Computing the
//! range alone from the clipped input with explicit padding `[start clipped off, end clipped
//! off]` and no other padding gives the same taps, hence the same values: padding appears only
//! where the tile reaches the tensor's border, interior tile edges read their halo instead.
//! Walking the run from its last layer back gives every layer's range per tile (halos of
//! neighbouring tiles overlap: they are recomputed).

use std::ops::Range;

/// One windowed layer along one axis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AxisWindow {
    /// Filter taps.
    pub filter: i64,
    /// Stride.
    pub stride: i64,
    /// Dilation.
    pub dilation: i64,
    /// Padding before the first element.
    pub pad_before: i64,
    /// Input elements.
    pub input: i64,
}

/// The input one output range needs along an axis, and the padding that computes the range
/// alone from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisNeed {
    /// Input elements read (clipped to the input).
    pub input: Range<i64>,
    /// Explicit padding before and after `input`.
    pub pad: [i64; 2],
}

impl AxisWindow {
    /// What output elements `out` (not empty) need.
    pub fn need(&self, out: &Range<i64>) -> AxisNeed {
        let start = out.start * self.stride - self.pad_before;
        let end = (out.end - 1) * self.stride - self.pad_before + (self.filter - 1) * self.dilation + 1;
        let input = start.max(0)..end.min(self.input);
        AxisNeed { pad: [input.start - start, end - input.end], input }
    }
}

/// `size` elements cut into `parts` ranges as equal as possible (the first ones one longer);
/// `None` unless `1 <= parts <= size`.
pub fn split(size: i64, parts: i64) -> Option<Vec<Range<i64>>> {
    if parts < 1 || parts > size {
        return None;
    }
    let (base, extra) = (size / parts, size % parts);
    let mut start = 0;
    Some(
        (0..parts)
            .map(|i| {
                let len = base + i64::from(i < extra);
                start += len;
                start - len..start
            })
            .collect(),
    )
}

/// One layer's part of one tile: the output rows and columns it computes, the input rows and
/// columns it reads, and its explicit padding `[top, bottom, left, right]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerTile {
    /// Output rows and columns.
    pub output: [Range<i64>; 2],
    /// Input rows and columns.
    pub input: [Range<i64>; 2],
    /// `[top, bottom, left, right]`.
    pub pad: [i64; 4],
}

/// Every layer's part of the tile whose last output is `rows` x `cols`, first layer first;
/// `layers` gives each layer's windows (height, width), first layer first.
pub fn tile_layers(layers: &[[AxisWindow; 2]], rows: Range<i64>, cols: Range<i64>) -> Vec<LayerTile> {
    let mut out = [rows, cols];
    let mut tiles: Vec<LayerTile> = layers
        .iter()
        .rev()
        .map(|windows| {
            let [h, w] = [windows[0].need(&out[0]), windows[1].need(&out[1])];
            let tile = LayerTile {
                output: out.clone(),
                input: [h.input.clone(), w.input.clone()],
                pad: [h.pad[0], h.pad[1], w.pad[0], w.pad[1]],
            };
            out = [h.input, w.input];
            tile
        })
        .collect();
    tiles.reverse();
    tiles
}

/// The tiles of a `grid` (rows, columns) over an output of `size` (height, width), row by row:
/// each tile's layers ([`tile_layers`]); `None` if the grid has more parts than the output has
/// elements along an axis.
pub fn grid_tiles(layers: &[[AxisWindow; 2]], size: [i64; 2], grid: [i64; 2]) -> Option<Vec<Vec<LayerTile>>> {
    let (rows, cols) = (split(size[0], grid[0])?, split(size[1], grid[1])?);
    Some(rows.iter().flat_map(|r| cols.iter().map(|c| tile_layers(layers, r.clone(), c.clone()))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(filter: i64, stride: i64, pad_before: i64, input: i64) -> AxisWindow {
        AxisWindow { filter, stride, dilation: 1, pad_before, input }
    }

    #[test]
    fn a_range_needs_its_taps_clipped_to_the_input_with_the_rest_as_padding() {
        // 3 taps, stride 1, SAME on 8: output 0..4 reads -1..5 → 0..5, one padded row on top.
        let same = axis(3, 1, 1, 8);
        assert_eq!(same.need(&(0..4)), AxisNeed { input: 0..5, pad: [1, 0] });
        // The interior edge reads its halo instead of padding.
        assert_eq!(same.need(&(4..8)), AxisNeed { input: 3..8, pad: [0, 1] });
        assert_eq!(same.need(&(3..5)), AxisNeed { input: 2..6, pad: [0, 0] });
        // Stride 2, SAME on 96 (TFLite: pad 0 before, 1 after): 24..48 reads 48..96 + 1 padded.
        let strided = axis(3, 2, 0, 96);
        assert_eq!(strided.need(&(24..48)), AxisNeed { input: 48..96, pad: [0, 1] });
        assert_eq!(strided.need(&(0..24)), AxisNeed { input: 0..49, pad: [0, 0] });
        // Dilation 2: taps 0, 2, 4 from o - 2.
        let dilated = AxisWindow { filter: 3, stride: 1, dilation: 2, pad_before: 2, input: 10 };
        assert_eq!(dilated.need(&(0..1)), AxisNeed { input: 0..3, pad: [2, 0] });
    }

    #[test]
    fn splits_are_balanced_and_cover_the_axis() {
        assert_eq!(split(10, 3), Some(vec![0..4, 4..7, 7..10]));
        assert_eq!(split(4, 4), Some(vec![0..1, 1..2, 2..3, 3..4]));
        assert_eq!(split(4, 5), None);
        assert_eq!(split(4, 0), None);
    }

    #[test]
    fn tiles_walk_the_run_back_from_its_last_output() {
        // conv 3x3 stride 2 SAME (96 → 48), then depthwise 3x3 stride 1 SAME (48 → 48).
        let layers = [[axis(3, 2, 0, 96); 2], [axis(3, 1, 1, 48); 2]];
        let tiles = grid_tiles(&layers, [48, 48], [2, 2]).expect("a grid");
        assert_eq!(tiles.len(), 4);
        // Top-left tile: the depthwise layer pads top and left only, and reads one halo row and
        // column of the convolution's output, which reads up to input row 50 (exclusive).
        let top_left = &tiles[0];
        assert_eq!(top_left[1].output, [0..24, 0..24]);
        assert_eq!(top_left[1].input, [0..25, 0..25]);
        assert_eq!(top_left[1].pad, [1, 0, 1, 0]);
        assert_eq!(top_left[0].output, [0..25, 0..25]);
        assert_eq!(top_left[0].input, [0..51, 0..51]);
        assert_eq!(top_left[0].pad, [0, 0, 0, 0]);
        // Bottom-right tile: padding after, where the tensor ends.
        let bottom_right = &tiles[3];
        assert_eq!(bottom_right[1].input, [23..48, 23..48]);
        assert_eq!(bottom_right[1].pad, [0, 1, 0, 1]);
        assert_eq!(bottom_right[0].input, [46..96, 46..96]);
        assert_eq!(bottom_right[0].pad, [0, 1, 0, 1]);
        // Every layer's output range has as many elements as its padded input gives.
        for tile in &tiles {
            for (layer, windows) in tile.iter().zip(&layers) {
                for a in 0..2 {
                    let w = windows[a];
                    let padded = layer.input[a].end - layer.input[a].start + layer.pad[2 * a] + layer.pad[2 * a + 1];
                    let out = (padded - (w.filter - 1) * w.dilation - 1) / w.stride + 1;
                    assert_eq!(out, layer.output[a].end - layer.output[a].start);
                }
            }
        }
    }
}
