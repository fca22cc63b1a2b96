//! `conv_2d`: TFLite's `reference_integer_ops::ConvPerChannel` (int8, per-channel or per-tensor
//! filter scales, optional `i32` bias, grouped filters) and `reference_ops::Conv` (float).
//!
//! ```text
//! for b, oy, ox (pairs of interior columns):      (ConvWindow::for_each_pixel)
//!   for oc in pairs (then the rest):
//!     acc[p][j] = init(oc_j)                      (0, bias, or bias + input_offset·Σfilter)
//!     for fy in ylo..yhi, fx in xlo..xhi:         only taps inside the input
//!       for ic in 0..filter_in_c:                 contiguous in input and filter
//!         x_p = x[b, iy_p, ix_p, g·filter_in_c + ic]         one load per pixel
//!         f_j = f[oc_j, fy, fx, ic]                          one load per channel
//!         acc[p][j] += f_j · (x_p (+ input_offset))
//!     out[b, oy, ox_p, oc_j] = finish(acc[p][j], oc_j)       (requantize or bias + clamp)
//! ```
//!
//! Where the int8 terms are plain products (the input offset folded into `init`) and the filter
//! depth is a multiple of 4, the `ic` loop steps by 4 and adds the four terms of consecutive input
//! channels to each accumulator in a row: the shape the LLVM backend turns into two `smlad` on a
//! Cortex-M4, the four input and the four filter bytes each read as one word.
//!
//! Filters with fewer input channels than the input are grouped convolutions: output channel
//! `oc` reads input channels of group `oc / (out_c / groups)`, as TFLite's reference kernels do.

use super::accumulation::{Accumulation, Channel};
use super::emitter::KernelEmitter;
use super::reduction::reduce;
use super::window::{ConvWindow, Pixel, offset};
use mc_dialects::arith::build::constant_int_value;
use mc_ir::{Diagnostic, Value};

/// Filters with at most this many input channels have their channel loop unrolled (first
/// layers: RGB or single-channel inputs).
const MAX_UNROLLED_CHANNELS: i64 = 4;

/// Output channels computed together (their accumulators carried side by side).
///
/// Two channels of [`PIXELS`] pixels keep four accumulators, the two pixels' inputs and one
/// channel's filter values in registers on a 32-bit core with 14 (Cortex-M) or 31 (RISC-V)
/// usable registers, unpacked to 16-bit lanes for `smlad` on Cortex-M4: 2 × 2 blocks ran the
/// MLPerf Tiny models in fewer instructions than 4 × 4 (which spilled accumulators on the M4
/// and was unrolled into spills on RV32), 2 × 4, 4 × 2, 1 × 4 and 4 × 1.
const CHANNEL_BLOCK: i64 = 2;

/// Adjacent interior output pixels computed together (sharing each filter load).
const PIXELS: i64 = 2;

/// Input channels one packed step consumes (one 32-bit word of `i8` values).
const TERMS: i64 = 4;

/// Lowers `conv_2d` (operands: input `[n, h, w, c]`, filter `[out_c, fh, fw, c / groups]`,
/// optional bias `[out_c]`; output `[n, oh, ow, out_c]`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, filter, bias, output) = (e.inputs[0], e.inputs[1], e.inputs.get(2).copied(), e.output);
    let (in_shape, filter_shape, out_shape) = (e.shape(input), e.shape(filter), e.shape(output));
    if [&in_shape, &filter_shape, &out_shape].iter().any(|s| s.len() != 4) {
        return Err(e.unsupported("input, filter and output must have rank 4"));
    }
    let (channels, filter_depth) = (filter_shape[0], filter_shape[3]);
    let groups = if filter_depth > 0 && in_shape[3] % filter_depth == 0 { in_shape[3] / filter_depth } else { 0 };
    if groups == 0 || channels % groups != 0 || out_shape[3] != channels {
        return Err(
            e.unsupported(format!("filter {filter_shape:?} does not fit input {in_shape:?} and output {out_shape:?}"))
        );
    }
    let per_group = channels / groups;
    let window = ConvWindow::read(e, &in_shape, [filter_shape[1], filter_shape[2]], &out_shape)?;
    let taps = (filter_shape[1] * filter_shape[2] * filter_depth) as usize;
    let arith = Accumulation::new(e, [input, filter, output], bias, channels as usize, |values| {
        values.chunks(taps.max(1)).map(|c| c.iter().sum()).collect()
    })?;
    let nest = Nest { input, filter, output, filter_depth, groups, per_group, window, arith };
    // Blocks of output channels share each input load; a block never straddles two groups.
    let block =
        if channels >= CHANNEL_BLOCK && (groups == 1 || per_group % CHANNEL_BLOCK == 0) { CHANNEL_BLOCK } else { 1 };
    let blocked = channels / block * block;
    // Pixel groups share filter loads; with the channel loop unrolled too (a few input channels)
    // the unrolled window of a group holds more values than registers, so pixels go one by one.
    let group = if filter_depth > MAX_UNROLLED_CHANNELS { PIXELS } else { 1 };
    nest.window.for_each_pixel(e, group, |e, pixels, interior| {
        nest.channel_blocks(e, pixels, interior, (0, blocked / block), block)?;
        if blocked < channels {
            nest.channel_blocks(e, pixels, interior, (blocked, channels - blocked), 1)?;
        }
        Ok(())
    })
}

