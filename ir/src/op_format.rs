//! Declarative assembly formats: a subset of MLIR's ODS `assemblyFormat`, interpreted at run
//! time to print and parse an op's custom form.
//!
//! ```text
//! $lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)
//! ```
//!
//! | element | meaning |
//! |---|---|
//! | `` `kw` ``, `` `,` `` | a keyword or punctuation literal |
//! | `` ` ` ``, ` `` ` | force a space, suppress the next space |
//! | `$name` | an operand (or the variadic group `$operands`), an attribute, a region (`$region` if unnamed) |
//! | `attr-dict`, `attr-dict-with-keyword` | the attributes the format does not show (` {...}`, ` attributes {...}`) |
//! | `type($x)`, `type(operands)`, `type(results)` | types of an operand or result (`$results` for a variadic group) |
//! | `functional-type(a, b)` | `(a types) -> b types` |
//! | `operands`, `regions` | all operands, all regions |
//! | `( ... )?` | an optional group, present when its anchor (marked `^`) is: a non-empty variadic group or region, or an optional attribute that is not its default |
//!
//! Spacing follows ODS: a space before each element except after `(`, `[`, `{`, `<` and before
//! `)`, `]`, `}`, `>`, `,` (and `(`, `[`, `{`, `<` after a non-punctuation element).
//! Attributes print by their constraint: an [`AttrConstraint::Enum`] as its case keyword, an
//! [`AttrConstraint::DialectAttr`] stripped to its `<...>` body, an
//! [`AttrConstraint::SymbolName`] as `@name`, anything else in full.
//!
//! Operand types the format leaves out are taken from the other operands (or results) under
//! `SAME_OPERAND_TYPES` / `SAME_OPERANDS_AND_RESULT_TYPE`; result types it leaves out come from
//! the operands under `SAME_OPERANDS_AND_RESULT_TYPE` or from the op's `infer_result_types`
//! hook. [`OpFormat::parse`] checks all of this when the op is defined.

use crate::attributes::{AttrKind, Attribute};
use crate::dialect::{InferResultTypesFn, Traits};
use crate::op_macro::AttrConstraint;
use crate::operation::{OpId, OperationState};
use crate::parser::{OpAsmParser, ParseResult, UnresolvedOperand};
use crate::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use crate::region::RegionId;
use crate::types::Type;

/// What a format may refer to: the op's operands, results, attributes, regions and traits, as
/// `define_op!` declares them.
#[derive(Copy, Clone, Debug)]
pub struct OpFormatSpec {
    /// Full op name, for messages.
    pub name: &'static str,
    /// Operand names, or `None` for one variadic group called `operands`.
    pub operands: Option<&'static [&'static str]>,
    /// Result names, or `None` for one variadic group called `results`.
    pub results: Option<&'static [&'static str]>,
    /// Number of regions.
    pub regions: usize,
    /// Region names (empty: a single region is `$region`, several are `$region0`, ...).
    pub region_names: &'static [&'static str],
    /// Required attributes.
    pub required: &'static [(&'static str, AttrConstraint)],
    /// Optional attributes.
    pub optional: &'static [(&'static str, AttrConstraint)],
    /// The op's traits (type inference uses the same-type traits).
    pub traits: Traits,
    /// Result type inference, for formats that do not spell result types.
    pub infer_result_types: Option<InferResultTypesFn>,
}

/// An operand or result slot: a named single value, or the one variadic group.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Var {
    Operand(usize),
    AllOperands,
    Result(usize),
    AllResults,
    Attr(usize),
    Region(usize),
}

/// One element of a parsed format.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Element {
    Literal(String),
    /// `` ` ` `` (true) or ` `` ` (false).
    Space(bool),
    Newline,
    Var(Var),
    AttrDict {
        keyword: bool,
    },
    Type(Var),
    FunctionalType(Var, Var),
    Regions,
    Optional {
        elements: Vec<Element>,
        anchor: Var,
    },
}

/// A validated declarative assembly format for one op.
#[derive(Clone, Debug)]
pub struct OpFormat {
    spec: OpFormatSpec,
    /// Required then optional attributes: name, constraint, optional.
    attrs: Vec<(&'static str, AttrConstraint, bool)>,
    elements: Vec<Element>,
    /// Attributes the format shows, left out of its `attr-dict`.
    used_attrs: Vec<&'static str>,
}

/// Spacing state of the ODS printer.
struct Spacing {
    should_emit_space: bool,
    last_was_punctuation: bool,
}

/// Whether a literal is preceded by a space (ODS's `shouldEmitSpaceBefore`).
fn space_before_literal(value: &str, last_was_punctuation: bool) -> bool {
    if value.len() != 1 && value != "->" {
        return true;
    }
    let first = value.chars().next().unwrap_or(' ');
    if last_was_punctuation { !">)}],".contains(first) } else { !"<>(){}[],".contains(first) }
}

const PUNCTUATION: &[&str] =
    &["->", ":", ",", "...", "=", ">", "{", "(", "[", "<", "-", "+", "?", "}", ")", "]", "*", "|"];

fn is_keyword_literal(text: &str) -> bool {
    crate::printer::attributes::is_bare_identifier(text)
}

impl OpFormat {
    /// Parses and validates `format` for the op described by `spec`.
    pub fn parse(format: &str, spec: OpFormatSpec) -> Result<OpFormat, String> {
        let attrs = spec
            .required
            .iter()
            .map(|&(n, c)| (n, c, false))
            .chain(spec.optional.iter().map(|&(n, c)| (n, c, true)))
            .collect();
        let mut fmt = OpFormat { spec, attrs, elements: Vec::new(), used_attrs: Vec::new() };
        let tokens = tokenize(format)?;
        let mut pos = 0;
        let elements = fmt.parse_elements(&tokens, &mut pos, false)?;
        if pos != tokens.len() {
            return Err(format!("unexpected '{}'", tokens[pos]));
        }
        if elements.iter().any(|(_, anchor)| *anchor) {
            return Err("anchors ('^') are only allowed inside optional groups".to_string());
        }
        fmt.elements = elements.into_iter().map(|(element, _)| element).collect();
        fmt.validate()?;
        let mut all = Vec::new();
        flatten(&fmt.elements, false, &mut all);
        fmt.used_attrs = all
            .iter()
            .filter_map(|(e, _)| match e {
                Element::Var(Var::Attr(i)) => Some(fmt.attrs[*i].0),
                _ => None,
            })
            .collect();
        Ok(fmt)
    }

