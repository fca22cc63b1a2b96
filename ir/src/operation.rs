//! Operations: storage, creation, accessors, and structural mutation (insert, move, erase).

use crate::attributes::Attribute;
use crate::block::{BlockId, InsertPoint};
use crate::context::Context;
use crate::dialect::OpName;
use crate::location::Location;
use crate::region::RegionId;
use crate::types::Type;
use crate::value::{Operand, Use, Value, ValueSlot};

/// Names an operation stored in a [`Context`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct OpId(pub(crate) u32);

/// Storage of one operation.
#[derive(Clone, Debug)]
pub struct Operation {
    pub(crate) name: OpName,
    pub(crate) loc: Location,
    pub(crate) operands: Vec<Operand>,
    pub(crate) results: Vec<ValueSlot>,
    pub(crate) attrs: Attribute,
    pub(crate) props: Option<Attribute>,
    pub(crate) regions: Vec<RegionId>,
    pub(crate) successors: Vec<BlockId>,
    pub(crate) parent: Option<BlockId>,
    pub(crate) prev: Option<OpId>,
    pub(crate) next: Option<OpId>,
}

impl Operation {
    /// The operation's name.
    pub fn name(&self) -> OpName {
        self.name
    }

    /// Where the operation comes from.
    pub fn loc(&self) -> Location {
        self.loc
    }

    /// Number of operands.
    pub fn num_operands(&self) -> usize {
        self.operands.len()
    }

    /// Operand `index`.
    pub fn operand(&self, index: usize) -> Value {
        self.operands[index].value
    }

    /// All operands in order.
    pub fn operands(&self) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.operands.iter().map(|o| o.value)
    }

    /// Number of results.
    pub fn num_results(&self) -> usize {
        self.results.len()
    }

    /// Type of result `index`.
    pub fn result_type(&self, index: usize) -> Type {
        self.results[index].ty
    }

    /// Types of all results.
    pub fn result_types(&self) -> impl ExactSizeIterator<Item = Type> + '_ {
        self.results.iter().map(|r| r.ty)
    }

    /// The discardable attribute dictionary.
    pub fn attr_dict(&self) -> Attribute {
        self.attrs
    }

    /// The properties dictionary (`<{...}>`), holding the op's inherent attributes.
    pub fn properties(&self) -> Option<Attribute> {
        self.props
    }

    /// The op's regions.
    pub fn regions(&self) -> &[RegionId] {
        &self.regions
    }

    /// Successor blocks of a terminator.
    pub fn successors(&self) -> &[BlockId] {
        &self.successors
    }

    /// The block holding this op, if it is inserted.
    pub fn parent_block(&self) -> Option<BlockId> {
        self.parent
    }

    /// The next op in the same block.
    pub fn next(&self) -> Option<OpId> {
        self.next
    }

    /// The previous op in the same block.
    pub fn prev(&self) -> Option<OpId> {
        self.prev
    }
}

impl OpId {
    /// Value of result `index`.
    pub fn result(self, index: usize) -> Value {
        Value::Result { op: self, index: index as u32 }
    }
}

/// Everything needed to create an operation.
#[derive(Clone, Debug)]
pub struct OperationState {
    /// The op's name.
    pub name: OpName,
    /// Its location.
    pub loc: Location,
    /// Operand values.
    pub operands: Vec<Value>,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Attributes; inherent attributes of registered ops are moved into properties.
    pub attrs: Vec<(String, Attribute)>,
    /// Properties given explicitly (`<{...}>`), as a dictionary.
    pub props: Option<Attribute>,
    /// Regions to attach (already created, not attached anywhere).
    pub regions: Vec<RegionId>,
    /// Successor blocks.
    pub successors: Vec<BlockId>,
}

impl OperationState {
    /// A state with only a name and location.
    pub fn new(name: OpName, loc: Location) -> Self {
        OperationState {
            name,
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            props: None,
            regions: Vec::new(),
            successors: Vec::new(),
        }
    }
}

