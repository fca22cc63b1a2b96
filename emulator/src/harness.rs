//! The generic model harness, `emulator/harness/model_main.c`: the link options that point it
//! at a generated model's header, its input and output files, and its exit statuses.
//!
//! ```text
//! let options = harness::model_options("kws", Path::new("out/kws.h"))?.define("MC_RUNS", 3);
//! board.link(&[PathBuf::from("out/kws.o")], &[harness::model_main()], &options, &elf)?;
//! harness::write_inputs(&workdir, &[input])?;
//! board.run(&elf, &workdir, timeout)?.expect_success()?;
//! let outputs = harness::read_outputs(&workdir, 1)?;
//! ```

use crate::board::FAULT_EXIT_STATUS;
use crate::link::LinkOptions;
use crate::paths;
use std::path::{Path, PathBuf};

/// The harness exits with this when an input or output file cannot be read or written (or an
/// input has the wrong size).
pub const EXIT_FILE_ERROR: i32 = 2;
/// The harness exits with this when the board's free RAM cannot hold its buffers.
pub const EXIT_NO_RAM: i32 = 3;
/// The harness exits with this plus the status when an API call returns a non-zero status.
pub const EXIT_STATUS_BASE: i32 = 10;

/// The harness's source.
pub fn model_main() -> PathBuf {
    paths::harness_dir().join("model_main.c")
}

/// The options that build [`model_main`] around the model whose generated header is `header`
/// and whose C prefix is `prefix`: `MC_PREFIX`, `MC_PREFIX_UPPER`, `MC_HEADER` and the header's
/// folder. Add `MC_RUNS` with [`LinkOptions::define`].
pub fn model_options(prefix: &str, header: &Path) -> Result<LinkOptions, String> {
    let mut chars = prefix.chars();
    let identifier = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        return Err(format!("the model prefix `{prefix}` is not a C identifier"));
    }
    if !header.is_file() {
        return Err(format!("the model header {} does not exist", header.display()));
    }
    let name = header
        .file_name()
        .and_then(|name| name.to_str())
        .filter(|name| !name.contains(['"', '\\']))
        .ok_or_else(|| format!("the model header's name {} cannot be #included", header.display()))?;
    let dir = header.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    Ok(LinkOptions::default()
        .define("MC_PREFIX", prefix)
        .define("MC_PREFIX_UPPER", prefix.to_ascii_uppercase())
        .define("MC_HEADER", format!("\"{name}\""))
        .include(dir))
}

/// Writes `input_<i>.bin` for each input into `workdir` (created if missing) and removes any
/// `input_<i>.bin` or `output_<i>.bin` left there, so a run reads only these inputs and the
/// outputs read after it come from it.
pub fn write_inputs(workdir: &Path, inputs: &[impl AsRef<[u8]>]) -> Result<(), String> {
    std::fs::create_dir_all(workdir).map_err(|e| format!("cannot create {}: {e}", workdir.display()))?;
    let entries = std::fs::read_dir(workdir).map_err(|e| format!("cannot list {}: {e}", workdir.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if (name.starts_with("output_") || name.starts_with("input_")) && name.ends_with(".bin") {
            std::fs::remove_file(entry.path()).map_err(|e| format!("cannot remove {}: {e}", entry.path().display()))?;
        }
    }
    for (i, input) in inputs.iter().enumerate() {
        let path = workdir.join(format!("input_{i}.bin"));
        std::fs::write(&path, input).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The number after `#define <PREFIX>_<name> ` in the generated header `header` (`INPUT_COUNT`).
pub fn header_count(header: &Path, prefix: &str, name: &str) -> Result<usize, String> {
    let text = std::fs::read_to_string(header).map_err(|e| format!("cannot read {}: {e}", header.display()))?;
    let macro_name = format!("#define {}_{name} ", prefix.to_ascii_uppercase());
    text.lines()
        .find_map(|line| line.strip_prefix(&macro_name))
        .and_then(|value| value.trim().parse().ok())
        .ok_or_else(|| format!("{} does not define {}_{name}", header.display(), prefix.to_ascii_uppercase()))
}

/// Reads `output_0.bin` .. `output_<count-1>.bin` from `workdir`.
pub fn read_outputs(workdir: &Path, count: usize) -> Result<Vec<Vec<u8>>, String> {
    (0..count)
        .map(|i| {
            let path = workdir.join(format!("output_{i}.bin"));
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        })
        .collect()
}

/// What a harness exit status means, for messages.
pub fn describe_exit(status: i32) -> String {
    match status {
        0 => "success".to_string(),
        EXIT_FILE_ERROR => "an input or output file error".to_string(),
        EXIT_NO_RAM => "not enough free RAM for the harness's buffers".to_string(),
        FAULT_EXIT_STATUS => "a fault".to_string(),
        s if (EXIT_STATUS_BASE + 1..=255).contains(&s) => format!("API status {}", s - EXIT_STATUS_BASE),
        s => format!("unexpected exit status {s}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_must_be_c_identifiers() {
        let header = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake.h");
        for bad in ["", "1kws", "kws-model", "k ws"] {
            let error = model_options(bad, &header).unwrap_err();
            assert!(error.contains("is not a C identifier"), "{error}");
        }
        let options = model_options("_kws2", &header).unwrap();
        assert_eq!(options.defines, ["MC_PREFIX=_kws2", "MC_PREFIX_UPPER=_KWS2", "MC_HEADER=\"fake.h\""]);
        assert_eq!(options.include_dirs, [header.parent().unwrap()]);
    }

    #[test]
    fn a_missing_header_is_an_error() {
        let error = model_options("kws", Path::new("/nonexistent/kws.h")).unwrap_err();
        assert!(error.contains("does not exist"), "{error}");
    }

    #[test]
    fn exit_statuses_read_as_words() {
        assert_eq!(describe_exit(0), "success");
        assert_eq!(describe_exit(14), "API status 4");
        assert_eq!(describe_exit(99), "a fault");
        assert_eq!(describe_exit(2), "an input or output file error");
    }

    #[test]
    fn counts_come_from_the_header() {
        let header = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake.h");
        assert_eq!(header_count(&header, "fake", "INPUT_COUNT"), Ok(2));
        let error = header_count(&header, "fake", "NO_SUCH_COUNT").unwrap_err();
        assert!(error.ends_with("does not define FAKE_NO_SUCH_COUNT"), "{error}");
    }
}