    fn lookup(&self, name: &str) -> Result<Var, String> {
        match self.spec.operands {
            Some(names) => {
                if let Some(i) = names.iter().position(|&n| n == name) {
                    return Ok(Var::Operand(i));
                }
            }
            None if name == "operands" => return Ok(Var::AllOperands),
            None => {}
        }
        match self.spec.results {
            Some(names) => {
                if let Some(i) = names.iter().position(|&n| n == name) {
                    return Ok(Var::Result(i));
                }
            }
            None if name == "results" => return Ok(Var::AllResults),
            None => {}
        }
        if let Some(i) = self.attrs.iter().position(|(n, _, _)| *n == name) {
            return Ok(Var::Attr(i));
        }
        let region = if self.spec.region_names.is_empty() {
            match name.strip_prefix("region") {
                Some("") if self.spec.regions == 1 => Some(0),
                Some(digits) if self.spec.regions > 1 => digits.parse::<usize>().ok(),
                _ => None,
            }
        } else {
            self.spec.region_names.iter().position(|&n| n == name)
        };
        match region {
            Some(i) if i < self.spec.regions => Ok(Var::Region(i)),
            _ => Err(format!("'${name}' names no operand, result, attribute or region")),
        }
    }

    /// Parses elements up to the end (or the `)` closing a group), each with its anchor mark.
    fn parse_elements(
        &self,
        tokens: &[String],
        pos: &mut usize,
        in_group: bool,
    ) -> Result<Vec<(Element, bool)>, String> {
        let mut elements = Vec::new();
        while let Some(token) = tokens.get(*pos) {
            let token = token.as_str();
            if token == ")" && in_group {
                return Ok(elements);
            }
            *pos += 1;
            let element = match token {
                t if t.starts_with('`') => {
                    let text = &t[1..t.len() - 1];
                    match text {
                        "" => Element::Space(false),
                        " " => Element::Space(true),
                        "\\n" => Element::Newline,
                        _ if PUNCTUATION.contains(&text) || is_keyword_literal(text) => {
                            Element::Literal(text.to_string())
                        }
                        _ => return Err(format!("invalid literal `{text}`")),
                    }
                }
                t if t.starts_with('$') => {
                    let var = self.lookup(&t[1..])?;
                    if matches!(var, Var::Result(_) | Var::AllResults) {
                        return Err(format!("result '{t}' may only be used in a type directive"));
                    }
                    Element::Var(var)
                }
                "attr-dict" => Element::AttrDict { keyword: false },
                "attr-dict-with-keyword" => Element::AttrDict { keyword: true },
                "operands" => Element::Var(Var::AllOperands),
                "regions" => Element::Regions,
                "type" => {
                    expect(tokens, pos, "(")?;
                    let arg = self.type_arg(tokens, pos)?;
                    expect(tokens, pos, ")")?;
                    Element::Type(arg)
                }
                "functional-type" => {
                    expect(tokens, pos, "(")?;
                    let inputs = self.type_arg(tokens, pos)?;
                    expect(tokens, pos, ",")?;
                    let results = self.type_arg(tokens, pos)?;
                    expect(tokens, pos, ")")?;
                    Element::FunctionalType(inputs, results)
                }
                "(" => {
                    let group = self.parse_elements(tokens, pos, true)?;
                    expect(tokens, pos, ")")?;
                    expect(tokens, pos, "?")?;
                    self.optional_group(group)?
                }
                "^" => return Err("'^' must follow an element of an optional group".to_string()),
                other => return Err(format!("unexpected '{other}'")),
            };
            let anchor = tokens.get(*pos).map(String::as_str) == Some("^");
            if anchor {
                *pos += 1;
            }
            elements.push((element, anchor));
        }
        if in_group {
            return Err("expected ')' to close an optional group".to_string());
        }
        Ok(elements)
    }

    fn type_arg(&self, tokens: &[String], pos: &mut usize) -> Result<Var, String> {
        let token = tokens.get(*pos).ok_or("expected a type directive argument")?;
        *pos += 1;
        match token.as_str() {
            "operands" => Ok(Var::AllOperands),
            "results" => Ok(Var::AllResults),
            t if t.starts_with('$') => match self.lookup(&t[1..])? {
                var @ (Var::Operand(_) | Var::AllOperands | Var::Result(_) | Var::AllResults) => Ok(var),
                _ => Err(format!("'{t}' in a type directive must be an operand or result")),
            },
            other => Err(format!("unexpected '{other}' in a type directive")),
        }
    }

