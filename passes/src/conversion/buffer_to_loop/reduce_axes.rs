//! The driver every reduction over an `axes` attribute shares (`mean`, `sum`, `reduce_max`,
//! `reduce_min`, `reduce_all`): the axes resolved as TFLite's `ResolveAxis` does, the output shape checked
//! (reduced dimensions kept as 1s with `keep_dims`, else dropped), and one loop per kept
//! dimension around one loop per reduced dimension, in row-major order as TFLM's
//! `ReduceGeneric` and `QuantizedMeanOrSum` visit the input:
//!
//! ```text
//! for each kept index k:
//!   acc = init; for each reduced index r (innermost dimension last): acc = step(acc, input[k ∪ r])
//!   out[k] = finish(acc)
//! ```

use super::emitter::KernelEmitter;
use mc_ir::{Diagnostic, Value};

/// A reduction of the kernel's first input over its `axes` into its output.
pub struct AxesReduction {
    /// The input's shape.
    pub shape: Vec<i64>,
    /// The reduced dimensions, increasing, without duplicates.
    pub reduced: Vec<usize>,
    keep_dims: bool,
}

impl AxesReduction {
    /// The reduction the kernel's `axes` and `keep_dims` describe; an output whose shape is not
    /// the reduced input's is an error.
    pub fn of(e: &KernelEmitter<'_>) -> Result<Self, Diagnostic> {
        let (input, output) = (e.inputs[0], e.output);
        let shape = e.shape(input);
        let reduced = reduced_dims(&e.list_attr("axes")?, shape.len()).map_err(|m| e.unsupported(m))?;
        let keep_dims = e.bool_attr("keep_dims");
        let expected = output_shape(&shape, &reduced, keep_dims);
        if e.shape(output) != expected {
            return Err(e.unsupported(format!(
                "output '{}' is not '{}' reduced over {reduced:?} (expected shape {expected:?})",
                e.type_text(output),
                e.type_text(input)
            )));
        }
        Ok(AxesReduction { shape, reduced, keep_dims })
    }

    /// How many input elements each output element reduces.
    pub fn count(&self) -> i64 {
        self.reduced.iter().map(|&d| self.shape[d]).product()
    }

    /// Emits the nest: each output element is `finish` of `step` folded from `init` over its
    /// input elements.
    pub fn emit(
        &self,
        e: &mut KernelEmitter<'_>,
        init: Value,
        step: &dyn Fn(&mut KernelEmitter<'_>, Value, Value) -> Value,
        finish: &dyn Fn(&mut KernelEmitter<'_>, Value) -> Value,
    ) -> Result<(), Diagnostic> {
        let (input, output) = (e.inputs[0], e.output);
        let kept: Vec<usize> = (0..self.shape.len()).filter(|d| !self.reduced.contains(d)).collect();
        let kept_sizes: Vec<i64> = kept.iter().map(|&d| self.shape[d]).collect();
        e.nest(&kept_sizes, |e, ivs| {
            let zero = e.index(0);
            let mut indices = vec![zero; self.shape.len()];
            for (&d, &iv) in kept.iter().zip(ivs) {
                indices[d] = iv;
            }
            let acc = fold(e, input, &self.shape, &mut indices, &self.reduced, step, init)?;
            let value = finish(e, acc);
            // The output index: the kept indices, with 0 for each reduced dimension kept as a 1.
            let out_indices: Vec<Value> =
                if self.keep_dims { indices_with_zeros(&indices, &self.reduced, zero) } else { ivs.to_vec() };
            e.store(value, output, &out_indices);
            Ok(())
        })
    }
}

/// `indices` with the `reduced` dimensions set to `zero`.
fn indices_with_zeros(indices: &[Value], reduced: &[usize], zero: Value) -> Vec<Value> {
    indices.iter().enumerate().map(|(d, &iv)| if reduced.contains(&d) { zero } else { iv }).collect()
}

/// `step` folded from `acc` over every element of `input` at `indices` over the `reduced`
/// dimensions (one loop each, in order).
fn fold(
    e: &mut KernelEmitter<'_>,
    input: Value,
    shape: &[i64],
    indices: &mut Vec<Value>,
    reduced: &[usize],
    step: &dyn Fn(&mut KernelEmitter<'_>, Value, Value) -> Value,
    acc: Value,
) -> Result<Value, Diagnostic> {
    let Some((&dim, rest)) = reduced.split_first() else {
        let loaded = e.load(input, indices);
        return Ok(step(e, acc, loaded));
    };
    let results = e.for_range(0, shape[dim], &[acc], |e, iv, carried| {
        indices[dim] = iv;
        Ok(vec![fold(e, input, shape, indices, rest, step, carried[0])?])
    })?;
    Ok(results[0])
}

/// The reduced dimensions of a rank-`rank` input: `axes` with negative values counted from the
/// end (as TFLite's `ResolveAxis`), without duplicates, in increasing order.
fn reduced_dims(axes: &[i64], rank: usize) -> Result<Vec<usize>, String> {
    let rank = rank as i64;
    let mut dims = Vec::new();
    for &axis in axes {
        let dim = if axis < 0 { axis + rank } else { axis };
        if !(0..rank).contains(&dim) {
            return Err(format!("axis {axis} out of range for rank {rank}"));
        }
        dims.push(dim as usize);
    }
    dims.sort_unstable();
    dims.dedup();
    Ok(dims)
}

/// The output shape of a reduction of `shape` over `reduced`.
fn output_shape(shape: &[i64], reduced: &[usize], keep_dims: bool) -> Vec<i64> {
    (0..shape.len())
        .filter_map(|d| match (reduced.contains(&d), keep_dims) {
            (false, _) => Some(shape[d]),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_resolve_like_tflite() {
        assert_eq!(reduced_dims(&[2, 1], 4), Ok(vec![1, 2]));
        assert_eq!(reduced_dims(&[-1, 3], 4), Ok(vec![3]));
        assert!(reduced_dims(&[4], 4).is_err());
        assert!(reduced_dims(&[-5], 4).is_err());
    }

    #[test]
    fn output_shapes_keep_or_drop_reduced_dims() {
        assert_eq!(output_shape(&[1, 5, 5, 8], &[1, 2], true), vec![1, 1, 1, 8]);
        assert_eq!(output_shape(&[1, 5, 5, 8], &[1, 2], false), vec![1, 8]);
        assert_eq!(output_shape(&[2, 3], &[0, 1], false), Vec::<i64>::new());
    }
}
