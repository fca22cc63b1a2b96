//! The scheduling problem: `n` operators given in a legal order (their indices), the
//! precedences any order must keep, and the buffers, each live from the step of its first user
//! to the step of its last (as `usmp` computes live intervals). The peak of an order is the
//! most bytes live at one of its steps, less what an operator's output may share with an input
//! it reads last (a kernel writing its output over input rows it has consumed, as `usmp`'s
//! overlap allowances): the lower bound of any plan of that order.

/// A buffer the order decides the live range of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledBuffer {
    /// Bytes.
    pub size: u64,
    /// The operators using it (reading or writing), in any order, without repetition.
    pub users: Vec<usize>,
}

/// An operator's output may share `bytes` with its input when it is that input's last user and
/// the output's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedBytes {
    /// The operator.
    pub op: usize,
    /// The buffer it reads (an index into the buffers).
    pub input: usize,
    /// The buffer it writes.
    pub output: usize,
    /// At most the smaller of the two sizes.
    pub bytes: u64,
}

/// Operators `0..n` (in a legal order: every precedence goes from a lower to a higher index)
/// and the buffers they use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScheduleProblem {
    /// For each operator, the operators that must run before it (all of lower index).
    pub predecessors: Vec<Vec<usize>>,
    /// The buffers.
    pub buffers: Vec<ScheduledBuffer>,
    /// The bytes outputs may share with inputs, at most one entry per operator.
    pub shared: Vec<SharedBytes>,
}

impl ScheduleProblem {
    /// Number of operators.
    pub fn len(&self) -> usize {
        self.predecessors.len()
    }

    /// True without operators.
    pub fn is_empty(&self) -> bool {
        self.predecessors.is_empty()
    }

    /// True if `order` runs every operator once and keeps every precedence.
    pub fn is_legal(&self, order: &[usize]) -> bool {
        let mut position = vec![usize::MAX; self.len()];
        for (step, &op) in order.iter().enumerate() {
            if op >= self.len() || position[op] != usize::MAX {
                return false;
            }
            position[op] = step;
        }
        order.len() == self.len()
            && (0..self.len()).all(|op| self.predecessors[op].iter().all(|&p| position[p] < position[op]))
    }

    /// The bytes live at each step of `order` (a legal order): a buffer is live from the step
    /// of its first user to the step of its last; an operator that is its input's last user and
    /// its output's first lets them share their [`SharedBytes`] at its step.
    pub fn live_bytes(&self, order: &[usize]) -> Vec<u64> {
        let mut position = vec![0usize; self.len()];
        for (step, &op) in order.iter().enumerate() {
            position[op] = step;
        }
        let span = |buffer: &ScheduledBuffer| {
            let steps = buffer.users.iter().map(|&u| position[u]);
            (steps.clone().min().unwrap_or(0), steps.max().unwrap_or(0))
        };
        let mut delta = vec![0i128; order.len() + 1];
        for buffer in self.buffers.iter().filter(|b| !b.users.is_empty()) {
            let (first, last) = span(buffer);
            delta[first] += i128::from(buffer.size);
            delta[last + 1] -= i128::from(buffer.size);
        }
        for shared in &self.shared {
            let step = position[shared.op];
            if span(&self.buffers[shared.input]).1 == step && span(&self.buffers[shared.output]).0 == step {
                delta[step] -= i128::from(shared.bytes);
                delta[step + 1] += i128::from(shared.bytes);
            }
        }
        let mut live = 0i128;
        delta[..order.len()]
            .iter()
            .map(|d| {
                live += d;
                live as u64
            })
            .collect()
    }

    /// The most bytes live at one step of `order` (0 without operators).
    pub fn peak(&self, order: &[usize]) -> u64 {
        self.live_bytes(order).into_iter().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `a` feeds `b` and `c`, which both feed `d`.
    fn diamond() -> ScheduleProblem {
        ScheduleProblem {
            predecessors: vec![vec![], vec![0], vec![0], vec![1, 2]],
            buffers: vec![
                ScheduledBuffer { size: 10, users: vec![0, 1, 2] },
                ScheduledBuffer { size: 5, users: vec![1, 3] },
                ScheduledBuffer { size: 7, users: vec![2, 3] },
            ],
            shared: Vec::new(),
        }
    }

    #[test]
    fn live_bytes_follow_first_and_last_users() {
        let problem = diamond();
        assert_eq!(problem.live_bytes(&[0, 1, 2, 3]), vec![10, 15, 22, 12]);
        assert_eq!(problem.live_bytes(&[0, 2, 1, 3]), vec![10, 17, 22, 12]);
        assert_eq!(problem.peak(&[0, 1, 2, 3]), 22);
    }

    #[test]
    fn an_output_shares_bytes_with_the_input_its_operator_reads_last() {
        // 2 reads the 10-byte buffer last and writes the 7-byte one first: 5 bytes shared.
        let problem = ScheduleProblem {
            predecessors: vec![vec![], vec![0], vec![0]],
            buffers: vec![
                ScheduledBuffer { size: 10, users: vec![0, 1, 2] },
                ScheduledBuffer { size: 7, users: vec![2] },
            ],
            shared: vec![SharedBytes { op: 2, input: 0, output: 1, bytes: 5 }],
        };
        assert_eq!(problem.live_bytes(&[0, 1, 2]), vec![10, 10, 12]);
        // Read by 1 after 2, the input is not free to share at 2's step.
        assert_eq!(problem.live_bytes(&[0, 2, 1]), vec![10, 17, 10]);
    }

    #[test]
    fn legality_checks_every_precedence_and_every_operator() {
        let problem = diamond();
        assert!(problem.is_legal(&[0, 2, 1, 3]));
        assert!(!problem.is_legal(&[1, 0, 2, 3]));
        assert!(!problem.is_legal(&[0, 1, 2]));
        assert!(!problem.is_legal(&[0, 1, 1, 3]));
    }
}
