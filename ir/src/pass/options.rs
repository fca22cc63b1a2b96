//! Typed pass options: declared once per pass with [`pass_options!`](crate::pass_options), parsed
//! from the `{key=value ...}` text of a pipeline, and printed back so a pipeline prints to text that
//! parses to the same options.
//!
//! ```
//! mc_ir::option_enum! {
//!     /// How aggressively regions are simplified.
//!     pub enum RegionSimplify {
//!         /// No region simplification.
//!         Disabled = "disabled",
//!         /// Cheap simplifications only.
//!         Normal = "normal",
//!     }
//! }
//!
//! mc_ir::pass_options! {
//!     /// Options of `canonicalize`.
//!     pub struct CanonicalizeOptions {
//!         /// Maximum number of pattern-application sweeps.
//!         max_iterations: i64 = 10,
//!         /// How aggressively regions are simplified.
//!         region_simplify: RegionSimplify = RegionSimplify::Normal,
//!         /// Labels of patterns that must not run.
//!         disable_patterns: Vec<String> = Vec::new(),
//!     }
//! }
//!
//! use mc_ir::pass::OptionSet;
//! let mut options = CanonicalizeOptions::default();
//! options.set_option("max-iterations", Some("3")).unwrap();
//! assert_eq!(options.max_iterations, 3);
//! ```
//!
//! Option names are the field names in kebab-case (`max_iterations` is `max-iterations`); the doc
//! comment of a field is the option's description in `--help`.
//!
//! Value syntax follows MLIR: a bare flag (`{top-down}`) sets a `bool` to true; booleans accept
//! `true`/`false`/`1`/`0`; integers accept decimal and `0x` hexadecimal; a value may be wrapped in
//! quotes or braces (`label="a b"`, `label={a b}`); list values are comma-separated, and an item
//! containing commas or spaces is quoted (`names="a,b",c`). Unlike MLIR, giving an option twice is
//! an error (MLIR keeps the last scalar and appends list items).
//!
//! Printing follows MLIR too: every option is printed, in name order, lists in braces (`{1,2}`),
//! except an empty list whose default is also empty. A string is quoted when it contains spaces,
//! braces or quotes. Two kinds of string cannot survive printing and parsing: one with leading or
//! trailing whitespace (the parser trims it, as MLIR's does) and one containing both kinds of
//! quote (`"` and `'`).

use super::pipeline_text::{PassOption, clean_value, list_items};

/// Why an option could not be set; [`describe_option_error`] words it for users.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The pass has no option with this name.
    NoSuchOption,
    /// The value does not parse; `expected` says what would, e.g. `an integer`.
    InvalidValue {
        /// What the value should have been, e.g. `an integer` or `one of 'a', 'b'`.
        expected: String,
    },
}

/// A value type an option can have: `bool`, integers, `f64`, `String`, enums declared with
/// [`option_enum!`](crate::option_enum), and `Vec`s of those as comma-separated lists.
pub trait OptionType: Sized {
    /// True for list types, whose empty value is omitted when printing (when the default is empty).
    const IS_LIST: bool = false;

    /// How `--help` names the type: `bool`, `int`, `uint`, `float`, `string`, `list<int>`, or the
    /// enum's values joined by `|`.
    fn type_name() -> String;

    /// Parses a raw value as stored in [`PassOption::value`] (quotes and braces still present);
    /// `None` is a bare flag. The error says what was expected, e.g. `an integer`.
    fn parse_value(raw: Option<&str>) -> Result<Self, String>;

    /// The value as option text that [`parse_value`](Self::parse_value) reads back.
    fn print_value(&self) -> String;
}

/// A pass's set of options, as seen by the pass manager and the registry.
///
/// Implemented by [`pass_options!`](crate::pass_options); passes expose it through
/// [`Pass::options`](super::Pass::options) and [`Pass::options_mut`](super::Pass::options_mut).
pub trait OptionSet {
    /// Every option, sorted by name, with its default value.
    fn specs(&self) -> Vec<OptionSpec>;

