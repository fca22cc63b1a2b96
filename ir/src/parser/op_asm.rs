//! Custom op forms: dispatch of bare op names (`arith.addi`, `return`) to the op's parse hook,
//! and [`OpAsmParser`], the API the hook reads its syntax with (MLIR's `OpAsmParser`).

use super::lexer::TokenKind;
use super::locations::TrailingLoc;
use super::ops::ValueUse;
use super::types::{balanced_body_end, is_type_keyword};
use super::{DeferredLocTarget, ParseResult, Parser};
use crate::attributes::{AttrKind, Attribute};
use crate::block::BlockId;
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::dialect::{Traits, dialect_of};
use crate::location::Location;
use crate::operation::{OpId, OperationState};
use crate::region::RegionId;
use crate::types::Type;
use crate::value::Value;

/// An operand as written (`%x`, `%x#1`), to be resolved once its type is known.
#[derive(Clone, Debug)]
pub struct UnresolvedOperand(ValueUse);

impl UnresolvedOperand {
    /// The byte offset of the operand in the source.
    pub fn offset(&self) -> u32 {
        self.0.offset
    }
}

/// A region argument declared by an op's syntax (`%arg0: i32 {attrs} loc(...)` in a function
/// signature), defined in the region's entry block by [`OpAsmParser::parse_region`].
#[derive(Clone, Debug)]
pub struct Argument {
    /// The name as written.
    pub(super) name: ValueUse,
    /// The argument's type.
    pub ty: Type,
    /// Attributes written after the type.
    pub attrs: Vec<(String, Attribute)>,
    pub(super) loc: Option<ArgLoc>,
}

/// A location written after an argument: known, or an alias defined later in the file.
#[derive(Clone, Debug)]
pub(super) enum ArgLoc {
    Known(Location),
    Deferred { alias: String, offset: u32 },
}

/// The parser handed to an op's custom parse hook.
///
/// The op's name has been read; the hook reads the rest into an [`OperationState`] (operands,
/// result types, attributes, regions). Errors from this API are prefixed with
/// `custom op '<name>'`, as MLIR does.
pub struct OpAsmParser<'p, 'a> {
    parser: &'p mut Parser<'a>,
    op_name: String,
    name_offset: u32,
    isolated: bool,
    num_results: usize,
}

impl<'a> Parser<'a> {
    /// Parses an op written in custom form, starting at its bare name (at `name_offset`);
    /// `num_results` is how many results its result names bind.
    pub(super) fn parse_custom_operation(&mut self, name_offset: u32, num_results: usize) -> ParseResult<OpId> {
        let written = self.text().to_string();
        let default = self.default_dialects.last().copied().unwrap_or("");
        let (full, tried) = match written.contains('.') || default.is_empty() {
            true => (written.clone(), None),
            false => (format!("{default}.{written}"), Some(format!("{default}.{written}"))),
        };
        let dialect = dialect_of(&full);
        let registered = full.contains('.') && self.ctx.is_dialect_registered(dialect);
        let op_name = self.ctx.op_name_ids.get(&full).copied();
        let def = op_name.and_then(|name| self.ctx.op_def(name));
        let Some((op_name, def)) = op_name.zip(def).filter(|_| registered) else {
            let message = match tried {
                Some(tried) => format!("custom op '{written}' is unknown (tried '{tried}' as well)"),
                None if !registered => {
                    let error = self.error_here(format!("Dialect `{dialect}' not found for custom op '{full}' "));
                    let note = format!(
                        "Available dialects: {} ; for more info on dialect registration see \
                         https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
                        self.ctx.registered_dialects().join(", ")
                    );
                    let loc = error.loc;
                    return Err(error.with_note(loc, note));
                }
                None => format!("custom op '{full}' is unknown"),
            };
            return Err(self.error_here(message));
        };
        let (parse, isolated, default_dialect) =
            (def.parse, def.traits.contains(Traits::ISOLATED_FROM_ABOVE), def.default_dialect.unwrap_or(""));
        let Some(parse) = parse else {
            return Err(self.error_here(format!("custom op '{full}' has no custom assembly form")));
        };
        self.advance()?;
        let loc = self.loc_at(name_offset);
        let mut state = OperationState::new(op_name, loc);
        self.default_dialects.push(default_dialect);
        let mut asm = OpAsmParser { parser: self, op_name: full, name_offset, isolated, num_results };
        let parsed = parse(&mut asm, &mut state);
        self.default_dialects.pop();
        parsed?;
        Ok(self.ctx.create_operation(state))
    }

