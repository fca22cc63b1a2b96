//! The MLIR text-format parser: generic operations, regions, types, attributes, locations,
//! aliases and the `{-# dialect_resources #-}` trailer.

mod affine;
mod attributes;
mod distinct;
pub mod lexer;
mod locations;
mod op_asm;
mod ops;
mod resources;
mod shaped_types;
mod types;

use crate::builtin::ModuleOp;
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::diagnostics::source::SourceBuffer;
use crate::location::Location;
use crate::operation::OpId;
use lexer::{LexError, Lexer, Token, TokenKind};
use ops::ValueScopes;
use rustc_hash::FxHashMap;

pub use op_asm::{Argument, OpAsmParser, UnresolvedOperand};
pub(crate) use types::alias_references;

/// Deepest nesting of regions, types or attributes the parser accepts.
pub const MAX_NESTING_DEPTH: u32 = 1000;

/// The result of parsing: a value or the first error.
pub type ParseResult<T> = Result<T, Diagnostic>;

/// Parses a whole buffer into a module.
///
/// A buffer holding exactly one `builtin.module` yields that module; otherwise the top-level ops
/// are wrapped in a new module, as MLIR does.
pub fn parse_source(ctx: &mut Context, buffer: &SourceBuffer) -> ParseResult<ModuleOp> {
    if u32::try_from(buffer.text.len()).is_err() {
        let loc = ctx.file_loc(&buffer.name, 1, 1);
        return Err(Diagnostic::error(loc, "input file is larger than 4 GiB"));
    }
    let mut parser = Parser::new(ctx, buffer);
    let ops = parser.parse_top_level()?;
    let ctx = parser.ctx;
    if let [op] = ops.as_slice()
        && let Some(module) = ModuleOp::cast(ctx, *op)
    {
        return Ok(module);
    }
    let loc = ctx.file_loc(&buffer.name, buffer.first_line, 1);
    let module = ModuleOp::build(ctx, loc);
    let ip = module.body_end(ctx);
    for op in ops {
        ctx.insert_op(op, ip);
    }
    Ok(module)
}

/// A type, attribute or location alias target that was used before its definition.
enum DeferredLocTarget {
    Op(OpId),
    BlockArg(crate::block::BlockId, usize),
}

/// Recursive-descent parser state over one buffer.
pub(crate) struct Parser<'a> {
    pub(crate) ctx: &'a mut Context,
    buffer: &'a SourceBuffer,
    src: &'a str,
    lexer: Lexer<'a>,
    tok: Token,
    type_aliases: FxHashMap<String, crate::types::Type>,
    attr_aliases: FxHashMap<String, crate::attributes::Attribute>,
    /// `distinct[id]<...>` attributes read so far, by id: one id names one attribute.
    distinct_attrs: FxHashMap<u64, crate::attributes::Attribute>,
    loc_aliases: FxHashMap<String, Location>,
    deferred_locs: Vec<(DeferredLocTarget, String, u32)>,
    scopes: ValueScopes,
    depth: u32,
    /// Dialects whose prefix custom op names may omit, innermost op last (`builtin` at the top).
    default_dialects: Vec<&'static str>,
}

impl<'a> Parser<'a> {
    fn new(ctx: &'a mut Context, buffer: &'a SourceBuffer) -> Self {
        let src = buffer.text.as_str();
        let mut lexer = Lexer::new(src);
        let tok = lexer.next_token();
        Parser {
            ctx,
            buffer,
            src,
            lexer,
            tok,
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            distinct_attrs: FxHashMap::default(),
            loc_aliases: FxHashMap::default(),
            deferred_locs: Vec::new(),
            scopes: ValueScopes::default(),
            depth: 0,
            default_dialects: vec!["builtin"],
        }
    }

    /// Parses alias definitions, top-level ops and the resource trailer up to the end of input.
    fn parse_top_level(&mut self) -> ParseResult<Vec<OpId>> {
        let mut ops = Vec::new();
        self.scopes.push_isolated();
        loop {
            match self.tok.kind {
                TokenKind::Eof => break,
                TokenKind::HashIdentifier => self.parse_attribute_alias_def()?,
                TokenKind::ExclamationIdentifier => self.parse_type_alias_def()?,
                TokenKind::FileMetadataBegin => self.parse_file_metadata()?,
                _ => ops.push(self.parse_operation()?),
            }
        }
        self.close_isolated_scope()?;
        self.resolve_deferred_locs()?;
        Ok(ops)
    }