    /// Sets option `key` from a raw value (`None` for a bare flag).
    ///
    /// # Errors
    ///
    /// [`OptionError::NoSuchOption`] if there is no option `key`, [`OptionError::InvalidValue`] if
    /// the value does not parse; the option keeps its previous value then.
    fn set_option(&mut self, key: &str, raw: Option<&str>) -> Result<(), OptionError>;

    /// The current values as `key=value` entries, sorted by key, in the form the pipeline printer
    /// writes and [`set_option`](Self::set_option) reads back.
    fn print_options(&self) -> Vec<PassOption>;
}

/// The description of one option, for `--help` and for validation at registration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Kebab-case name, e.g. `max-iterations`.
    pub name: String,
    /// The type as [`OptionType::type_name`] spells it.
    pub type_name: String,
    /// The default value as option text; `None` for an empty list.
    pub default: Option<String>,
    /// What the option does (the field's doc comment).
    pub description: String,
}

impl OptionSpec {
    /// The spec of an option declared as field `field` of type `T` with default `default` and doc
    /// comment lines `doc`. Used by [`pass_options!`](crate::pass_options).
    pub fn new<T: OptionType>(field: &str, default: &T, doc: &[&str]) -> Self {
        let printed = default.print_value();
        let description = doc.iter().map(|line| line.trim()).filter(|line| !line.is_empty()).collect::<Vec<_>>();
        OptionSpec {
            name: kebab_case(field),
            type_name: T::type_name(),
            default: (!(T::IS_LIST && printed == EMPTY_LIST)).then_some(printed),
            description: description.join(" "),
        }
    }
}

/// `snake_case` to `kebab-case`: the option name of a field.
pub fn kebab_case(field: &str) -> String {
    field.replace('_', "-")
}

/// Words an option error for users, e.g. `invalid value 'abc' for option 'n': expected an integer`
/// or `no such option 'x' for pass 'y'; did you mean 'z'?`.
///
/// `valid` lists the pass's option names, to suggest the closest one to a misspelled `key`.
pub fn describe_option_error(error: &OptionError, pass: &str, key: &str, raw: Option<&str>, valid: &[&str]) -> String {
    match error {
        OptionError::NoSuchOption => {
            let mut message = format!("no such option '{key}' for pass '{pass}'");
            match super::registry::closest_match(key, valid.iter().copied()) {
                Some(suggestion) => message.push_str(&format!("; did you mean '{suggestion}'?")),
                None if valid.is_empty() => message.push_str(&format!("; '{pass}' has no options")),
                None => message.push_str(&format!("; valid options: {}", valid.join(", "))),
            }
            message
        }
        OptionError::InvalidValue { expected } => match raw {
            Some(raw) => format!("invalid value '{raw}' for option '{key}': expected {expected}"),
            None => format!("missing value for option '{key}': expected {expected}"),
        },
    }
}

/// Sets `target` from `raw`, or says what was expected. Used by [`pass_options!`](crate::pass_options).
///
/// # Errors
///
/// [`OptionError::InvalidValue`] if the value does not parse as a `T`.
pub fn set_value<T: OptionType>(target: &mut T, raw: Option<&str>) -> Result<(), OptionError> {
    *target = T::parse_value(raw).map_err(|expected| OptionError::InvalidValue { expected })?;
    Ok(())
}

/// The printed `key=value` entry of an option, or `None` when it is an empty list whose default is
/// empty too (MLIR omits those). Used by [`pass_options!`](crate::pass_options).
pub fn print_entry<T: OptionType>(field: &str, value: &T, default: &T) -> Option<PassOption> {
    let text = value.print_value();
    if T::IS_LIST && text == EMPTY_LIST && default.print_value() == EMPTY_LIST {
        return None;
    }
    Some(PassOption { key: kebab_case(field), value: Some(text) })
}

/// How an empty list option prints.
const EMPTY_LIST: &str = "{}";

/// Quotes `text` if the pipeline parser would otherwise split or alter it; `in_list` also protects
/// the characters that separate or group list items.
fn quote(text: &str, in_list: bool) -> String {
    let special = |c: char| {
        c.is_whitespace()
            || matches!(c, '{' | '}' | '"' | '\'')
            || (in_list && matches!(c, ',' | '[' | ']' | '(' | ')'))
    };
    let needs_quotes = text.chars().any(special) || (in_list && text.is_empty());
    if !needs_quotes {
        text.to_owned()
    } else if !text.contains('"') {
        format!("\"{text}\"")
    } else if !text.contains('\'') {
        format!("'{text}'")
    } else {
        format!("{{{text}}}")
    }
}

