//! `mcc validate model.tflite --target T [--board B] [--inputs a.npy ...|--random N]`: runs mc's
//! code and the `tflite-micro` interpreter on the same inputs and compares their outputs.
//!
//! mc's code runs on the host (the Cranelift JIT of the conformance tests) or, with `--board`,
//! compiled for `--target` and run on that emulated board ([`board`]); TFLite Micro runs every
//! input in one batch (the conformance crate's `tflm_batch.py`), each in a fresh interpreter, and
//! mc resets its state before each input to match. The inputs are `.npy` files or seeded random
//! tensors ([`samples`]). Per output it prints whether every byte agrees and, when one does not
//! or the output is float, the error figures of [`metrics`]; `--save-outputs DIR` writes both
//! sides' outputs as `.npy` files. Exit status 1 when an integer output is not bit-exact, and
//! for bad input (wrong input shape or type, a board that does not run the target's code, a
//! model TFLite Micro or mc cannot run) with a message.

mod board;
mod metrics;
mod samples;

use crate::child_compile::{Compilation, TempDir};
use clap::Parser;
use mc_conformance::{Case, DType, Tensor};
use samples::Port;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

/// `mcc validate`'s options.
#[derive(Parser, Debug)]
#[command(
    name = "mcc validate",
    about = "Compare mc's outputs with TFLite Micro's on the same inputs",
    max_term_width = 100
)]
struct Options {
    /// The TFLite model.
    model: PathBuf,

    /// Target, as `mcc --target` takes it; with --board, the code that runs on the board.
    #[arg(long)]
    target: String,

    /// Run mc's code on this emulated board (cortex-m4, rv32imac, ...) instead of the host JIT.
    #[arg(long)]
    board: Option<String>,

    /// One .npy file per model input, in order: one sample of the input's shape and type, or N
    /// samples stacked along a new first dimension.
    #[arg(long, num_args = 1.., value_name = "NPY", conflicts_with = "random")]
    inputs: Vec<PathBuf>,

    /// Run on N random inputs (the default: 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    random: Option<u32>,

    /// Seed of the random inputs.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// A TOML file with mcc's [memory] table (for --board).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// Optimization level of the board's code: 0, 2, s or 3.
    #[arg(short = 'O', default_value = "2")]
    opt_level: String,

    /// Write mc's and TFLite Micro's outputs to DIR as mc_output_<i>.npy and
    /// tflm_output_<i>.npy (samples stacked first).
    #[arg(long = "save-outputs", value_name = "DIR")]
    save_outputs: Option<PathBuf>,
}

/// Runs `mcc validate` on `args` (`validate` first).
pub fn main(args: &[OsString]) -> ExitCode {
    let options = Options::parse_from(args);
    match run(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("mcc validate: an integer output is not bit-exact with TFLite Micro");
            ExitCode::FAILURE
        }
        Err(message) => {
            eprintln!("mcc validate: error: {}", message.trim_end());
            ExitCode::FAILURE
        }
    }
}

