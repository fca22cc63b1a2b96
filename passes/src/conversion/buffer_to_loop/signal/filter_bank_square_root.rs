//! `signal_filter_bank_square_root`: TFLite Micro's `SignalFilterBankSquareRoot`
//! (`FilterbankSqrt`): `Sqrt64(input[i]) >> scale_bits` per channel, in `uint32_t`.
//!
//! `Sqrt64` (`square_root_64.cc`) is the digit-by-digit square root, rounded up when the
//! remainder exceeds the root, taking `Sqrt32`'s 32-bit path when the upper word is clear. The
//! two paths run the same steps (the same first bit, the same count), so one 64-bit loop computes
//! both; they differ only in the rounding guard, a root of `0xFFFF` (32-bit path) or
//! `0xFFFFFFFF` (64-bit) that is never rounded up (`Sqrt32` returns 65535 for inputs from
//! `65535² + 65536`, where `Sqrt64` would return 65536). The shift is masked to 5 bits (what the
//! host's `uint32_t >>` does with counts of 32 or more; front ends shift by 0 to 15).
//!
//! ```text
//! %max_bit = (64 - msb64(%x)) | 1
//! %rem, %root, _ = loop.for (63 - %max_bit) / 2 + 1 times iter_args(%x, 0, 1 << (63 - %max_bit)) {
//!   %sum = %root + %bit
//!   yield %rem >= %sum ? (%rem - %sum, (%root >> 1) + %bit) : (%rem, %root >> 1), %bit >> 2
//! }
//! %root += (%rem > %root && %root != guard)
//! out[%c] = trunci(%root) >> (scale_bits & 31)
//! ```

use super::super::emitter::{ElementKind, KernelEmitter};
use super::most_significant_bit_64;
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::Diagnostic;

/// Lowers `signal_filter_bank_square_root`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, scale_bits, output) = (e.inputs[0], e.inputs[1], e.output);
    let shape = e.shape(input);
    let kinds = e.kind(input) == ElementKind::UInt64
        && e.kind(scale_bits) == ElementKind::Int32
        && e.kind(output) == ElementKind::UInt32;
    if !kinds || shape.len() != 1 || e.shape(output) != shape || !e.shape(scale_bits).is_empty() {
        return Err(e.unsupported_types(
            "TFLite Micro takes ui64 channels of rank 1 and an i32 scalar shift into ui32 channels",
        ));
    }
    let bits = e.load(scale_bits, &[]);
    let mask = e.i32(31);
    let bits = e.binary("arith.andi", bits, mask);
    let index = e.b.ctx.index_type();
    e.for_range(0, shape[0], &[], |e, c, _| {
        let x = e.load(input, &[c]);
        let msb = most_significant_bit_64(e, x);
        let (one, two, sixty_three, sixty_four) = (e.int(1, 64), e.int(2, 64), e.int(63, 64), e.int(64, 64));
        let free = e.binary("arith.subi", sixty_four, msb);
        let max_bit = e.binary("arith.ori", free, one);
        let first = e.binary("arith.subi", sixty_three, max_bit);
        let bit = e.binary("arith.shli", one, first);
        let half = e.binary("arith.shrui", first, one);
        let count = e.addi(half, one);
        let count = e.unary("arith.index_cast", count, index);
        let zero = e.int(0, 64);
        let start = e.index(0);
        let done = e.for_loop(start, count, &[x, zero, bit], |e, _, carried| {
            let (remainder, root, bit) = (carried[0], carried[1], carried[2]);
            let sum = e.addi(root, bit);
            let fits = cmpi(&mut e.b, "uge", remainder, sum);
            let less = e.binary("arith.subi", remainder, sum);
            let halved = e.binary("arith.shrui", root, one);
            let raised = e.addi(halved, bit);
            let remainder = select(&mut e.b, fits, less, remainder);
            let root = select(&mut e.b, fits, raised, halved);
            let bit = e.binary("arith.shrui", bit, two);
            Ok(vec![remainder, root, bit])
        })?;
        let (remainder, root) = (done[0], done[1]);
        let word = e.int(1 << 32, 64);
        let small = cmpi(&mut e.b, "ult", x, word);
        let (guard16, guard32) = (e.int(0xFFFF, 64), e.int(0xFFFF_FFFF, 64));
        let guard = select(&mut e.b, small, guard16, guard32);
        let above = cmpi(&mut e.b, "ugt", remainder, root);
        let unguarded = cmpi(&mut e.b, "ne", root, guard);
        let round = e.binary("arith.andi", above, unguarded);
        let rounded = e.addi(root, one);
        let root = select(&mut e.b, round, rounded, root);
        let root = e.trunci(root, 32);
        let shifted = e.binary("arith.shrui", root, bits);
        e.store(shifted, output, &[c]);
        Ok(Vec::new())
    })?;
    Ok(())
}
