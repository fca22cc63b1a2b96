//! `define_op!`: declares a typed op wrapper and its [`OpDef`](crate::OpDef) from one description.
//!
//! ```
//! # use mc_ir::{Attribute, Context, Folded, OpId, define_op};
//! # fn fold_addi(_: &mut Context, _: OpId, _: &[Option<Attribute>]) -> Folded { Folded::Unchanged }
//! define_op! {
//!     /// Integer addition.
//!     pub struct AddIOp = "arith.addi" {
//!         summary: "integer addition",
//!         traits: [PURE, COMMUTATIVE, SAME_OPERANDS_AND_RESULT_TYPE],
//!         operands: [lhs, rhs],
//!         results: [result],
//!         attributes: [],
//!         fold: fold_addi,
//!     }
//! }
//! ```
//!
//! `operands`/`results` list named values (each gets an accessor and a count check) or say
//! `variadic`; `optional_operands` (after a named `operands` list) names trailing operands that may
//! be absent, each with an `Option<Value>` accessor: present ones form a prefix of the list, so
//! `operands: [input], optional_operands: [begin, end],` accepts 1, 2 or 3 operands. `attributes` lists required inherent attributes (a raw identifier such as `r#type` names the
//! attribute `type`) with their kind (`Integer`, `Float`,
//! `String`, `Bool`, `Type`, `Array`, `Dictionary`, `SymbolRef`, `Elements`, `Any`), which get
//! accessors and presence/kind checks; `optional_attributes` likewise, with `Option` accessors.
//! `regions` gives a count or region names (`[body]`), `successors` an exact count (default 0;
//! `successors: variadic` accepts any). `verify`, `fold` and `canonicalize` name optional
//! functions.
//!
//! The custom assembly form is either declared with `format: "..."` (a subset of MLIR's ODS
//! assembly format, see [`OpFormat`](crate::OpFormat); invalid formats panic when `def()` runs)
//! or hand-written with `print:`/`parse:` hooks. `infer_result_types:` names result type
//! inference for formats that leave result types out, `result_names:` suggests result names
//! (`%c5_i32`), and `default_dialect:` lets ops in the op's regions drop that dialect's prefix.
//! Attribute kinds with arguments: `SymbolName`, `Enum(&CASES)`, `DialectAttr("dialect.mnemonic",
//! "default")`. These optional keys come in the order shown:
//!
//! ```
//! # use mc_ir::{Attribute, Context, Diagnostic, Folded, OpId, OperationState, Type, define_op};
//! # const CMPI_PREDICATES: [&str; 2] = ["eq", "ne"];
//! # fn verify_cmpi(_: &Context, _: OpId, _: &mut Vec<Diagnostic>) {}
//! # fn fold_cmpi(_: &mut Context, _: OpId, _: &[Option<Attribute>]) -> Folded { Folded::Unchanged }
//! # fn infer_i1_like(ctx: &mut Context, _: &OperationState) -> Result<Vec<Type>, String> {
//! #     Ok(vec![ctx.integer_type(1)])
//! # }
//! define_op! {
//!     pub struct CmpIOp = "arith.cmpi" {
//!         summary: "integer comparison operation",
//!         traits: [PURE, SAME_OPERAND_TYPES],
//!         operands: [lhs, rhs],
//!         results: [result],
//!         attributes: [predicate: Enum(&CMPI_PREDICATES)],
//!         verify: verify_cmpi,
//!         fold: fold_cmpi,
//!         format: "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
//!         infer_result_types: infer_i1_like,
//!     }
//! }
//! ```