    /// Builds an optional group from its elements and their anchor marks.
    fn optional_group(&self, group: Vec<(Element, bool)>) -> Result<Element, String> {
        let mut anchor = None;
        let mut elements = Vec::new();
        for (element, is_anchor) in group {
            match &element {
                Element::Optional { .. } => return Err("optional groups cannot be nested".to_string()),
                Element::AttrDict { .. } => return Err("'attr-dict' cannot be inside an optional group".to_string()),
                _ => {}
            }
            if is_anchor {
                if anchor.is_some() {
                    return Err("an optional group may have only one anchor".to_string());
                }
                anchor = Some(match &element {
                    Element::Var(var) | Element::Type(var) | Element::FunctionalType(var, _) => *var,
                    _ => return Err("only variables and type directives can anchor an optional group".to_string()),
                });
            }
            elements.push(element);
        }
        let anchor = anchor.ok_or("an optional group needs an anchor ('^')")?;
        let optional_anchor = match anchor {
            Var::AllOperands => self.spec.operands.is_none(),
            Var::AllResults => self.spec.results.is_none(),
            Var::Attr(i) => self.attrs[i].2,
            Var::Region(_) => true,
            Var::Operand(_) | Var::Result(_) => false,
        };
        if !optional_anchor {
            return Err("the anchor of an optional group must be optional: a variadic group, a region or an \
                        optional attribute"
                .to_string());
        }
        match elements.iter().find(|e| !matches!(e, Element::Space(_))) {
            Some(Element::Literal(_) | Element::Var(_) | Element::Type(_) | Element::FunctionalType(..)) => {}
            _ => return Err("an optional group must start with a literal, a variable or a type directive".to_string()),
        }
        Ok(Element::Optional { elements, anchor })
    }

    fn validate(&self) -> Result<(), String> {
        let mut all = Vec::new();
        flatten(&self.elements, false, &mut all);
        let dicts = all.iter().filter(|(e, _)| matches!(e, Element::AttrDict { .. })).count();
        if dicts != 1 {
            return Err("the format must contain exactly one 'attr-dict' directive".to_string());
        }
        let mut seen_vars = Vec::new();
        for (element, _) in &all {
            if let Element::Var(var) = element {
                if seen_vars.contains(var) {
                    return Err(format!("'{}' is used twice", self.describe(*var)));
                }
                seen_vars.push(*var);
            }
        }
        let regions_directive = all.iter().any(|(e, _)| matches!(e, Element::Regions));
        for i in 0..self.spec.regions {
            if !regions_directive && !seen_vars.contains(&Var::Region(i)) {
                return Err(format!("region #{i} not found"));
            }
        }
        for (i, (name, _, optional)) in self.attrs.iter().enumerate() {
            let in_group = all.iter().any(|(e, grouped)| **e == Element::Var(Var::Attr(i)) && *grouped);
            if *optional && seen_vars.contains(&Var::Attr(i)) && !in_group {
                return Err(format!("optional attribute '{name}' must be inside an optional group"));
            }
        }
        let typed = |var: Var| {
            all.iter().any(|(e, _)| match e {
                Element::Type(v) => *v == var,
                Element::FunctionalType(a, b) => *a == var || *b == var,
                _ => false,
            })
        };
        let same_all = self.spec.traits.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE);
        let same_operands = same_all || self.spec.traits.contains(Traits::SAME_OPERAND_TYPES);
        let operand_slots: Vec<Var> = match self.spec.operands {
            Some(names) => (0..names.len()).map(Var::Operand).collect(),
            None => vec![Var::AllOperands],
        };
        let result_slots: Vec<Var> = match self.spec.results {
            Some(names) => (0..names.len()).map(Var::Result).collect(),
            None => vec![Var::AllResults],
        };
        let all_operands_typed = typed(Var::AllOperands);
        let all_results_typed = typed(Var::AllResults);
        let some_operand_typed = all_operands_typed || operand_slots.iter().any(|&v| typed(v));
        let some_result_typed = all_results_typed || result_slots.iter().any(|&v| typed(v));
        let all_operands_used = seen_vars.contains(&Var::AllOperands);
        for (i, &slot) in operand_slots.iter().enumerate() {
            if !all_operands_used && !seen_vars.contains(&slot) {
                return Err(format!("operand #{i}, named '{}', not found", self.describe(slot)));
            }
            let inferable = same_operands && some_operand_typed || same_all && some_result_typed;
            if !all_operands_typed && !typed(slot) && !inferable {
                return Err(format!(
                    "type of operand '{}' is neither in the format nor inferable",
                    self.describe(slot)
                ));
            }
        }
        for &slot in &result_slots {
            let inferable = same_all && some_operand_typed || self.spec.infer_result_types.is_some();
            if !all_results_typed && !typed(slot) && !inferable {
                return Err(format!("type of result '{}' is neither in the format nor inferable", self.describe(slot)));
            }
        }
        Ok(())
    }

    fn describe(&self, var: Var) -> String {
        match var {
            Var::Operand(i) => self.spec.operands.map_or("operands", |n| n[i]).to_string(),
            Var::AllOperands => "operands".to_string(),
            Var::Result(i) => self.spec.results.map_or("results", |n| n[i]).to_string(),
            Var::AllResults => "results".to_string(),
            Var::Attr(i) => self.attrs[i].0.to_string(),
            Var::Region(i) => self.spec.region_names.get(i).map_or(format!("region #{i}"), |n| n.to_string()),
        }
    }

    // ----- printing --------------------------------------------------------------------------

