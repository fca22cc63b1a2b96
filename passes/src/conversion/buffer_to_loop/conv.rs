//! `conv_2d`: TFLite's `reference_integer_ops::ConvPerChannel` (int8, per-channel or per-tensor
//! filter scales, optional `i32` bias, grouped filters) and `reference_ops::Conv` (float).
//!
//! ```text
//! for b, oy, ox:                                  (ConvWindow::for_each_pixel)
//!   for oc:
//!     acc = init(oc)                              (0, bias, or bias + input_offset·Σfilter)
//!     for fy in ylo..yhi, fx in xlo..xhi:         only taps inside the input
//!       for ic in 0..filter_in_c:                 contiguous in input and filter
//!         acc += f[oc, fy, fx, ic] · (x[b, iy, ix, g·filter_in_c + ic] (+ input_offset))
//!     out[b, oy, ox, oc] = finish(acc, oc)        (requantize or bias + clamp)
//! ```
//!
//! Filters with fewer input channels than the input are grouped convolutions: output channel
//! `oc` reads input channels of group `oc / (out_c / groups)`, as TFLite's reference kernels do.

use super::accumulation::Accumulation;
use super::emitter::KernelEmitter;
use super::reduction::reduce;
use super::window::ConvWindow;
use mc_dialects::arith::build::constant_int_value;
use mc_ir::Diagnostic;

/// Filters with at most this many input channels have their channel loop unrolled (first
/// layers: RGB or single-channel inputs).
const MAX_UNROLLED_CHANNELS: i64 = 4;

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
    window.for_each_pixel(e, |e, pixel, interior| {
        e.for_range(0, channels, &[], |e, oc, _| {
            let first_channel = if groups == 1 {
                None
            } else {
                let (per_group, depth) = (e.index(per_group), e.index(filter_depth));
                let group = e.binary("arith.divui", oc, per_group);
                Some(e.muli(group, depth))
            };
            let init = arith.init(e, oc, interior);
            let acc = window.reduce_taps(e, pixel, init, interior, |e, [iy, ix], [fy, fx], acc| {
                let depth = (e.index(0), e.index(filter_depth));
                reduce(e, depth, acc, MAX_UNROLLED_CHANNELS, |e, ic, acc| {
                    let channel = match first_channel {
                        Some(first) if constant_int_value(e.b.ctx, ic) != Some(0) => e.addi(first, ic),
                        Some(first) => first,
                        None => ic,
                    };
                    let x = e.load(input, &[pixel.batch, iy, ix, channel]);
                    let f = e.load(filter, &[oc, fy, fx, ic]);
                    Ok(arith.accumulate(e, acc, x, f, interior))
                })
            })?;
            let result = arith.finish(e, acc, oc);
            e.store(result, output, &[pixel.batch, pixel.out[0], pixel.out[1], oc]);
            Ok(Vec::new())
        })
        .map(drop)
    })
}