/// What the nest of one `conv_2d` reads and computes.
struct Nest {
    input: Value,
    filter: Value,
    output: Value,
    /// Input channels per filter.
    filter_depth: i64,
    groups: i64,
    /// Output channels per group.
    per_group: i64,
    window: ConvWindow,
    arith: Accumulation,
}

impl Nest {
    /// At `pixels`, `count` blocks of `width` consecutive output channels from channel `first`:
    /// each block carries `width` accumulators per pixel through one pass over the taps and
    /// input channels, so each input element is loaded once per block and each filter element
    /// once per pixel group.
    fn channel_blocks(
        &self,
        e: &mut KernelEmitter<'_>,
        pixels: &[Pixel],
        interior: bool,
        (first, count): (i64, i64),
        width: i64,
    ) -> Result<(), Diagnostic> {
        let Nest { input, filter, output, filter_depth, .. } = *self;
        e.for_range(0, count, &[], |e, block, _| {
            let base = offset(e, block, width, first);
            let channels: Vec<Value> = (0..width).map(|j| offset(e, base, 1, j)).collect();
            let first_channel = (self.groups > 1).then(|| {
                let (per_group, depth) = (e.index(self.per_group), e.index(filter_depth));
                let group = e.binary("arith.divui", channels[0], per_group);
                e.muli(group, depth)
            });
            let params: Vec<Channel> = channels.iter().map(|&oc| self.arith.channel(e, oc, interior)).collect();
            // Accumulators pixel-major: accs[p · width + j] for pixel p, channel j.
            let inits: Vec<Value> = pixels.iter().flat_map(|_| params.iter().map(|c| c.init)).collect();
            // Input channel `ic` of `pixel` (in its group's channels).
            let input_channel = |e: &mut KernelEmitter<'_>, ic: Value| match first_channel {
                Some(first) if constant_int_value(e.b.ctx, ic) != Some(0) => e.addi(first, ic),
                Some(first) => first,
                None => ic,
            };
            let packed = self.arith.packs(interior) && filter_depth % TERMS == 0;
            let accs = self.window.reduce_taps(e, pixels, &inits, interior, |e, positions, [fy, fx], accs| {
                let load_x = |e: &mut KernelEmitter<'_>, p: usize, ic: Value| {
                    let channel = input_channel(e, ic);
                    let [iy, ix] = positions[p];
                    e.load(input, &[pixels[p].batch, iy, ix, channel])
                };
                if packed {
                    // Four consecutive input channels per step, added to each accumulator in a row.
                    let quads = (e.index(0), e.index(filter_depth / TERMS));
                    return reduce(e, quads, accs, MAX_UNROLLED_CHANNELS / TERMS, |e, quad, accs| {
                        let ics: [Value; 4] = std::array::from_fn(|k| offset(e, quad, TERMS, k as i64));
                        let xs: Vec<[Value; 4]> = (0..pixels.len()).map(|p| ics.map(|ic| load_x(e, p, ic))).collect();
                        let mut next = accs.to_vec();
                        for (j, &oc) in channels.iter().enumerate() {
                            let fs = ics.map(|ic| e.load(filter, &[oc, fy, fx, ic]));
                            for (p, x) in xs.iter().enumerate() {
                                let slot = p * channels.len() + j;
                                for (&x, &f) in x.iter().zip(&fs) {
                                    next[slot] = self.arith.accumulate(e, next[slot], x, f, interior);
                                }
                            }
                        }
                        Ok(next)
                    });
                }
                let depth = (e.index(0), e.index(filter_depth));
                reduce(e, depth, accs, MAX_UNROLLED_CHANNELS, |e, ic, accs| {
                    let xs: Vec<Value> = (0..pixels.len()).map(|p| load_x(e, p, ic)).collect();
                    let mut next = accs.to_vec();
                    for (j, &oc) in channels.iter().enumerate() {
                        let f = e.load(filter, &[oc, fy, fx, ic]);
                        for (p, &x) in xs.iter().enumerate() {
                            let slot = p * channels.len() + j;
                            next[slot] = self.arith.accumulate(e, accs[slot], x, f, interior);
                        }
                    }
                    Ok(next)
                })
            })?;
            for (p, pixel) in pixels.iter().enumerate() {
                for (j, &oc) in channels.iter().enumerate() {
                    let result = params[j].finish(e, accs[p * channels.len() + j]);
                    e.store(result, output, &[pixel.batch, pixel.out[0], pixel.out[1], oc]);
                }
            }
            Ok(Vec::new())
        })
        .map(drop)
    }
}
