//! The pass registry: passes by argument, created with their options from pipeline text, and
//! listed for `--help`.

use super::options::{OptionSpec, describe_option_error};
use super::pass_trait::Pass;
use super::pipeline_text::PassOption;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Creates a fresh instance of a pass with default options.
pub type PassConstructor = fn() -> Box<dyn Pass>;

/// What `--help` shows about a registered pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassInfo {
    /// The pipeline name, e.g. `canonicalize`.
    pub argument: String,
    /// The display name, e.g. `Canonicalizer`.
    pub name: String,
    /// One-line summary.
    pub summary: String,
    /// Longer description; may be empty.
    pub description: String,
    /// The op the pass is restricted to, if any.
    pub anchor: Option<String>,
    /// Its options, sorted by name.
    pub options: Vec<OptionSpec>,
}

impl PassInfo {
    fn of(pass: &dyn Pass) -> Self {
        PassInfo {
            argument: pass.argument().to_owned(),
            name: pass.name(),
            summary: pass.summary().to_owned(),
            description: pass.description().to_owned(),
            anchor: pass.anchor().map(str::to_owned),
            options: pass.options().map(|options| options.specs()).unwrap_or_default(),
        }
    }
}

/// The passes a tool knows, by argument. Tools register passes explicitly (as `mlir-opt` does)
/// and build pipelines from text against the registry.
#[derive(Clone, Debug, Default)]
pub struct PassRegistry {
    passes: BTreeMap<String, PassConstructor>,
}

impl PassRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers the pass `constructor` creates, under its argument.
    ///
    /// # Errors
    ///
    /// Fails if a pass with the same argument is registered already, or if the argument or an
    /// option name is not kebab-case (lowercase ASCII letters and digits separated by single
    /// `-`).
    pub fn register(&mut self, constructor: PassConstructor) -> Result<(), String> {
        let info = PassInfo::of(&*constructor());
        if !is_kebab_case(&info.argument) {
            return Err(format!("pass argument '{}' is not kebab-case", info.argument));
        }
        if let Some(option) = info.options.iter().find(|option| !is_kebab_case(&option.name)) {
            return Err(format!("option '{}' of pass '{}' is not kebab-case", option.name, info.argument));
        }
        if self.passes.contains_key(&info.argument) {
            return Err(format!("pass '{}' is already registered", info.argument));
        }
        self.passes.insert(info.argument, constructor);
        Ok(())
    }

    /// The constructor of the pass registered as `argument`.
    pub fn lookup(&self, argument: &str) -> Option<PassConstructor> {
        self.passes.get(argument).copied()
    }

    /// Creates the pass registered as `argument` and sets `options` on it, in order.
    ///
    /// # Errors
    ///
    /// An unknown pass (`'csee' does not refer to a registered pass; did you mean 'cse'?`), an
    /// unknown option, an invalid value, or an option given twice.
    pub fn create(&self, argument: &str, options: &[PassOption]) -> Result<Box<dyn Pass>, String> {
        let Some(constructor) = self.lookup(argument) else {
            let mut message = format!("'{argument}' does not refer to a registered pass");
            if let Some(suggestion) = closest_match(argument, self.passes.keys().map(String::as_str)) {
                message.push_str(&format!("; did you mean '{suggestion}'?"));
            }
            return Err(message);
        };
        let mut pass = constructor();
        for (index, option) in options.iter().enumerate() {
            if options[..index].iter().any(|earlier| earlier.key == option.key) {
                return Err(format!("option '{}' of pass '{argument}' is given more than once", option.key));
            }
            let raw = option.value.as_deref();
            let result = match pass.options_mut() {
                Some(set) => set.set_option(&option.key, raw),
                None => Err(super::options::OptionError::NoSuchOption),
            };
            if let Err(error) = result {
                let specs = pass.options().map(|set| set.specs()).unwrap_or_default();
                let names: Vec<&str> = specs.iter().map(|spec| spec.name.as_str()).collect();
                return Err(describe_option_error(&error, argument, &option.key, raw, &names));
            }
        }
        Ok(pass)
    }

    /// Every registered pass, sorted by argument.
    pub fn infos(&self) -> Vec<PassInfo> {
        self.passes.values().map(|constructor| PassInfo::of(&*constructor())).collect()
    }

    /// The pass list for `--help`, in the style of `mlir-opt --help`:
    ///
    /// ```text
    ///   --canonicalize                 - Canonicalize operations
    ///     --max-iterations=<int>       - Maximum number of sweeps (default: 10)
    /// ```
    pub fn help(&self) -> String {
        let infos = self.infos();
        let mut lines: Vec<(String, String)> = Vec::new();
        for info in &infos {
            let mut summary = info.summary.clone();
            if let Some(anchor) = &info.anchor {
                summary.push_str(&format!(" (on '{anchor}')"));
            }
            lines.push((format!("  --{}", info.argument), summary));
            for option in &info.options {
                let mut description = option.description.clone();
                if let Some(default) = &option.default {
                    description.push_str(&format!(" (default: {default})"));
                }
                lines.push((format!("    --{}=<{}>", option.name, option.type_name), description));
            }
        }
        let width = lines.iter().map(|(flag, _)| flag.len()).max().unwrap_or(0);
        let mut out = String::new();
        for (flag, description) in lines {
            let _ = writeln!(out, "{flag:width$} - {description}");
        }
        out
    }
}

/// True for `a`, `cse`, `symbol-dce`, `x2-y`: lowercase ASCII words joined by single `-`.
fn is_kebab_case(name: &str) -> bool {
    !name.is_empty()
        && name
            .split('-')
            .all(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

/// The candidate closest to `name` by edit distance, if it is close enough to be a plausible
/// misspelling: at most a third of the name's length (and at least one edit) away.
pub(crate) fn closest_match<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(name, candidate), candidate))
        .filter(|&(distance, _)| distance <= limit)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// Edit distance between two strings, by characters: insertions, deletions, substitutions and
