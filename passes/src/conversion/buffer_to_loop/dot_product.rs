//! The integer dot products of `fully_connected` and of the LSTM's gates: one input row against
//! a few weight rows at a time, `acc[r] = start[r] + Σ_d (x[d] + input_offset) · (w_r[d] +
//! weight_offset_r)`, as `reference_integer_ops::FullyConnected` sums them.
//!
//! Integer sums are exact (and `i32` wrapping is a ring, as TFLM's int32 accumulator wraps), so
//! with constant weights the input offset's terms are folded at compile time as CMSIS-NN's
//! `arm_vector_sum_s8` folds them: `Σ_d (x + o_x)(w + o_w) = Σ_d x · (w + o_w) + o_x · Σ_d (w + o_w)`,
//! the second term added to a constant bias into a per-unit table ([`FoldedBias`]). The loop then
//! reads the raw inputs, each input term loaded once for all rows, and when the rows are whole
//! words may consume them a 32-bit word (four `i8`) at a time: LLVM pairs the terms into `smlad`
//! on DSP cores (the caller chooses: it pays where the rows are consecutive rows of one matrix).

use super::emitter::KernelEmitter;
use super::quantization::fold_input_offset;
use super::window::offset;
use mc_ir::{Diagnostic, Value};

/// Depth elements one packed step consumes (one 32-bit word of `i8` values).
const TERMS: i64 = 4;

/// One weight row of a dot product: `weights[unit, d] + offset` (the weights' `-zero point`).
#[derive(Copy, Clone)]
pub struct WeightRow {
    pub weights: Value,
    pub unit: Value,
    pub offset: i32,
}

/// The dot products of the input row `input[prefix, d]` (plus `input_offset`) with `rows` over
/// `d < depth`, each from its `starts` value, in the starts' type (`i32`, or `i64` whose terms are
/// the `i32` products widened, as TFLM's int64 accumulator adds them). With `by_words` and
/// when [`packs`] allows, the terms come a word at a time, else one a step.
pub fn dot_products(
    e: &mut KernelEmitter<'_>,
    (input, prefix): (Value, &[Value]),
    input_offset: i32,
    rows: &[WeightRow],
    (depth, by_words): (i64, bool),
    starts: &[Value],
) -> Result<Vec<Value>, Diagnostic> {
    let load_x = |e: &mut KernelEmitter<'_>, d: Value| {
        let mut indices = prefix.to_vec();
        indices.push(d);
        offset_i32(e, input, &indices, input_offset)
    };
    let add_terms = |e: &mut KernelEmitter<'_>, accs: &[Value], terms: &[(Value, Value)]| -> Vec<Value> {
        rows.iter()
            .zip(accs)
            .map(|(row, &acc)| {
                terms.iter().fold(acc, |acc, &(d, x)| {
                    let w = offset_i32(e, row.weights, &[row.unit, d], row.offset);
                    let product = e.muli(w, x);
                    let acc_type = e.b.ctx.value_type(acc);
                    let product = if e.b.ctx.value_type(product) == acc_type {
                        product
                    } else {
                        e.unary("arith.extsi", product, acc_type)
                    };
                    e.addi(acc, product)
                })
            })
            .collect()
    };
    if !(by_words && packs(input_offset, depth)) {
        return e.for_range(0, depth, starts, |e, d, carried| {
            let x = load_x(e, d);
            Ok(add_terms(e, carried, &[(d, x)]))
        });
    }
    e.for_range(0, depth / TERMS, starts, |e, word, carried| {
        let ds: Vec<Value> = (0..TERMS).map(|k| offset(e, word, TERMS, k)).collect();
        // The word's four loads side by side, then their extensions (the input offset is 0).
        let loaded: Vec<Value> = ds.iter().map(|&d| e.load(input, &[prefix, &[d]].concat())).collect();
        let xs: Vec<Value> = loaded.into_iter().map(|x| e.extsi_i32(x)).collect();
        let terms: Vec<(Value, Value)> = ds.into_iter().zip(xs).collect();
        Ok(add_terms(e, carried, &terms))
    })
}

/// Whether [`dot_products`] consumes whole words: without an input offset and with rows of
/// whole words (so that every row starts word-aligned; an unaligned word would be assembled
/// byte by byte on cores without unaligned loads).
pub fn packs(input_offset: i32, depth: i64) -> bool {
    input_offset == 0 && depth % TERMS == 0
}

/// `buffer[indices]` sign-extended to `i32`, plus `offset` (left out when 0).
pub fn offset_i32(e: &mut KernelEmitter<'_>, buffer: Value, indices: &[Value], offset: i32) -> Value {
    let loaded = e.load(buffer, indices);
    let value = e.extsi_i32(loaded);
    if offset == 0 {
        return value;
    }
    let offset = e.i32(offset);
    e.addi(value, offset)
}

/// Where a dot product of `[units, depth]` weights starts for each unit, and the input offset its
/// loop still adds: with constant weights, `bias[u] + input_offset · Σ_d (w[u, d] +
/// weight_offset)` (an `i32` constant table, plus the bias loaded at run time if it is not
/// constant) and no input offset; else the bias (or 0) and the input offset.
pub struct FoldedBias {
    /// The folded constants, one per unit.
    bases: Option<PerUnit>,
    /// The bias buffer read at run time, if it is not folded.
    runtime_bias: Option<Value>,
    /// What the loop adds to every input term.
    pub input_offset: i32,
    /// The accumulator's width (a start of 0 is of this type).
    width: u32,
}