impl Context {
    /// The storage of `op`. Panics if `op` was erased (a bug in the caller).
    pub fn operation(&self, op: OpId) -> &Operation {
        self.ops[op.0 as usize].as_ref().expect("use of an erased operation")
    }

    pub(crate) fn operation_mut(&mut self, op: OpId) -> &mut Operation {
        self.ops[op.0 as usize].as_mut().expect("use of an erased operation")
    }

    /// True if `op` exists (was created and not erased).
    pub fn is_live(&self, op: OpId) -> bool {
        self.ops.get(op.0 as usize).is_some_and(Option::is_some)
    }

    /// Creates a detached operation from `state`.
    pub fn create_operation(&mut self, state: OperationState) -> OpId {
        let OperationState { name, loc, operands, result_types, attrs, props, regions, successors } = state;
        let (attrs, props) = self.split_inherent_attrs(name, attrs, props);
        let id = OpId(u32::try_from(self.ops.len()).expect("more than 2^32 operations"));
        let num_operands = operands.len();
        self.ops.push(Some(Operation {
            name,
            loc,
            operands: operands.into_iter().map(|value| Operand { value, prev_use: None, next_use: None }).collect(),
            results: result_types.into_iter().map(|ty| ValueSlot { ty, first_use: None }).collect(),
            attrs,
            props,
            regions,
            successors,
            parent: None,
            prev: None,
            next: None,
        }));
        for index in 0..num_operands {
            self.link_use(Use { user: id, index: index as u32 });
        }
        for region in self.operation(id).regions.clone() {
            self.region_mut(region).parent = Some(id);
        }
        id
    }

    /// Moves a registered op's inherent attributes out of `attrs` into properties.
    fn split_inherent_attrs(
        &mut self,
        name: OpName,
        attrs: Vec<(String, Attribute)>,
        props: Option<Attribute>,
    ) -> (Attribute, Option<Attribute>) {
        let inherent = self.op_def(name).map(|d| d.inherent_attrs).unwrap_or(&[]);
        let (inherent_attrs, discardable): (Vec<_>, Vec<_>) =
            attrs.into_iter().partition(|(key, _)| inherent.contains(&key.as_str()));
        let props = match (props, inherent_attrs.is_empty()) {
            (props, true) => props,
            (Some(props), false) => {
                let mut entries = inherent_attrs;
                entries.extend(self.dictionary_entries(props).iter().cloned());
                Some(self.dictionary_attr(entries))
            }
            (None, false) => Some(self.dictionary_attr(inherent_attrs)),
        };
        (self.dictionary_attr(discardable), props)
    }

    /// Looks an attribute up among the op's properties, then its attribute dictionary.
    pub fn attr(&self, op: OpId, name: &str) -> Option<Attribute> {
        let operation = self.operation(op);
        operation
            .props
            .and_then(|p| self.dictionary_get(p, name))
            .or_else(|| self.dictionary_get(operation.attrs, name))
    }