/// The attribute name an op definition's identifier stands for: itself, without the `r#` of a
/// raw identifier (`r#type` declares the attribute `type`, as `memref.global` and
/// `buffer.global` have).
pub const fn op_attr_name(ident: &'static str) -> &'static str {
    match ident.as_bytes() {
        [b'r', b'#', ..] => match std::str::from_utf8(ident.as_bytes().split_at(2).1) {
            Ok(name) => name,
            Err(_) => ident,
        },
        _ => ident,
    }
}

/// The kind of an attribute an op definition requires.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AttrConstraint {
    /// Any attribute.
    Any,
    /// An integer attribute.
    Integer,
    /// A float attribute.
    Float,
    /// A string attribute.
    String,
    /// A bool attribute.
    Bool,
    /// A type attribute.
    Type,
    /// An array attribute.
    Array,
    /// A dictionary attribute.
    Dictionary,
    /// A symbol reference.
    SymbolRef,
    /// Dense elements or a dense resource.
    Elements,
    /// A dense array (`array<i64: 1, 2>`).
    DenseArray,
    /// A string attribute naming a symbol; custom forms write it `@name`.
    SymbolName,
    /// An `i64` integer attribute indexing these cases, as MLIR's `I64EnumAttr`: values outside
    /// `0..cases.len()` fail the constraint. Custom forms write the case keyword (`slt` for
    /// `arith.cmpi`'s predicate 2).
    Enum(&'static [&'static str]),
    /// A dialect attribute `#mnemonic<...>` (held opaquely), e.g. `DialectAttr("arith.overflow",
    /// "none")`; custom forms write only its `<...>` body, and leave it out when the body is the
    /// default (the second string), which is what an absent attribute means.
    DialectAttr(&'static str, &'static str),
}

impl AttrConstraint {
    /// True if `attr` satisfies the constraint.
    pub fn accepts(self, ctx: &crate::Context, attr: crate::Attribute) -> bool {
        use crate::AttrKind as K;
        let kind = ctx.attr_kind(attr);
        match self {
            AttrConstraint::Any => true,
            AttrConstraint::Integer => matches!(kind, K::Integer { .. }),
            AttrConstraint::Float => matches!(kind, K::Float { .. }),
            AttrConstraint::String => matches!(kind, K::String(_)),
            AttrConstraint::Bool => matches!(kind, K::Bool(_)),
            AttrConstraint::Type => matches!(kind, K::Type(_)),
            AttrConstraint::Array => matches!(kind, K::Array(_)),
            AttrConstraint::Dictionary => matches!(kind, K::Dictionary(_)),
            AttrConstraint::SymbolRef => matches!(kind, K::SymbolRef { .. }),
            AttrConstraint::Elements => matches!(kind, K::DenseElements { .. } | K::DenseResource { .. }),
            AttrConstraint::DenseArray => matches!(kind, K::DenseArray { .. }),
            AttrConstraint::SymbolName => matches!(kind, K::String(_)),
            AttrConstraint::Enum(cases) => match kind {
                K::Integer { value, ty } => {
                    matches!(
                        ctx.type_kind(*ty),
                        crate::TypeKind::Integer { width: 64, signedness: crate::Signedness::Signless }
                    ) && usize::try_from(*value).is_ok_and(|v| v < cases.len())
                }
                _ => false,
            },
            AttrConstraint::DialectAttr(mnemonic, _) => {
                matches!(kind, K::Opaque(text) if text.strip_prefix(mnemonic).is_some_and(|b| b.starts_with('<')))
            }
        }
    }

    /// How the verifier names the kind in messages; an enum's wording is that of MLIR's
    /// `I64EnumAttr` ("allowed 64-bit signless integer cases: 0, 1, 2").
    pub fn description(self) -> std::borrow::Cow<'static, str> {
        let text = match self {
            AttrConstraint::Any => "attribute",
            AttrConstraint::Integer => "integer attribute",
            AttrConstraint::Float => "float attribute",
            AttrConstraint::String => "string attribute",
            AttrConstraint::Bool => "bool attribute",
            AttrConstraint::Type => "type attribute",
            AttrConstraint::Array => "array attribute",
            AttrConstraint::Dictionary => "dictionary attribute",
            AttrConstraint::SymbolRef => "symbol reference attribute",
            AttrConstraint::Elements => "elements attribute",
            AttrConstraint::DenseArray => "dense array attribute",
            AttrConstraint::SymbolName => "symbol name attribute",
            AttrConstraint::Enum(cases) => {
                let values: Vec<String> = (0..cases.len()).map(|v| v.to_string()).collect();
                return format!("allowed 64-bit signless integer cases: {}", values.join(", ")).into();
            }
            AttrConstraint::DialectAttr(..) => "dialect attribute",
        };
        text.into()
    }
}

