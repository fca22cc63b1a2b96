//! Loop nests over a broadcast result: numpy broadcasting of inputs aligned at the last
//! dimension, each input read (and prepared) at the outermost loop level where its element is
//! known, so a scalar or per-channel operand is loaded and rescaled once, not per element.

use super::emitter::KernelEmitter;
use mc_ir::{Diagnostic, Value};

/// Loads input number `k` from `buffer` at `indices` and returns what the body needs of it.
pub type LoadInput<'f, 'e> =
    dyn FnMut(&mut KernelEmitter<'e>, usize, Value, &[Value]) -> Result<Value, Diagnostic> + 'f;

/// Builds the innermost body from the induction variables and the inputs' prepared values.
pub type Body<'f, 'e> = dyn FnMut(&mut KernelEmitter<'e>, &[Value], &[Value]) -> Result<(), Diagnostic> + 'f;

/// Builds a nest over `output` (the result shape) reading every buffer of `inputs`, broadcast
/// to it. Each input's element is loaded (`load`: input number, buffer, indices; returns the
/// value the body needs, e.g. the loaded element already rescaled) at the outermost loop level
/// where its indices are all defined; `body` gets the induction variables and the prepared
/// values of every input, in order.
///
/// An input's size-1 dimensions (and the leading dimensions it lacks) are read at index 0.
/// Every element is read before the body writes anything at the same index, so the output may
/// be one of the inputs (in place).
pub fn broadcast_nest<'e>(
    e: &mut KernelEmitter<'e>,
    output: &[i64],
    inputs: &[Value],
    load: &mut LoadInput<'_, 'e>,
    body: &mut Body<'_, 'e>,
) -> Result<(), Diagnostic> {
    let plans: Vec<InputPlan> = inputs.iter().map(|&input| InputPlan::new(&e.shape(input), output)).collect();
    let mut prepared = vec![None; inputs.len()];
    let mut nest = Nest { output, inputs, plans: &plans, load, body };
    nest.level(e, &mut Vec::new(), &mut prepared)
}

/// How one input is indexed inside the result's nest.
#[derive(Clone, Debug, PartialEq, Eq)]
struct InputPlan {
    /// Per input dimension: the result dimension whose induction variable indexes it, or `None`
    /// (a broadcast dimension, read at 0).
    dims: Vec<Option<usize>>,
    /// The number of enclosing loops after which every index of the input is known.
    ready: usize,
}

impl InputPlan {
    /// The plan of an input of `shape` broadcast to `output` (aligned at the last dimension).
    fn new(shape: &[i64], output: &[i64]) -> InputPlan {
        let lead = output.len() - shape.len();
        let dims: Vec<Option<usize>> = shape
            .iter()
            .enumerate()
            .map(|(d, &size)| (size != 1 || output[lead + d] == 1).then_some(lead + d))
            .collect();
        // Size-1 result dimensions need no loop level of their own: the index is 0 either way,
        // but the induction variable only exists inside that loop.
        let ready = dims.iter().flatten().map(|&d| d + 1).max().unwrap_or(0);
        InputPlan { dims, ready }
    }
}

/// The state of one [`broadcast_nest`] being built.
struct Nest<'n, 'e> {
    output: &'n [i64],
    inputs: &'n [Value],
    plans: &'n [InputPlan],
    load: &'n mut LoadInput<'n, 'e>,
    body: &'n mut Body<'n, 'e>,
}

impl<'e> Nest<'_, 'e> {
    /// Loads the inputs ready at this level, then builds the next loop (or the body).
    fn level(
        &mut self,
        e: &mut KernelEmitter<'e>,
        ivs: &mut Vec<Value>,
        prepared: &mut Vec<Option<Value>>,
    ) -> Result<(), Diagnostic> {
        let depth = ivs.len();
        let mut loaded_here = Vec::new();
        for (k, plan) in self.plans.iter().enumerate() {
            if plan.ready == depth && prepared[k].is_none() {
                let zero = e.index(0);
                let indices: Vec<Value> = plan.dims.iter().map(|d| d.map_or(zero, |d| ivs[d])).collect();
                prepared[k] = Some((self.load)(e, k, self.inputs[k], &indices)?);
                loaded_here.push(k);
            }
        }
        let done = match self.output.get(depth) {
            None => {
                let values: Vec<Value> = prepared.iter().map(|v| v.expect("every input is ready innermost")).collect();
                (self.body)(e, ivs, &values)
            }
            Some(&bound) => e
                .for_range(0, bound, &[], |e, iv, _| {
                    ivs.push(iv);
                    let done = self.level(e, ivs, prepared);
                    ivs.pop();
                    done.map(|()| Vec::new())
                })
                .map(drop),
        };
        // Values loaded inside this level's loop body do not dominate its siblings.
        for k in loaded_here {
            prepared[k] = None;
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_read_where_their_indices_are_known() {
        // Same shape: every dimension indexed, read innermost.
        assert_eq!(
            InputPlan::new(&[2, 3, 4], &[2, 3, 4]),
            InputPlan { dims: vec![Some(0), Some(1), Some(2)], ready: 3 }
        );
        // A per-channel operand of a rank-4 result: aligned at the last dimension.
        assert_eq!(
            InputPlan::new(&[1, 1, 1, 8], &[2, 5, 5, 8]),
            InputPlan { dims: vec![None, None, None, Some(3)], ready: 4 }
        );
        // A column broadcast along the last dimension: read once per row.
        assert_eq!(InputPlan::new(&[3, 1], &[2, 3, 4]), InputPlan { dims: vec![Some(1), None], ready: 2 });
        // A scalar: read before the nest.
        assert_eq!(InputPlan::new(&[], &[2, 3]), InputPlan { dims: vec![], ready: 0 });
        // A size-1 result dimension indexes a size-1 input dimension with its (zero) variable.
        assert_eq!(InputPlan::new(&[4, 1], &[4, 1]), InputPlan { dims: vec![Some(0), Some(1)], ready: 2 });
    }
}
