//! Placement rules: which banks a buffer may go to, in priority order (TVM's
//! `candidate_memory_pools`). A rule matches buffers by name (a glob over the alloc's name, the
//! TFLite tensor's name when imported), operator (a glob over the kernel that writes the buffer
//! first, or whose workspace it is: `conv_2d`, `depthwise_conv_2d`, ..., as `buffer.kernel` names
//! them), role and size, and gives them a list of banks; rules are tried in order and the first
//! match wins. A buffer no rule matches may go to every writable bank, in the order the banks
//! were declared.
//!
//! ```toml
//! [[memory.placement]]
//! name = "conv*"          # glob; `*`, `?`, `[...]`
//! op = "depthwise_conv_2d" # glob over the kernel
//! role = "scratch"        # or "persistent"
//! min_size = 1024         # bytes, inclusive
//! max_size = 65536
//! banks = ["dtcm", "sram"]
//! ```
//!
//! Constants (`buffer.global`s) stay in flash, read in place, unless a rule with
//! `role = "constant"` matches them: its banks are tried in order, a writable one stages the
//! constant into RAM (see [`super::staging`]), a read-only one keeps it in place. Rules without a
//! role apply to planned buffers only, and so do rules with an `op` (a constant has no writer).
//!
//! A rule naming an unknown bank or a read-only one for planned buffers (they are written),
//! with no banks, with `min_size > max_size`, a bad glob or an unknown role is refused, naming it.

use super::banks::Bank;
use glob::Pattern;
use mc_dialects::buffer::Role;
use serde::Deserialize;

/// A rule as written in the configuration.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// Glob over buffer names.
    pub name: Option<String>,
    /// Glob over the kernel writing the buffer (or whose workspace it is).
    pub op: Option<String>,
    /// `scratch`, `persistent` or `constant`.
    pub role: Option<String>,
    /// Least size in bytes, inclusive.
    pub min_size: Option<u64>,
    /// Greatest size in bytes, inclusive.
    pub max_size: Option<u64>,
    /// The banks, in priority order.
    pub banks: Vec<String>,
}

/// A checked rule, its banks as indices into the bank list.
#[derive(Clone, Debug)]
pub struct Rule {
    /// How messages name it: `placement rule #N (name = "conv*")`, with its line when known.
    pub label: String,
    name: Option<Pattern>,
    op: Option<Pattern>,
    role: Option<Role>,
    min_size: u64,
    max_size: u64,
    /// The banks, in priority order.
    pub banks: Vec<usize>,
}

impl Rule {
    /// Checks `spec` against `banks`; `label` names the rule in errors.
    ///
    /// # Errors
    ///
    /// `label` and why the rule cannot be used.
    pub fn new(label: String, spec: &RuleSpec, banks: &[Bank]) -> Result<Rule, String> {
        let fail = |why: String| Err(format!("{label}: {why}"));
        let pattern = |glob: &Option<String>| match glob {
            Some(glob) => Pattern::new(glob).map(Some).map_err(|e| format!("{label}: bad glob '{glob}': {e}")),
            None => Ok(None),
        };
        let (name, op) = (pattern(&spec.name)?, pattern(&spec.op)?);
        let role = match spec.role.as_deref() {
            None => None,
            Some(text) => match Role::parse(text) {
                Some(role) => Some(role),
                None => return fail(format!("unknown role '{text}' (scratch, persistent or constant)")),
            },
        };
        let (min_size, max_size) = (spec.min_size.unwrap_or(0), spec.max_size.unwrap_or(u64::MAX));
        if min_size > max_size {
            return fail(format!("min_size {min_size} is greater than max_size {max_size}: it matches nothing"));
        }
        if op.is_some() && role == Some(Role::Constant) {
            return fail("'op' matches the kernel writing a buffer, and constants have none".into());
        }
        if spec.banks.is_empty() {
            return fail("it names no bank".into());
        }
        let mut indices = Vec::new();
        for bank_name in &spec.banks {
            let Some(index) = banks.iter().position(|b| &b.name == bank_name) else {
                let known: Vec<&str> = banks.iter().map(|b| b.name.as_str()).collect();
                return fail(format!("unknown bank '{bank_name}' (banks: {})", known.join(", ")));
            };
            if !banks[index].writable() && role != Some(Role::Constant) {
                let what = role.map_or("planned".to_string(), |r| r.to_string());
                return fail(format!("bank '{bank_name}' is read-only and cannot hold {what} buffers"));
            }
            if indices.contains(&index) {
                return fail(format!("bank '{bank_name}' is named twice"));
            }
            indices.push(index);
        }
        Ok(Rule { label, name, op, role, min_size, max_size, banks: indices })
    }

    /// True if the rule applies to `buffer`.
    pub fn matches(&self, buffer: &Subject<'_>) -> bool {
        self.name.as_ref().is_none_or(|p| p.matches(buffer.name))
            && self.op.as_ref().is_none_or(|p| buffer.op.is_some_and(|op| p.matches(op)))
            && self.role.is_none_or(|r| r == buffer.role)
            && (self.min_size..=self.max_size).contains(&buffer.size)
    }
}

/// What a rule looks at in a buffer or constant.
#[derive(Copy, Clone, Debug)]
pub struct Subject<'a> {
    /// Its name.
    pub name: &'a str,
    /// The kernel writing it first or whose workspace it is (none for constants, arguments).
    pub op: Option<&'a str>,
    /// Its role.
    pub role: Role,
    /// Bytes.
    pub size: u64,
}