/// Checks an op's counts and declared attributes; used by the code `define_op!` generates, and
/// readable through each op's `SHAPE` constant (an op computing the same thing in another form,
/// like `buffer.kernel` for a graph op, checks its attributes against it).
#[derive(Copy, Clone, Debug)]
pub struct OpShape {
    /// Exact operand count (of required operands when some are optional), `None` if variadic.
    pub operands: Option<usize>,
    /// How many trailing operands may be absent after the required ones.
    pub optional_operands: usize,
    /// Exact result count, `None` if variadic.
    pub results: Option<usize>,
    /// Exact region count.
    pub regions: usize,
    /// Exact successor count, `None` if variadic.
    pub successors: Option<usize>,
    /// Required attributes and their kinds.
    pub required: &'static [(&'static str, AttrConstraint)],
    /// Optional attributes and their kinds.
    pub optional: &'static [(&'static str, AttrConstraint)],
}

impl OpShape {
    /// Pushes a diagnostic for each way `op` differs from this shape.
    pub fn verify(&self, ctx: &crate::Context, op: crate::OpId, diags: &mut Vec<crate::Diagnostic>) {
        let operation = ctx.operation(op);
        let count = |what: &str, expected: Option<usize>, actual: usize, diags: &mut Vec<crate::Diagnostic>| {
            if let Some(expected) = expected.filter(|&e| e != actual) {
                diags.push(ctx.op_error(op, format!("requires {expected} {what}, but found {actual}")));
            }
        };
        match self.operands {
            Some(required) if self.optional_operands > 0 => {
                let (max, actual) = (required + self.optional_operands, operation.num_operands());
                if actual < required || actual > max {
                    diags.push(ctx.op_error(op, format!("requires {required} to {max} operands, but found {actual}")));
                }
            }
            expected => count("operands", expected, operation.num_operands(), diags),
        }
        count("results", self.results, operation.num_results(), diags);
        count("regions", Some(self.regions), operation.regions().len(), diags);
        count("successors", self.successors, operation.successors().len(), diags);
        self.verify_attributes(ctx, op, diags);
    }

    /// The fewest and most operands the op takes (`None`: no upper bound, the op is variadic).
    pub fn operand_range(&self) -> (usize, Option<usize>) {
        match self.operands {
            Some(required) => (required, Some(required + self.optional_operands)),
            None => (0, None),
        }
    }

    /// Pushes a diagnostic for each required attribute `op` lacks and each declared attribute of
    /// the wrong kind.
    pub fn verify_attributes(&self, ctx: &crate::Context, op: crate::OpId, diags: &mut Vec<crate::Diagnostic>) {
        for &(name, constraint) in self.required {
            match ctx.attr(op, name) {
                None => diags.push(ctx.op_error(op, format!("requires attribute '{name}'"))),
                Some(attr) if !constraint.accepts(ctx, attr) => diags.push(ctx.op_error(
                    op,
                    format!("attribute '{name}' failed to satisfy constraint: {}", constraint.description()),
                )),
                Some(_) => {}
            }
        }
        for &(name, constraint) in self.optional {
            if ctx.attr(op, name).is_some_and(|a| !constraint.accepts(ctx, a)) {
                diags.push(ctx.op_error(
                    op,
                    format!("attribute '{name}' failed to satisfy constraint: {}", constraint.description()),
                ));
            }
        }
    }
}