/// transpositions of adjacent characters each cost one (optimal string alignment distance).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j] is the distance between the first i characters of a and the first j of b.
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(rows[i - 1][j] + 1).min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::test_util::{CountOps, test_registry};

    fn option(key: &str, value: Option<&str>) -> PassOption {
        PassOption { key: key.to_owned(), value: value.map(str::to_owned) }
    }

    fn printed_options(pass: &dyn Pass) -> Vec<String> {
        pass.options().unwrap().print_options().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn creates_passes_with_options() {
        let registry = test_registry();
        let pass = registry.create("rename-attr", &[option("to", Some("renamed")), option("verbose", None)]).unwrap();
        assert_eq!(pass.argument(), "rename-attr");
        assert_eq!(
            printed_options(&*pass),
            ["from=old", "max-renames=-1", "scope=nested", "to=renamed", "verbose=true"]
        );
        assert!(registry.lookup("count-ops").is_some());
        assert!(registry.lookup("nope").is_none());
    }

    #[test]
    fn unknown_pass_suggests_closest() {
        let registry = test_registry();
        let error = |name| registry.create(name, &[]).err().unwrap();
        assert_eq!(error("count-op"), "'count-op' does not refer to a registered pass; did you mean 'count-ops'?");
        assert_eq!(
            error("renameattr"),
            "'renameattr' does not refer to a registered pass; did you mean 'rename-attr'?"
        );
        assert_eq!(error("xyz"), "'xyz' does not refer to a registered pass");
    }

    #[test]
    fn option_errors() {
        let registry = test_registry();
        let error = |options: &[PassOption]| registry.create("rename-attr", options).err().unwrap();
        assert_eq!(
            error(&[option("form", Some("a"))]),
            "no such option 'form' for pass 'rename-attr'; did you mean 'from'?"
        );
        assert_eq!(
            error(&[option("max-renames", Some("many"))]),
            "invalid value 'many' for option 'max-renames': expected an integer"
        );
        assert_eq!(
            error(&[option("scope", Some("all"))]),
            "invalid value 'all' for option 'scope': expected one of 'root', 'nested'"
        );
        assert_eq!(
            error(&[option("to", Some("a")), option("to", Some("b"))]),
            "option 'to' of pass 'rename-attr' is given more than once"
        );
        assert_eq!(
            registry.create("count-ops", &[option("n", Some("1"))]).err().unwrap(),
            "no such option 'n' for pass 'count-ops'; 'count-ops' has no options"
        );
    }

    #[test]
    fn registration_is_validated() {
        let mut registry = test_registry();
        assert_eq!(registry.register(|| Box::new(CountOps)), Err("pass 'count-ops' is already registered".to_owned()));

        struct BadName;
        impl Pass for BadName {
            fn argument(&self) -> &str {
                "Bad_Name"
            }
            fn summary(&self) -> &str {
                ""
            }
            fn run(
                &mut self,
                _: &mut crate::Context,
                _: crate::OpId,
                _: &mut crate::pass::AnalysisManager,
            ) -> Result<(), crate::Failure> {
                Ok(())
            }
        }
        assert_eq!(
            registry.register(|| Box::new(BadName)),
            Err("pass argument 'Bad_Name' is not kebab-case".to_owned())
        );
        for (name, kebab) in [
            ("cse", true),
            ("symbol-dce", true),
            ("x2-y", true),
            ("", false),
            ("-a", false),
            ("a--b", false),
            ("a-", false),
            ("A", false),
        ] {
            assert_eq!(is_kebab_case(name), kebab, "{name:?}");
        }
    }

    #[test]
    fn infos_and_help_list_passes_and_options() {
        let registry = test_registry();
        let infos = registry.infos();
        let arguments: Vec<&str> = infos.iter().map(|info| info.argument.as_str()).collect();
        assert_eq!(arguments, ["always-fail", "break-ir", "count-ops", "fail-on-b", "func-only", "rename-attr"]);
        let rename = infos.iter().find(|info| info.argument == "rename-attr").unwrap();
        assert_eq!(rename.name, "RenameAttribute");
        assert_eq!(rename.options.len(), 6);
        let help = registry.help();
        assert!(help.contains("  --count-ops    "), "{help}");
        assert!(help.contains(" - Count the ops under the op\n"), "{help}");
        assert!(help.contains(" - A pass that only runs on test.func (on 'test.func')\n"), "{help}");
        assert!(help.contains("    --max-renames=<int>"), "{help}");
        assert!(help.contains(" - Rename at most this many attributes; -1 for no limit. (default: -1)\n"), "{help}");
        assert!(help.contains("    --scope=<root|nested>"), "{help}");
        assert!(help.contains("    --skip=<list<string>>"), "{help}");
        assert!(help.contains(" - Ops to skip, by name.\n"), "{help}");
        let widths: Vec<usize> = help.lines().map(|line| line.find(" - ").unwrap()).collect();
        assert!(widths.windows(2).all(|pair| pair[0] == pair[1]), "{help}");
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("cse", "csee"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("form", "from"), 1);
        assert_eq!(edit_distance("ca", "abc"), 3);
        assert_eq!(closest_match("csee", ["cse", "dce", "canonicalize"]), Some("cse"));
        assert_eq!(closest_match("canonicalise", ["cse", "canonicalize"]), Some("canonicalize"));
        assert_eq!(closest_match("zzz", ["cse"]), None);
        assert_eq!(closest_match("x", Vec::<&str>::new()), None);
    }
}
