//! Running mc's object on an emulated board for `mcc validate --board`: the object is linked
//! with the project's model harness (`mc-emu`'s), invoked once per sample with the state reset
//! between samples (each sample runs as a freshly initialised model's first invocation, as in
//! a fresh TFLite Micro interpreter), and its outputs are read back.

use super::samples::Port;
use crate::child_compile::PREFIX;
use mc_conformance::Tensor;
use mc_emulator::{Board, harness};
use std::path::Path;
use std::time::Duration;

/// The emulated board `name`, if it runs the code `mcc --target target` writes.
pub fn board_for(name: &str, target: &mc_backend_llvm::TargetSpec) -> Result<&'static Board, String> {
    let board = Board::lookup(name)?;
    if board.triple != target.triple || board.cpu != target.cpu {
        return Err(format!(
            "the board {} runs {} code for {}, but --target {} compiles for {} ({}): pick --target {}",
            board.name,
            board.triple,
            board.cpu,
            target.aliases.first().unwrap_or(&target.triple),
            target.triple,
            target.cpu,
            board.name
        ));
    }
    Ok(board)
}

/// Runs the object `dir/model.o` (header beside it) on `board` for each of `samples`; the
/// outputs of each sample, as `outputs` describes them.
pub fn run(board: &Board, dir: &Path, samples: &[Vec<Tensor>], outputs: &[Port]) -> Result<Vec<Vec<Tensor>>, String> {
    let object = dir.join(format!("{PREFIX}.o"));
    let options = harness::model_options(PREFIX, &dir.join(format!("{PREFIX}.h")))?
        .define("MC_RUNS", 1)
        .define("MC_INVOCATIONS", samples.len())
        .define("MC_RESET_BETWEEN", 1);
    let elf = dir.join(format!("{PREFIX}.{}.elf", board.name));
    board.link(&[object], &[harness::model_main()], &options, &elf)?;
    let work = dir.join("run");
    let inputs: Vec<Vec<&[u8]>> = samples.iter().map(|s| s.iter().map(|t| t.data.as_slice()).collect()).collect();
    harness::write_invocations(&work, &inputs)?;
    // A minute per sample: QEMU runs the larger models in seconds.
    let timeout = Duration::from_secs(60 * samples.len() as u64 + 60);
    let run = board.run(&elf, &work, timeout)?;
    if run.status != 0 {
        return Err(format!(
            "the model failed on {}: {}\nconsole:\n{}",
            board.name,
            harness::describe_exit(run.status),
            run.console
        ));
    }
    let bytes = harness::read_invocation_outputs(&work, samples.len(), outputs.len())?;
    Ok(bytes
        .into_iter()
        .map(|sample| {
            sample
                .into_iter()
                .zip(outputs)
                .map(|(data, port)| Tensor { dtype: port.dtype, shape: port.shape.clone(), data })
                .collect()
        })
        .collect())
}
