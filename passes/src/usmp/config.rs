//! The memory configuration: banks, placement rules, budgets and the planner, from the pass's
//! options (`pools`, or the single `bank` and its `capacity`) or from the `[memory]` table of a
//! TOML file (`usmp{config=mc.toml}`; the file's other tables belong to other tools).
//!
//! ```toml
//! [memory]
//! planner = "exact"                  # usmp's `algorithm`; the option applies when absent
//!
//! [[memory.banks]]                   # in priority order
//! name = "dtcm"
//! capacity = 65536                   # bytes; absent: unbounded
//! access = "rw"                      # "rw" (default) or "ro"
//! alignment = 16                     # least pool alignment (default 16)
//!
//! [[memory.banks]]
//! name = "sram"
//!
//! [[memory.placement]]               # see `placement`: first match wins
//! name = "conv*"
//! banks = ["sram"]
//!
//! [memory.budgets]                   # caps a bank below its capacity
//! sram = 200000
//!
//! [memory]                           # (same table) read by `buffer-patch`:
//! peak_bytes = 20000                 # a goal the patch of the early layers must meet
//! [memory.patch]                     # or the run and grid it takes
//! layers = 4
//! tiles = [2, 2]
//!
//! [memory]                           # (same table) read by the code generator, `mcc`:
//! allocate_arenas = true             # false: the application binds every region
//! dump_residency_json = true         # write <prefix>_residency.json; or a path (below)
//! ```
//!
//! `dump_residency_json` is `true` (the default: the tool's own report file, `mcc`'s
//! `<prefix>_residency.json`), `false` (none), or a path: the report goes there (relative to the
//! current folder), from `mcc` and from the `usmp` pass itself when its `residency-report`
//! option names no file.
//!
//! Errors name the file and, for a syntax error, an unknown key (with the closest known one) or
//! a bad rule, bank or budget, its line.

use super::algorithm::AlgorithmChoice;
use super::banks::{Access, Bank, check_name, check_unique, parse_pools};
use super::placement::{Rule, RuleSpec};
use mc_dialects::buffer::DEFAULT_ALIGNMENT;
use mc_ir::pass::OptionType;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// Banks, rules and the planner, checked.
#[derive(Clone, Debug)]
pub struct MemoryConfig {
    /// The banks, in priority order.
    pub banks: Vec<Bank>,
    /// The placement rules, in order.
    pub rules: Vec<Rule>,
    /// The planner the file asks for.
    pub planner: Option<AlgorithmChoice>,
    /// Whether the object allocates its arenas (`memory.allocate_arenas`, default true).
    pub allocate_arenas: bool,
    /// Whether and where the residency report is written (`memory.dump_residency_json`).
    pub dump_residency_json: ResidencyDump,
}

/// `memory.dump_residency_json`: `true`, `false` or a path.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged, expecting = "dump_residency_json: true, false or a path")]
pub enum ResidencyDump {
    /// `true`: the tool's own report file; `false`: none.
    Default(bool),
    /// Write it to this path.
    To(String),
}

impl Default for ResidencyDump {
    /// `true`.
    fn default() -> Self {
        ResidencyDump::Default(true)
    }
}

impl ResidencyDump {
    /// True unless `false`.
    pub fn enabled(&self) -> bool {
        *self != ResidencyDump::Default(false)
    }

    /// The path given, if any.
    pub fn path(&self) -> Option<&str> {
        match self {
            ResidencyDump::To(path) => Some(path),
            ResidencyDump::Default(_) => None,
        }
    }
}

/// The whole file: only `[memory]` is read here.
#[derive(Deserialize)]
struct File {
    memory: Option<MemorySection>,
}

/// `[memory]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MemorySection {
    planner: Option<Spanned<String>>,
    allocate_arenas: Option<bool>,
    dump_residency_json: Option<ResidencyDump>,
    #[serde(default)]
    banks: Vec<Spanned<BankSpec>>,
    #[serde(default)]
    placement: Vec<Spanned<RuleSpec>>,
    #[serde(default)]
    budgets: BTreeMap<String, Spanned<u64>>,
    /// Read by `buffer-patch` ([`crate::buffer::patch::config`]).
    #[serde(rename = "peak_bytes")]
    _peak_bytes: Option<toml::Value>,
    /// Read by `buffer-patch` ([`crate::buffer::patch::config`]).
    #[serde(rename = "patch")]
    _patch: Option<toml::Value>,
}

/// `[[memory.banks]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BankSpec {
    name: String,
    capacity: Option<u64>,
    access: Option<String>,
    alignment: Option<u64>,
}

