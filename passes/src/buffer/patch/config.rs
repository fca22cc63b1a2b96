//! What the memory configuration file asks of patch-based execution: the `[memory.patch]` table
//! (the run and the tile grid) and the `[memory]` table's `peak_bytes` goal.
//!
//! ```toml
//! [memory]
//! peak_bytes = 20000      # a goal for the planned scratch pools; the pass picks run and grid
//!
//! [memory.patch]          # or: this run and grid, as given
//! layers = 4              # the first 4 kernels of the entry function
//! tiles = [2, 2]          # rows, columns of the run's last output
//! ```
//!
//! The rest of the file belongs to `usmp` ([`crate::usmp::config`]).

use crate::usmp::config::toml_error;
use serde::Deserialize;

/// The patch settings of a memory configuration file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatchConfig {
    /// The run's length and tile grid, if `[memory.patch]` gives them.
    pub patch: Option<(i64, [i64; 2])>,
    /// The `[memory]` table's `peak_bytes`, if given.
    pub peak_bytes: Option<u64>,
}

/// The file: only `[memory]` is read.
#[derive(Deserialize)]
struct File {
    memory: Option<Memory>,
}

/// The keys of `[memory]` read here (the others are `usmp`'s).
#[derive(Deserialize)]
struct Memory {
    peak_bytes: Option<u64>,
    patch: Option<PatchTable>,
}

/// `[memory.patch]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PatchTable {
    layers: i64,
    tiles: [i64; 2],
}

impl PatchConfig {
    /// Reads the settings from a TOML file's `text`; `path` names it in errors.
    ///
    /// # Errors
    ///
    /// A TOML syntax error, an unknown key of `[memory.patch]`, a missing `layers` or `tiles`,
    /// or a value of the wrong type, with its line.
    pub fn from_toml(path: &str, text: &str) -> Result<PatchConfig, String> {
        let file: File = toml::from_str(text).map_err(|e| toml_error(path, text, &e))?;
        let Some(memory) = file.memory else {
            return Ok(PatchConfig::default());
        };
        Ok(PatchConfig { patch: memory.patch.map(|p| (p.layers, p.tiles)), peak_bytes: memory.peak_bytes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patch_table_and_goal_are_read_and_the_rest_left_to_usmp() {
        let text = "[memory]\npeak_bytes = 20000\nplanner = \"exact\"\n[[memory.banks]]\nname = \"sram\"\n\
                    [memory.patch]\nlayers = 4\ntiles = [3, 2]\n";
        let config = PatchConfig::from_toml("mc.toml", text).expect("valid");
        assert_eq!(config, PatchConfig { patch: Some((4, [3, 2])), peak_bytes: Some(20000) });
        assert_eq!(PatchConfig::from_toml("mc.toml", "[other]\nx = 1\n"), Ok(PatchConfig::default()));
    }

    #[test]
    fn bad_tables_name_the_file_and_line() {
        let error = PatchConfig::from_toml("mc.toml", "[memory.patch]\nlayers = 4\ntile = [2, 2]\n").unwrap_err();
        assert!(error.starts_with("mc.toml:3") && error.contains("tile"), "{error}");
        let error = PatchConfig::from_toml("mc.toml", "[memory.patch]\nlayers = 4\ntiles = [2]\n").unwrap_err();
        assert!(error.starts_with("mc.toml:3"), "{error}");
    }
}