    /// Defines an entry block argument declared by an op's syntax.
    pub(super) fn define_entry_arg(&mut self, block: BlockId, arg: &Argument) -> ParseResult<()> {
        let default_loc = self.loc_at(arg.name.offset);
        let value = self.ctx.add_block_arg(block, arg.ty, default_loc);
        let index = self.ctx.num_block_args(block) - 1;
        match &arg.loc {
            Some(ArgLoc::Known(loc)) => self.ctx.set_block_arg_loc(block, index, *loc),
            Some(ArgLoc::Deferred { alias, offset }) => {
                self.deferred_locs.push((DeferredLocTarget::BlockArg(block, index), alias.clone(), *offset))
            }
            None => {}
        }
        self.define_values(arg.name.name.clone(), vec![value], arg.name.offset)
    }
}

/// Spelling of punctuation literals the custom forms use.
fn punct_kind(spelling: &str) -> Option<TokenKind> {
    Some(match spelling {
        "->" => TokenKind::Arrow,
        ":" => TokenKind::Colon,
        "," => TokenKind::Comma,
        "..." => TokenKind::Ellipsis,
        "=" => TokenKind::Equal,
        ">" => TokenKind::Greater,
        "{" => TokenKind::LBrace,
        "(" => TokenKind::LParen,
        "[" => TokenKind::LSquare,
        "<" => TokenKind::Less,
        "-" => TokenKind::Minus,
        "+" => TokenKind::Plus,
        "?" => TokenKind::Question,
        "}" => TokenKind::RBrace,
        ")" => TokenKind::RParen,
        "]" => TokenKind::RSquare,
        "*" => TokenKind::Star,
        "|" => TokenKind::VerticalBar,
        _ => return None,
    })
}

impl OpAsmParser<'_, '_> {
    /// The context being parsed into.
    pub fn ctx(&mut self) -> &mut Context {
        self.parser.ctx
    }

    /// The op's full name (`func.return` even when written `return`).
    pub fn op_name(&self) -> &str {
        &self.op_name
    }

    /// How many results the op's result names bind (`%0:2 = ...` binds 2).
    pub fn num_results(&self) -> usize {
        self.num_results
    }

    /// Byte offset of the op name.
    pub fn name_offset(&self) -> u32 {
        self.name_offset
    }

    /// Byte offset of the current token.
    pub fn current_offset(&self) -> u32 {
        self.parser.tok.start
    }

    /// The file location of a byte offset.
    pub fn loc_at(&mut self, offset: u32) -> Location {
        self.parser.loc_at(offset)
    }

    /// An error at `offset`, prefixed with `custom op '<name>'`.
    pub fn error_at(&mut self, offset: u32, message: impl AsRef<str>) -> Diagnostic {
        let message = format!("custom op '{}' {}", self.op_name, message.as_ref());
        self.parser.error_at(offset, message)
    }

    /// An error at the current token, prefixed with `custom op '<name>'`.
    pub fn error_here(&mut self, message: impl AsRef<str>) -> Diagnostic {
        let offset = self.current_offset();
        self.error_at(offset, message)
    }

    // ----- tokens ----------------------------------------------------------------------------

    /// The kind of the current token.
    pub fn peek_kind(&self) -> TokenKind {
        self.parser.tok.kind
    }

    /// True if the current token is `kind`.
    pub fn is(&self, kind: TokenKind) -> bool {
        self.parser.is(kind)
    }

    /// Consumes punctuation of `kind` or fails with `expected '<spelling>'`.
    pub fn parse_punct(&mut self, kind: TokenKind) -> ParseResult<()> {
        self.parser.expect_punct(kind)
    }

    /// Consumes punctuation of `kind` if present.
    pub fn parse_optional_punct(&mut self, kind: TokenKind) -> ParseResult<bool> {
        self.parser.consume_if(kind)
    }

    /// Consumes `,`.
    pub fn parse_comma(&mut self) -> ParseResult<()> {
        self.parse_punct(TokenKind::Comma)
    }

    /// Consumes `,` if present.
    pub fn parse_optional_comma(&mut self) -> ParseResult<bool> {
        self.parse_optional_punct(TokenKind::Comma)
    }

    /// Consumes `:`.
    pub fn parse_colon(&mut self) -> ParseResult<()> {
        self.parse_punct(TokenKind::Colon)
    }