/// The banks `buffer` may go to, in priority order: the first matching rule's, else every
/// writable bank in declaration order.
pub fn candidates(banks: &[Bank], rules: &[Rule], buffer: &Subject<'_>) -> Vec<usize> {
    match rules.iter().find(|rule| rule.role != Some(Role::Constant) && rule.matches(buffer)) {
        Some(rule) => rule.banks.clone(),
        None => (0..banks.len()).filter(|&i| banks[i].writable()).collect(),
    }
}

/// The rule that places the constant `name` of `size` bytes: the first `role = "constant"` rule
/// that matches it (none: it stays in place).
pub fn constant_rule<'r>(rules: &'r [Rule], name: &str, size: u64) -> Option<&'r Rule> {
    let constant = Subject { name, op: None, role: Role::Constant, size };
    rules.iter().find(|rule| rule.role == Some(Role::Constant) && rule.matches(&constant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::banks::parse_pools;

    fn banks() -> Vec<Bank> {
        parse_pools(&["dtcm:64K".into(), "sram:256K".into(), "flash::ro".into()]).unwrap()
    }

    fn rule(spec: RuleSpec) -> Result<Rule, String> {
        Rule::new("placement rule #1".into(), &spec, &banks())
    }

    fn spec(banks: &[&str]) -> RuleSpec {
        RuleSpec { banks: banks.iter().map(|b| b.to_string()).collect(), ..RuleSpec::default() }
    }

    fn buffer(name: &str, role: Role, size: u64) -> Subject<'_> {
        Subject { name, op: None, role, size }
    }

    #[test]
    fn rules_match_by_name_op_role_and_size() {
        let conv = rule(RuleSpec { name: Some("conv*".into()), ..spec(&["sram"]) }).unwrap();
        assert!(conv.matches(&buffer("conv2d/out", Role::Scratch, 10)));
        assert!(!conv.matches(&buffer("pool/out", Role::Scratch, 10)));
        let depthwise = rule(RuleSpec { op: Some("depthwise*".into()), ..spec(&["dtcm"]) }).unwrap();
        let written_by = |op| Subject { op, ..buffer("t", Role::Scratch, 10) };
        assert!(depthwise.matches(&written_by(Some("depthwise_conv_2d"))));
        assert!(!depthwise.matches(&written_by(Some("conv_2d"))) && !depthwise.matches(&written_by(None)));
        let state = rule(RuleSpec { role: Some("persistent".into()), ..spec(&["dtcm"]) }).unwrap();
        assert!(state.matches(&buffer("x", Role::Persistent, 1)) && !state.matches(&buffer("x", Role::Scratch, 1)));
        let mid = rule(RuleSpec { min_size: Some(16), max_size: Some(32), ..spec(&["dtcm"]) }).unwrap();
        assert_eq!([8, 16, 32, 33].map(|s| mid.matches(&buffer("x", Role::Scratch, s))), [false, true, true, false]);
    }

    #[test]
    fn the_first_matching_rule_wins_and_others_go_everywhere_writable() {
        let rules = vec![
            rule(RuleSpec { name: Some("big*".into()), ..spec(&["sram"]) }).unwrap(),
            rule(RuleSpec { max_size: Some(100), ..spec(&["dtcm", "sram"]) }).unwrap(),
        ];
        let banks = banks();
        assert_eq!(candidates(&banks, &rules, &buffer("big_small", Role::Scratch, 10)), vec![1]);
        assert_eq!(candidates(&banks, &rules, &buffer("small", Role::Scratch, 10)), vec![0, 1]);
        // No rule: the writable banks in order, never the read-only flash.
        assert_eq!(candidates(&banks, &rules, &buffer("other", Role::Scratch, 1000)), vec![0, 1]);
    }

    #[test]
    fn constants_follow_constant_rules_only() {
        let weights =
            RuleSpec { name: Some("conv*".into()), role: Some("constant".into()), ..spec(&["dtcm", "flash"]) };
        let rules = vec![rule(weights).unwrap(), rule(RuleSpec { name: Some("*".into()), ..spec(&["sram"]) }).unwrap()];
        // A read-only bank is allowed in a constant rule: the constant may stay in place.
        assert_eq!(constant_rule(&rules, "conv1/w", 64).map(|r| r.banks.clone()), Some(vec![0, 2]));
        // The catch-all rule has no role: it places buffers, never constants.
        assert!(constant_rule(&rules, "fc/w", 64).is_none());
        // And a constant rule never places buffers.
        assert_eq!(candidates(&banks(), &rules, &buffer("conv1/out", Role::Scratch, 64)), vec![1]);
    }

    #[test]
    fn contradictory_rules_are_refused_naming_the_rule() {
        for (bad, why) in [
            (spec(&["itcm"]), "unknown bank 'itcm' (banks: dtcm, sram, flash)"),
            (RuleSpec { role: Some("scratch".into()), ..spec(&["flash"]) }, "read-only and cannot hold scratch"),
            (spec(&[]), "names no bank"),
            (spec(&["sram", "sram"]), "named twice"),
            (RuleSpec { min_size: Some(9), max_size: Some(8), ..spec(&["sram"]) }, "matches nothing"),
            (RuleSpec { role: Some("weights".into()), ..spec(&["sram"]) }, "unknown role 'weights'"),
            (RuleSpec { name: Some("[".into()), ..spec(&["sram"]) }, "bad glob '['"),
            (RuleSpec { op: Some("conv[".into()), ..spec(&["sram"]) }, "bad glob 'conv['"),
            (
                RuleSpec { op: Some("conv*".into()), role: Some("constant".into()), ..spec(&["sram"]) },
                "constants have none",
            ),
        ] {
            let error = rule(bad).unwrap_err();
            assert!(error.starts_with("placement rule #1: ") && error.contains(why), "{error}");
        }
    }
}
