//! Walkers: visit an operation and everything nested in it, in pre- or post-order.

use crate::context::Context;
use crate::operation::OpId;

impl Context {
    /// `root` and every op nested in it, parents before children, in textual order.
    pub fn walk_preorder(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            out.push(op);
            let first_child = stack.len();
            for &region in self.operation(op).regions.iter() {
                for &block in self.region_blocks(region) {
                    stack.extend(self.block_ops(block));
                }
            }
            stack[first_child..].reverse();
        }
        out
    }

    /// `root` and every op nested in it, children before parents, in textual order.
    pub fn walk_postorder(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        // Each entry is an op and whether its children have been pushed already.
        let mut stack = vec![(root, false)];
        while let Some((op, expanded)) = stack.pop() {
            if expanded {
                out.push(op);
                continue;
            }
            stack.push((op, true));
            let first_child = stack.len();
            for &region in self.operation(op).regions.iter() {
                for &block in self.region_blocks(region) {
                    stack.extend(self.block_ops(block).map(|child| (child, false)));
                }
            }
            stack[first_child..].reverse();
        }
        out
    }

    /// The ops directly inside `op`'s regions (one level), in order.
    pub fn nested_ops(&self, op: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        for &region in self.operation(op).regions.iter() {
            for &block in self.region_blocks(region) {
                out.extend(self.block_ops(block));
            }
        }
        out
    }
}
