//! `depthwise_conv_2d`: TFLite's `reference_integer_ops::DepthwiseConvPerChannel` (int8,
//! per-channel or per-tensor filter scales, optional `i32` bias; and its 16x8 overload: int16
//! activations, optional `i64` bias, `i64` accumulators) and `reference_ops::DepthwiseConv`
//! (float).
//!
//! ```text
//! for b, oy, ox (groups of ≤ 4 interior columns): (ConvWindow::for_each_pixel)
//!   for ic, m:                                    oc = ic · depth_multiplier + m
//!     acc[p] = init(oc)                           (0, bias, or bias + input_offset·Σfilter)
//!     for fy in ylo..yhi, fx in xlo..xhi:         only taps inside the input
//!       f = f[0, fy, fx, oc]                      one filter load for the group
//!       acc[p] += f · (x[b, iy_p, ix_p, ic] (+ input_offset))
//!     out[b, oy, ox_p, oc] = finish(acc[p], oc)   (requantize or bias + clamp)
//! ```

use super::accumulation::{Accumulation, Accumulator16};
use super::emitter::KernelEmitter;
use super::window::{ConvWindow, NestCost, PIXEL_GROUP};
use mc_ir::{Diagnostic, Value};

/// What a border nest of its own must take over to pay for its bytes ([`NestCost`]). On the
/// Cortex-M4, MLPerf Tiny's depthwise layers above these saved 130-250 instructions per byte of
/// the nest (vww's grouped border rows from 6,144 multiply-accumulates, kws's clipped columns
/// with unrolled rows from 17,664), those below them under 100.
const SPECIALIZED: NestCost = NestCost { border_groups: 5_000, clipped_rows: 16_000 };

/// Lowers `depthwise_conv_2d` (operands: input `[n, h, w, c]`, filter `[1, fh, fw, c · m]`,
/// optional bias `[c · m]`; output `[n, oh, ow, c · m]`; attribute `depth_multiplier` m).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, filter, bias, output) = (e.inputs[0], e.inputs[1], e.inputs.get(2).copied(), e.output);
    let (in_shape, filter_shape, out_shape) = (e.shape(input), e.shape(filter), e.shape(output));
    if [&in_shape, &filter_shape, &out_shape].iter().any(|s| s.len() != 4) {
        return Err(e.unsupported("input, filter and output must have rank 4"));
    }
    let multiplier = e.int_attr("depth_multiplier")?;
    let (in_channels, channels) = (in_shape[3], filter_shape[3]);
    if multiplier < 1 || filter_shape[0] != 1 || channels != in_channels * multiplier || out_shape[3] != channels {
        return Err(e.unsupported(format!(
            "filter {filter_shape:?} does not fit input {in_shape:?}, output {out_shape:?} and depth_multiplier {multiplier}"
        )));
    }
    let window = ConvWindow::read(e, &in_shape, [filter_shape[1], filter_shape[2]], &out_shape)?;
    let arith = Accumulation::new(
        e,
        [input, filter, output],
        bias,
        channels as usize,
        Some(&|values: &[i64]| {
            let mut sums = vec![0; channels as usize];
            for (i, v) in values.iter().enumerate() {
                sums[i % channels as usize] += v;
            }
            sums
        }),
        Accumulator16::Wide,
    )?;
    let zero = e.index(0);
    // Groups as wide as the interior when it is narrower (KWS: 3 interior columns of 5).
    let (first, end) = window.interior(1);
    let group = PIXEL_GROUP.min(end - first).max(1);
    let specialized = window.kernel_specialized(e, channels, SPECIALIZED)?;
    window.for_each_pixel(e, group, true, specialized, |e, pixels, interior| {
        // One output channel `oc` of input channel `ic`, for every pixel.
        let output_channel = |e: &mut KernelEmitter<'_>, ic: Value, oc: Value| -> Result<(), Diagnostic> {
            let channel = arith.channel(e, oc, interior);
            let inits = vec![channel.init; pixels.len()];
            let accs = window.reduce_taps(e, pixels, &inits, |e, positions, [fy, fx], accs| {
                let f = e.load(filter, &[zero, fy, fx, oc]);
                let mut next = Vec::with_capacity(accs.len());
                for ((pixel, &[iy, ix]), &acc) in pixels.iter().zip(positions).zip(accs) {
                    let x = e.load(input, &[pixel.batch, iy, ix, ic]);
                    next.push(arith.accumulate(e, acc, x, f, interior));
                }
                Ok(next)
            })?;
            for (pixel, &acc) in pixels.iter().zip(&accs) {
                let result = channel.finish(e, acc);
                e.store(result, output, &[pixel.batch, pixel.out[0], pixel.out[1], oc]);
            }
            Ok(())
        };
        e.for_range(0, in_channels, &[], |e, ic, _| {
            if multiplier == 1 {
                output_channel(e, ic, ic)?;
                return Ok(Vec::new());
            }
            e.for_range(0, multiplier, &[], |e, m, _| {
                let scale = e.index(multiplier);
                let first = e.muli(ic, scale);
                let oc = e.addi(first, m);
                output_channel(e, ic, oc)?;
                Ok(Vec::new())
            })
        })
        .map(drop)
    })
}