/// The scalar text of a raw value, or an error naming `expected` for a bare flag.
fn scalar<'a>(raw: Option<&'a str>, expected: &str) -> Result<&'a str, String> {
    raw.map(clean_value).ok_or_else(|| expected.to_owned())
}

impl OptionType for bool {
    fn type_name() -> String {
        "bool".to_owned()
    }

    fn parse_value(raw: Option<&str>) -> Result<Self, String> {
        match raw.map(clean_value) {
            None | Some("true" | "True" | "TRUE" | "1") => Ok(true),
            Some("false" | "False" | "FALSE" | "0") => Ok(false),
            Some(_) => Err("a boolean (true or false)".to_owned()),
        }
    }

    fn print_value(&self) -> String {
        self.to_string()
    }
}

/// Parses decimal or `0x` hexadecimal integer text, with an optional `-`.
fn parse_integer(text: &str) -> Option<i128> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let magnitude = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) if !hex.starts_with(['+', '-']) => i128::from_str_radix(hex, 16).ok()?,
        Some(_) => return None,
        None if digits.starts_with(['+', '-']) => return None,
        None => digits.parse::<i128>().ok()?,
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// Implements [`OptionType`] for integer types.
macro_rules! integer_option {
    ($($ty:ty => $name:literal, $expected:literal;)*) => {$(
        impl OptionType for $ty {
            fn type_name() -> String {
                $name.to_owned()
            }

            fn parse_value(raw: Option<&str>) -> Result<Self, String> {
                let text = scalar(raw, $expected)?;
                parse_integer(text).and_then(|value| <$ty>::try_from(value).ok()).ok_or_else(|| $expected.to_owned())
            }

            fn print_value(&self) -> String {
                self.to_string()
            }
        }
    )*};
}

integer_option! {
    i64 => "int", "an integer";
    i32 => "int", "a 32-bit integer";
    u64 => "uint", "an unsigned integer";
    u32 => "uint", "an unsigned 32-bit integer";
    usize => "uint", "an unsigned integer";
}

impl OptionType for f64 {
    fn type_name() -> String {
        "float".to_owned()
    }

    fn parse_value(raw: Option<&str>) -> Result<Self, String> {
        let text = scalar(raw, "a number")?;
        text.parse().map_err(|_| "a number".to_owned())
    }

    fn print_value(&self) -> String {
        // `Debug` is the shortest text that parses back to the same value, with an exponent for
        // very large and very small magnitudes.
        format!("{self:?}")
    }
}

impl OptionType for String {
    fn type_name() -> String {
        "string".to_owned()
    }

    fn parse_value(raw: Option<&str>) -> Result<Self, String> {
        scalar(raw, "a string").map(str::to_owned)
    }

    fn print_value(&self) -> String {
        quote(self, false)
    }
}

impl<T: OptionType> OptionType for Vec<T> {
    const IS_LIST: bool = true;

    fn type_name() -> String {
        format!("list<{}>", T::type_name())
    }

    fn parse_value(raw: Option<&str>) -> Result<Self, String> {
        let expected = || format!("a comma-separated list of {}", T::type_name());
        let raw = raw.ok_or_else(expected)?;
        // Braces around the whole list group it (`{a,b}`, as MLIR prints lists); quotes around
        // the whole value protect a single item instead, so only braces are stripped here.
        let trimmed = raw.trim();
        let body = if trimmed.starts_with('{') { clean_value(trimmed) } else { trimmed };
        list_items(body)
            .iter()
            .map(|item| T::parse_value(Some(item)).map_err(|expected| format!("a list whose items are {expected}")))
            .collect()
    }

    /// Braces around the items, as MLIR prints lists: `{1,2,3}`, `{}`.
    fn print_value(&self) -> String {
        format!("{{{}}}", self.iter().map(|item| quote(&item.print_value(), true)).collect::<Vec<_>>().join(","))
    }
}

