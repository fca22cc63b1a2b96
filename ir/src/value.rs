//! SSA values (operation results and block arguments) and their use-def chains.

use crate::block::BlockId;
use crate::context::Context;
use crate::location::Location;
use crate::operation::OpId;
use crate::types::Type;

/// An SSA value: a result of an operation or an argument of a block.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Value {
    /// Result `index` of `op`.
    Result {
        /// The defining operation.
        op: OpId,
        /// Result number.
        index: u32,
    },
    /// Argument `index` of `block`.
    Arg {
        /// The owning block.
        block: BlockId,
        /// Argument number.
        index: u32,
    },
}

/// One use of a value: operand `index` of `user`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The operation using the value.
    pub user: OpId,
    /// Which of its operands.
    pub index: u32,
}

/// An operand slot: the value used and this use's links in the value's use list.
#[derive(Clone, Debug)]
pub(crate) struct Operand {
    pub(crate) value: Value,
    pub(crate) prev_use: Option<Use>,
    pub(crate) next_use: Option<Use>,
}

/// Storage of a defined value: its type and the head of its use list.
#[derive(Clone, Debug)]
pub(crate) struct ValueSlot {
    pub(crate) ty: Type,
    pub(crate) first_use: Option<Use>,
}

/// Storage of a block argument.
#[derive(Clone, Debug)]
pub(crate) struct ArgSlot {
    pub(crate) slot: ValueSlot,
    pub(crate) loc: Location,
}

impl Context {
    fn value_slot(&self, value: Value) -> &ValueSlot {
        match value {
            Value::Result { op, index } => &self.operation(op).results[index as usize],
            Value::Arg { block, index } => &self.block(block).args[index as usize].slot,
        }
    }

    fn value_slot_mut(&mut self, value: Value) -> &mut ValueSlot {
        match value {
            Value::Result { op, index } => &mut self.operation_mut(op).results[index as usize],
            Value::Arg { block, index } => &mut self.block_mut(block).args[index as usize].slot,
        }
    }

    pub(crate) fn operand_slot(&self, u: Use) -> &Operand {
        &self.operation(u.user).operands[u.index as usize]
    }

    fn operand_slot_mut(&mut self, u: Use) -> &mut Operand {
        &mut self.operation_mut(u.user).operands[u.index as usize]
    }

    /// The type of `value`.
    pub fn value_type(&self, value: Value) -> Type {
        self.value_slot(value).ty
    }

    /// Changes the type of `value` (for type-refining rewrites).
    pub fn set_value_type(&mut self, value: Value, ty: Type) {
        self.value_slot_mut(value).ty = ty;
    }

    /// The operation defining `value`, `None` for block arguments.
    pub fn defining_op(&self, value: Value) -> Option<OpId> {
        match value {
            Value::Result { op, .. } => Some(op),
            Value::Arg { .. } => None,
        }
    }

    /// The block in which `value` is defined.
    pub fn value_parent_block(&self, value: Value) -> Option<BlockId> {
        match value {
            Value::Result { op, .. } => self.operation(op).parent,
            Value::Arg { block, .. } => Some(block),
        }
    }

    /// The location of the value's definition.
    pub fn value_loc(&self, value: Value) -> Location {
        match value {
            Value::Result { op, .. } => self.operation(op).loc,
            Value::Arg { block, index } => self.block(block).args[index as usize].loc,
        }
    }

    /// All uses of `value`, most recent first.
    pub fn uses(&self, value: Value) -> Uses<'_> {
        Uses { ctx: self, next: self.value_slot(value).first_use }
    }

    /// True when something uses `value`.
    pub fn has_uses(&self, value: Value) -> bool {
        self.value_slot(value).first_use.is_some()
    }

    /// Links operand `u` (whose slot already names `value`) at the head of the value's use list.
    pub(crate) fn link_use(&mut self, u: Use) {
        let value = self.operand_slot(u).value;
        let head = self.value_slot(value).first_use;
        if let Some(head) = head {
            self.operand_slot_mut(head).prev_use = Some(u);
        }
        let slot = self.operand_slot_mut(u);
        slot.prev_use = None;
        slot.next_use = head;
        self.value_slot_mut(value).first_use = Some(u);
    }

    /// Removes operand `u` from its value's use list.
    pub(crate) fn unlink_use(&mut self, u: Use) {
        let Operand { value, prev_use, next_use } = self.operand_slot(u).clone();
        match prev_use {
            Some(prev) => self.operand_slot_mut(prev).next_use = next_use,
            None => self.value_slot_mut(value).first_use = next_use,
        }
        if let Some(next) = next_use {
            self.operand_slot_mut(next).prev_use = prev_use;
        }
    }

    /// Makes every use of `from` use `to` instead.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(u) = self.value_slot(from).first_use {
            self.set_operand(u.user, u.index as usize, to);
        }
    }

    /// Makes the uses of `from` accepted by `filter` use `to` instead.
    pub fn replace_uses_where(&mut self, from: Value, to: Value, filter: impl Fn(&Context, Use) -> bool) {
        let selected: Vec<Use> = self.uses(from).filter(|&u| filter(self, u)).collect();
        for u in selected {
            self.set_operand(u.user, u.index as usize, to);
        }
    }
}

/// Iterator over the uses of a value.
pub struct Uses<'a> {
    ctx: &'a Context,
    next: Option<Use>,
}

impl Iterator for Uses<'_> {
    type Item = Use;

    fn next(&mut self) -> Option<Use> {
        let current = self.next?;
        self.next = self.ctx.operand_slot(current).next_use;
        Some(current)
    }
}
