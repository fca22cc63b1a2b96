//! `depth_to_space`, `space_to_depth`, `space_to_batch_nd`, `batch_to_space_nd`: TFLite Micro's
//! `reference_ops::DepthToSpace`, `SpaceToDepth`, `SpaceToBatchND` and `BatchToSpaceND` as pure
//! data movement, with every block offset a separate loop (or, for the batch rearrangements, a
//! separate nest over exactly the rows and columns it moves), so no element needs a division or
//! a bounds test.
//!
//! ```text
//! depth_to_space:  out[b, y·s + i, x·s + j, d]        = in[b, y, x, (i·s + j)·D + d]
//! space_to_depth:  out[b, y, x, (i·s + j)·C + c]      = in[b, y·s + i, x·s + j, c]
//! space_to_batch:  out[(i·bw + j)·N + n, y, x, c]     = in[n, y·bh + i − top, x·bw + j − left, c]
//!                  (the padding first filled)
//! batch_to_space:  out[n, y·bh + i − top, x·bw + j − left, c] = in[(i·bw + j)·N + n, y, x, c]
//!                  (the rows and columns the crops leave)
//! ```
//!
//! A 3-D (NHC) input has no width: one block size, one pair of paddings or crops.
//!
//! TFLite Micro's `SPACE_TO_BATCH_ND` pads with `SpaceToBatchParams::output_offset`, which its
//! kernel never sets (the persistent buffer it allocates reads 0): the installed interpreter
//! pads int8 with the stored value 0 whatever the zero point, and so does this kernel.

use super::emitter::{ElementKind, KernelEmitter};
use mc_ir::{Diagnostic, Value};

/// Lowers `depth_to_space` (attribute `block_size`).
pub fn lower_depth_to_space(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let s = e.int_attr("block_size")?;
    let [n, h, w, c] = dims4(e, input)?;
    let depth = c / (s * s);
    e.nest(&[n, h, w, s, s, depth], |e, ivs| {
        let &[b, y, x, i, j, d] = ivs else { unreachable!("a rank-6 nest") };
        let (out_y, out_x) = (scaled_plus(e, y, s, i), scaled_plus(e, x, s, j));
        let block = scaled_plus(e, i, s, j);
        let in_d = scaled_plus(e, block, depth, d);
        let value = e.load(input, &[b, y, x, in_d]);
        e.store(value, output, &[b, out_y, out_x, d]);
        Ok(())
    })
}

/// Lowers `space_to_depth` (attribute `block_size`).
pub fn lower_space_to_depth(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let s = e.int_attr("block_size")?;
    let [n, h, w, c] = dims4(e, input)?;
    e.nest(&[n, h / s, w / s, s, s, c], |e, ivs| {
        let &[b, y, x, i, j, d] = ivs else { unreachable!("a rank-6 nest") };
        let (in_y, in_x) = (scaled_plus(e, y, s, i), scaled_plus(e, x, s, j));
        let block = scaled_plus(e, i, s, j);
        let out_d = scaled_plus(e, block, c, d);
        let value = e.load(input, &[b, in_y, in_x, d]);
        e.store(value, output, &[b, y, x, out_d]);
        Ok(())
    })
}

/// Lowers `space_to_batch_nd` (attributes `block_shape`, `paddings`).
pub fn lower_space_to_batch(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let layout = BatchLayout::read(e, "paddings", input, output)?;
    let pad_value = match e.kind(output) {
        ElementKind::F32 => e.f32(0.0),
        ElementKind::Int8 => e.int(0, 8),
        _ => return Err(e.unsupported(format!("element type of {}", e.type_text(output)))),
    };
    if layout.pairs.iter().flatten().any(|&p| p > 0) {
        let shape = e.shape(output);
        e.nest(&shape, |e, ivs| {
            e.store(pad_value, output, ivs);
            Ok(())
        })?;
    }
    layout.copy(e, input, output, true)
}

/// Lowers `batch_to_space_nd` (attributes `block_shape`, `crops`).
pub fn lower_batch_to_space(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let layout = BatchLayout::read(e, "crops", input, output)?;
    layout.copy(e, output, input, false)
}

/// The dimensions of a rank-4 buffer.
fn dims4(e: &KernelEmitter<'_>, value: Value) -> Result<[i64; 4], Diagnostic> {
    let shape = e.shape(value);
    shape.as_slice().try_into().map_err(|_| e.unsupported(format!("rank-{} input (NHWC only)", shape.len())))
}

/// `a · k + b` on indices, folding `k = 1`.
fn scaled_plus(e: &mut KernelEmitter<'_>, a: Value, k: i64, b: Value) -> Value {
    let a = scaled(e, a, k);
    e.addi(a, b)
}

