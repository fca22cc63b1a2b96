//! `conv_2d`: TFLite's `reference_integer_ops::ConvPerChannel` (int8, per-channel or per-tensor
//! filter scales, optional `i32` bias, grouped filters; and its 16x8 overload: int16 activations,
//! optional `i32` or `i64` bias) and `reference_ops::Conv` (float).
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
//! With one input channel (KWS's first layer: 10x4 taps over a 49x10 spectrogram, half its
//! pixels clipped), the kernel first copies the input into a workspace bordered with its zero
//! point, so every pixel sees the whole filter (constant bounds, folded input offset); where the
//! filter width is a multiple of 4, each step then adds four consecutive columns of a filter row
//! to each accumulator in a row, the same dot-product shape over columns.
//!
//! Filters with fewer input channels than the input are grouped convolutions: output channel
//! `oc` reads input channels of group `oc / (out_c / groups)`, as TFLite's reference kernels do.
//!
//! For a target that vectorizes over output channels (`output-channel-vectors`: the host with
//! 256- or 512-bit vectors, whose `vectorize-channels` then computes one output channel per
//! lane), an int8 convolution without groups and with a constant filter loops over output
//! channels one at a time (no channel blocks), four interior pixels at a time, and reads the
//! filter from a copy reordered `[fh, fw, in_c, out_c]`: the filter values of one tap for
//! consecutive output channels are adjacent, one vector load, while each input value is the same
//! in every lane (ruy's outer-product blocking, with no horizontal sums).

use super::accumulation::{Accumulation, Accumulator16, Channel};
use super::emitter::{ElementKind, KernelEmitter};
use super::reduction::reduce;
use super::window::{ConvWindow, NestCost, Pixel, offset};
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

/// Adjacent interior output pixels computed together when the filter is reordered for
/// output-channel vectors: each vector of filter values serves four accumulators. With 16 lanes
/// (AVX-512) kws, resnet and vww ran 4-9% faster than with two pixels (mc-run --bench 20, same
/// session).
const VECTOR_PIXELS: i64 = 4;

/// Input channels one packed step consumes (one 32-bit word of `i8` values).
const TERMS: i64 = 4;

/// What a border nest of its own must take over to pay for its bytes ([`NestCost`]; more than
/// depthwise convolutions ask, as the shared nest steps over input channels as the specialized
/// ones do and loses less per tap). On the Cortex-M4, resnet's grouped border rows from 86,016
/// multiply-accumulates saved 80-700 instructions per byte, those of its first and strided
/// layers (17,280 and 46,080) under 100; the clipped columns with unrolled rows saved under 30
/// per byte at 294,912.
const SPECIALIZED: NestCost = NestCost { border_groups: 64_000, clipped_rows: 1_000_000 };

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
    let arith = Accumulation::new(
        e,
        [input, filter, output],
        bias,
        channels as usize,
        Some(&|values: &[i64]| values.chunks(taps.max(1)).map(|c| c.iter().sum()).collect()),
        Accumulator16::OfBias,
    )?;
    // One input channel (first layers): the clipped border would take most of the time, with
    // run-time tap bounds and the input offset added per tap. A copy of the input padded with its
    // zero point makes every pixel interior: a padded tap adds `f · zero_point`, which the folded
    // start's `input_offset · f` cancels, exactly as TFLite skips it.
    let clipped = !(window.never_clipped(0) && window.never_clipped(1));
    let (input, window) = if filter_depth == 1 && groups == 1 && clipped && arith.packs(true) {
        padded_input(e, input, &window)?
    } else {
        (input, window)
    };
    let reordered = if e.output_channel_vectors && groups == 1 && e.kind(input) == ElementKind::Int8 {
        e.constant_ints(filter).map(|values| output_channels_innermost(e, &filter_shape, &values))
    } else {
        None
    };
    let nest = Nest { input, filter, reordered, output, filter_depth, groups, per_group, window, arith };
    // Blocks of output channels share each input load; a block never straddles two groups. With
    // the filter reordered, the vector lanes share them instead.
    let block = if reordered.is_none() && channels >= CHANNEL_BLOCK && (groups == 1 || per_group % CHANNEL_BLOCK == 0) {
        CHANNEL_BLOCK
    } else {
        1
    };
    let blocked = channels / block * block;
    // Pixel groups share filter loads; with the channel loop unrolled too (a few input channels)
    // the unrolled window of a group holds more values than registers, so pixels go one by one.
    // Steps over filter columns keep one word per pixel and channel: pixels go in groups again.
    let group = if nest.reordered.is_some() {
        VECTOR_PIXELS
    } else if filter_depth > MAX_UNROLLED_CHANNELS || nest.steps_columns(true) {
        PIXELS
    } else {
        1
    };
    let specialized = nest.window.kernel_specialized(e, channels * filter_depth, SPECIALIZED)?;
    nest.window.for_each_pixel(e, group, false, specialized, |e, pixels, interior| {
        nest.channel_blocks(e, pixels, interior, (0, blocked / block), block)?;
        if blocked < channels {
            nest.channel_blocks(e, pixels, interior, (blocked, channels - blocked), 1)?;
        }
        Ok(())
    })
}

