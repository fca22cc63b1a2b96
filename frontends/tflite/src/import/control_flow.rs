//! `IF`, `WHILE` and `CALL_ONCE`: the subgraphs they run inlined into the regions of
//! `graph.if`, `graph.while` and `graph.call_once`.
//!
//! An `IF`'s branch subgraphs take the operator's inputs `1..n`: their input tensors get those
//! values (the regions capture them) and their outputs are yielded. A `WHILE`'s condition and
//! body subgraphs take the carried values as the regions' block arguments. Each subgraph is
//! checked against the operator as TFLite Micro's `Prepare` does (input and output counts) and,
//! since mc compiles static shapes, every type must match: a branch whose output type differs
//! from the operator's, or a body that changes a carried tensor's shape or type, is an error
//! naming the operator and the subgraph. A `CALL_ONCE`'s init subgraph takes and gives nothing.
//! A subgraph that runs itself again (directly or through others) is an error too: TFLite Micro
//! would recurse without end.

use super::SubgraphImporter;
use crate::{BuiltinOp, Model, Operator};
use mc_dialects::graph::{CallOnceOp, IfOp, WhileOp, YieldOp};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{BlockId, Builder, Diagnostic, InsertPoint, OpId, Type, Value};
use rustc_hash::FxHashSet;

/// The subgraphs some control-flow operator of `model` runs (they become regions, not
/// functions).
pub(super) fn inlined_subgraphs(model: &Model<'_>) -> FxHashSet<usize> {
    model
        .subgraphs()
        .iter()
        .flat_map(|subgraph| subgraph.operators())
        .filter(|op| matches!(op.opcode().builtin(), Some(BuiltinOp::If | BuiltinOp::While | BuiltinOp::CallOnce)))
        .flat_map(|op| op.options().subgraph_indices())
        .map(|(_, index)| index)
        .collect()
}

impl SubgraphImporter<'_, '_> {
    /// Translates the `IF`, `WHILE` or `CALL_ONCE` operator `index` into `body`; the op built.
    pub(super) fn import_control_flow(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        builtin: BuiltinOp,
        results: &[Type],
        body: BlockId,
    ) -> Result<OpId, Diagnostic> {
        let inputs = (0..operator.inputs().len())
            .map(|position| self.input(index, operator, position, body))
            .collect::<Result<Vec<Value>, Diagnostic>>()?;
        // `then subgraph`, `body subgraph`, ... and the index.
        let subgraphs: Vec<(String, usize)> = operator
            .options()
            .subgraph_indices()
            .into_iter()
            .map(|(field, index)| (field.replace("_subgraph_index", " subgraph"), index))
            .collect();
        let loc = self.ctx.file_loc(self.file, 0, 0);
        if builtin == BuiltinOp::CallOnce {
            let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
            let (op, block) = CallOnceOp::build(&mut b);
            let (field, subgraph) = &subgraphs[0];
            let outputs = self.inline(index, field, *subgraph, &[], block)?;
            self.check_types(index, field, *subgraph, "output", &outputs, &[])?;
            let mut b = Builder::at(self.ctx, InsertPoint::end(block), loc);
            YieldOp::build_at_end(&mut b, block, &[]);
            return Ok(op.0);
        }
        if builtin == BuiltinOp::If {
            let Some((&condition, data)) = inputs.split_first() else {
                return Err(self.op_error(index, "expected a condition input"));
            };
            let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
            let (op, then_block, else_block) = IfOp::build(&mut b, condition, results);
            for ((field, subgraph), block) in subgraphs.into_iter().zip([then_block, else_block]) {
                let yielded = self.inline(index, &field, subgraph, data, block)?;
                self.check_types(index, &field, subgraph, "output", &yielded, results)?;
                let mut b = Builder::at(self.ctx, InsertPoint::end(block), loc);
                YieldOp::build_at_end(&mut b, block, &yielded);
            }
            return Ok(op.0);
        }
        let carried: Vec<Type> = inputs.iter().map(|&v| self.ctx.value_type(v)).collect();
        if results != carried.as_slice() {
            let message = format!(
                "its outputs ({}) must have the types of its inputs ({})",
                type_list(self, results),
                type_list(self, &carried)
            );
            return Err(self.op_error(index, message));
        }
        let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
        let (op, cond_block, body_block) = WhileOp::build(&mut b, &inputs);
        for ((field, subgraph), block) in subgraphs.into_iter().zip([cond_block, body_block]) {
            let args = self.ctx.block_args(block);
            let yielded = self.inline(index, &field, subgraph, &args, block)?;
            if block == body_block {
                self.check_types(index, &field, subgraph, "output", &yielded, &carried)?;
            } else if yielded.len() != 1 {
                let message = format!("{field} {subgraph} has {} outputs, but a condition has 1", yielded.len());
                return Err(self.op_error(index, message));
            }
            let mut b = Builder::at(self.ctx, InsertPoint::end(block), loc);
            YieldOp::build_at_end(&mut b, block, &yielded);
        }
        Ok(op.0)
    }

