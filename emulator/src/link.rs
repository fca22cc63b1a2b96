//! Linking a program for a board: the board support C (start-up, semihosting; compiled once per
//! board and process into the cache folder) and the caller's C sources compiled by the board's
//! GCC, linked with the caller's objects, the multilib C library and libgcc by GNU ld through
//! the driver, with the board's linker script.

use crate::board::Board;
use crate::paths;
use crate::tool;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

/// What a link adds to the board's own flags.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkOptions {
    /// Preprocessor definitions, `NAME` or `NAME=VALUE` (passed as `-D<define>`).
    pub defines: Vec<String>,
    /// Include folders, after `emulator/boards` (which holds `semihost.h`).
    pub include_dirs: Vec<PathBuf>,
    /// More driver flags, after the defaults (`-O2`, which a later `-O` overrides).
    pub cflags: Vec<String>,
}

impl LinkOptions {
    /// Adds the definition `name=value`.
    pub fn define(mut self, name: &str, value: impl std::fmt::Display) -> Self {
        self.defines.push(format!("{name}={value}"));
        self
    }

    /// Adds an include folder.
    pub fn include(mut self, dir: impl Into<PathBuf>) -> Self {
        self.include_dirs.push(dir.into());
        self
    }

    /// Adds a driver flag.
    pub fn cflag(mut self, flag: impl Into<String>) -> Self {
        self.cflags.push(flag.into());
        self
    }
}

/// Flags every link uses: optimised code with debug lines (fault PCs map back to source), one
/// section per function and datum so the link drops what is not called.
const COMMON_FLAGS: &[&str] =
    &["-O2", "-g", "-std=gnu11", "-Wall", "-Wextra", "-ffunction-sections", "-fdata-sections"];

/// The board support objects of `board`, compiled on the first link in this process (so edits to
/// `emulator/boards` apply to the next run) into `<cache>/support/<board>`. Threads linking for
/// the same board wait for one compilation; objects are renamed into place, so processes sharing
/// the folder never read a half-written one.
fn support_objects(board: &Board) -> Result<Vec<PathBuf>, String> {
    type Slot = Arc<OnceLock<Result<Vec<PathBuf>, String>>>;
    static SLOTS: Mutex<Option<HashMap<String, Slot>>> = Mutex::new(None);
    let key = format!("{} {}", board.name, board.compile_flags().join(" "));
    let slot = {
        let mut slots = SLOTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        slots.get_or_insert_with(HashMap::new).entry(key).or_default().clone()
    };
    slot.get_or_init(|| compile_support(board)).clone()
}

fn compile_support(board: &Board) -> Result<Vec<PathBuf>, String> {
    let gcc = tool::find(board.gcc)?;
    let boards = paths::boards_dir();
    let dir = paths::cache_dir().join("support").join(board.name);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    board
        .arch
        .support_sources()
        .iter()
        .map(|source| {
            let stem = Path::new(source).file_stem().unwrap_or_default().to_string_lossy();
            let object = dir.join(format!("{stem}.o"));
            let partial = dir.join(format!("{stem}.o.{}.tmp", std::process::id()));
            let mut command = Command::new(&gcc);
            command.args(board.compile_flags()).args(COMMON_FLAGS).arg("-I").arg(&boards);
            command.arg("-c").arg(boards.join(source)).arg("-o").arg(&partial);
            tool::run_to_completion(&mut command, &format!("compiling {source} for {}", board.name))
                .map_err(with_install_hint)?;
            std::fs::rename(&partial, &object)
                .map_err(|e| format!("cannot move {} to {}: {e}", partial.display(), object.display()))?;
            Ok(object)
        })
        .collect()
}

impl Board {
    /// Compiles `c_sources` with the board's flags and `options`, and links them with `objects`,
    /// the board support objects, the C library and libgcc into `out_elf` (and a link map,
    /// `<out_elf>.map`). GCC's and the linker's messages are the error when it fails.
    pub fn link(
        &self,
        objects: &[PathBuf],
        c_sources: &[PathBuf],
        options: &LinkOptions,
        out_elf: &Path,
    ) -> Result<(), String> {
        let gcc = tool::find(self.gcc)?;
        for input in objects.iter().chain(c_sources) {
            if !input.is_file() {
                return Err(format!(
                    "linking {} for {}: {} does not exist",
                    out_elf.display(),
                    self.name,
                    input.display()
                ));
            }
        }
        if let Some(parent) = out_elf.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        let boards = paths::boards_dir();
        let support = support_objects(self)?;
        let mut map = out_elf.as_os_str().to_owned();
        map.push(".map");

        let mut command = Command::new(gcc);
        command.args(self.compile_flags()).args(COMMON_FLAGS).arg("-nostartfiles");
        command.arg("-I").arg(&boards);
        for dir in &options.include_dirs {
            command.arg("-I").arg(dir);
        }
        command.args(options.defines.iter().map(|define| format!("-D{define}")));
        command.args(&options.cflags);
        command.arg("-T").arg(boards.join(self.linker_script));
        // The scripts INCLUDE nonalloc.ld and arm/sections.ld from the boards folder.
        command.arg("-L").arg(&boards);
        command.args(["-Wl,--gc-sections", "-Wl,--orphan-handling=error"]);
        let mut map_flag = std::ffi::OsString::from("-Map=");
        map_flag.push(&map);
        command.arg("-Xlinker").arg(map_flag);
        command.args(support).args(c_sources).args(objects);
        command.args(["-Wl,--start-group", "-lc", "-lm", "-lgcc", "-Wl,--end-group"]);
        command.arg("-o").arg(out_elf);
        tool::run_to_completion(&mut command, &format!("linking {} for {}", out_elf.display(), self.name))
            .map(|_| ())
            .map_err(with_install_hint)
    }
}

/// A link that cannot find the C library or its specs file is a missing package, not a bug.
fn with_install_hint(error: String) -> String {
    if error.contains("cannot find -lc") || error.contains("cannot find -lgcc") || error.contains(".specs") {
        format!("{error}\n(the board's C library is missing: run ./scripts/setup.sh)")
    } else {
        error
    }
}