    fn resolve_deferred_locs(&mut self) -> ParseResult<()> {
        for (target, name, offset) in std::mem::take(&mut self.deferred_locs) {
            let Some(&loc) = self.loc_aliases.get(&name) else {
                return Err(self.error_at(offset, format!("undefined location alias '#{name}'")));
            };
            match target {
                DeferredLocTarget::Op(op) => self.ctx.set_loc(op, loc),
                DeferredLocTarget::BlockArg(block, index) => self.ctx.set_block_arg_loc(block, index, loc),
            }
        }
        Ok(())
    }

    // ----- token helpers -------------------------------------------------------------------

    /// Text of the current token.
    fn text(&self) -> &'a str {
        self.tok.text(self.src)
    }

    /// Moves to the next token, turning lexer errors into diagnostics.
    fn advance(&mut self) -> ParseResult<()> {
        self.tok = self.lexer.next_token();
        self.check_token()
    }

    /// Checks the current token for a lexer error (the constructor cannot report it).
    fn check_token(&mut self) -> ParseResult<()> {
        match self.tok.kind {
            // Like MLIR, an unterminated string is reported where the string was cut off.
            TokenKind::Error(e @ LexError::UnterminatedString) => Err(self.error_at(self.tok.end, e.message())),
            TokenKind::Error(e) => Err(self.error_here(e.message())),
            _ => Ok(()),
        }
    }

    fn is(&self, kind: TokenKind) -> bool {
        self.tok.kind == kind
    }

    fn is_keyword(&self, word: &str) -> bool {
        self.tok.kind == TokenKind::BareIdentifier && self.text() == word
    }

    /// Consumes the current token if it has `kind`.
    fn consume_if(&mut self, kind: TokenKind) -> ParseResult<bool> {
        self.check_token()?;
        if self.tok.kind == kind {
            self.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Consumes the keyword `word` if present.
    fn consume_keyword(&mut self, word: &str) -> ParseResult<bool> {
        if self.is_keyword(word) {
            self.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Consumes a token of `kind` or fails with "expected ...".
    fn expect(&mut self, kind: TokenKind, what: &str) -> ParseResult<()> {
        self.check_token()?;
        if self.tok.kind != kind {
            return Err(self.error_wrong_token(format!("expected {what}")));
        }
        self.advance()
    }

    /// Consumes `kind`, naming it by its spelling in the error.
    fn expect_punct(&mut self, kind: TokenKind) -> ParseResult<()> {
        let what = format!("'{}'", kind.spelling().unwrap_or("?"));
        self.expect(kind, &what)
    }

    /// Parses `first (, next)*` until no comma follows.
    fn parse_comma_separated(&mut self, mut element: impl FnMut(&mut Self) -> ParseResult<()>) -> ParseResult<()> {
        loop {
            element(self)?;
            if !self.consume_if(TokenKind::Comma)? {
                return Ok(());
            }
        }
    }

    /// Parses `open (elem (, elem)*)? close`.
    fn parse_delimited(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        element: impl FnMut(&mut Self) -> ParseResult<()>,
    ) -> ParseResult<()> {
        self.parse_delimited_in(open, close, None, element)
    }

    /// [`Self::parse_delimited`] whose missing closing token is reported as
    /// "expected ')' in `context`" where upstream names the construct.
    fn parse_delimited_in(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        context: Option<&str>,
        mut element: impl FnMut(&mut Self) -> ParseResult<()>,
    ) -> ParseResult<()> {
        self.expect_punct(open)?;
        if self.consume_if(close)? {
            return Ok(());
        }
        self.parse_comma_separated(&mut element)?;
        match context {
            Some(context) if self.tok.kind != close => {
                let spelling = close.spelling().unwrap_or("?");
                self.expect(close, &format!("'{spelling}' in {context}"))
            }
            _ => self.expect_punct(close),
        }
    }

    /// Enters one level of nesting, failing when too deep.
    fn enter(&mut self) -> ParseResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING_DEPTH {
            return Err(self.error_here(format!("exceeded maximum nesting depth of {MAX_NESTING_DEPTH}")));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ----- locations and errors ---------------------------------------------------------------

    /// The file location of a byte offset.
    fn loc_at(&mut self, offset: u32) -> Location {
        let (line, col) = self.buffer.line_col(offset as usize);
        self.ctx.file_loc(&self.buffer.name, line, col)
    }

    fn error_at(&mut self, offset: u32, message: impl Into<String>) -> Diagnostic {
        let loc = self.loc_at(offset);
        Diagnostic::error(loc, message)
    }

    /// An error at the current token (at the last character of the input when at its end).
    fn error_here(&mut self, message: impl Into<String>) -> Diagnostic {
        let mut start = self.tok.start;
        if self.tok.kind == TokenKind::Eof {
            start = self.src.floor_char_boundary((start as usize).saturating_sub(1)) as u32;
        }
        self.error_at(start, message)
    }

    /// An error about a missing or wrong token, reported like MLIR's `emitWrongTokenError`:
    /// right after the previous token, skipping back over blanks, line breaks and `//` comments,
    /// so that a missing `)` is reported on the line where it belongs, not on the next one.
    fn error_wrong_token(&mut self, message: impl Into<String>) -> Diagnostic {
        let mut end = self.tok.start as usize;
        if self.tok.kind == TokenKind::Eof {
            end = end.saturating_sub(1);
        }
        let original = end;
        let bytes = self.src.as_bytes();
        loop {
            while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                end = original;
                break;
            }
            if !matches!(bytes[end - 1], b'\n' | b'\r') {
                break;
            }
            end -= 1;
            // Skip a `//` comment on the line above (as MLIR does, even one inside a string).
            let line_start = bytes[..end].iter().rposition(|&b| b == b'\n' || b == b'\r').map_or(0, |i| i + 1);
            if let Some(comment) = self.src[line_start..end].find("//") {
                end = line_start + comment;
            }
        }
        let end = self.src.floor_char_boundary(end) as u32;
        self.error_at(end, message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attributes::AttrKind;
    use crate::printer::{PrintOptions, print_top_level};

    fn round_trip(text: &str) -> String {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let buffer = SourceBuffer::new("t.mlir", text.to_string(), 1);
        let module = parse_source(&mut ctx, &buffer).unwrap_or_else(|d| panic!("{}", d.message));
        let printed = print_top_level(&ctx, module.op(), PrintOptions::default());
        let mut ctx2 = Context::new();
        ctx2.allow_unregistered_dialects = true;
        let buffer2 = SourceBuffer::new("t2.mlir", printed.clone(), 1);
        let module2 = parse_source(&mut ctx2, &buffer2).unwrap_or_else(|d| panic!("{}\n{printed}", d.message));
        assert_eq!(print_top_level(&ctx2, module2.op(), PrintOptions::default()), printed);
        printed
    }

    fn parse_error(text: &str) -> String {
        let mut ctx = Context::new();
        let buffer = SourceBuffer::new("t.mlir", text.to_string(), 1);
        let err = parse_source(&mut ctx, &buffer).expect_err("should fail");
        let (_, line, col) = ctx.file_position(err.loc).expect("located");
        format!("{line}:{col}: {}", err.message)
    }

    #[test]
    fn generic_ops_round_trip() {
        let text = r#"
            %0 = "t.a"() {v = 1 : i32, s = "x", f = 1.5 : f32, u, arr = [1, 2.0, "z"], t = tensor<2x3xf32>} : () -> i32
            %1:2 = "t.b"(%0, %0) <{p = @sym::@nested}> : (i32, i32) -> (i32, f16)
            "t.c"(%1#1) ({
            ^bb0(%a: i32):
              "t.d"(%a, %0) [^bb1] : (i32, i32) -> ()
            ^bb1:
              "t.e"() : () -> ()
            }, {
            }) : (f16) -> ()
            "t.f"() {d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, s = dense<1.0> : tensor<4xf32>, r = dense_resource<blob> : tensor<2xi8>, a = array<i32: 1, 2>} : () -> ()
            {-#
              dialect_resources: { builtin: { blob: "0x040000000102" } }
            #-}
        "#;
        let out = round_trip(text);
        assert!(out.contains("%1:2 = \"t.b\"(%0, %0) <{p = @sym::@nested}> : (i32, i32) -> (i32, f16)"), "{out}");
        assert!(out.contains("dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>"), "{out}");
        assert!(out.contains("blob: \"0x040000000102\""), "{out}");
        assert!(out.contains("^bb1:"), "{out}");
    }

    #[test]
    fn string_attributes_keep_bytes_that_are_not_utf8() {
        let out = round_trip(r#""t.s"() {a = "\FF\00b", b = "\C3\A9", c = "\FE" : i8} : () -> ()"#);
        assert!(out.contains(r#"{a = "\FF\00b", b = "\C3\A9", c = "\FE" : i8}"#), "{out}");
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let buffer = SourceBuffer::new("t.mlir", r#""t.s"() {a = "\FF"} : () -> ()"#.to_string(), 1);
        let module = parse_source(&mut ctx, &buffer).expect("parses");
        let body = ctx.region_blocks(ctx.operation(module.op()).regions()[0])[0];
        let op = ctx.block_ops(body).next().expect("one op");
        let attr = ctx.attr(op, "a").expect("attribute a");
        assert_eq!(ctx.attr_kind(attr), &AttrKind::Bytes(vec![0xFF]));
        assert_eq!(ctx.string_value(attr), None);
    }

    #[test]
    fn buffer_types_round_trip() {
        let out = round_trip(
            r#""t.b"() {a = !buffer<1x48x48x16xi8>, b = !buffer<4x4xi8, strides: [8, 1], offset: 2>, c = !buffer<f32>, d = !buffer<1x96x96x3x!quant.uniform<i8:f32, 0.5:-3>>, e = !buffer<2x3xf32, strides: [3, 1], offset: 0>, f = !buffer<2xindex, offset: 4>, g = !buffer.i8, h = !buffer<0x3xf16>, i = !buffer<3x2xbf16, strides: [1, 3]>} : () -> ()"#,
        );
        for expected in [
            "a = !buffer<1x48x48x16xi8>",
            "b = !buffer<4x4xi8, strides: [8, 1], offset: 2>",
            "c = !buffer<f32>",
            "d = !buffer<1x96x96x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>",
            // An explicit identity layout is the identity type.
            "e = !buffer<2x3xf32>",
            "f = !buffer<2xindex, strides: [1], offset: 4>",
            // Upstream's pretty spelling of rank 0.
            "g = !buffer<i8>",
            "h = !buffer<0x3xf16>",
            "i = !buffer<3x2xbf16, strides: [1, 3], offset: 0>",
        ] {
            assert!(out.contains(expected), "{expected} in {out}");
        }
    }

    #[test]
    fn invalid_buffer_types_are_located_errors() {
        let op = |ty: &str| format!("!t = {ty}");
        assert_eq!(
            parse_error(&op("!buffer<4xtensor<2xi8>>")),
            "1:6: buffer element type must be an integer, float, index or quantized type"
        );
        assert_eq!(
            parse_error(&op("!buffer<4x4xi8, strides: [1]>")),
            "1:6: buffer of rank 2 needs 2 strides, but has 1"
        );
        assert_eq!(
            parse_error(&op("!buffer<4xi8, strides: [-1]>")),
            "1:6: buffer strides must be non-negative, but one is -1"
        );
        assert_eq!(parse_error(&op("!buffer<4xi8, offset: -2>")), "1:6: buffer offset must be non-negative, but is -2");
        assert_eq!(parse_error(&op("!buffer<4xi8, layout: 3>")), "1:20: expected 'strides' or 'offset' in buffer type");
        assert_eq!(parse_error(&op("!buffer<4xi8, offset: 1, offset: 2>")), "1:31: expected 'strides' in buffer type");
        assert_eq!(parse_error(&op("!buffer<4xi8")), "1:17: expected '>' to close the buffer type");
        assert_eq!(parse_error(&op("!buffer<?xi8>")), "1:14: dynamic dimensions are not supported");
        assert_eq!(parse_error(&op("!buffer.foo")), "1:6: unknown buffer type '!buffer.foo'");
    }

    #[test]
    fn forward_references_resolve() {
        let out = round_trip(
            r#""t.g"() ({
              "t.use"(%x) : (i32) -> ()
              %x = "t.def"() : () -> i32
            }) : () -> ()"#,
        );
        assert!(out.contains("\"t.use\"(%0)"), "{out}");
    }

    #[test]
    fn aliases_and_locations() {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let text = "!t = tensor<2xi8>\n#a = 5 : i32\n\"t.x\"() {v = #a} : () -> !t loc(#l)\n#l = loc(\"f.mlir\":3:4)\n";
        let buffer = SourceBuffer::new("t.mlir", text.to_string(), 1);
        let module = parse_source(&mut ctx, &buffer).expect("parses");
        let op = module.ops(&ctx)[0];
        assert_eq!(ctx.file_position(ctx.operation(op).loc()), Some(("f.mlir", 3, 4)));
        let printed = print_top_level(&ctx, module.op(), PrintOptions { generic: true, debug_info: true });
        assert!(printed.contains("{v = 5 : i32} : () -> tensor<2xi8> loc(\"f.mlir\":3:4)"), "{printed}");
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            parse_error("\"t.x\"() : () -> ()"),
            "1:1: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used"
        );
        assert_eq!(
            parse_error(
                "\"builtin.module\"() ({\n  \"builtin.unrealized_conversion_cast\"(%y) : (i32) -> ()\n}) : () -> ()"
            ),
            "2:40: use of undeclared SSA value name '%y'"
        );
        // At the end of the input, MLIR backs up one character, then over blanks.
        assert_eq!(parse_error("\"builtin.module\"() ("), "1:19: expected '{' to begin a region");
        assert_eq!(parse_error("\"builtin.module\"() (\n"), "1:21: expected '{' to begin a region");
        assert_eq!(
            parse_error("#x = dense<[1, [2]]> : tensor<2xi8>"),
            "1:12: tensor literal is invalid; ranks are not consistent between elements"
        );
        assert_eq!(parse_error("#x = 300 : i8"), "1:6: integer constant out of range for attribute");
    }

    #[test]
    fn wrong_token_errors_go_after_the_previous_token() {
        // A missing `)` is reported at the end of the line it belongs to, before a comment,
        // not at the next token two lines down.
        let text = "\"builtin.module\"() ({\n}  // comment\n\n  : () -> ()";
        assert_eq!(parse_error(text), "2:2: expected ')' to end region list");
        assert_eq!(parse_error("\"builtin.module\"() : () -> (i32"), "1:31: expected ')'");
        // An unterminated string is reported where it was cut off.
        assert_eq!(parse_error("#a = \"abc\n"), "1:10: expected '\"' in string literal");
    }

    #[test]
    fn long_shapes_and_many_names_parse_in_linear_time() {
        // Each of these was quadratic: a shape relexed its tail after every `x`, a dictionary
        // compared each key with all earlier ones, and a definition scanned every pending
        // forward reference.
        let n = 50_000;
        let shape = "x1".repeat(n);
        let keys: Vec<String> = (0..n).map(|i| format!("k{i}")).collect();
        let uses: String = (0..n).map(|i| format!("\"t.use\"(%v{i}) : (i32) -> ()\n")).collect();
        let defs: String = (0..n).map(|i| format!("%v{i} = \"t.def\"() : () -> i32\n")).collect();
        let text = format!(
            "\"t.a\"() {{{}}} : () -> tensor<2{shape}xi8>\n\"t.g\"() ({{\n{uses}{defs}}}) : () -> ()",
            keys.join(", ")
        );
        let start = std::time::Instant::now();
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let buffer = SourceBuffer::new("t.mlir", text, 1);
        parse_source(&mut ctx, &buffer).unwrap_or_else(|d| panic!("{}", d.message));
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "took {:?}", start.elapsed());
    }

    #[test]
    fn very_wide_integer_elements_are_an_error_not_a_crash() {
        assert_eq!(
            parse_error("#x = dense<1> : tensor<2xi4097>"),
            "1:17: integer elements wider than 4096 bits are not supported"
        );
        assert_eq!(
            parse_error("#x = array<i16777215: 1>"),
            "1:12: integer elements wider than 4096 bits are not supported"
        );
        assert_eq!(parse_error("#x = 1 : i16777216"), "1:10: integer bitwidth is limited to 16777215 bits");
        let mut ctx = Context::new();
        let buffer = SourceBuffer::new("t.mlir", "#x = -170141183460469231731687303715884105728 : i128".into(), 1);
        parse_source(&mut ctx, &buffer).expect("the smallest i128 is a valid literal");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = "[".repeat(100_000);
        let result = std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(move || {
                let mut ctx = Context::new();
                let buffer = SourceBuffer::new("t.mlir", format!("#x = {text}"), 1);
                parse_source(&mut ctx, &buffer).map(|_| ()).map_err(|d| d.message)
            })
            .expect("thread")
            .join()
            .expect("no stack overflow");
        assert_eq!(result, Err(format!("exceeded maximum nesting depth of {MAX_NESTING_DEPTH}")));
    }

    #[test]
    fn deep_region_nesting_is_an_error_not_a_crash() {
        // A region level takes the most stack (about 11 KiB in a debug build); mc-opt parses
        // on a thread with a large stack, as this test does.
        let text = "\"t.r\"() ({\n".repeat(100_000);
        let result = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                let mut ctx = Context::new();
                ctx.allow_unregistered_dialects = true;
                let buffer = SourceBuffer::new("t.mlir", text, 1);
                parse_source(&mut ctx, &buffer).map(|_| ()).map_err(|d| d.message)
            })
            .expect("thread")
            .join()
            .expect("no stack overflow");
        assert_eq!(result, Err(format!("exceeded maximum nesting depth of {MAX_NESTING_DEPTH}")));
    }
}
