//! `signal_filter_bank`: TFLite Micro's `SignalFilterBank` (`FilterbankAccumulateChannels` of
//! `signal/src/filter_bank.cc`). Channel `i` of `C + 1` sums `channel_widths[i]` energies from
//! `channel_frequency_starts[i]` times the weights from `channel_weight_starts[i]` (an `int16_t`
//! weight times a `uint64_t` energy, wrapping in 64 bits), plus what the previous channel's
//! unweights left; channel 0 only seeds channel 1 (TFLM's scratch element), so output `i - 1`
//! is channel `i`.
//!
//! ```text
//! %w, %u = channel(0, 0, 0)                       // no store: scratch
//! loop.for %i = 1 to C + 1 iter_args(%carry = %u) {
//!   %w', %u' = channel(%i, %carry, 0); loop.store %w', out[%i - 1]; yield %u'
//! }
//! channel(%i, %w, %u): loop.for %j = 0 to widths[%i] iter_args(%w, %u) {
//!   %x = extui in[starts[%i] + %j] : i64
//!   yield %w + extsi weights[ws[%i] + %j] * %x, %u + extsi unweights[ws[%i] + %j] * %x
//! }
//! ```
//!
//! The channel tables are read at run time, as TFLM reads them; when they are constants (as in
//! every front end), a channel that would read outside the energies or the weights is an error
//! here (TFLM would read out of bounds).

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_ir::{Diagnostic, Value};

/// Lowers `signal_filter_bank`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let [input, weights, unweights, starts, weight_starts, widths] =
        <[Value; 6]>::try_from(e.inputs.clone()).map_err(|_| e.unsupported("expected 6 operands"))?;
    let output = e.output;
    let channels = e.shape(output).first().copied().unwrap_or(0);
    let tables = [weights, unweights, starts, weight_starts, widths];
    let kinds = e.kind(input) == ElementKind::UInt32
        && e.kind(output) == ElementKind::UInt64
        && tables.iter().all(|&t| e.kind(t) == ElementKind::Int16);
    let ranks = [input, output].iter().chain(&tables).all(|&v| e.shape(v).len() == 1);
    if !kinds || !ranks || [starts, weight_starts, widths].iter().any(|&t| e.shape(t)[0] != channels + 1) {
        return Err(e.unsupported_types(
            "TFLite Micro takes ui32 energies, i16 weights and channel tables one longer than the ui64 output, \
             all of rank 1",
        ));
    }
    check_constant_channels(e, [input, weights, starts, weight_starts, widths])?;
    let operands = [input, weights, unweights, starts, weight_starts, widths];
    let (zero, scratch) = (e.int(0, 64), e.index(0));
    let first = channel(e, operands, scratch, [zero, zero])?;
    e.for_range(1, channels + 1, &[first[1]], |e, i, carried| {
        let sums = channel(e, operands, i, [carried[0], zero])?;
        let one = e.index(1);
        let at = e.binary("arith.subi", i, one);
        e.store(sums[0], output, &[at]);
        Ok(vec![sums[1]])
    })?;
    Ok(())
}

/// Channel `i`'s loop: its weighted and unweighted sums, from `sums`.
fn channel(
    e: &mut KernelEmitter<'_>,
    [input, weights, unweights, starts, weight_starts, widths]: [Value; 6],
    i: Value,
    sums: [Value; 2],
) -> Result<[Value; 2], Diagnostic> {
    let [start, weight_start, width] = [starts, weight_starts, widths].map(|table| {
        let entry = e.load(table, &[i]);
        let entry = e.extsi_i32(entry);
        let index = e.b.ctx.index_type();
        e.unary("arith.index_cast", entry, index)
    });
    let i64_type = e.b.ctx.integer_type(64);
    let zero = e.index(0);
    let sums = e.for_loop(zero, width, &sums, |e, j, carried| {
        let (at, weight_at) = (e.addi(start, j), e.addi(weight_start, j));
        let energy = e.load(input, &[at]);
        let energy = e.unary("arith.extui", energy, i64_type);
        let mut next = Vec::new();
        for (table, sum) in [(weights, carried[0]), (unweights, carried[1])] {
            let weight = e.load(table, &[weight_at]);
            let weight = e.unary("arith.extsi", weight, i64_type);
            let product = e.muli(weight, energy);
            next.push(e.addi(sum, product));
        }
        Ok(next)
    })?;
    Ok([sums[0], sums[1]])
}

/// An error when constant channel tables make a channel read outside the energies or the
/// weights.
fn check_constant_channels(
    e: &KernelEmitter<'_>,
    [input, weights, starts, weight_starts, widths]: [Value; 5],
) -> Result<(), Diagnostic> {
    let (Some(starts), Some(weight_starts), Some(widths)) =
        (e.constant_ints(starts), e.constant_ints(weight_starts), e.constant_ints(widths))
    else {
        return Ok(());
    };
    let (energies, weights) = (e.shape(input)[0], e.shape(weights)[0]);
    for (i, ((&start, &weight_start), &width)) in starts.iter().zip(&weight_starts).zip(&widths).enumerate() {
        if width > 0 && (start < 0 || start + width > energies || weight_start < 0 || weight_start + width > weights) {
            return Err(e.unsupported(format!(
                "channel {i} reads energies {start}..{} and weights {weight_start}..{}, outside the {energies} \
                 energies or the {weights} weights",
                start + width,
                weight_start + width
            )));
        }
    }
    Ok(())
}