    /// Consumes `->` if present.
    pub fn parse_optional_arrow(&mut self) -> ParseResult<bool> {
        self.parse_optional_punct(TokenKind::Arrow)
    }

    /// Consumes a literal: a keyword (`to`) or punctuation (`,`, `->`).
    pub fn parse_literal(&mut self, literal: &str) -> ParseResult<()> {
        match punct_kind(literal) {
            Some(kind) => self.parse_punct(kind),
            None => self.parse_keyword(literal),
        }
    }

    /// Consumes a literal if present.
    pub fn parse_optional_literal(&mut self, literal: &str) -> ParseResult<bool> {
        match punct_kind(literal) {
            Some(kind) => self.parse_optional_punct(kind),
            None => self.parse_optional_keyword(literal),
        }
    }

    /// Consumes the keyword `word` or fails with `expected '<word>'`.
    pub fn parse_keyword(&mut self, word: &str) -> ParseResult<()> {
        if self.parse_optional_keyword(word)? {
            return Ok(());
        }
        Err(self.error_here(format!("expected '{word}'")))
    }

    /// Consumes the keyword `word` if present.
    pub fn parse_optional_keyword(&mut self, word: &str) -> ParseResult<bool> {
        self.parser.check_token()?;
        self.parser.consume_keyword(word)
    }

    /// Consumes any bare keyword and returns it.
    pub fn parse_optional_keyword_any(&mut self) -> ParseResult<Option<String>> {
        self.parser.check_token()?;
        if !self.is(TokenKind::BareIdentifier) {
            return Ok(None);
        }
        let word = self.parser.text().to_string();
        self.parser.advance()?;
        Ok(Some(word))
    }

    /// Consumes a bare keyword or a string literal and returns its text.
    pub fn parse_optional_keyword_or_string(&mut self) -> ParseResult<Option<String>> {
        if self.is(TokenKind::String) {
            let bytes = self.parser.tok.string_value(self.parser.src).expect("string token").into_owned();
            let text = String::from_utf8(bytes).map_err(|_| self.error_here("expected valid UTF-8 string"))?;
            self.parser.advance()?;
            return Ok(Some(text));
        }
        self.parse_optional_keyword_any()
    }

    /// Reads a balanced `<...>` body as raw text (angle brackets included), as a dialect
    /// attribute's stripped form is written (`<nsw, nuw>`).
    pub fn parse_angle_body(&mut self) -> ParseResult<String> {
        self.parser.check_token()?;
        if !self.is(TokenKind::Less) {
            return Err(self.parser.error_here("expected '<'"));
        }
        let start = self.parser.tok.start as usize;
        let Some(end) = balanced_body_end(self.parser.src.as_bytes(), start) else {
            return Err(self.parser.error_here("unbalanced '<' in attribute body"));
        };
        let text = self.parser.src[start..end].to_string();
        self.parser.relex_from(end as u32)?;
        Ok(text)
    }

    // ----- operands --------------------------------------------------------------------------

    /// Reads an operand use (`%x` or `%x#1`).
    pub fn parse_operand(&mut self) -> ParseResult<UnresolvedOperand> {
        self.parser.check_token()?;
        Ok(UnresolvedOperand(self.parser.parse_value_use()?))
    }

    /// Reads an operand use if one is next.
    pub fn parse_optional_operand(&mut self) -> ParseResult<Option<UnresolvedOperand>> {
        self.parse_if(|p| p.is(TokenKind::PercentIdentifier), Self::parse_operand)
    }

    /// Reads zero or more comma-separated operands.
    pub fn parse_operand_list(&mut self) -> ParseResult<Vec<UnresolvedOperand>> {
        let mut operands = Vec::new();
        if let Some(first) = self.parse_optional_operand()? {
            operands.push(first);
            while self.parse_optional_comma()? {
                operands.push(self.parse_operand()?);
            }
        }
        Ok(operands)
    }

    /// The value an operand names, which must have type `ty` (forward references get it).
    pub fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> ParseResult<Value> {
        self.parser.resolve_value_use(operand.0.clone(), ty)
    }

