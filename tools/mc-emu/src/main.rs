//! `mc-emu`: runs an `mcc` output on an emulated board. `mc-emu out/kws.o --board cortex-m4
//! --input in.bin [--input ...] [--output out.bin ...] [--runs N] [--count]` links the object
//! with the project's harness (`emulator/harness/model_main.c`, built against the header beside
//! it, `out/kws.h`) and the board's C library, runs it under QEMU with semihosting, writes the
//! outputs, and prints the board, the flash and RAM the firmware takes, the harness's console
//! and, with `--count`, the exact instructions of each inference (QEMU's icount plugin). With
//! `--profile` (an object compiled with `mcc --profile`) it counts one inference's instructions
//! per layer and prints each layer's instructions, share of the total and MACs per instruction
//! ([`profile`]), and writes them beside the object: as JSON to `<prefix>_profile.json` and as a
//! bar chart to `<prefix>_profile.svg`.
//!
//! The object's prefix is its file stem. Input files hold the raw bytes of each input, in order.
//! With `--invocations N` the program invokes the model N times on one context (its state carried
//! over, or reset between invocations with `--reset-between`), and each `--input`/`--output` file
//! stands for one file per invocation, numbered before its extension (`in.bin`: `in.0.bin`,
//! `in.1.bin`, ...; [`harness::invocation_file`], as `mc-run` numbers them).
//! Errors (unknown board, missing header, link or run failure, wrong input size) exit 1 with a
//! message; a failed run also prints the board's console.

mod profile;

use clap::Parser;
use mc_emulator::{Board, harness};
use object::{Object, ObjectSection, SectionKind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(name = "mc-emu", version, about = "Run an mcc object on an emulated board (QEMU)", max_term_width = 100)]
struct Options {
    /// The object mcc wrote (`<prefix>.o`, with `<prefix>.h` beside it).
    object: PathBuf,

    /// The board: cortex-m3, cortex-m4, cortex-m7, cortex-m33, cortex-m55, rv32imac, rv32imafc or
    /// cortex-m0 (micro:bit).
    #[arg(long)]
    board: String,

    /// An input's raw bytes, in the model's input order; repeatable.
    #[arg(long = "input", value_name = "FILE")]
    inputs: Vec<PathBuf>,

    /// Where to write an output's bytes, in the model's output order; repeatable.
    #[arg(long = "output", value_name = "FILE")]
    outputs: Vec<PathBuf>,

    /// Inferences to run on the same inputs (one after another on the same context).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,

    /// Invoke the model N times on one context, one set of inputs each: its state (variables,
    /// SVDF state) carries over from one invocation to the next, as in TFLite Micro's successive
    /// Invoke()s. Each --input and --output FILE then stands for N files numbered by invocation
    /// before the extension: in.bin means in.0.bin, in.1.bin, ... in.<N-1>.bin.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    invocations: u32,

    /// Reset the state (<prefix>_model_reset_state) before every invocation after the first, so
    /// each runs as a freshly initialised model's first.
    #[arg(long = "reset-between")]
    reset_between: bool,

    /// Count the instructions of each inference exactly.
    #[arg(long)]
    count: bool,

    /// Count one inference's instructions per layer (an object compiled with `mcc --profile`,
    /// its `<prefix>_layers.json` beside it); writes `<prefix>_profile.json` and a bar chart,
    /// `<prefix>_profile.svg`, beside the object.
    #[arg(long, conflicts_with = "count")]
    profile: bool,

    /// Seconds QEMU may take.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
}

