//! The names the object defines: every symbol and section carries the user's prefix, so two
//! models compiled with different prefixes link into one firmware without clashes.
//!
//! | IR | symbol | linkage | section |
//! |---|---|---|---|
//! | the C API (`crate::api`) | `<prefix>_context_init`, `_bind_arena`, `_model_init`, `_model_run` | external | `.text.<symbol>` |
//! | the entry `func.func` (`@main`) | `<prefix>_main` | internal | `.text.<prefix>_main` |
//! | another public `func.func @f` | `<prefix>_f` | external | `.text.<prefix>_f` |
//! | a private `func.func @f` | `<prefix>_f` | internal | `.text.<prefix>_f` |
//! | a `func.func @f` with `llvm.weak` (the profile's `@layer_hook`) | `<prefix>_f` | weak | `.text.<prefix>_f` |
//! | `buffer.pool @p {bank = "b"}` | `<prefix>_pool_p` | internal | `.bss.<prefix>.b` |
//! | `buffer.global @g` | `<prefix>_const_<n>` | private | `.rodata.<prefix>.flash` |
//!
//! Constants have no bank yet (they are read in place from flash); their section is the flash
//! bank's. Symbol names keep the IR's characters that C identifiers allow and replace the others
//! with `_`.

/// The prefix of every symbol and section of one model, checked to be a C identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefix(String);

/// The bank whose read-only section holds constants read in place.
pub const CONSTANT_BANK: &str = "flash";

impl Prefix {
    /// `text` as a prefix: a C identifier (`[A-Za-z_][A-Za-z0-9_]*`).
    pub fn new(text: &str) -> Result<Prefix, String> {
        let mut chars = text.chars();
        let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if valid {
            Ok(Prefix(text.to_string()))
        } else {
            Err(format!("invalid prefix '{text}': it must be a C identifier ([A-Za-z_][A-Za-z0-9_]*)"))
        }
    }

    /// The prefix itself.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The symbol of the function that runs one inference.
    pub fn entry(&self) -> String {
        format!("{}_model_run", self.0)
    }

    /// The symbol of the function that initialises a context.
    pub fn context_init(&self) -> String {
        format!("{}_context_init", self.0)
    }

    /// The symbol of the function that binds a region to the application's memory.
    pub fn bind_arena(&self) -> String {
        format!("{}_bind_arena", self.0)
    }

    /// The symbol of the weak function that copies staged constants into their regions.
    pub fn hydrate_constants(&self) -> String {
        format!("{}_hydrate_constants", self.0)
    }

    /// The symbol of the table of staged constants.
    pub fn staged_constants(&self) -> String {
        format!("{}_staged_constants", self.0)
    }

    /// The symbol of the function that checks the regions and resets the model's state.
    pub fn model_init(&self) -> String {
        format!("{}_model_init", self.0)
    }

    /// The symbol of the function that resets the model's state alone.
    pub fn model_reset_state(&self) -> String {
        format!("{}_model_reset_state", self.0)
    }

    /// The symbol of the function `@name`.
    pub fn function(&self, name: &str) -> String {
        format!("{}_{}", self.0, c_identifier(name))
    }

    /// The symbol of the pool `@name`.
    pub fn pool(&self, name: &str) -> String {
        format!("{}_pool_{}", self.0, c_identifier(name))
    }

    /// The symbol of the `index`-th constant.
    pub fn constant(&self, index: usize) -> String {
        format!("{}_const_{index}", self.0)
    }

    /// The section of a function's code.
    pub fn text_section(&self, symbol: &str) -> String {
        format!(".text.{symbol}")
    }

    /// The zero-initialised section of the arenas in `bank`.
    pub fn bss_section(&self, bank: &str) -> String {
        format!(".bss.{}.{}", self.0, c_identifier(bank))
    }

    /// The read-only section of the constants in `bank`.
    pub fn rodata_section(&self, bank: &str) -> String {
        format!(".rodata.{}.{}", self.0, c_identifier(bank))
    }
}

/// `name` with every character a C identifier does not allow replaced by `_`.
fn c_identifier(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_the_prefix() {
        let prefix = Prefix::new("kws").unwrap();
        assert_eq!(prefix.entry(), "kws_model_run");
        assert_eq!(prefix.function("conv/1"), "kws_conv_1");
        assert_eq!(prefix.pool("sram_scratch"), "kws_pool_sram_scratch");
        assert_eq!(prefix.constant(3), "kws_const_3");
        assert_eq!(prefix.bss_section("sram"), ".bss.kws.sram");
        assert_eq!(prefix.rodata_section(CONSTANT_BANK), ".rodata.kws.flash");
        assert_eq!(prefix.text_section("kws_model_run"), ".text.kws_model_run");
    }

    #[test]
    fn a_prefix_must_be_a_c_identifier() {
        assert!(Prefix::new("_m2").is_ok());
        for bad in ["", "2m", "my-model", "a.b"] {
            assert!(Prefix::new(bad).unwrap_err().contains("C identifier"), "{bad}");
        }
    }
}