/// A workspace holding `input` (int8, NHWC) inside a border of its zero point, as large as
/// `window`'s taps reach, and the window over it (no padding, so never clipped).
fn padded_input(
    e: &mut KernelEmitter<'_>,
    input: Value,
    window: &ConvWindow,
) -> Result<(Value, ConvWindow), Diagnostic> {
    let (_, zero_point) = e.per_tensor(input)?;
    let extent = |axis: usize| {
        (window.output[axis] - 1) * window.stride[axis] + (window.filter[axis] - 1) * window.dilation[axis] + 1
    };
    let size = [extent(0), extent(1)];
    let channels = e.shape(input)[3];
    let element = e.element(input);
    let padded = e.workspace(vec![window.batch, size[0], size[1], channels], element);
    let fill = e.int(zero_point, 8);
    e.nest(&[window.batch, size[0], size[1], channels], |e, ivs| {
        e.store(fill, padded, ivs);
        Ok(())
    })?;
    // The input rows and columns the taps reach (SAME padding with a stride may skip the last).
    let copied = [0, 1].map(|axis| window.input[axis].min(size[axis] - window.pad[axis]));
    e.nest(&[window.batch, copied[0], copied[1], channels], |e, ivs| {
        let value = e.load(input, ivs);
        let (y, x) = (offset(e, ivs[1], 1, window.pad[0]), offset(e, ivs[2], 1, window.pad[1]));
        e.store(value, padded, &[ivs[0], y, x, ivs[3]]);
        Ok(())
    })?;
    Ok((padded, ConvWindow { input: size, pad: [0, 0], ..window.clone() }))
}

/// A constant table of the filter `[out_c, fh, fw, in_c]` (storage values `values`, row-major)
/// reordered `[fh, fw, in_c, out_c]`.
fn output_channels_innermost(e: &mut KernelEmitter<'_>, shape: &[i64], values: &[i64]) -> Value {
    let reordered = channels_last(values, shape[0] as usize);
    e.shaped_table("conv_filter_by_tap", 8, &[shape[1], shape[2], shape[3], shape[0]], &reordered)
}

/// `values` of `[channels, rest...]` (row-major) as `[rest..., channels]`.
fn channels_last(values: &[i64], channels: usize) -> Vec<i64> {
    let taps = values.len() / channels.max(1);
    (0..taps).flat_map(|tap| (0..channels).map(move |oc| values[oc * taps + tap])).collect()
}