    /// Prints `op`'s custom form after its name; fails (so the op prints generically) if the op
    /// does not have the shape the format needs.
    pub fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
        let ctx = p.ctx();
        let operation = ctx.operation(op);
        let counts_ok = self.spec.operands.is_none_or(|n| n.len() == operation.num_operands())
            && self.spec.results.is_none_or(|n| n.len() == operation.num_results())
            && operation.regions().len() == self.spec.regions;
        if !counts_ok {
            return Err(PrintFailed);
        }
        for &(name, constraint, optional) in &self.attrs {
            match ctx.attr(op, name) {
                None if !optional => return Err(PrintFailed),
                Some(attr) if !printable(ctx, constraint, attr) => return Err(PrintFailed),
                _ => {}
            }
        }
        let mut spacing = Spacing { should_emit_space: true, last_was_punctuation: false };
        for element in &self.elements {
            self.print_element(p, op, element, &mut spacing);
        }
        Ok(())
    }

    fn print_element(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId, element: &Element, spacing: &mut Spacing) {
        match element {
            Element::Literal(value) => {
                if spacing.should_emit_space && space_before_literal(value, spacing.last_was_punctuation) {
                    p.print(" ");
                }
                p.print(value);
                spacing.should_emit_space = value.len() != 1 || !"<({[".contains(value.as_str());
                spacing.last_was_punctuation = !value.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic());
                return;
            }
            Element::Space(space) => {
                if *space {
                    p.print(" ");
                }
                spacing.last_was_punctuation = !*space;
                spacing.should_emit_space = false;
                return;
            }
            Element::Newline => {
                p.print_newline();
                return;
            }
            Element::Optional { elements, anchor } => {
                if self.anchor_present(p, op, *anchor) {
                    for element in elements {
                        self.print_element(p, op, element, spacing);
                    }
                }
                return;
            }
            Element::AttrDict { keyword } => {
                let attrs = p.op_attributes(op);
                if *keyword {
                    p.print_optional_attr_dict_with_keyword(&attrs, &self.used_attrs);
                } else {
                    p.print_optional_attr_dict(&attrs, &self.used_attrs);
                }
                spacing.last_was_punctuation = false;
                return;
            }
            _ => {}
        }
        if spacing.should_emit_space || !spacing.last_was_punctuation {
            p.print(" ");
        }
        spacing.last_was_punctuation = false;
        spacing.should_emit_space = true;
        let ctx = p.ctx();
        let operation = ctx.operation(op);
        match element {
            Element::Var(Var::Operand(i)) => p.print_operand(operation.operand(*i)),
            Element::Var(Var::AllOperands) => p.print_operands(operation.operands()),
            Element::Var(Var::Attr(i)) => {
                let (name, constraint, _) = self.attrs[*i];
                if let Some(attr) = ctx.attr(op, name) {
                    print_attr(p, constraint, attr);
                }
            }
            Element::Var(Var::Region(i)) => p.print_region(operation.regions()[*i], true, true),
            Element::Regions => {
                for (i, &region) in operation.regions().iter().enumerate() {
                    if i > 0 {
                        p.print(", ");
                    }
                    p.print_region(region, true, true);
                }
            }
            Element::Type(var) => p.print_types(&self.types_of(p, op, *var)),
            Element::FunctionalType(inputs, results) => {
                let (inputs, results) = (self.types_of(p, op, *inputs), self.types_of(p, op, *results));
                p.print_functional_type(&inputs, &results);
            }
            _ => unreachable!("handled above"),
        }
    }

    fn types_of(&self, p: &OpAsmPrinter<'_, '_>, op: OpId, var: Var) -> Vec<Type> {
        let ctx = p.ctx();
        let operation = ctx.operation(op);
        match var {
            Var::Operand(i) => vec![ctx.value_type(operation.operand(i))],
            Var::AllOperands => operation.operands().map(|v| ctx.value_type(v)).collect(),
            Var::Result(i) => vec![operation.result_type(i)],
            Var::AllResults => operation.result_types().collect(),
            Var::Attr(_) | Var::Region(_) => Vec::new(),
        }
    }

    fn anchor_present(&self, p: &OpAsmPrinter<'_, '_>, op: OpId, anchor: Var) -> bool {
        let ctx = p.ctx();
        let operation = ctx.operation(op);
        match anchor {
            Var::AllOperands => operation.num_operands() > 0,
            Var::AllResults => operation.num_results() > 0,
            Var::Operand(_) | Var::Result(_) => true,
            Var::Region(i) => !ctx.region_blocks(operation.regions()[i]).is_empty(),
            Var::Attr(i) => {
                let (name, constraint, _) = self.attrs[i];
                ctx.attr(op, name).is_some_and(|attr| !is_default(ctx, constraint, attr))
            }
        }
    }

    // ----- parsing ---------------------------------------------------------------------------

    /// Parses the custom form after the op name into `state`.
    pub fn parse_into(&self, p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
        let operand_slots = self.spec.operands.map_or(1, <[_]>::len);
        let result_slots = self.spec.results.map_or(1, <[_]>::len);
        let mut parsed = Parsed {
            operands: vec![Vec::new(); operand_slots],
            operand_offsets: vec![p.current_offset(); operand_slots],
            operand_types: vec![None; operand_slots],
            result_types: vec![None; result_slots],
            regions: vec![None; self.spec.regions],
            attrs: Vec::new(),
        };
        for element in &self.elements {
            self.parse_element(p, element, &mut parsed)?;
        }
        self.finish(p, parsed, state)
    }

    fn parse_element(&self, p: &mut OpAsmParser<'_, '_>, element: &Element, parsed: &mut Parsed) -> ParseResult<()> {
        match element {
            Element::Literal(text) => p.parse_literal(text)?,
            Element::Space(_) | Element::Newline => {}
            Element::Optional { elements, .. } => {
                let Some(first) = elements.iter().position(|e| !matches!(e, Element::Space(_))) else {
                    return Ok(());
                };
                let present = match &elements[first] {
                    Element::Literal(text) => p.parse_optional_literal(text)?,
                    Element::Var(Var::AllOperands | Var::Operand(_)) => {
                        p.is(crate::parser::lexer::TokenKind::PercentIdentifier)
                    }
                    Element::Var(Var::Region(_)) => p.is(crate::parser::lexer::TokenKind::LBrace),
                    Element::Var(Var::Attr(i)) => self.at_attr(p, *i),
                    Element::Type(_) | Element::FunctionalType(..) => p.at_type(),
                    _ => false,
                };
                if present {
                    let skip = usize::from(matches!(elements[first], Element::Literal(_)));
                    for element in &elements[first + skip..] {
                        self.parse_element(p, element, parsed)?;
                    }
                }
            }
            Element::AttrDict { keyword: false } => p.parse_optional_attr_dict(&mut parsed.attrs)?,
            Element::AttrDict { keyword: true } => p.parse_optional_attr_dict_with_keyword(&mut parsed.attrs)?,
            Element::Var(Var::Operand(i)) => {
                parsed.operand_offsets[*i] = p.current_offset();
                parsed.operands[*i] = vec![p.parse_operand()?];
            }
            Element::Var(Var::AllOperands) => {
                parsed.operand_offsets.fill(p.current_offset());
                let operands = p.parse_operand_list()?;
                if self.spec.operands.is_none() {
                    parsed.operands[0] = operands;
                } else {
                    let expected = parsed.operands.len();
                    if operands.len() != expected {
                        return Err(p.error_here(format!("expected {expected} operands")));
                    }
                    for (slot, operand) in parsed.operands.iter_mut().zip(operands) {
                        *slot = vec![operand];
                    }
                }
            }
            Element::Var(Var::Attr(i)) => {
                let (name, constraint, _) = self.attrs[*i];
                let attr = parse_attr(p, name, constraint)?;
                parsed.attrs.push((name.to_string(), attr));
            }
            Element::Var(Var::Region(i)) => parsed.regions[*i] = Some(p.parse_region(&[])?),
            Element::Regions => {
                for i in 0..self.spec.regions {
                    if i > 0 {
                        p.parse_comma()?;
                    }
                    parsed.regions[i] = Some(p.parse_region(&[])?);
                }
            }
            Element::Var(Var::Result(_) | Var::AllResults) => unreachable!("rejected by validation"),
            Element::Type(var) => {
                let types = if self.is_single(*var) { vec![p.parse_type()?] } else { p.parse_type_list()? };
                self.assign_types(p, *var, types, parsed)?;
            }
            Element::FunctionalType(inputs, results) => {
                let (input_types, result_types) = p.parse_function_type()?;
                self.assign_types(p, *inputs, input_types, parsed)?;
                self.assign_types(p, *results, result_types, parsed)?;
            }
        }
        Ok(())
    }

    fn is_single(&self, var: Var) -> bool {
        matches!(var, Var::Operand(_) | Var::Result(_))
    }

    fn at_attr(&self, p: &OpAsmParser<'_, '_>, index: usize) -> bool {
        use crate::parser::lexer::TokenKind;
        match self.attrs[index].1 {
            AttrConstraint::DialectAttr(..) => p.is(TokenKind::Less),
            AttrConstraint::SymbolName | AttrConstraint::SymbolRef => p.is(TokenKind::AtIdentifier),
            AttrConstraint::Enum(_) => p.is(TokenKind::BareIdentifier) || p.is(TokenKind::String),
            _ => p.at_attribute(),
        }
    }

    fn assign_types(
        &self,
        p: &mut OpAsmParser<'_, '_>,
        var: Var,
        types: Vec<Type>,
        parsed: &mut Parsed,
    ) -> ParseResult<()> {
        let (slots, is_operands) = match var {
            Var::Operand(i) => (vec![i], true),
            Var::Result(i) => (vec![i], false),
            Var::AllOperands => ((0..parsed.operand_types.len()).collect(), true),
            Var::AllResults => ((0..parsed.result_types.len()).collect(), false),
            Var::Attr(_) | Var::Region(_) => return Ok(()),
        };
        let variadic = if is_operands { self.spec.operands.is_none() } else { self.spec.results.is_none() };
        let target = if is_operands { &mut parsed.operand_types } else { &mut parsed.result_types };
        if variadic {
            target[0] = Some(types);
            return Ok(());
        }
        if types.len() != slots.len() {
            let what = if is_operands { "operand" } else { "result" };
            return Err(p.error_here(format!("expected {} {what} types but found {}", slots.len(), types.len())));
        }
        for (slot, ty) in slots.into_iter().zip(types) {
            target[slot] = Some(vec![ty]);
        }
        Ok(())
    }

    /// Resolves operand and result types and fills `state`.
    fn finish(&self, p: &mut OpAsmParser<'_, '_>, parsed: Parsed, state: &mut OperationState) -> ParseResult<()> {
        let Parsed { operands, operand_offsets, mut operand_types, mut result_types, regions, attrs } = parsed;
        let same_all = self.spec.traits.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE);
        let same_operands = same_all || self.spec.traits.contains(Traits::SAME_OPERAND_TYPES);
        let first = |types: &[Option<Vec<Type>>]| types.iter().flatten().flatten().next().copied();
        let known =
            first(&operand_types).filter(|_| same_operands).or_else(|| first(&result_types).filter(|_| same_all));
        for (slot, types) in operand_types.iter_mut().enumerate() {
            if types.is_none()
                && let Some(ty) = known
            {
                *types = Some(vec![ty; operands[slot].len()]);
            }
        }
        let mut values = Vec::new();
        for (slot, uses) in operands.iter().enumerate() {
            let types = operand_types[slot].clone().unwrap_or_default();
            values.extend(p.resolve_operands(uses, &types, operand_offsets[slot])?);
        }
        state.operands = values;
        if same_all {
            let operand_type = first(&operand_types);
            for types in result_types.iter_mut().filter(|t| t.is_none()) {
                *types = operand_type.map(|ty| vec![ty]);
            }
        }
        state.attrs.extend(attrs);
        state.regions = regions
            .into_iter()
            .map(|region| region.unwrap_or_else(|| p.ctx().create_region()))
            .collect::<Vec<RegionId>>();
        if self.spec.traits.contains(Traits::SINGLE_BLOCK) {
            for &region in &state.regions {
                if p.ctx().region_blocks(region).is_empty() {
                    let block = p.ctx().create_block(&[]);
                    p.ctx().append_block(region, block);
                }
            }
        }
        if result_types.iter().all(Option::is_some) {
            state.result_types = result_types.into_iter().flatten().flatten().collect();
        } else {
            let Some(infer) = self.spec.infer_result_types else {
                return Err(p.error_at(p.name_offset(), "could not infer the result types"));
            };
            let offset = p.name_offset();
            state.result_types = infer(p.ctx(), state).map_err(|message| p.error_at(offset, message))?;
        }
        Ok(())
    }
}