/// Validates; `Ok(false)` when an integer output differs.
fn run(options: &Options) -> Result<bool, String> {
    let target = mc_backend_llvm::lookup(&options.target)?;
    let board = options.board.as_deref().map(|name| board::board_for(name, target)).transpose()?;
    let name = options.model.display().to_string();
    let bytes = std::fs::read(&options.model).map_err(|e| format!("cannot read the model '{name}': {e}"))?;
    let model = mc_tflite::Model::from_bytes(&bytes).map_err(|e| format!("{name}: {e}"))?;
    let (inputs, outputs) = (samples::ports(&model, false)?, samples::ports(&model, true)?);
    let (samples, source) = if options.inputs.is_empty() {
        let count = options.random.unwrap_or(1) as usize;
        (samples::random(&inputs, count, options.seed), format!("{count} random inputs (seed {})", options.seed))
    } else {
        let samples = samples::from_npy(&options.inputs, &inputs)?;
        let count = samples.len();
        (samples, format!("{count} inputs from .npy files"))
    };

    let reference = run_tflm(&bytes, &name, &samples)?;
    let (mc, runner) = match board {
        Some(board) => {
            let dir = TempDir::new("validate");
            let compilation = Compilation {
                model: &options.model,
                target: &options.target,
                opt_level: &options.opt_level,
                config: options.config.as_ref(),
                planner: None,
            };
            compilation.run(&dir.0)?;
            (board::run(board, &dir.0, &samples, &outputs)?, format!("the emulated {} board", board.name))
        }
        None => (run_host(&bytes, &name, &samples, outputs.len())?, "the host JIT".to_string()),
    };

    println!("mcc validate: {name} for {}: mc on {runner} against TFLite Micro, {source}", options.target);
    let mut exact = true;
    for (index, port) in outputs.iter().enumerate() {
        let (got, want): (Vec<&Tensor>, Vec<&Tensor>) =
            mc.iter().zip(&reference).map(|(m, r)| (&m[index], &r[index])).unzip();
        let same: Vec<bool> = got.iter().zip(&want).map(|(g, w)| g.data == w.data).collect();
        let real = |tensors: &[&Tensor]| tensors.iter().map(|t| port.real_values(t)).collect::<Vec<_>>();
        let m = metrics::compare(&real(&got), &real(&want), &same);
        println!("{}", line(index, port, &m));
        exact &= m.bit_exact || port.dtype == DType::Float32;
        if let Some(dir) = &options.save_outputs {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
            samples::save(&dir.join(format!("mc_output_{index}.npy")), port, &got)?;
            samples::save(&dir.join(format!("tflm_output_{index}.npy")), port, &want)?;
        }
    }
    Ok(exact)
}

/// One output's result line.
fn line(index: usize, port: &Port, m: &metrics::Metrics) -> String {
    let top1 = format!(
        "top-1 agreement {}/{} ({:.1}%)",
        m.top1_agree,
        m.samples,
        100.0 * m.top1_agree as f64 / m.samples.max(1) as f64
    );
    let head = format!("  output {index} '{}' {}", port.name, port.describe());
    if m.bit_exact && port.dtype != DType::Float32 {
        return format!("{head}: bit-exact yes, {top1}");
    }
    let exact = if m.bit_exact {
        "yes".to_string()
    } else {
        format!("no ({} of {} elements differ)", m.mismatches, m.elements)
    };
    format!(
        "{head}: bit-exact {exact}, max abs error {:.6e}, RMSE {:.6e}, cosine {:.6}, L2r {:.6e}, {top1}",
        m.max_abs, m.rmse, m.cosine, m.l2r
    )
}

/// TFLite Micro's outputs for each sample, each in a fresh interpreter.
fn run_tflm(model: &[u8], name: &str, samples: &[Vec<Tensor>]) -> Result<Vec<Vec<Tensor>>, String> {
    if crate::tflm_arena::venv_python().is_none() {
        return Err("the tflite-micro venv is missing: run scripts/setup.sh".to_string());
    }
    let cases: Vec<Case> = samples
        .iter()
        .enumerate()
        .map(|(n, inputs)| Case {
            name: format!("sample {n}"),
            model: model.to_vec(),
            inputs: inputs.clone(),
            then: Vec::new(),
            expected: None,
        })
        .collect();
    mc_conformance::reference::try_run_tflm(&cases).map_err(|message| {
        let last = message.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message");
        format!("TFLite Micro cannot run '{name}': {last}")
    })
}

/// mc's outputs for each sample on the host, the state reset before each.
fn run_host(model: &[u8], name: &str, samples: &[Vec<Tensor>], outputs: usize) -> Result<Vec<Vec<Tensor>>, String> {
    let resets: Vec<usize> = (0..samples.len()).collect();
    let flat = mc_conformance::host::run_invocations_with_resets(model, samples, &resets, name, "")
        .map_err(|message| format!("mc cannot run '{name}': {message}"))?;
    Ok(flat.chunks(outputs.max(1)).map(<[Tensor]>::to_vec).collect())
}