/// Declares a typed op wrapper and its definition; see the module documentation.
#[macro_export]
macro_rules! define_op {
    (
        $(#[$meta:meta])*
        $vis:vis struct $Op:ident = $name:literal {
            summary: $summary:literal,
            traits: [$($tr:ident),* $(,)?],
            operands: $operands:tt,
            $(optional_operands: [$($oopd:ident),* $(,)?],)?
            results: $results:tt,
            attributes: [$($attr:ident : $kind:ident $(($($karg:expr),* $(,)?))?),* $(,)?],
            $(optional_attributes: [$($oattr:ident : $okind:ident $(($($okarg:expr),* $(,)?))?),* $(,)?],)?
            $(regions: $regions:tt,)?
            $(successors: $successors:tt,)?
            $(verify: $verify:path,)?
            $(verify_symbol_uses: $verify_symbol_uses:path,)?
            $(fold: $fold:path,)?
            $(canonicalize: $canon:path,)?
            $(format: $format:literal,)?
            $(print: $print:path,)?
            $(parse: $parse:path,)?
            $(infer_result_types: $infer:path,)?
            $(result_names: $result_names:path,)?
            $(default_dialect: $default_dialect:literal,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        $vis struct $Op(pub $crate::OpId);

        impl $Op {
            /// The op's full name.
            pub const NAME: &'static str = $name;

            /// The op's declared structure: operand, result, region and successor counts and its
            /// attributes with their constraints (what the generated verifier checks first).
            pub const SHAPE: $crate::OpShape = $crate::OpShape {
                operands: $crate::define_op!(@count $operands),
                optional_operands: 0usize $($(+ $crate::define_op!(@one $oopd))*)?,
                results: $crate::define_op!(@count $results),
                regions: 0 $(+ $crate::define_op!(@region_count $regions))?,
                successors: $crate::define_op!(@successors $($successors)?),
                required: &[$(($crate::op_attr_name(stringify!($attr)), $crate::AttrConstraint::$kind $(($($karg),*))?)),*],
                optional: &[$($(($crate::op_attr_name(stringify!($oattr)), $crate::AttrConstraint::$okind $(($($okarg),*))?)),*)?],
            };

            /// What the op's assembly format may refer to.
            #[allow(dead_code)]
            const FORMAT_SPEC: $crate::OpFormatSpec = $crate::OpFormatSpec {
                name: $name,
                operands: $crate::define_op!(@names $operands),
                results: $crate::define_op!(@names $results),
                regions: Self::SHAPE.regions,
                region_names: $crate::define_op!(@region_names $($regions)?),
                required: Self::SHAPE.required,
                optional: Self::SHAPE.optional,
                traits: $crate::Traits::NONE $(.with($crate::Traits::$tr))*,
                infer_result_types: $crate::define_op!(@opt $($infer)?),
            };

            /// The op's definition, for registration in its dialect.
            ///
            /// # Panics
            ///
            /// If the op's assembly format is invalid (a bug in the definition).
            pub fn def() -> $crate::OpDef {
                $crate::OpDef {
                    name: $name,
                    summary: $summary,
                    traits: $crate::Traits::NONE $(.with($crate::Traits::$tr))*,
                    inherent_attrs: const { &[$($crate::op_attr_name(stringify!($attr)),)* $($($crate::op_attr_name(stringify!($oattr)),)*)?] },
                    verify_invariants: Some(Self::verify_invariants),
                    verify: $crate::define_op!(@opt $($verify)?),
                    verify_symbol_uses: $crate::define_op!(@opt $($verify_symbol_uses)?),
                    fold: $crate::define_op!(@opt $($fold)?),
                    canonicalize: $crate::define_op!(@opt $($canon)?),
                    print: $crate::define_op!(@print [$($format)?] [$($print)?]),
                    parse: $crate::define_op!(@parse [$($format)?] [$($parse)?]),
                    assembly_format: $crate::define_op!(@validate [$($format)?]),
                    infer_result_types: $crate::define_op!(@opt $($infer)?),
                    result_names: $crate::define_op!(@opt $($result_names)?),
                    default_dialect: $crate::define_op!(@opt_literal $($default_dialect)?),
                }
            }

            $(
                /// The op's parsed assembly format.
                fn asm_format() -> &'static $crate::OpFormat {
                    static FORMAT: ::std::sync::OnceLock<$crate::OpFormat> = ::std::sync::OnceLock::new();
                    FORMAT.get_or_init(|| {
                        $crate::OpFormat::parse($format, Self::FORMAT_SPEC)
                            .unwrap_or_else(|e| panic!("invalid assembly format for '{}': {e}", $name))
                    })
                }
            )?

            fn verify_invariants(ctx: &$crate::Context, op: $crate::OpId, diags: &mut Vec<$crate::Diagnostic>) {
                Self::SHAPE.verify(ctx, op, diags);
            }

            /// Views `op` as this op if its name matches.
            pub fn cast(ctx: &$crate::Context, op: $crate::OpId) -> Option<Self> {
                (ctx.op_name_of(op) == $name).then_some($Op(op))
            }

            /// The underlying operation.
            pub fn op(self) -> $crate::OpId {
                self.0
            }

            $crate::define_op!(@values operand, 0usize, $operands);
            $crate::define_op!(@optional_operands $crate::define_op!(@required $operands), [$($($oopd),*)?]);
            $crate::define_op!(@values result, 0usize, $results);

            $(
                #[doc = concat!("The `", stringify!($attr), "` attribute.")]
                #[allow(non_snake_case)]
                pub fn $attr(self, ctx: &$crate::Context) -> $crate::Attribute {
                    ctx.attr(self.0, $crate::op_attr_name(stringify!($attr))).expect("verified op lacks a required attribute")
                }
            )*
            $($(
                #[doc = concat!("The optional `", stringify!($oattr), "` attribute.")]
                #[allow(non_snake_case)]
                pub fn $oattr(self, ctx: &$crate::Context) -> Option<$crate::Attribute> {
                    ctx.attr(self.0, $crate::op_attr_name(stringify!($oattr)))
                }
            )*)?
        }
    };
    (@count variadic) => { None };
    (@count [$($v:ident),* $(,)?]) => { Some(0usize $(+ $crate::define_op!(@one $v))*) };
    (@names variadic) => { None };
    (@names [$($v:ident),* $(,)?]) => { Some(&[$(stringify!($v)),*]) };
    (@one $v:ident) => { 1usize };
    (@required variadic) => { 0usize };
    (@required [$($v:ident),* $(,)?]) => { 0usize $(+ $crate::define_op!(@one $v))* };
    (@optional_operands $index:expr, []) => {};
    (@optional_operands $index:expr, [$first:ident $(, $rest:ident)*]) => {
        #[doc = concat!("Optional operand `", stringify!($first), "`, `None` when absent.")]
        pub fn $first(self, ctx: &$crate::Context) -> Option<$crate::Value> {
            let operation = ctx.operation(self.0);
            (operation.num_operands() > $index).then(|| operation.operand($index))
        }
        $crate::define_op!(@optional_operands $index + 1, [$($rest),*]);
    };
    (@region_count $n:literal) => { $n };
    (@region_count [$($r:ident),* $(,)?]) => { 0usize $(+ $crate::define_op!(@one $r))* };
    (@region_names) => { &[] };
    (@region_names $n:literal) => { &[] };
    (@region_names [$($r:ident),* $(,)?]) => { &[$(stringify!($r)),*] };
    (@successors) => { Some(0usize) };
    (@successors variadic) => { None };
    (@successors $n:literal) => { Some($n) };
    (@opt) => { None };
    (@opt $f:path) => { Some($f) };
    (@opt_literal) => { None };
    (@opt_literal $f:literal) => { Some($f) };
    (@print [] []) => { None };
    (@print [$format:literal] []) => {
        Some(|p: &mut $crate::printer::OpAsmPrinter<'_, '_>, op: $crate::OpId| Self::asm_format().print(p, op))
    };
    (@print [] [$print:path]) => { Some($print) };
    (@parse [] []) => { None };
    (@parse [$format:literal] []) => {
        Some(|p: &mut $crate::parser::OpAsmParser<'_, '_>, state: &mut $crate::OperationState| {
            Self::asm_format().parse_into(p, state)
        })
    };
    (@parse [] [$parse:path]) => { Some($parse) };
    (@validate []) => { None };
    (@validate [$format:literal]) => {{
        Self::asm_format();
        Some($format)
    }};
    (@values $kind:ident, $index:expr, variadic) => {};
    (@values $kind:ident, $index:expr, []) => {};
    (@values operand, $index:expr, [$first:ident $(, $rest:ident)* $(,)?]) => {
        #[doc = concat!("Operand `", stringify!($first), "`.")]
        pub fn $first(self, ctx: &$crate::Context) -> $crate::Value {
            ctx.operation(self.0).operand($index)
        }
        $crate::define_op!(@values operand, $index + 1, [$($rest),*]);
    };
    (@values result, $index:expr, [$first:ident $(, $rest:ident)* $(,)?]) => {
        #[doc = concat!("Result `", stringify!($first), "`.")]
        pub fn $first(self) -> $crate::Value {
            self.0.result($index)
        }
        $crate::define_op!(@values result, $index + 1, [$($rest),*]);
    };
}

#[cfg(test)]
mod tests {
    use crate::test_dialect::{self, ModeOp, SliceOp, TypedOp};
    use crate::{Context, OperationState};

    #[test]
    fn raw_identifiers_name_keyword_attributes() {
        assert_eq!(super::op_attr_name("r#type"), "type");
        assert_eq!(super::op_attr_name("role"), "role");
        assert_eq!(TypedOp::SHAPE.required[0].0, "type");
        assert_eq!(TypedOp::def().inherent_attrs, ["type"]);
        let mut ctx = test_dialect::context();
        let (i8, loc) = (ctx.integer_type(8), ctx.unknown_loc());
        let mut state = OperationState::new(ctx.op_name(TypedOp::NAME), loc);
        state.attrs.push(("type".to_string(), ctx.type_attr(i8)));
        let op = TypedOp(ctx.create_operation(state));
        assert_eq!(TypedOp::cast(&ctx, op.op()), Some(op));
        assert_eq!(ctx.type_value(op.r#type(&ctx)), Some(i8));
    }

    #[test]
    fn enum_attributes_are_i64_cases_as_in_mlir() {
        let mut ctx = test_dialect::context();
        let (i64, i32) = (ctx.integer_type(64), ctx.integer_type(32));
        let loc = ctx.unknown_loc();
        let name = ctx.op_name(ModeOp::NAME);
        let verify = ctx.op_def(name).and_then(|d| d.verify_invariants).expect("generated checks");
        let expected = "'test.mode' op attribute 'mode' failed to satisfy constraint: allowed 64-bit signless \
                        integer cases: 0, 1, 2";
        let valid = ctx.integer_attr(2, i64);
        let out_of_range = ctx.integer_attr(3, i64);
        let negative = ctx.integer_attr(-1, i64);
        let not_i64 = ctx.integer_attr(1, i32);
        let not_integer = ctx.string_attr("fast");
        for (attr, ok) in
            [(valid, true), (out_of_range, false), (negative, false), (not_i64, false), (not_integer, false)]
        {
            let mut state = OperationState::new(name, loc);
            state.attrs.push(("mode".to_string(), attr));
            let op = ctx.create_operation(state);
            assert_eq!(ModeOp::cast(&ctx, op).map(|m| (m.op(), m.mode(&ctx))), Some((op, attr)));
            let mut diags = Vec::new();
            verify(&ctx, op, &mut diags);
            let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
            assert_eq!(
                messages,
                if ok { vec![] } else { vec![expected] },
                "{}",
                crate::printer::attributes::attr_to_string(&ctx, attr)
            );
        }
    }

    #[test]
    fn optional_operands_are_a_prefix_and_counted() {
        let mut ctx = test_dialect::context();
        let i32 = ctx.integer_type(32);
        let loc = ctx.unknown_loc();
        let block = ctx.create_block(&[(i32, loc), (i32, loc), (i32, loc), (i32, loc)]);
        let args = ctx.block_args(block);
        let name = ctx.op_name(SliceOp::NAME);
        let make = |ctx: &mut Context, n: usize| {
            let mut state = OperationState::new(name, loc);
            state.operands = args[..n].to_vec();
            SliceOp(ctx.create_operation(state))
        };
        let one = make(&mut ctx, 1);
        let three = make(&mut ctx, 3);
        let four = make(&mut ctx, 4);
        assert_eq!((one.input(&ctx), one.begin(&ctx), one.end(&ctx)), (args[0], None, None));
        assert_eq!((three.begin(&ctx), three.end(&ctx)), (Some(args[1]), Some(args[2])));
        assert_eq!(SliceOp::cast(&ctx, three.op()), Some(three));
        assert_eq!(three.sizes(&ctx), None);
        let verify = ctx.op_def(name).and_then(|d| d.verify_invariants).expect("generated checks");
        let mut diags = Vec::new();
        verify(&ctx, three.op(), &mut diags);
        assert!(diags.is_empty());
        verify(&ctx, four.op(), &mut diags);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].message, "'test.slice' op requires 1 to 3 operands, but found 4");
    }
}