/// What the elements of a format read, before types are resolved.
struct Parsed {
    operands: Vec<Vec<UnresolvedOperand>>,
    operand_offsets: Vec<u32>,
    operand_types: Vec<Option<Vec<Type>>>,
    result_types: Vec<Option<Vec<Type>>>,
    regions: Vec<Option<RegionId>>,
    attrs: Vec<(String, Attribute)>,
}

/// Pairs `(element, inside an optional group)` of a format, depth first.
fn flatten<'e>(elements: &'e [Element], grouped: bool, out: &mut Vec<(&'e Element, bool)>) {
    for element in elements {
        out.push((element, grouped));
        if let Element::Optional { elements, .. } = element {
            flatten(elements, true, out);
        }
    }
}

fn expect(tokens: &[String], pos: &mut usize, what: &str) -> Result<(), String> {
    match tokens.get(*pos) {
        Some(t) if t == what => {
            *pos += 1;
            Ok(())
        }
        Some(t) => Err(format!("expected '{what}' but found '{t}'")),
        None => Err(format!("expected '{what}' at the end of the format")),
    }
}

/// Splits a format string into literals, `$vars`, directive keywords and punctuation.
fn tokenize(format: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    let mut chars = format.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '`' => {
                let end = format[start + 1..].find('`').ok_or("unterminated literal")? + start + 1;
                tokens.push(format[start..=end].to_string());
                while chars.peek().is_some_and(|&(i, _)| i <= end) {
                    chars.next();
                }
            }
            '(' | ')' | '?' | '^' | ',' => tokens.push(c.to_string()),
            '$' | 'a'..='z' | 'A'..='Z' | '_' => {
                let mut end = start + c.len_utf8();
                while let Some(&(i, n)) = chars.peek() {
                    if !(n.is_ascii_alphanumeric() || n == '_' || (n == '-' && c != '$')) {
                        break;
                    }
                    end = i + n.len_utf8();
                    chars.next();
                }
                tokens.push(format[start..end].to_string());
            }
            other => return Err(format!("unexpected character '{other}'")),
        }
    }
    Ok(tokens)
}