/// The geometry shared by `space_to_batch_nd` and `batch_to_space_nd`: the spatial side
/// (`space_to_batch`'s input, `batch_to_space`'s output) and the batch side, and the block
/// offsets that map one to the other.
struct BatchLayout {
    /// Shape of the spatial side, extended to NHWC (`W = 1` for a 3-D buffer).
    space: [i64; 4],
    /// Shape of the batch side, extended to NHWC.
    batch: [i64; 4],
    /// Block sizes `[bh, bw]`.
    block: [i64; 2],
    /// Paddings or crops before each spatial dimension and after it: `[[top, bottom], [left, right]]`.
    pairs: [[i64; 2]; 2],
    /// The buffers have rank 3 (no width index).
    rank3: bool,
}

impl BatchLayout {
    /// Reads the block shape and the list `pairs` (`paddings` or `crops`) of the kernel moving
    /// `input` to `output`.
    fn read(e: &KernelEmitter<'_>, pairs: &str, input: Value, output: Value) -> Result<Self, Diagnostic> {
        let (block, flat) = (e.list_attr("block_shape")?, e.list_attr(pairs)?);
        let (in_shape, out_shape) = (e.shape(input), e.shape(output));
        let rank3 = in_shape.len() == 3;
        let extend = |s: &[i64]| match *s {
            [n, h, c] => [n, h, 1, c],
            [n, h, w, c] => [n, h, w, c],
            _ => [0; 4],
        };
        let (block, pairs_2d) = match (block.as_slice(), flat.as_slice()) {
            (&[bh], &[t, b]) if rank3 => ([bh, 1], [[t, b], [0, 0]]),
            (&[bh, bw], &[t, b, l, r]) if !rank3 => ([bh, bw], [[t, b], [l, r]]),
            _ => return Err(e.unsupported(format!("block shape {block:?} and {pairs} {flat:?} for this rank"))),
        };
        let (space, batch) = if pairs == "paddings" { (&in_shape, &out_shape) } else { (&out_shape, &in_shape) };
        Ok(BatchLayout { space: extend(space), batch: extend(batch), block, pairs: pairs_2d, rank3 })
    }

    /// The batch-side rows `[lo, hi)` of spatial dimension `d` that block offset `offset` maps
    /// inside the spatial side: `y · b + offset − before` in `[0, size)`.
    fn rows(&self, d: usize, offset: i64) -> (i64, i64) {
        let (b, before) = (self.block[d], self.pairs[d][0]);
        let first = (before - offset + b - 1).div_euclid(b).max(0);
        let end = ((self.space[d + 1] - 1 + before - offset).div_euclid(b) + 1).min(self.batch[d + 1]);
        (first, end.max(first))
    }

    /// For every block offset `(i, j)`, a nest over the rows and columns it maps inside the
    /// spatial side, copying `space[n, y·bh + i − top, x·bw + j − left, c]` to or from
    /// `batch[(i·bw + j)·N + n, y, x, c]` (to the batch side if `to_batch`).
    fn copy(&self, e: &mut KernelEmitter<'_>, space: Value, batch: Value, to_batch: bool) -> Result<(), Diagnostic> {
        let [n, _, _, c] = self.space;
        let [bh, bw] = self.block;
        for i in 0..bh {
            for j in 0..bw {
                let ((y0, y1), (x0, x1)) = (self.rows(0, i), self.rows(1, j));
                if y0 == y1 || x0 == x1 {
                    continue;
                }
                let batch_base = (i * bw + j) * n;
                let (space_y, space_x) = (y0 * bh + i - self.pairs[0][0], x0 * bw + j - self.pairs[1][0]);
                e.nest(&[n, y1 - y0, x1 - x0, c], |e, ivs| {
                    let &[b, y, x, d] = ivs else { unreachable!("a rank-4 nest") };
                    let batch_index = offset(e, b, batch_base);
                    let (batch_y, batch_x) = (offset(e, y, y0), offset(e, x, x0));
                    let sy = scaled(e, y, bh);
                    let sy = offset(e, sy, space_y);
                    let sx = scaled(e, x, bw);
                    let sx = offset(e, sx, space_x);
                    let (space_at, batch_at) = if self.rank3 {
                        (vec![b, sy, d], vec![batch_index, batch_y, d])
                    } else {
                        (vec![b, sy, sx, d], vec![batch_index, batch_y, batch_x, d])
                    };
                    if to_batch {
                        let value = e.load(space, &space_at);
                        e.store(value, batch, &batch_at);
                    } else {
                        let value = e.load(batch, &batch_at);
                        e.store(value, space, &space_at);
                    }
                    Ok(())
                })?;
            }
        }
        Ok(())
    }
}

/// `a · k` on indices, folding `k = 1`.
fn scaled(e: &mut KernelEmitter<'_>, a: Value, k: i64) -> Value {
    if k == 1 {
        return a;
    }
    let k = e.index(k);
    e.muli(a, k)
}

/// `a + k` on indices, folding `k = 0`.
fn offset(e: &mut KernelEmitter<'_>, a: Value, k: i64) -> Value {
    if k == 0 {
        return a;
    }
    let k = e.index(k);
    e.addi(a, k)
}
