//! Parsing operations in MLIR's generic form, with regions, blocks, SSA names and forward
//! references.

use super::lexer::TokenKind;
use super::locations::TrailingLoc;
use super::op_asm::Argument;
use super::{DeferredLocTarget, ParseResult, Parser};
use crate::block::{BlockId, InsertPoint};
use crate::context::Context;
use crate::dialect::{Traits, dialect_of};
use crate::operation::{OpId, OperationState};
use crate::printer::attributes::type_to_string;
use crate::region::RegionId;
use crate::types::Type;
use crate::value::Value;
use rustc_hash::FxHashMap;

/// Name of the detached placeholder ops standing for values used before their definition.
const FORWARD_REF_OP: &str = "builtin.forward_ref_placeholder";

/// A value use as written: `%name` or `%name#index`.
#[derive(Clone, Debug)]
pub(super) struct ValueUse {
    pub(super) name: String,
    pub(super) index: u32,
    pub(super) offset: u32,
}

/// SSA names visible inside one isolated-from-above region (or the top level).
#[derive(Default)]
struct IsolatedScope {
    values: FxHashMap<String, Vec<Value>>,
    /// Where each name in `values` was defined (MLIR points "previously defined here" at the name).
    def_offsets: FxHashMap<String, u32>,
    forward_refs: FxHashMap<(String, u32), (OpId, u32)>,
    /// How many entries of `forward_refs` each name has, so a definition finds its
    /// out-of-range uses without scanning every forward reference.
    forward_ref_counts: FxHashMap<String, u32>,
    /// Names defined in each open region, innermost last, so they are forgotten when it closes.
    region_defs: Vec<Vec<String>>,
}

/// Block labels of one region being parsed.
#[derive(Default)]
struct BlockScope {
    blocks: FxHashMap<String, (BlockId, bool, u32)>,
}

/// The stacks of name scopes the parser maintains.
#[derive(Default)]
pub(super) struct ValueScopes {
    isolated: Vec<IsolatedScope>,
    blocks: Vec<BlockScope>,
}

impl ValueScopes {
    pub(super) fn push_isolated(&mut self) {
        self.isolated.push(IsolatedScope { region_defs: vec![Vec::new()], ..Default::default() });
    }

    /// Closes an isolated scope; returns the first name used but never defined, with its offset.
    pub(super) fn pop_isolated(&mut self, ctx: &mut Context) -> Result<(), (String, u32)> {
        let scope = self.isolated.pop().expect("unbalanced isolated scopes");
        let mut unresolved: Vec<_> = scope.forward_refs.into_iter().collect();
        unresolved.sort_by_key(|(_, (_, offset))| *offset);
        let first = unresolved.first().map(|((name, _), (_, offset))| (name.clone(), *offset));
        for (_, (placeholder, _)) in unresolved {
            discard_placeholder(ctx, placeholder);
        }
        first.map_or(Ok(()), Err)
    }

    fn current(&mut self) -> &mut IsolatedScope {
        self.isolated.last_mut().expect("no open scope")
    }
}

/// Drops a placeholder's remaining uses (only on error paths) and frees it.
fn discard_placeholder(ctx: &mut Context, placeholder: OpId) {
    let uses: Vec<_> = ctx.uses(placeholder.result(0)).collect();
    for u in uses {
        ctx.unlink_use(u);
    }
    ctx.destroy_op(placeholder);
}