/// True if `attr` has the form the format prints for `constraint`.
fn printable(ctx: &crate::Context, constraint: AttrConstraint, attr: Attribute) -> bool {
    match constraint {
        AttrConstraint::DialectAttr(mnemonic, _) => dialect_attr_body(ctx, mnemonic, attr).is_some(),
        other => other.accepts(ctx, attr),
    }
}

/// The `<...>` body of an opaque `#mnemonic<...>` attribute.
fn dialect_attr_body<'c>(ctx: &'c crate::Context, mnemonic: &str, attr: Attribute) -> Option<&'c str> {
    match ctx.attr_kind(attr) {
        AttrKind::Opaque(text) => text.strip_prefix(mnemonic).filter(|body| body.starts_with('<')),
        _ => None,
    }
}

/// True if `attr` is the default an absent attribute stands for.
fn is_default(ctx: &crate::Context, constraint: AttrConstraint, attr: Attribute) -> bool {
    match constraint {
        AttrConstraint::DialectAttr(mnemonic, default) => {
            dialect_attr_body(ctx, mnemonic, attr).is_some_and(|body| body[1..body.len() - 1].trim() == default)
        }
        _ => false,
    }
}

fn print_attr(p: &mut OpAsmPrinter<'_, '_>, constraint: AttrConstraint, attr: Attribute) {
    let ctx = p.ctx();
    match constraint {
        AttrConstraint::Enum(cases) => {
            let index = ctx.integer_value(attr).and_then(|v| usize::try_from(v).ok()).expect("checked");
            p.print_keyword_or_string(cases[index]);
        }
        AttrConstraint::DialectAttr(mnemonic, _) => {
            let body = dialect_attr_body(ctx, mnemonic, attr).expect("checked");
            p.print(body);
        }
        AttrConstraint::SymbolName => {
            let name = ctx.string_value(attr).expect("checked");
            p.print_symbol_name(name);
        }
        _ => p.print_attribute(attr),
    }
}