impl MemoryConfig {
    /// The configuration the options give: the banks of `pools`, else the single `bank` with
    /// `capacity` (0: unbounded); no rules.
    ///
    /// # Errors
    ///
    /// A malformed `pools` item or a bank named twice; a `capacity` given with `pools`.
    pub fn from_options(pools: &[String], bank: &str, capacity: i64) -> Result<MemoryConfig, String> {
        let banks = if pools.is_empty() {
            check_name(bank)?;
            vec![Bank::new(bank, u64::try_from(capacity).ok().filter(|&c| c > 0))]
        } else if capacity != 0 {
            return Err("'capacity' is the single 'bank's; give each bank's capacity in 'pools'".into());
        } else {
            parse_pools(pools)?
        };
        Ok(MemoryConfig {
            banks,
            rules: Vec::new(),
            planner: None,
            allocate_arenas: true,
            dump_residency_json: ResidencyDump::default(),
        })
    }

    /// Reads the `[memory]` table of a TOML file's `text`; `path` names it in errors.
    ///
    /// # Errors
    ///
    /// A TOML syntax error, an unknown key, or a bank, rule or budget that cannot be used, with
    /// its line.
    pub fn from_toml(path: &str, text: &str) -> Result<MemoryConfig, String> {
        let file: File = toml::from_str(text).map_err(|e| toml_error(path, text, &e))?;
        let Some(memory) = file.memory else {
            return Err(format!("{path}: no [memory] table"));
        };
        let at = |span: std::ops::Range<usize>| format!("{path}:{}", line_of(text, span.start));
        let mut banks = Vec::new();
        for spec in &memory.banks {
            let bank = bank_of(spec.get_ref()).map_err(|why| format!("{}: {why}", at(spec.span())))?;
            banks.push(bank);
        }
        if banks.is_empty() {
            return Err(format!("{path}: [memory] declares no bank ([[memory.banks]])"));
        }
        check_unique(&banks).map_err(|why| format!("{path}: {why}"))?;
        for (name, budget) in &memory.budgets {
            let Some(bank) = banks.iter_mut().find(|b| &b.name == name) else {
                return Err(format!("{}: budget for unknown bank '{name}'", at(budget.span())));
            };
            let budget = *budget.get_ref();
            if budget == 0 {
                return Err(format!("{}: budget 0 for bank '{name}' holds nothing", at(memory.budgets[name].span())));
            }
            bank.capacity = Some(bank.capacity.map_or(budget, |c| c.min(budget)));
        }
        let rules = memory
            .placement
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let label = format!("{}: placement rule #{}{}", at(spec.span()), i + 1, describe(spec.get_ref()));
                Rule::new(label, spec.get_ref(), &banks)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let planner =
            match &memory.planner {
                None => None,
                Some(text) => Some(AlgorithmChoice::parse_value(Some(text.get_ref())).map_err(|expected| {
                    format!("{}: planner '{}' is not {expected}", at(text.span()), text.get_ref())
                })?),
            };
        Ok(MemoryConfig {
            banks,
            rules,
            planner,
            allocate_arenas: memory.allocate_arenas.unwrap_or(true),
            dump_residency_json: memory.dump_residency_json.unwrap_or_default(),
        })
    }
}

/// A TOML or schema error of the file `path` (contents `text`): `path:line: message`, an unknown
/// key with the closest known one.
pub fn toml_error(path: &str, text: &str, error: &toml::de::Error) -> String {
    let at = error.span().map_or_else(|| path.to_string(), |span| format!("{path}:{}", line_of(text, span.start)));
    let message = error.message().trim_end();
    let unknown = message.strip_prefix("unknown field `").and_then(|rest| rest.split_once("`, expected "));
    match unknown {
        Some((key, expected)) => {
            let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            format!("{at}: unknown key '{key}'{}", did_you_mean(key, &known))
        }
        None => format!("{at}: {message}"),
    }
}

/// `; did you mean 'x'?` for the candidate closest to `word`, if one is close; else the list.
pub fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    let closest = candidates
        .iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), *c))
        .min()
        .filter(|&(distance, c)| distance <= (c.len() / 3).max(2));
    match closest {
        Some((_, c)) => format!("; did you mean '{c}'?"),
        None => format!(" (known: {})", candidates.join(", ")),
    }
}

/// A bank from its table.
fn bank_of(spec: &BankSpec) -> Result<Bank, String> {
    check_name(&spec.name)?;
    let access = match spec.access.as_deref() {
        None => Access::ReadWrite,
        Some(text) => {
            Access::parse(text).ok_or_else(|| format!("bank '{}': access '{text}' is neither rw nor ro", spec.name))?
        }
    };
    let alignment = spec.alignment.unwrap_or(DEFAULT_ALIGNMENT);
    if !alignment.is_power_of_two() {
        return Err(format!("bank '{}': alignment {alignment} is not a power of two", spec.name));
    }
    let bank = Bank { name: spec.name.clone(), capacity: spec.capacity, alignment, access };
    bank.check()?;
    Ok(bank)
}