impl FoldedBias {
    /// The starts of a dot product of `weights` (whose `-zero point` is `weight_offset`) with an
    /// input offset `input_offset`, from `bias` if any; a table is named after `hint`.
    pub fn new(
        e: &mut KernelEmitter<'_>,
        hint: &str,
        (weights, weight_offset): (Value, i32),
        bias: Option<Value>,
        input_offset: i32,
    ) -> FoldedBias {
        let depth = e.shape(weights)[1] as usize;
        let constant_bias = bias.and_then(|b| e.constant_ints(b));
        let Some(constant_weights) = e.constant_ints(weights) else {
            return FoldedBias::unfolded(bias, input_offset, 32);
        };
        let bases = folded_bases(&constant_weights, weight_offset, constant_bias.as_deref(), depth, input_offset);
        let runtime_bias = if constant_bias.is_some() { None } else { bias };
        FoldedBias { bases: Some(PerUnit::new(e, hint, &bases)), runtime_bias, input_offset: 0, width: 32 }
    }

    /// Starts that fold nothing: the bias (or 0) in a `width`-bit accumulator, and the input
    /// offset added to every term.
    pub fn unfolded(bias: Option<Value>, input_offset: i32, width: u32) -> FoldedBias {
        FoldedBias { bases: None, runtime_bias: bias, input_offset, width }
    }

    /// The start of unit `u`'s sum.
    pub fn start(&self, e: &mut KernelEmitter<'_>, u: Value) -> Value {
        let folded = self.bases.as_ref().map(|t| t.get(e, u));
        let bias = self.runtime_bias.map(|bias| e.load(bias, &[u]));
        match (folded, bias) {
            (Some(folded), Some(bias)) => e.addi(folded, bias),
            (Some(value), None) | (None, Some(value)) => value,
            (None, None) => e.int(0, self.width),
        }
    }
}

/// `base[u] = bias[u] + input_offset · Σ_d (w[u, d] + weight_offset)` from constant weights (row
/// major `[units, depth]`) and bias, wrapped to `i32` as TFLM's int32 accumulator wraps.
fn folded_bases(
    weights: &[i64],
    weight_offset: i32,
    bias: Option<&[i64]>,
    depth: usize,
    input_offset: i32,
) -> Vec<i64> {
    let sums: Vec<i64> =
        weights.chunks(depth).map(|row| row.iter().map(|&w| w + i64::from(weight_offset)).sum()).collect();
    fold_input_offset(bias, input_offset, &sums)
}

/// An `i32` value per output unit: one constant when all are equal, else a constant table.
enum PerUnit {
    /// The same value for every unit.
    Same(Value),
    /// A `buffer.global` table indexed by unit.
    Table(Value),
}

impl PerUnit {
    /// `values` (one per unit) as a constant or, if they differ, a table named after `hint`.
    fn new(e: &mut KernelEmitter<'_>, hint: &str, values: &[i64]) -> PerUnit {
        match values {
            [first, rest @ ..] if rest.iter().all(|v| v == first) => PerUnit::Same(e.i32(*first as i32)),
            _ => PerUnit::Table(e.table(hint, 32, values)),
        }
    }

    /// The value of unit `u`.
    fn get(&self, e: &mut KernelEmitter<'_>, u: Value) -> Value {
        match *self {
            PerUnit::Same(value) => value,
            PerUnit::Table(table) => e.load(table, &[u]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_bases_are_the_offset_terms_of_the_sum() {
        // Units [1, 2] and [4, -6], bias [10, 20]: 10 + 3·3, 20 + 3·(-2).
        assert_eq!(folded_bases(&[1, 2, 4, -6], 0, Some(&[10, 20]), 2, 3), vec![19, 14]);
        assert_eq!(folded_bases(&[1, 2, 4, -6], 0, None, 2, 3), vec![9, -6]);
        // Wrapped to int32 like TFLM's accumulator.
        let wrapped = folded_bases(&[127; 4], 0, Some(&[i64::from(i32::MAX)]), 4, 128);
        assert_eq!(wrapped[0], i64::from(i32::MAX.wrapping_add(128 * 127 * 4)));
    }

    /// The folded sum equals TFLM's `Σ (x + o_x)(w + o_w) + bias` for weight zero points too.
    #[test]
    fn folding_keeps_the_sum_with_weight_offsets() {
        let (weights, bias, xs) = ([3i64, -7, 127, -128, 5, 0], [1000i64, -20], [-128i64, 17, 127]);
        for (input_offset, weight_offset) in [(128, 0), (-5, 3), (0, -9), (127, 128)] {
            let bases = folded_bases(&weights, weight_offset, Some(&bias), 3, input_offset);
            for (u, row) in weights.chunks(3).enumerate() {
                let terms = |ox: i64| -> i64 {
                    row.iter().zip(xs).map(|(&w, x)| (x + ox) * (w + i64::from(weight_offset))).sum()
                };
                let tflm = bias[u] + terms(i64::from(input_offset));
                assert_eq!(bases[u] + terms(0), tflm, "offsets {input_offset}, {weight_offset}, unit {u}");
            }
        }
    }
}