    /// Sets (or with `None` removes) an attribute: inherent attributes go to properties.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Option<Attribute>) {
        let op_name = self.operation(op).name;
        let inherent = self.op_def(op_name).is_some_and(|d| d.inherent_attrs.contains(&name));
        let operation = self.operation(op);
        let in_props = operation.props.is_some_and(|p| self.dictionary_get(p, name).is_some());
        if inherent || in_props {
            let props = match operation.props {
                Some(p) => p,
                None => self.empty_dictionary(),
            };
            let props = self.dictionary_with(props, name, value);
            self.operation_mut(op).props = Some(props);
        } else {
            let attrs = self.dictionary_with(operation.attrs, name, value);
            self.operation_mut(op).attrs = attrs;
        }
    }

    /// Replaces the whole discardable attribute dictionary.
    pub fn set_attr_dict(&mut self, op: OpId, dict: Attribute) {
        self.operation_mut(op).attrs = dict;
    }

    /// Changes the location of `op`.
    pub fn set_loc(&mut self, op: OpId, loc: Location) {
        self.operation_mut(op).loc = loc;
    }

    /// Makes operand `index` of `op` use `value`.
    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) {
        let u = Use { user: op, index: index as u32 };
        self.unlink_use(u);
        self.operation_mut(op).operands[index].value = value;
        self.link_use(u);
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: OpId, values: &[Value]) {
        self.drop_operand_uses(op);
        self.operation_mut(op).operands =
            values.iter().map(|&value| Operand { value, prev_use: None, next_use: None }).collect();
        for index in 0..values.len() {
            self.link_use(Use { user: op, index: index as u32 });
        }
    }

    fn drop_operand_uses(&mut self, op: OpId) {
        for index in 0..self.operation(op).operands.len() {
            self.unlink_use(Use { user: op, index: index as u32 });
        }
    }

    /// Replaces successor `index` of a terminator.
    pub fn set_successor(&mut self, op: OpId, index: usize, block: BlockId) {
        self.operation_mut(op).successors[index] = block;
    }

    /// Inserts a detached `op` at `ip`.
    pub fn insert_op(&mut self, op: OpId, ip: InsertPoint) {
        debug_assert!(self.operation(op).parent.is_none(), "op is already in a block");
        let (block, before) = (ip.block, ip.before);
        let prev = match before {
            Some(b) => self.operation(b).prev,
            None => self.block(block).last,
        };
        {
            let o = self.operation_mut(op);
            o.parent = Some(block);
            o.prev = prev;
            o.next = before;
        }
        match prev {
            Some(p) => self.operation_mut(p).next = Some(op),
            None => self.block_mut(block).first = Some(op),
        }
        match before {
            Some(b) => self.operation_mut(b).prev = Some(op),
            None => self.block_mut(block).last = Some(op),
        }
    }

    /// Removes `op` from its block without destroying it.
    pub fn detach_op(&mut self, op: OpId) {
        let Some(block) = self.operation(op).parent else { return };
        let (prev, next) = (self.operation(op).prev, self.operation(op).next);
        match prev {
            Some(p) => self.operation_mut(p).next = next,
            None => self.block_mut(block).first = next,
        }
        match next {
            Some(n) => self.operation_mut(n).prev = prev,
            None => self.block_mut(block).last = prev,
        }
        let o = self.operation_mut(op);
        o.parent = None;
        o.prev = None;
        o.next = None;
    }

    /// Moves `op` (inserted or not) to `ip`.
    pub fn move_op(&mut self, op: OpId, ip: InsertPoint) {
        self.detach_op(op);
        self.insert_op(op, ip);
    }

    /// Destroys `op`, its regions and everything nested in them. Its results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        debug_assert!(
            self.operation(op).results.iter().all(|r| r.first_use.is_none()),
            "erasing an op whose results are still used"
        );
        self.detach_op(op);
        self.destroy_op(op);
    }

    /// Destroys a detached op and its nested IR.
    pub(crate) fn destroy_op(&mut self, op: OpId) {
        self.drop_operand_uses(op);
        for region in self.operation(op).regions.clone() {
            self.destroy_region(region);
        }
        self.ops[op.0 as usize] = None;
    }

    /// Replaces every use of `op`'s results with `values`, then erases `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        debug_assert_eq!(values.len(), self.operation(op).results.len());
        for (index, &value) in values.iter().enumerate() {
            self.replace_all_uses_with(op.result(index), value);
        }
        self.erase_op(op);
    }

    /// The operation whose region holds the block holding `op`.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let block = self.operation(op).parent?;
        self.block_parent_op(block)
    }

    /// True if `ancestor` is `op` or encloses it.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(parent) => op = parent,
                None => return false,
            }
        }
    }

    /// Results of `op` as values.
    pub fn results(&self, op: OpId) -> Vec<Value> {
        (0..self.operation(op).results.len()).map(|i| op.result(i)).collect()
    }

    /// True if any result of `op` is used.
    pub fn op_has_uses(&self, op: OpId) -> bool {
        self.operation(op).results.iter().any(|r| r.first_use.is_some())
    }
}