    /// Translates subgraph `subgraph` (named by the options' `field`) of operator `index` into
    /// `block`, its inputs taking `inputs`; the values of its outputs.
    fn inline(
        &mut self,
        index: usize,
        field: &str,
        subgraph: usize,
        inputs: &[Value],
        block: BlockId,
    ) -> Result<Vec<Value>, Diagnostic> {
        if let Some(start) = self.stack.iter().position(|&s| s == subgraph) {
            let mut chain: Vec<String> = self.stack[start..].iter().map(|s| format!("subgraph {s}")).collect();
            chain.push(format!("subgraph {subgraph}"));
            let message = format!("{field} {subgraph} recurses: {}", chain.join(" -> "));
            return Err(self.op_error(index, message));
        }
        let tensors = self.model.subgraphs()[subgraph].inputs().to_vec();
        if tensors.len() != inputs.len() {
            let message =
                format!("{field} {subgraph} has {} inputs, but the operator passes {}", tensors.len(), inputs.len());
            return Err(self.op_error(index, message));
        }
        let mut stack = self.stack.clone();
        stack.push(subgraph);
        let declared = {
            let mut inner = SubgraphImporter::new(self.ctx, self.model, subgraph, stack.clone(), self.file);
            tensors.iter().map(|&t| inner.tensor_type(t, None)).collect::<Result<Vec<Type>, Diagnostic>>()?
        };
        self.check_types(index, field, subgraph, "input", inputs, &declared)?;
        let mut inner = SubgraphImporter::new(self.ctx, self.model, subgraph, stack, self.file);
        for (&tensor, &value) in tensors.iter().zip(inputs) {
            inner.values[tensor] = Some(value);
        }
        inner.import_operators(block)
    }

    /// Checks that the `what`s (inputs or outputs) of `subgraph` (`field`) of operator `index`
    /// have the types `expected`.
    fn check_types(
        &mut self,
        index: usize,
        field: &str,
        subgraph: usize,
        what: &str,
        values: &[Value],
        expected: &[Type],
    ) -> Result<(), Diagnostic> {
        let actual: Vec<Type> = values.iter().map(|&v| self.ctx.value_type(v)).collect();
        if actual.len() != expected.len() {
            let message =
                format!("{field} {subgraph} has {} {what}s, but the operator has {}", actual.len(), expected.len());
            return Err(self.op_error(index, message));
        }
        let Some(position) = actual.iter().zip(expected).position(|(a, e)| a != e) else { return Ok(()) };
        let message = format!(
            "{field} {subgraph}'s {what} {position} is '{}', but the operator's is '{}'{}",
            type_to_string(self.ctx, actual[position]),
            type_to_string(self.ctx, expected[position]),
            if field == "body subgraph" {
                " (a WHILE body must keep each carried tensor's type and shape)"
            } else {
                ""
            }
        );
        Err(self.op_error(index, message))
    }
}

/// `tensor<4xf32>, tensor<i32>`.
fn type_list(importer: &SubgraphImporter<'_, '_>, types: &[Type]) -> String {
    types.iter().map(|&t| type_to_string(importer.ctx, t)).collect::<Vec<_>>().join(", ")
}