    /// Resolves operands against their types; fails at `offset` if the counts differ.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type],
        offset: u32,
    ) -> ParseResult<Vec<Value>> {
        if operands.len() != types.len() {
            let (got, expected) = (operands.len(), types.len());
            return Err(self.error_at(
                offset,
                format!("number of operands and types do not match: got {got} operands and {expected} types"),
            ));
        }
        operands.iter().zip(types).map(|(operand, &ty)| self.resolve_operand(operand, ty)).collect()
    }

    // ----- types -----------------------------------------------------------------------------

    /// True if the current token can start a type.
    pub fn at_type(&self) -> bool {
        match self.parser.tok.kind {
            TokenKind::LParen | TokenKind::ExclamationIdentifier => true,
            TokenKind::BareIdentifier => is_type_keyword(self.parser.text()),
            _ => false,
        }
    }

    /// Reads a type.
    pub fn parse_type(&mut self) -> ParseResult<Type> {
        self.parser.parse_type()
    }

    /// Reads a type if one is next.
    pub fn parse_optional_type(&mut self) -> ParseResult<Option<Type>> {
        self.parse_if(Self::at_type, Self::parse_type)
    }

    /// Runs `parse` if `at` says the current token can start what it reads.
    fn parse_if<T>(&mut self, at: fn(&Self) -> bool, parse: fn(&mut Self) -> ParseResult<T>) -> ParseResult<Option<T>> {
        self.parser.check_token()?;
        if !at(self) {
            return Ok(None);
        }
        parse(self).map(Some)
    }

    /// Reads one or more comma-separated types.
    pub fn parse_type_list(&mut self) -> ParseResult<Vec<Type>> {
        let mut types = vec![self.parse_type()?];
        while self.parse_optional_comma()? {
            types.push(self.parse_type()?);
        }
        Ok(types)
    }

    /// Reads zero or more comma-separated types.
    pub fn parse_optional_type_list(&mut self) -> ParseResult<Vec<Type>> {
        Ok(self.parse_if(Self::at_type, Self::parse_type_list)?.unwrap_or_default())
    }

    /// Reads `: type`.
    pub fn parse_colon_type(&mut self) -> ParseResult<Type> {
        self.parse_colon()?;
        self.parse_type()
    }

    /// Reads `: t1, t2, ...` (at least one type).
    pub fn parse_colon_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.parse_colon()?;
        self.parse_type_list()
    }

    /// Reads function results after `->`: `(t1, t2)` or one type.
    pub fn parse_result_types(&mut self) -> ParseResult<Vec<Type>> {
        self.parser.parse_function_result_types()
    }

    /// Reads `(inputs) -> results`.
    pub fn parse_function_type(&mut self) -> ParseResult<(Vec<Type>, Vec<Type>)> {
        let offset = self.current_offset();
        if !self.is(TokenKind::LParen) {
            let ty = self.parse_type()?;
            let spelled = crate::printer::attributes::type_to_string(self.ctx(), ty);
            return Err(self.error_at(
                offset,
                format!("invalid kind of type specified: expected builtin.function, but found '{spelled}'"),
            ));
        }
        let ty = self.parser.parse_function_type()?;
        let (inputs, results) = self.ctx().function_signature(ty).expect("a function type");
        Ok((inputs.to_vec(), results.to_vec()))
    }

    // ----- attributes ------------------------------------------------------------------------

    /// True if the current token can start an attribute.
    pub fn at_attribute(&self) -> bool {
        matches!(
            self.parser.tok.kind,
            TokenKind::BareIdentifier
                | TokenKind::Integer
                | TokenKind::Float
                | TokenKind::Minus
                | TokenKind::String
                | TokenKind::LSquare
                | TokenKind::LBrace
                | TokenKind::AtIdentifier
                | TokenKind::HashIdentifier
                | TokenKind::LParen
                | TokenKind::ExclamationIdentifier
        )
    }

    /// Reads an attribute.
    pub fn parse_attribute(&mut self) -> ParseResult<Attribute> {
        self.parser.parse_attribute()
    }

    /// Reads an attribute if one can start here.
    pub fn parse_optional_attribute(&mut self) -> ParseResult<Option<Attribute>> {
        self.parse_if(Self::at_attribute, Self::parse_attribute)
    }

    /// Reads `{name = value, ...}` into `attrs` if a `{` is next.
    pub fn parse_optional_attr_dict(&mut self, attrs: &mut Vec<(String, Attribute)>) -> ParseResult<()> {
        self.parser.check_token()?;
        if self.is(TokenKind::LBrace) {
            attrs.extend(self.parser.parse_dictionary_entries()?);
        }
        Ok(())
    }

    /// Reads `attributes {name = value, ...}` into `attrs` if the keyword is next.
    pub fn parse_optional_attr_dict_with_keyword(&mut self, attrs: &mut Vec<(String, Attribute)>) -> ParseResult<()> {
        if self.parse_optional_keyword("attributes")? {
            if !self.is(TokenKind::LBrace) {
                return Err(self.parser.error_here("expected '{' in attribute dictionary"));
            }
            attrs.extend(self.parser.parse_dictionary_entries()?);
        }
        Ok(())
    }

    /// Reads `@name`.
    pub fn parse_symbol_name(&mut self) -> ParseResult<String> {
        match self.parse_optional_symbol_name()? {
            Some(name) => Ok(name),
            None => Err(self.error_here("expected valid '@'-identifier for symbol name")),
        }
    }

    /// Reads `@name` if present.
    pub fn parse_optional_symbol_name(&mut self) -> ParseResult<Option<String>> {
        self.parser.check_token()?;
        if !self.is(TokenKind::AtIdentifier) {
            return Ok(None);
        }
        let name = self.parser.symbol_name_here()?;
        self.parser.advance()?;
        Ok(Some(name))
    }

    /// Reads `loc(...)` if present (a location alias may be defined later in the file).
    fn parse_optional_arg_loc(&mut self) -> ParseResult<Option<ArgLoc>> {
        if !self.parser.is_keyword("loc") {
            return Ok(None);
        }
        Ok(Some(match self.parser.parse_trailing_location()? {
            TrailingLoc::Known(loc) => ArgLoc::Known(loc),
            TrailingLoc::Deferred { alias, offset } => ArgLoc::Deferred { alias, offset },
        }))
    }

    // ----- regions ---------------------------------------------------------------------------

    /// Reads a region argument `%name: type {attrs}? loc(...)?` (attributes if `allow_attrs`).
    pub fn parse_argument(&mut self, allow_attrs: bool) -> ParseResult<Argument> {
        let name = self.parse_argument_use()?;
        self.parse_colon()?;
        let ty = self.parse_type()?;
        let mut attrs = Vec::new();
        if allow_attrs {
            self.parse_optional_attr_dict(&mut attrs)?;
        }
        let loc = self.parse_optional_arg_loc()?;
        Ok(Argument { name, ty, attrs, loc })
    }

    /// Reads a region argument's `%name` (no `#index`).
    fn parse_argument_use(&mut self) -> ParseResult<ValueUse> {
        self.parser.check_token()?;
        if !self.is(TokenKind::PercentIdentifier) {
            return Err(self.error_here("expected SSA identifier"));
        }
        let name = self.parser.parse_value_use()?;
        if name.index != 0 {
            return Err(self.parser.error_at(name.offset, "expected SSA identifier"));
        }
        Ok(name)
    }

    /// Reads a region argument's name alone (`%iv` in `scf.for %iv = ...`); its type is `ty`.
    pub fn parse_argument_name(&mut self, ty: Type) -> ParseResult<Argument> {
        let name = self.parse_argument_use()?;
        Ok(Argument { name, ty, attrs: Vec::new(), loc: None })
    }

    /// Reads `{ blocks }`; `args` become the entry block's arguments (then the entry block
    /// cannot have a label). Values of the enclosing regions stay visible unless the op is
    /// isolated from above.
    pub fn parse_region(&mut self, args: &[Argument]) -> ParseResult<RegionId> {
        for (i, arg) in args.iter().enumerate() {
            if let Some(first) = args[..i].iter().find(|a| a.name.name == arg.name.name) {
                let note_loc = self.loc_at(first.name.offset);
                let message = format!("region entry argument '%{}' is already in use", arg.name.name);
                return Err(self
                    .parser
                    .error_at(arg.name.offset, message)
                    .with_note(note_loc, "previously referenced here"));
            }
        }
        let isolated = self.isolated;
        self.parser.parse_region_with_args(isolated, args)
    }

    /// Reads a region if a `{` is next.
    pub fn parse_optional_region(&mut self, args: &[Argument]) -> ParseResult<Option<RegionId>> {
        self.parser.check_token()?;
        if !self.is(TokenKind::LBrace) {
            return Ok(None);
        }
        self.parse_region(args).map(Some)
    }

    /// Interns a string attribute (convenience for hooks building attributes).
    pub fn string_attr(&mut self, text: &str) -> Attribute {
        self.ctx().intern_attr(AttrKind::String(text.to_string()))
    }
}