/// What the nest of one `conv_2d` reads and computes.
struct Nest {
    input: Value,
    filter: Value,
    /// The filter reordered `[fh, fw, in_c, out_c]` ([`output_channels_innermost`]), read instead
    /// of `filter` where the target vectorizes over output channels.
    reordered: Option<Value>,
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
    /// True when the taps of `interior` pixels go four filter columns at a time (one input
    /// channel, plain int8 products, consecutive columns): the dot-product shape again.
    fn steps_columns(&self, interior: bool) -> bool {
        let window = &self.window;
        self.arith.packs(interior) && self.filter_depth == 1 && window.filter[1] % TERMS == 0 && window.dilation[1] == 1
    }

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
        let Nest { input, filter_depth, .. } = *self;
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
            // One input channel: four consecutive columns of a filter row per step instead.
            let window = &self.window;
            if self.steps_columns(interior) {
                let zero = e.index(0);
                let ic = input_channel(e, zero);
                let accs = window.reduce_tap_steps(e, pixels, &inits, TERMS, |e, positions, [fy, fx], accs| {
                    let fxs: [Value; 4] = std::array::from_fn(|k| offset(e, fx, 1, k as i64));
                    let xs: Vec<[Value; 4]> = (0..pixels.len())
                        .map(|p| {
                            let [iy, ix] = positions[p];
                            std::array::from_fn(|k| {
                                let ix = offset(e, ix, 1, k as i64);
                                e.load(input, &[pixels[p].batch, iy, ix, ic])
                            })
                        })
                        .collect();
                    let filters = |e: &mut KernelEmitter<'_>, oc| fxs.map(|fx| self.load_filter(e, oc, [fy, fx, zero]));
                    Ok(self.add_quads(e, accs, &xs, &channels, interior, filters))
                })?;
                self.store(e, pixels, &channels, &params, &accs);
                return Ok(Vec::new());
            }
            let accs = self.window.reduce_taps(e, pixels, &inits, |e, positions, [fy, fx], accs| {
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
                        let filters =
                            |e: &mut KernelEmitter<'_>, oc| ics.map(|ic| self.load_filter(e, oc, [fy, fx, ic]));
                        Ok(self.add_quads(e, accs, &xs, &channels, interior, filters))
                    });
                }
                let depth = (e.index(0), e.index(filter_depth));
                reduce(e, depth, accs, MAX_UNROLLED_CHANNELS, |e, ic, accs| {
                    let xs: Vec<Value> = (0..pixels.len()).map(|p| load_x(e, p, ic)).collect();
                    let mut next = accs.to_vec();
                    for (j, &oc) in channels.iter().enumerate() {
                        let f = self.load_filter(e, oc, [fy, fx, ic]);
                        for (p, &x) in xs.iter().enumerate() {
                            let slot = p * channels.len() + j;
                            next[slot] = self.arith.accumulate(e, accs[slot], x, f, interior);
                        }
                    }
                    Ok(next)
                })
            })?;
            self.store(e, pixels, &channels, &params, &accs);
            Ok(Vec::new())
        })
        .map(drop)
    }

    /// `accs` (pixel-major) plus, for each of `channels` and each pixel `p`, the four terms of
    /// `xs[p]` and the channel's filter values (`filters(e, oc)`) added in a row: the shape the
    /// LLVM backend packs into two `smlad` on DSP cores.
    fn add_quads(
        &self,
        e: &mut KernelEmitter<'_>,
        accs: &[Value],
        xs: &[[Value; 4]],
        channels: &[Value],
        interior: bool,
        mut filters: impl FnMut(&mut KernelEmitter<'_>, Value) -> [Value; 4],
    ) -> Vec<Value> {
        let mut next = accs.to_vec();
        for (j, &oc) in channels.iter().enumerate() {
            let fs = filters(e, oc);
            for (p, x) in xs.iter().enumerate() {
                let slot = p * channels.len() + j;
                for (&x, &f) in x.iter().zip(&fs) {
                    next[slot] = self.arith.accumulate(e, next[slot], x, f, interior);
                }
            }
        }
        next
    }

    /// The filter value of output channel `oc` at tap `[fy, fx, ic]`, from the reordered copy if
    /// there is one.
    fn load_filter(&self, e: &mut KernelEmitter<'_>, oc: Value, [fy, fx, ic]: [Value; 3]) -> Value {
        match self.reordered {
            Some(reordered) => e.load(reordered, &[fy, fx, ic, oc]),
            None => e.load(self.filter, &[oc, fy, fx, ic]),
        }
    }

    /// The outputs of `pixels` × `channels` from their accumulators (pixel-major).
    fn store(
        &self,
        e: &mut KernelEmitter<'_>,
        pixels: &[Pixel],
        channels: &[Value],
        params: &[Channel],
        accs: &[Value],
    ) {
        for (p, pixel) in pixels.iter().enumerate() {
            for (j, &oc) in channels.iter().enumerate() {
                let result = params[j].finish(e, accs[p * channels.len() + j]);
                e.store(result, self.output, &[pixel.batch, pixel.out[0], pixel.out[1], oc]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::channels_last;

    #[test]
    fn channels_last_moves_the_output_channel_innermost() {
        // [3 channels, 4 taps] = 0..12 -> [4 taps, 3 channels].
        let values: Vec<i64> = (0..12).collect();
        assert_eq!(channels_last(&values, 3), vec![0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
        assert_eq!(channels_last(&values, 1), values, "one channel: as it was");
        assert_eq!(channels_last(&values, 12), values, "one tap: as it was");
        assert_eq!(channels_last(&[], 4), Vec::<i64>::new());
    }
}
