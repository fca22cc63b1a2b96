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
//!
//! A streaming model runs several invocations in one program (`MC_INVOCATIONS`, and
//! `MC_RESET_BETWEEN` for a state reset between them): [`write_invocations`] and
//! [`read_invocation_outputs`] name each invocation's files as the harness does ([`io_file`]).

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

/// The file the harness reads input (`kind` = `"input"`) or writes output (`"output"`) `index`
/// of invocation `invocation` from, in a program of `invocations` invocations:
/// `input_<index>.bin` when there is one, `input_<invocation>_<index>.bin` when there are more.
pub fn io_file(kind: &str, invocations: usize, invocation: usize, index: usize) -> String {
    if invocations > 1 { format!("{kind}_{invocation}_{index}.bin") } else { format!("{kind}_{index}.bin") }
}

/// The file invocation `number` of `count` reads or writes for the file `path` named on the
/// command line of `mc-run` or `mc-emu --invocations`: `path` itself for a single invocation,
/// else `path` with `.<number>` before its extension (`x.npy` → `x.0.npy`; `x` → `x.0`).
pub fn invocation_file(path: &Path, number: usize, count: usize) -> PathBuf {
    if count == 1 {
        return path.to_path_buf();
    }
    match (path.file_stem(), path.extension()) {
        (Some(stem), Some(extension)) => {
            path.with_file_name(format!("{}.{number}.{}", stem.to_string_lossy(), extension.to_string_lossy()))
        }
        _ => PathBuf::from(format!("{}.{number}", path.display())),
    }
}

/// Writes `input_<i>.bin` for each input into `workdir` (created if missing) and removes any
/// `input_<i>.bin` or `output_<i>.bin` left there, so a run reads only these inputs and the
/// outputs read after it come from it.
pub fn write_inputs(workdir: &Path, inputs: &[impl AsRef<[u8]>]) -> Result<(), String> {
    let inputs: Vec<&[u8]> = inputs.iter().map(AsRef::as_ref).collect();
    write_invocations(workdir, &[inputs])
}

/// [`write_inputs`] for a program of several invocations (`MC_INVOCATIONS`): each invocation's
/// inputs under its [`io_file`] names.
pub fn write_invocations(workdir: &Path, invocations: &[Vec<&[u8]>]) -> Result<(), String> {
    std::fs::create_dir_all(workdir).map_err(|e| format!("cannot create {}: {e}", workdir.display()))?;
    let entries = std::fs::read_dir(workdir).map_err(|e| format!("cannot list {}: {e}", workdir.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if (name.starts_with("output_") || name.starts_with("input_")) && name.ends_with(".bin") {
            std::fs::remove_file(entry.path()).map_err(|e| format!("cannot remove {}: {e}", entry.path().display()))?;
        }
    }
    for (invocation, inputs) in invocations.iter().enumerate() {
        for (i, input) in inputs.iter().enumerate() {
            let path = workdir.join(io_file("input", invocations.len(), invocation, i));
            std::fs::write(&path, input).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
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
    Ok(read_invocation_outputs(workdir, 1, count)?.remove(0))
}

/// Reads the first `count` outputs of each of the `invocations` invocations from `workdir`
/// (their [`io_file`] names), invocation by invocation.
pub fn read_invocation_outputs(workdir: &Path, invocations: usize, count: usize) -> Result<Vec<Vec<Vec<u8>>>, String> {
    (0..invocations.max(1))
        .map(|invocation| {
            (0..count)
                .map(|i| {
                    let path = workdir.join(io_file("output", invocations, invocation, i));
                    std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
                })
                .collect()
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
    fn several_invocations_number_their_files() {
        assert_eq!(io_file("input", 1, 0, 2), "input_2.bin");
        assert_eq!(io_file("output", 3, 2, 0), "output_2_0.bin");
        let file = |path: &str, number, count| invocation_file(Path::new(path), number, count);
        assert_eq!(file("in/x.npy", 3, 1), Path::new("in/x.npy"));
        assert_eq!(file("in/x.npy", 0, 2), Path::new("in/x.0.npy"));
        assert_eq!(file("in/x.npy", 11, 12), Path::new("in/x.11.npy"));
        assert_eq!(file("x", 1, 2), Path::new("x.1"));
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