fn parse_attr(p: &mut OpAsmParser<'_, '_>, name: &str, constraint: AttrConstraint) -> ParseResult<Attribute> {
    use crate::parser::lexer::TokenKind;
    match constraint {
        AttrConstraint::Enum(cases) => {
            let offset = p.current_offset();
            let word = p.parse_optional_keyword_or_string()?;
            match word.and_then(|w| cases.iter().position(|&c| c == w)) {
                Some(index) => {
                    let i64_type = p.ctx().integer_type(64);
                    Ok(p.ctx().integer_attr(index as i128, i64_type))
                }
                None => Err(p.error_at(
                    offset,
                    format!(
                        "expected string or keyword containing one of the following enum values for attribute \
                         '{name}' [{}]",
                        cases.join(", ")
                    ),
                )),
            }
        }
        AttrConstraint::DialectAttr(mnemonic, _) => {
            let body = p.parse_angle_body()?;
            Ok(p.ctx().intern_attr(AttrKind::Opaque(format!("{mnemonic}{body}"))))
        }
        AttrConstraint::SymbolName => {
            let symbol = p.parse_symbol_name()?;
            Ok(p.string_attr(&symbol))
        }
        AttrConstraint::SymbolRef if !p.is(TokenKind::AtIdentifier) => {
            let offset = p.current_offset();
            let loc = p.loc_at(offset);
            Err(crate::Diagnostic::error(loc, "expected attribute value"))
        }
        _ => {
            let offset = p.current_offset();
            let attr = p.parse_attribute()?;
            if !constraint.accepts(p.ctx(), attr) {
                return Err(p.error_at(offset, format!("invalid kind of attribute specified for '{name}'")));
            }
            Ok(attr)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BINARY: OpFormatSpec = OpFormatSpec {
        name: "t.add",
        operands: Some(&["lhs", "rhs"]),
        results: Some(&["result"]),
        regions: 0,
        region_names: &[],
        required: &[],
        optional: &[("flags", AttrConstraint::DialectAttr("t.flags", "none"))],
        traits: Traits::SAME_OPERANDS_AND_RESULT_TYPE,
        infer_result_types: None,
    };

    fn err(format: &str, spec: OpFormatSpec) -> String {
        OpFormat::parse(format, spec).expect_err("invalid format")
    }

    #[test]
    fn tokenizes_literals_variables_and_directives() {
        let tokens = tokenize("$lhs `,` $rhs (`overflow` `` $flags^)? attr-dict `:` type($result)").unwrap();
        assert_eq!(
            tokens,
            [
                "$lhs",
                "`,`",
                "$rhs",
                "(",
                "`overflow`",
                "``",
                "$flags",
                "^",
                ")",
                "?",
                "attr-dict",
                "`:`",
                "type",
                "(",
                "$result",
                ")"
            ]
        );
        assert_eq!(tokenize("`,").unwrap_err(), "unterminated literal");
    }

    #[test]
    fn parses_groups_and_anchors() {
        let fmt = OpFormat::parse("$lhs `,` $rhs (`overflow` `` $flags^)? attr-dict `:` type($result)", BINARY)
            .expect("valid");
        assert_eq!(fmt.elements.len(), 7);
        let Element::Optional { elements, anchor } = &fmt.elements[3] else { panic!("{:?}", fmt.elements[3]) };
        assert_eq!(*anchor, Var::Attr(0));
        assert_eq!(elements[0], Element::Literal("overflow".into()));
        assert_eq!(elements[1], Element::Space(false));
    }

    #[test]
    fn rejects_invalid_formats() {
        assert_eq!(
            err("$lhs `,` $rhs `:` type($result)", BINARY),
            "the format must contain exactly one 'attr-dict' directive"
        );
        assert_eq!(err("$lhs attr-dict `:` type($result)", BINARY), "operand #1, named 'rhs', not found");
        assert_eq!(err("$lhs `,` $rhs $lhs attr-dict `:` type($result)", BINARY), "'lhs' is used twice");
        assert_eq!(err("$x attr-dict", BINARY), "'$x' names no operand, result, attribute or region");
        assert_eq!(
            err("$lhs `,` $rhs attr-dict $flags", BINARY),
            "optional attribute 'flags' must be inside an optional group"
        );
        assert_eq!(err("$lhs `,` $rhs (`o` $flags)? attr-dict", BINARY), "an optional group needs an anchor ('^')");
        assert!(
            err("$lhs `,` $rhs ($lhs^)? attr-dict", BINARY)
                .starts_with("the anchor of an optional group must be optional")
        );
        assert_eq!(err("$lhs `,` $rhs attr-dict `%`", BINARY), "invalid literal `%`");
        assert_eq!(
            err("$lhs `,` $rhs attr-dict $result", BINARY),
            "result '$result' may only be used in a type directive"
        );
        let untyped = OpFormatSpec { traits: Traits::NONE, ..BINARY };
        assert_eq!(
            err("$lhs `,` $rhs attr-dict `:` type($result)", untyped),
            "type of operand 'lhs' is neither in the format nor inferable"
        );
        assert_eq!(
            err("$lhs `,` $rhs attr-dict `:` type($lhs) type($rhs)", untyped),
            "type of result 'result' is neither in the format nor inferable"
        );
    }

    #[test]
    fn literal_spacing_follows_ods() {
        assert!(space_before_literal("to", false));
        assert!(space_before_literal("->", true));
        assert!(space_before_literal(":", false));
        assert!(!space_before_literal(",", false));
        assert!(!space_before_literal("(", false));
        assert!(space_before_literal("(", true));
        assert!(!space_before_literal(")", true));
    }
}

/// Printing and parsing through formats, on the `test` dialect's `test.pair`, `test.list`,
/// `test.wrap` and `test.infer`.
#[cfg(test)]
mod interpreter_tests {
    use crate::diagnostics::source::SourceBuffer;
    use crate::parser::parse_source;
    use crate::printer::{PrintOptions, print_top_level};
    use crate::{Context, test_dialect};

    fn context() -> Context {
        let mut ctx = test_dialect::context();
        ctx.allow_unregistered_dialects = true;
        ctx
    }

    /// Parses `text` and prints it (custom or generic form), or returns the parse error.
    fn print(text: &str, generic: bool) -> Result<String, String> {
        let mut ctx = context();
        let buffer = SourceBuffer::new("t.mlir", text.to_string(), 1);
        let module = parse_source(&mut ctx, &buffer).map_err(|d| d.message)?;
        Ok(print_top_level(&ctx, module.op(), PrintOptions { generic, debug_info: false }))
    }

    const INPUT: &str = r#"
        %x = "t.x"() : () -> i32
        %0 = test.pair second %x, %x : i32 -> f32
        %1 = test.pair first %x, %x flag<on> {z} : i32 -> f32
        %2 = test.pair first %x, %x flag<none> : i32 -> f32
        %3:2 = test.list [%x, %0] : (i32, f32) -> (i8, i8)
        test.list [] : () -> ()
        %4 = test.infer %x : i32
        test.wrap @w attributes {a = 1 : i32} {
          pair first %x, %x : i32 -> i1
          test.wrap {
          }
        }
    "#;

    const CUSTOM: &str = r#"module {
  %0 = "t.x"() : () -> i32
  %1 = test.pair second %0, %0 : i32 -> f32
  %2 = test.pair first %0, %0 flag<on> {z} : i32 -> f32
  %3 = test.pair first %0, %0 : i32 -> f32
  %4:2 = test.list[%0, %1] : (i32, f32) -> (i8, i8)
  test.list[] : () -> ()
  %5 = test.infer %0 : i32
  test.wrap @w attributes {a = 1 : i32} {
    %6 = pair first %0, %0 : i32 -> i1
    wrap {
    }
  }
}
"#;

    #[test]
    fn formats_print_as_declared() {
        let input = INPUT.replace("pair first %x, %x : i32 -> i1", "%6 = pair first %x, %x : i32 -> i1");
        assert_eq!(print(&input, false).unwrap(), CUSTOM);
    }

    #[test]
    fn custom_output_parses_back_to_itself() {
        assert_eq!(print(CUSTOM, false).unwrap(), CUSTOM);
    }

    #[test]
    fn generic_form_is_equivalent() {
        let generic = print(CUSTOM, true).unwrap();
        assert!(generic.contains(r#""test.pair"(%0, %0) <{kind = 1 : i64}> : (i32, i32) -> f32"#), "{generic}");
        assert!(generic.contains(r#"<{flag = #test.flag<on>, kind = 0 : i64}> {z}"#), "{generic}");
        assert!(generic.contains(r#""test.infer"(%0) : (i32) -> tensor<2xi32>"#), "{generic}");
        assert!(generic.contains(r#""test.wrap"() <{sym_name = "w"}> ({"#), "{generic}");
        assert_eq!(print(&generic, false).unwrap(), CUSTOM);
    }

    #[test]
    fn ops_that_do_not_fit_their_format_print_generically() {
        let text = r#"
            %x = "t.x"() : () -> i32
            %0 = "test.pair"(%x, %x) : (i32, i32) -> f32
            %1 = "test.pair"(%x, %x) <{kind = 7 : i64}> : (i32, i32) -> f32
            %2 = "test.pair"(%x) <{kind = 0 : i64}> : (i32) -> f32
            %3 = "test.pair"(%x, %x) <{kind = 0 : i64, flag = 3 : i32}> : (i32, i32) -> f32
        "#;
        let printed = print(text, false).unwrap();
        assert!(printed.contains(r#"%1 = "test.pair"(%0, %0) : (i32, i32) -> f32"#), "{printed}");
        assert!(printed.contains(r#"%2 = "test.pair"(%0, %0) <{kind = 7 : i64}>"#), "{printed}");
        assert!(printed.contains(r#"%3 = "test.pair"(%0) <{kind = 0 : i64}>"#), "{printed}");
        assert!(printed.contains(r#"%4 = "test.pair"(%0, %0) <{flag = 3 : i32, kind = 0 : i64}>"#), "{printed}");
    }

    #[test]
    fn parse_errors_name_the_op() {
        let cases = [
            (
                "%x = \"t.x\"() : () -> i32\n%0 = test.pair third %x, %x : i32 -> f32",
                "custom op 'test.pair' expected string or keyword containing one of the following enum values for attribute 'kind' [first, second]",
            ),
            ("%x = \"t.x\"() : () -> i32\n%0 = test.pair first %x %x : i32 -> f32", "expected ','"),
            ("%x = \"t.x\"() : () -> i32\n%0 = test.pair first %x, %x : i32 f32", "expected '->'"),
            ("%x = \"t.x\"() : () -> i32\n%0 = test.pair first %x, %x flag : i32 -> f32", "expected '<'"),
            (
                "%x = \"t.x\"() : () -> i32\ntest.list [%x] : () -> ()",
                "custom op 'test.list' number of operands and types do not match: got 1 operands and 0 types",
            ),
            ("test.wrap @w", "expected '{' to begin a region"),
            ("test.nope", "custom op 'test.nope' is unknown"),
            ("pair", "custom op 'pair' is unknown (tried 'builtin.pair' as well)"),
        ];
        for (text, message) in cases {
            assert_eq!(print(text, false).unwrap_err(), message, "{text}");
        }
    }
}