fn main() -> ExitCode {
    let options = Options::parse();
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("mc-emu: error: {}", message.trim_end());
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<(), String> {
    let board = Board::lookup(&options.board)?;
    let object = &options.object;
    let prefix = object
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| format!("'{}' has no file name to take the prefix from", object.display()))?;
    let header = object.with_extension("h");
    if !object.is_file() {
        return Err(format!("cannot read the object '{}'", object.display()));
    }
    let count = options.invocations as usize;
    let dir = object.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let layers = if options.profile {
        if options.runs != 1 || count != 1 {
            return Err("--profile counts one inference: leave --runs and --invocations at 1".to_string());
        }
        Some(profile::read_layers(&dir.join(format!("{prefix}_layers.json")))?)
    } else {
        None
    };
    let link_options = harness::model_options(prefix, &header)?
        .define("MC_RUNS", options.runs)
        .define("MC_INVOCATIONS", count)
        .define("MC_RESET_BETWEEN", u8::from(options.reset_between))
        .define("MC_PROFILE", u8::from(options.profile));
    let elf = dir.join(format!("{prefix}.{}.elf", board.name));
    board.link(std::slice::from_ref(object), &[harness::model_main()], &link_options, &elf)?;

    let (input_count, output_count) = (
        harness::header_count(&header, prefix, "INPUT_COUNT")?,
        harness::header_count(&header, prefix, "OUTPUT_COUNT")?,
    );
    if options.inputs.len() != input_count || options.outputs.len() > output_count {
        return Err(format!(
            "the model takes {input_count} inputs and gives {output_count} outputs, but {} --input and {} --output files were given",
            options.inputs.len(),
            options.outputs.len()
        ));
    }
    let inputs: Vec<Vec<Vec<u8>>> = (0..count)
        .map(|number| {
            options
                .inputs
                .iter()
                .map(|path| {
                    let path = harness::invocation_file(path, number, count);
                    std::fs::read(&path).map_err(|e| format!("cannot read the input '{}': {e}", path.display()))
                })
                .collect()
        })
        .collect::<Result<_, String>>()?;
    let work = dir.join(format!("{prefix}.{}.run", board.name));
    let by_invocation: Vec<Vec<&[u8]>> =
        inputs.iter().map(|invocation| invocation.iter().map(Vec::as_slice).collect()).collect();
    harness::write_invocations(&work, &by_invocation)?;
    let timeout = Duration::from_secs(options.timeout);
    let mut profiled = None;
    let (run, counts) = if let Some(layers) = &layers {
        let (profile, counts) = board.profile(&elf, &work, prefix, layers.len(), timeout)?;
        profiled = Some(profile);
        (counts.run, None)
    } else if options.count {
        let counts = board.count_instructions(&elf, &work, "bench_mark", timeout)?;
        (counts.run.clone(), Some(counts))
    } else {
        (board.run(&elf, &work, timeout)?, None)
    };
    print!("{}", run.console);
    if run.status != 0 {
        return Err(format!("the model failed on {}: {}", board.name, harness::describe_exit(run.status)));
    }
    let outputs = harness::read_invocation_outputs(&work, count, options.outputs.len())?;
    for (number, outputs) in outputs.iter().enumerate() {
        for (path, bytes) in options.outputs.iter().zip(outputs) {
            let path = harness::invocation_file(path, number, count);
            std::fs::write(&path, bytes).map_err(|e| format!("cannot write the output '{}': {e}", path.display()))?;
        }
    }

    println!(
        "mc-emu: {prefix} on {} ({}), {:.0} ms",
        board.name,
        board.machine.join(" "),
        run.elapsed.as_secs_f64() * 1e3
    );
    let (flash, ram) = footprint(object)?;
    println!("  model flash (.text + .rodata)  {flash:>9} B");
    println!("  model RAM (.bss arenas)        {ram:>9} B");
    if let Some(counts) = counts {
        for (index, instructions) in counts.intervals().iter().enumerate() {
            println!("  instructions, inference {:<6} {instructions:>9}", index + 1);
        }
    }
    if let (Some(layers), Some(profile)) = (layers, &profiled) {
        let (layers, profile) = &profile::by_layer(layers, profile);
        print!("{}", profile::table(layers, profile));
        let path = dir.join(format!("{prefix}_profile.json"));
        let json = serde_json::to_string_pretty(&profile::to_json(board.name, layers, profile)).expect("JSON");
        std::fs::write(&path, json + "\n").map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        println!("  wrote {}", path.display());
        let path = dir.join(format!("{prefix}_profile.svg"));
        std::fs::write(&path, profile::svg(prefix, board.name, layers, profile))
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        println!("  wrote {}", path.display());
    }
    Ok(())
}

/// The model object's flash (code and read-only data) and RAM (zeroed arenas) bytes.
fn footprint(path: &Path) -> Result<(u64, u64), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let file = object::File::parse(bytes.as_slice())
        .map_err(|e| format!("'{}' is not an object file: {e}", path.display()))?;
    let (mut flash, mut ram) = (0, 0);
    for section in file.sections() {
        match section.kind() {
            SectionKind::Text | SectionKind::ReadOnlyData | SectionKind::ReadOnlyString => flash += section.size(),
            SectionKind::UninitializedData | SectionKind::Data => ram += section.size(),
            _ => {}
        }
    }
    Ok((flash, ram))
}