/// ` (name = "conv*", role = "scratch")`: what a rule matches, for its label.
fn describe(spec: &RuleSpec) -> String {
    let mut parts = Vec::new();
    if let Some(name) = &spec.name {
        parts.push(format!("name = \"{name}\""));
    }
    if let Some(op) = &spec.op {
        parts.push(format!("op = \"{op}\""));
    }
    if let Some(role) = &spec.role {
        parts.push(format!("role = \"{role}\""));
    }
    if let Some(size) = spec.min_size {
        parts.push(format!("min_size = {size}"));
    }
    if let Some(size) = spec.max_size {
        parts.push(format!("max_size = {size}"));
    }
    if parts.is_empty() { String::new() } else { format!(" ({})", parts.join(", ")) }
}

/// The 1-based line of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::algorithm::Algorithm;

    const FILE: &str = r#"
[other]
anything = 1

[memory]
planner = "greedy_by_size"

[[memory.banks]]
name = "dtcm"
capacity = 65536

[[memory.banks]]
name = "sram"
capacity = 262144

[[memory.banks]]
name = "flash"
access = "ro"

[[memory.placement]]
name = "conv*"
banks = ["sram"]

[memory.budgets]
sram = 100000
"#;

    #[test]
    fn a_file_gives_banks_rules_budgets_and_planner() {
        let config = MemoryConfig::from_toml("mc.toml", FILE).unwrap();
        let names: Vec<&str> = config.banks.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["dtcm", "sram", "flash"]);
        assert_eq!(config.banks[1].capacity, Some(100_000), "the budget caps the capacity");
        assert!(!config.banks[2].writable());
        assert_eq!(config.rules.len(), 1);
        assert!(config.rules[0].label.starts_with("mc.toml:20: placement rule #1 (name = \"conv*\")"));
        assert_eq!(config.planner, Some(Algorithm::GreedyBySize.into()));
        assert!(config.allocate_arenas && config.dump_residency_json.enabled(), "both default to true");
        let code = MemoryConfig::from_toml(
            "mc.toml",
            &FILE.replace("[memory]\n", "[memory]\nallocate_arenas = false\ndump_residency_json = false\n"),
        )
        .unwrap();
        assert!(!code.allocate_arenas && !code.dump_residency_json.enabled());
        let dump = |value: &str| {
            let text = FILE.replace("[memory]\n", &format!("[memory]\ndump_residency_json = {value}\n"));
            MemoryConfig::from_toml("mc.toml", &text).map(|c| c.dump_residency_json)
        };
        assert_eq!(dump("\"out/plan.json\"").unwrap().path(), Some("out/plan.json"));
        let error = dump("3").unwrap_err();
        assert!(
            error.starts_with("mc.toml:") && error.ends_with("dump_residency_json: true, false or a path"),
            "{error}"
        );
    }

    #[test]
    fn errors_name_the_file_and_line() {
        for (text, why) in [
            ("[memory\n", "mc.toml:1: unclosed table"),
            ("[memory]\nplanner = \"fastest\"\n[[memory.banks]]\nname = \"a\"\n", "mc.toml:2: planner 'fastest'"),
            (
                "[memory]\n[[memory.banks]]\nname = \"a\"\n[[memory.banks]]\nname = \"a\"\n",
                "bank 'a' is declared twice",
            ),
            (
                "[memory]\n[[memory.banks]]\nname = \"a\"\n[memory.budgets]\nb = 1\n",
                "mc.toml:5: budget for unknown bank 'b'",
            ),
            ("[memory]\n[[memory.banks]]\nname = \"a\"\naccess = \"wo\"\n", "mc.toml:2: bank 'a': access 'wo'"),
            ("[memory]\nbanks = []\n", "declares no bank"),
            ("[memory]\nbank = 1\n", "mc.toml:2: unknown key 'bank'; did you mean 'banks'?"),
            (
                "[memory]\nalocate_arenas = false\n",
                "mc.toml:2: unknown key 'alocate_arenas'; did you mean 'allocate_arenas'?",
            ),
            ("[memory]\nwhatever = 1\n", "unknown key 'whatever' (known: planner, allocate_arenas"),
            ("[memory]\n[[memory.banks]]\nnmae = \"a\"\n", "mc.toml:3: unknown key 'nmae'; did you mean 'name'?"),
            ("[other]\n", "no [memory] table"),
        ] {
            let error = MemoryConfig::from_toml("mc.toml", text).unwrap_err();
            assert!(error.contains(why), "{text}: {error}");
        }
    }

    #[test]
    fn the_options_give_the_pools_or_the_single_bank() {
        let single = MemoryConfig::from_options(&[], "sram", 48).unwrap();
        assert_eq!(single.banks, vec![Bank::new("sram", Some(48))]);
        assert_eq!(MemoryConfig::from_options(&[], "sram", 0).unwrap().banks[0].capacity, None);
        let pools = MemoryConfig::from_options(&["a:1".into(), "b".into()], "sram", 0).unwrap();
        assert_eq!(pools.banks.len(), 2);
        assert!(MemoryConfig::from_options(&["a:1".into()], "sram", 5).unwrap_err().contains("'capacity'"));
    }
}