impl Parser<'_> {
    /// Parses one operation (with its results, regions and trailing location); it is left detached.
    pub(super) fn parse_operation(&mut self) -> ParseResult<OpId> {
        self.check_token()?;
        let start = self.tok.start;
        let mut result_names: Vec<(String, u32, u32)> = Vec::new();
        if self.is(TokenKind::PercentIdentifier) {
            self.parse_comma_separated(|p| {
                if !p.is(TokenKind::PercentIdentifier) {
                    return Err(p.error_here("expected valid ssa identifier"));
                }
                let name = p.text()[1..].to_string();
                let offset = p.tok.start;
                p.advance()?;
                let mut count = 1;
                if p.consume_if(TokenKind::Colon)? {
                    if !p.is(TokenKind::Integer) {
                        return Err(p.error_here("expected integer number of results"));
                    }
                    count = p
                        .text()
                        .parse::<u32>()
                        .ok()
                        .filter(|&c| c > 0)
                        .ok_or_else(|| p.error_here("expected named operation to have at least 1 result"))?;
                    p.advance()?;
                }
                result_names.push((name, count, offset));
                Ok(())
            })?;
            self.expect(TokenKind::Equal, "'=' after SSA name")?;
        }
        // Like MLIR, an op's location is where its name starts.
        let name_start = self.tok.start;
        let op = match self.tok.kind {
            TokenKind::String => self.parse_generic_operation()?,
            TokenKind::BareIdentifier => {
                let bound = result_names.iter().map(|(_, count, _)| *count as usize).sum();
                self.parse_custom_operation(name_start, bound)?
            }
            _ => return Err(self.error_wrong_token("expected operation name in quotes")),
        };
        if self.is_keyword("loc") {
            match self.parse_trailing_location()? {
                TrailingLoc::Known(loc) => self.ctx.set_loc(op, loc),
                TrailingLoc::Deferred { alias, offset } => {
                    self.deferred_locs.push((DeferredLocTarget::Op(op), alias, offset))
                }
            }
        }
        let declared: u32 = result_names.iter().map(|(_, count, _)| count).sum();
        let actual = self.ctx.operation(op).num_results() as u32;
        if !result_names.is_empty() && actual == 0 {
            return Err(self.error_at(start, "cannot name an operation with no results"));
        }
        if !result_names.is_empty() && declared != actual {
            return Err(
                self.error_at(start, format!("operation defines {actual} results but was provided {declared} to bind"))
            );
        }
        let mut next = 0usize;
        for (name, count, offset) in result_names {
            let values: Vec<Value> = (next..next + count as usize).map(|i| op.result(i)).collect();
            next += count as usize;
            self.define_values(name, values, offset)?;
        }
        Ok(op)
    }

    /// Parses `"name"(operands) [succ] <{props}> (regions) {attrs} : (types) -> types`; as in
    /// MLIR, the op's default location is that of its name.
    fn parse_generic_operation(&mut self) -> ParseResult<OpId> {
        let start = self.tok.start;
        let name_bytes = self.tok.string_value(self.src).expect("string token").into_owned();
        let Ok(name) = String::from_utf8(name_bytes) else {
            return Err(self.error_here("operation name is not valid UTF-8"));
        };
        if name.is_empty() {
            return Err(self.error_here("empty operation name is invalid"));
        }
        if !self.ctx.is_dialect_registered(dialect_of(&name)) && !self.ctx.allow_unregistered_dialects {
            return Err(self.error_here(
                "operation being parsed with an unregistered dialect. If this is intended, please use \
                 -allow-unregistered-dialect with the MLIR tool used",
            ));
        }
        let op_name = self.ctx.op_name(&name);
        self.advance()?;
        let mut uses = Vec::new();
        self.expect(TokenKind::LParen, "'(' to start operand list")?;
        if self.is(TokenKind::PercentIdentifier) {
            self.parse_comma_separated(|p| {
                uses.push(p.parse_value_use()?);
                Ok(())
            })?;
        }
        self.expect(TokenKind::RParen, "')' to end operand list")?;
        let mut successors = Vec::new();
        if self.is(TokenKind::LSquare) {
            self.parse_delimited(TokenKind::LSquare, TokenKind::RSquare, |p| {
                successors.push(p.parse_successor()?);
                Ok(())
            })?;
        }
        let mut props = None;
        if self.consume_if(TokenKind::Less)? {
            if !self.is(TokenKind::LBrace) {
                return Err(self.error_here("expected '{' to start properties"));
            }
            props = Some(self.parse_dictionary()?);
            self.expect(TokenKind::Greater, "'>' to close properties")?;
        }
        let mut regions = Vec::new();
        if self.is(TokenKind::LParen) {
            let isolated = self.ctx.op_def(op_name).is_some_and(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE));
            self.advance()?;
            self.parse_comma_separated(|p| {
                regions.push(p.parse_region(isolated)?);
                Ok(())
            })?;
            self.expect(TokenKind::RParen, "')' to end region list")?;
        }
        let mut attrs = Vec::new();
        if self.is(TokenKind::LBrace) {
            attrs = self.parse_dictionary_entries()?;
        }
        self.expect(TokenKind::Colon, "':' followed by operation type")?;
        let type_offset = self.tok.start;
        let fn_type = self.parse_type()?;
        let Some((inputs, results)) = self.ctx.function_signature(fn_type).map(|(i, r)| (i.to_vec(), r.to_vec()))
        else {
            return Err(self.error_at(type_offset, "expected function type"));
        };
        if inputs.len() != uses.len() {
            return Err(self.error_at(
                type_offset,
                format!("expected {} operand type{} but had {}", uses.len(), plural(uses.len()), inputs.len()),
            ));
        }
        let mut operands = Vec::with_capacity(uses.len());
        for (value_use, ty) in uses.into_iter().zip(inputs) {
            operands.push(self.resolve_value_use(value_use, ty)?);
        }
        let loc = self.loc_at(start);
        let mut state = OperationState::new(op_name, loc);
        state.operands = operands;
        state.result_types = results;
        state.attrs = attrs;
        state.props = props;
        state.regions = regions;
        state.successors = successors;
        Ok(self.ctx.create_operation(state))
    }

    /// Parses `%name` or `%name#N`.
    pub(super) fn parse_value_use(&mut self) -> ParseResult<ValueUse> {
        if !self.is(TokenKind::PercentIdentifier) {
            return Err(self.error_wrong_token("expected SSA operand"));
        }
        let name = self.text()[1..].to_string();
        let offset = self.tok.start;
        self.advance()?;
        let mut index = 0;
        if self.is(TokenKind::HashIdentifier) {
            index = self.text()[1..].parse::<u32>().map_err(|_| self.error_here("invalid SSA value result number"))?;
            self.advance()?;
        }
        Ok(ValueUse { name, index, offset })
    }

    /// Finds the value a use names, creating a typed placeholder for a forward reference.
    pub(super) fn resolve_value_use(&mut self, value_use: ValueUse, ty: Type) -> ParseResult<Value> {
        let ValueUse { name, index, offset } = value_use;
        let defined = self.scopes.current().values.get(&name).cloned();
        let value = match defined {
            Some(values) => match values.get(index as usize) {
                Some(&v) => v,
                None => return Err(self.error_at(offset, "reference to invalid result number")),
            },
            None => {
                let key = (name.clone(), index);
                match self.scopes.current().forward_refs.get(&key) {
                    Some(&(placeholder, _)) => placeholder.result(0),
                    None => {
                        let loc = self.loc_at(offset);
                        let mut state = OperationState::new(self.ctx.op_name(FORWARD_REF_OP), loc);
                        state.result_types = vec![ty];
                        let placeholder = self.ctx.create_operation(state);
                        let scope = self.scopes.current();
                        scope.forward_refs.insert(key, (placeholder, offset));
                        *scope.forward_ref_counts.entry(name.clone()).or_default() += 1;
                        placeholder.result(0)
                    }
                }
            }
        };
        let existing = self.ctx.value_type(value);
        if existing != ty {
            let message = format!(
                "use of value '%{name}' expects different type than prior uses: '{}' vs '{}'",
                type_to_string(self.ctx, ty),
                type_to_string(self.ctx, existing)
            );
            let note_loc = self.ctx.value_loc(value);
            return Err(self.error_at(offset, message).with_note(note_loc, "prior use here"));
        }
        Ok(value)
    }

    /// Binds `name` to `values` in the current region, resolving forward references to it.
    pub(super) fn define_values(&mut self, name: String, values: Vec<Value>, offset: u32) -> ParseResult<()> {
        if self.scopes.current().values.contains_key(&name) {
            let prior_offset = self.scopes.current().def_offsets[&name];
            let note_loc = self.loc_at(prior_offset);
            return Err(self
                .error_at(offset, format!("redefinition of SSA value '%{name}'"))
                .with_note(note_loc, "previously defined here"));
        }
        for (index, &value) in values.iter().enumerate() {
            let scope = self.scopes.current();
            let Some((placeholder, use_offset)) = scope.forward_refs.remove(&(name.clone(), index as u32)) else {
                continue;
            };
            *scope.forward_ref_counts.get_mut(&name).expect("counted") -= 1;
            let (expected, actual) = (self.ctx.value_type(placeholder.result(0)), self.ctx.value_type(value));
            if expected != actual {
                let message = format!(
                    "definition of SSA value '%{name}#{index}' has type '{}'",
                    type_to_string(self.ctx, actual)
                );
                let note = format!("previously used here with type '{}'", type_to_string(self.ctx, expected));
                let use_loc = self.loc_at(use_offset);
                discard_placeholder(self.ctx, placeholder);
                return Err(self.error_at(offset, message).with_note(use_loc, note));
            }
            self.ctx.replace_all_uses_with(placeholder.result(0), value);
            self.ctx.destroy_op(placeholder);
        }
        let scope = self.scopes.current();
        if scope.forward_ref_counts.remove(&name).is_some_and(|count| count > 0) {
            let use_offset = scope.forward_refs.iter().filter(|((n, _), _)| *n == name).map(|(_, &(_, o))| o).min();
            return Err(self.error_at(use_offset.expect("counted"), "reference to invalid result number"));
        }
        scope.region_defs.last_mut().expect("open region").push(name.clone());
        scope.def_offsets.insert(name.clone(), offset);
        scope.values.insert(name, values);
        Ok(())
    }

    /// Parses `^bb` in a successor list.
    fn parse_successor(&mut self) -> ParseResult<BlockId> {
        if !self.is(TokenKind::CaretIdentifier) {
            return Err(self.error_here("expected block name"));
        }
        let block = self.block_reference()?;
        self.advance()?;
        Ok(block)
    }

    /// The block named by the current `^name` token in the current region, created if new.
    fn block_reference(&mut self) -> ParseResult<BlockId> {
        let name = self.text()[1..].to_string();
        let offset = self.tok.start;
        let Some(scope) = self.scopes.blocks.last_mut() else {
            return Err(self.error_here("block references are only valid inside a region"));
        };
        if let Some(&(block, _, _)) = scope.blocks.get(&name) {
            return Ok(block);
        }
        let block = self.ctx.create_block(&[]);
        self.scopes.blocks.last_mut().expect("checked").blocks.insert(name, (block, false, offset));
        Ok(block)
    }

    /// Parses `{ blocks }`.
    pub(super) fn parse_region(&mut self, isolated: bool) -> ParseResult<RegionId> {
        self.parse_region_with_args(isolated, &[])
    }

    /// Parses `{ blocks }` whose entry block has the arguments `args` declared by an op's
    /// custom syntax (none for the generic form).
    pub(super) fn parse_region_with_args(&mut self, isolated: bool, args: &[Argument]) -> ParseResult<RegionId> {
        self.enter()?;
        self.expect(TokenKind::LBrace, "'{' to begin a region")?;
        if isolated {
            self.scopes.push_isolated();
        } else {
            self.scopes.current().region_defs.push(Vec::new());
        }
        self.scopes.blocks.push(BlockScope::default());
        let region = self.ctx.create_region();
        let result = self.parse_region_body(region, args);
        let block_scope = self.scopes.blocks.pop().expect("pushed above");
        let popped = if isolated {
            self.close_isolated_scope()
        } else {
            let names = self.scopes.current().region_defs.pop().expect("pushed above");
            let scope = self.scopes.current();
            for name in names {
                scope.values.remove(&name);
            }
            Ok(())
        };
        result?;
        popped?;
        let mut undefined: Vec<_> = block_scope.blocks.values().filter(|(_, defined, _)| !defined).collect();
        undefined.sort_by_key(|(_, _, offset)| *offset);
        if let Some(&&(_, _, offset)) = undefined.first() {
            return Err(self.error_at(offset, "reference to an undefined block"));
        }
        self.expect(TokenKind::RBrace, "'}' to end a region")?;
        self.leave();
        Ok(region)
    }

    /// Closes the innermost isolated scope, reporting a use of a name that was never defined.
    pub(super) fn close_isolated_scope(&mut self) -> ParseResult<()> {
        self.scopes
            .pop_isolated(self.ctx)
            .map_err(|(name, offset)| self.error_at(offset, format!("use of undeclared SSA value name '%{name}'")))
    }

    fn parse_region_body(&mut self, region: RegionId, args: &[Argument]) -> ParseResult<()> {
        if !args.is_empty() {
            let block = self.ctx.create_block(&[]);
            self.ctx.append_block(region, block);
            for arg in args {
                self.define_entry_arg(block, arg)?;
            }
            if self.is(TokenKind::CaretIdentifier) {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
            self.parse_block_ops(block)?;
        } else if self.is(TokenKind::RBrace) {
            return Ok(());
        } else if !self.is(TokenKind::CaretIdentifier) {
            let block = self.ctx.create_block(&[]);
            self.ctx.append_block(region, block);
            self.parse_block_ops(block)?;
        }
        while self.is(TokenKind::CaretIdentifier) {
            let block = self.parse_block_label()?;
            self.ctx.append_block(region, block);
            self.parse_block_ops(block)?;
        }
        if !self.is(TokenKind::RBrace) {
            return Err(self.error_wrong_token("expected '}' to end a region"));
        }
        Ok(())
    }

    /// Parses `^name(%a: t, ...):`, defining the block and its arguments.
    fn parse_block_label(&mut self) -> ParseResult<BlockId> {
        let name = self.text()[1..].to_string();
        let offset = self.tok.start;
        let block = self.block_reference()?;
        let entry = self.scopes.blocks.last_mut().expect("in a region").blocks.get_mut(&name).expect("just made");
        if entry.1 {
            return Err(self.error_here(format!("redefinition of block '^{name}'")));
        }
        entry.1 = true;
        entry.2 = offset;
        self.advance()?;
        if self.is(TokenKind::LParen) {
            self.parse_delimited(TokenKind::LParen, TokenKind::RParen, |p| {
                if !p.is(TokenKind::PercentIdentifier) {
                    return Err(p.error_here("expected SSA operand"));
                }
                let arg_name = p.text()[1..].to_string();
                let arg_offset = p.tok.start;
                p.advance()?;
                p.expect(TokenKind::Colon, "':' and type for SSA operand")?;
                let ty = p.parse_type()?;
                let default_loc = p.loc_at(arg_offset);
                let value = p.ctx.add_block_arg(block, ty, default_loc);
                if p.is_keyword("loc") {
                    let index = p.ctx.num_block_args(block) - 1;
                    match p.parse_trailing_location()? {
                        TrailingLoc::Known(loc) => p.ctx.set_block_arg_loc(block, index, loc),
                        TrailingLoc::Deferred { alias, offset } => {
                            p.deferred_locs.push((DeferredLocTarget::BlockArg(block, index), alias, offset))
                        }
                    }
                }
                p.define_values(arg_name, vec![value], arg_offset)
            })?;
        }
        self.expect(TokenKind::Colon, "':' after block name")?;
        Ok(block)
    }

    /// Parses ops into `block` until the next block label or the end of the region.
    fn parse_block_ops(&mut self, block: BlockId) -> ParseResult<()> {
        while !matches!(self.tok.kind, TokenKind::CaretIdentifier | TokenKind::RBrace | TokenKind::Eof) {
            let op = self.parse_operation()?;
            self.ctx.insert_op(op, InsertPoint::end(block));
        }
        Ok(())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