/// Declares an enum usable as a pass option, each variant with its option text.
///
/// ```
/// mc_ir::option_enum! {
///     /// Which planner places buffers.
///     pub enum Algorithm {
///         /// Greedy by size.
///         GreedyBySize = "greedy-by-size",
///         /// Hill climbing.
///         HillClimb = "hill_climb",
///     }
/// }
/// ```
#[macro_export]
macro_rules! option_enum {
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_attr:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$variant_attr])* $variant, )+
        }

        impl $crate::pass::OptionType for $name {
            fn type_name() -> ::std::string::String {
                [$($text),+].join("|")
            }

            fn parse_value(raw: ::std::option::Option<&str>) -> ::std::result::Result<Self, ::std::string::String> {
                let expected = || format!("one of {}", [$(concat!("'", $text, "'")),+].join(", "));
                match raw.map($crate::pass::pipeline_text::clean_value) {
                    $( ::std::option::Option::Some($text) => ::std::result::Result::Ok(Self::$variant), )+
                    _ => ::std::result::Result::Err(expected()),
                }
            }

            fn print_value(&self) -> ::std::string::String {
                match self {
                    $( Self::$variant => $text.to_owned(), )+
                }
            }
        }
    };
}

/// Declares a pass's options as a struct: one field per option, with its type, default and doc
/// comment (the description). Generates the struct (public fields), `Default`, `Clone`, `Debug`,
/// `PartialEq`, and [`OptionSet`]. See the [module documentation](crate::pass::options).
#[macro_export]
macro_rules! pass_options {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident : $ty:ty = $default:expr
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Debug, PartialEq)]
        $vis struct $name {
            $( $(#[doc = $doc])+ pub $field: $ty, )*
        }

        impl ::std::default::Default for $name {
            fn default() -> Self {
                Self { $( $field: $default, )* }
            }
        }

        impl $crate::pass::OptionSet for $name {
            fn specs(&self) -> ::std::vec::Vec<$crate::pass::OptionSpec> {
                #[allow(unused_variables)]
                let defaults = <Self as ::std::default::Default>::default();
                #[allow(unused_mut)]
                let mut specs: ::std::vec::Vec<$crate::pass::OptionSpec> = ::std::vec![
                    $( $crate::pass::OptionSpec::new::<$ty>(stringify!($field), &defaults.$field, &[$($doc),+]), )*
                ];
                specs.sort_by(|a, b| a.name.cmp(&b.name));
                specs
            }

            fn set_option(
                &mut self,
                key: &str,
                raw: ::std::option::Option<&str>,
            ) -> ::std::result::Result<(), $crate::pass::OptionError> {
                $(
                    if key == $crate::pass::options::kebab_case(stringify!($field)) {
                        return $crate::pass::options::set_value(&mut self.$field, raw);
                    }
                )*
                let _ = (key, raw);
                ::std::result::Result::Err($crate::pass::OptionError::NoSuchOption)
            }

            fn print_options(&self) -> ::std::vec::Vec<$crate::pass::pipeline_text::PassOption> {
                #[allow(unused_variables)]
                let defaults = <Self as ::std::default::Default>::default();
                #[allow(unused_mut)]
                let mut entries: ::std::vec::Vec<$crate::pass::pipeline_text::PassOption> = ::std::vec::Vec::new();
                $(
                    entries.extend($crate::pass::options::print_entry(stringify!($field), &self.$field, &defaults.$field));
                )*
                entries.sort_by(|a, b| a.key.cmp(&b.key));
                entries
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::pipeline_text::parse_pipeline;
    use crate::pass::pipeline_text::{DisplayPipeline, PipelineElement};

    crate::option_enum! {
        /// Test enum.
        pub enum Mode {
            /// First.
            Fast = "fast",
            /// Second.
            Thorough = "thorough",
        }
    }

    crate::pass_options! {
        /// Every kind of option.
        pub struct AllKinds {
            /// A flag.
            /// Spanning two lines.
            verbose: bool = false,
            /// A signed count.
            max_iterations: i64 = 10,
            /// A narrow count.
            small: i32 = -1,
            /// An unsigned count.
            limit: u64 = 7,
            /// A ratio.
            ratio: f64 = 0.5,
            /// A label.
            label: String = String::new(),
            /// A mode.
            mode: Mode = Mode::Fast,
            /// Sizes.
            sizes: Vec<i64> = Vec::new(),
            /// Names.
            names: Vec<String> = vec!["a".to_owned(), "b".to_owned()],
        }
    }

    crate::pass_options! {
        /// No options at all.
        pub struct NoOptions {}
    }

    /// Parses `{...}` option text into `AllKinds`, or the first error message.
    fn parse(text: &str) -> Result<AllKinds, String> {
        let elements = parse_pipeline(&format!("p{{{text}}}")).map_err(|e| e.message)?;
        let [PipelineElement::Pass { options, .. }] = elements.as_slice() else { panic!("one pass expected") };
        let mut parsed = AllKinds::default();
        let names: Vec<String> = parsed.specs().into_iter().map(|spec| spec.name).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        for option in options {
            let raw = option.value.as_deref();
            parsed
                .set_option(&option.key, raw)
                .map_err(|error| describe_option_error(&error, "p", &option.key, raw, &names))?;
        }
        Ok(parsed)
    }

    /// Prints options the way the pass manager does: `p{k=v ...}`.
    fn print(options: &AllKinds) -> String {
        let element = PipelineElement::Pass { name: "p".to_owned(), options: options.print_options(), span: 0..0 };
        DisplayPipeline(&[element]).to_string()
    }

    fn assert_round_trip(options: &AllKinds) {
        let printed = print(options);
        let inner = printed.strip_prefix("p{").and_then(|s| s.strip_suffix('}')).unwrap();
        assert_eq!(&parse(inner).unwrap(), options, "printed as {printed}");
    }

    #[test]
    fn parses_every_kind() {
        let options = parse(
            "verbose max-iterations=-3 small=0x10 limit=42 ratio=1e-3 label=\"a b\" mode=thorough sizes=1,2,3 names={x,y}",
        )
        .unwrap();
        assert_eq!(
            options,
            AllKinds {
                verbose: true,
                max_iterations: -3,
                small: 16,
                limit: 42,
                ratio: 1e-3,
                label: "a b".to_owned(),
                mode: Mode::Thorough,
                sizes: vec![1, 2, 3],
                names: vec!["x".to_owned(), "y".to_owned()],
            }
        );
        assert!(!parse("verbose=false").unwrap().verbose);
        assert!(parse("verbose=1").unwrap().verbose);
        assert_eq!(parse("label={x y}").unwrap().label, "x y");
        assert_eq!(parse("label=").unwrap().label, "");
        assert_eq!(parse("names=").unwrap().names, Vec::<String>::new());
        assert_eq!(parse("names=\"a,b\",c").unwrap().names, ["a,b", "c"]);
        assert_eq!(parse("sizes={}").unwrap().sizes, Vec::<i64>::new());
    }

    #[test]
    fn errors_name_option_and_expectation() {
        assert_eq!(
            parse("max-iterations=abc").unwrap_err(),
            "invalid value 'abc' for option 'max-iterations': expected an integer"
        );
        assert_eq!(
            parse("limit=-1").unwrap_err(),
            "invalid value '-1' for option 'limit': expected an unsigned integer"
        );
        assert_eq!(
            parse("small=3000000000").unwrap_err(),
            "invalid value '3000000000' for option 'small': expected a 32-bit integer"
        );
        assert_eq!(parse("ratio=x").unwrap_err(), "invalid value 'x' for option 'ratio': expected a number");
        assert_eq!(
            parse("verbose=yes").unwrap_err(),
            "invalid value 'yes' for option 'verbose': expected a boolean (true or false)"
        );
        assert_eq!(
            parse("mode=slow").unwrap_err(),
            "invalid value 'slow' for option 'mode': expected one of 'fast', 'thorough'"
        );
        assert_eq!(
            parse("max-iterations").unwrap_err(),
            "missing value for option 'max-iterations': expected an integer"
        );
        assert_eq!(
            parse("sizes=1,x").unwrap_err(),
            "invalid value '1,x' for option 'sizes': expected a list whose items are an integer"
        );
        assert_eq!(
            parse("max-iteration=3").unwrap_err(),
            "no such option 'max-iteration' for pass 'p'; did you mean 'max-iterations'?"
        );
        assert_eq!(
            parse("zzz=3").unwrap_err(),
            "no such option 'zzz' for pass 'p'; valid options: label, limit, max-iterations, mode, names, ratio, sizes, small, verbose"
        );
        assert_eq!(
            describe_option_error(&OptionError::NoSuchOption, "cse", "x", Some("1"), &[]),
            "no such option 'x' for pass 'cse'; 'cse' has no options"
        );
        // A failed parse leaves the previous value in place.
        let mut options = AllKinds::default();
        assert!(options.set_option("limit", Some("nope")).is_err());
        assert_eq!(options.limit, 7);
    }

    #[test]
    fn prints_all_options_sorted() {
        assert_eq!(
            print(&AllKinds::default()),
            "p{label= limit=7 max-iterations=10 mode=fast names={a,b} ratio=0.5 small=-1 verbose=false}"
        );
        let options = AllKinds {
            label: "two words".to_owned(),
            sizes: vec![4, 5],
            names: Vec::new(),
            ratio: 1e300,
            ..AllKinds::default()
        };
        assert_eq!(
            print(&options),
            "p{label=\"two words\" limit=7 max-iterations=10 mode=fast names={} ratio=1e300 sizes={4,5} small=-1 verbose=false}"
        );
        assert!(NoOptions::default().print_options().is_empty());
    }

    #[test]
    fn print_parse_round_trips() {
        assert_round_trip(&AllKinds::default());
        let strings = [
            "",
            "plain",
            "two words",
            "{braced}",
            "}",
            "{",
            "quote\"inside",
            "apostrophe's",
            "a,b",
            "(x)",
            "[y]",
            "=",
            "tab\there",
        ];
        for label in strings {
            assert_round_trip(&AllKinds { label: label.to_owned(), ..AllKinds::default() });
        }
        for names in [vec![], vec![""], vec!["", ""], vec!["a,b"], vec!["a b", "c"], vec!["(", "]"], vec!["'", "\""]] {
            let names = names.into_iter().map(str::to_owned).collect();
            assert_round_trip(&AllKinds { names, ..AllKinds::default() });
        }
        for ratio in [0.1, -2.5, 1e-300, f64::INFINITY, 3.0] {
            assert_round_trip(&AllKinds { ratio, ..AllKinds::default() });
        }
        assert_round_trip(&AllKinds {
            verbose: true,
            max_iterations: i64::MIN,
            limit: u64::MAX,
            mode: Mode::Thorough,
            sizes: vec![-1, 0, 1],
            ..AllKinds::default()
        });
    }

    #[test]
    fn specs_describe_options() {
        let specs = AllKinds::default().specs();
        let names: Vec<&str> = specs.iter().map(|spec| spec.name.as_str()).collect();
        assert_eq!(names, ["label", "limit", "max-iterations", "mode", "names", "ratio", "sizes", "small", "verbose"]);
        let verbose = specs.iter().find(|spec| spec.name == "verbose").unwrap();
        assert_eq!(verbose.description, "A flag. Spanning two lines.");
        assert_eq!((verbose.type_name.as_str(), verbose.default.as_deref()), ("bool", Some("false")));
        let mode = specs.iter().find(|spec| spec.name == "mode").unwrap();
        assert_eq!(mode.type_name, "fast|thorough");
        let sizes = specs.iter().find(|spec| spec.name == "sizes").unwrap();
        assert_eq!((sizes.type_name.as_str(), sizes.default.as_deref()), ("list<int>", None));
        assert!(NoOptions::default().specs().is_empty());
    }

    #[test]
    fn integers_accept_hex_and_reject_junk() {
        assert_eq!(i64::parse_value(Some("0xff")), Ok(255));
        assert_eq!(i64::parse_value(Some("-0x10")), Ok(-16));
        assert_eq!(i64::parse_value(Some("'12'")), Ok(12));
        for junk in ["", "+1", "0x", "0x-1", "1.5", "--1", "1 2"] {
            assert!(i64::parse_value(Some(junk)).is_err(), "{junk:?}");
        }
    }
}
