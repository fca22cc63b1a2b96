//! The generic model harness (`harness/model_main.c`) around the fake model
//! (`fixtures/fake.{h,c}`, the generated C API written by hand) on every board: model-allocated
//! and application-bound arenas, several runs, bad bindings, file errors, and the fake model
//! compiled by clang for mcc's triple as a stand-in for mcc's objects.

mod common;

use common::{TIMEOUT, ensure, fixture, for_each_board, symbols, workdir};
use mc_emulator::harness::{self, EXIT_FILE_ERROR, EXIT_STATUS_BASE};
use mc_emulator::{Arch, Board, LinkOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The fake model's statuses for bad bindings (fake.h).
const ARENA_TOO_SMALL: i32 = 4;
const ARENA_MISALIGNED: i32 = 5;

fn inputs() -> [Vec<u8>; 2] {
    let first: Vec<u8> = (0..301u32).map(|i| (i * 37 + 11) as u8).collect();
    [first, b"abcde".to_vec()]
}

/// The fake model's outputs after `runs` runs on [`inputs`].
fn expected_outputs(runs: u32) -> Vec<Vec<u8>> {
    let [first, second] = inputs();
    let plus_one = first.iter().map(|b| b.wrapping_add(1)).collect();
    let sum: u32 = second.iter().map(|&b| u32::from(b)).sum();
    let mut counters = runs.to_le_bytes().to_vec();
    counters.extend(sum.to_le_bytes());
    vec![plus_one, counters]
}

fn fake_options(defines: &[(&str, &str)]) -> LinkOptions {
    let mut options = harness::model_options("fake", &fixture("fake.h")).expect("the fake model's header");
    for (name, value) in defines {
        options = options.define(name, value);
    }
    options
}

/// Links the harness around the fake model (as C, or as an `object`), writes the inputs, runs,
/// and returns the run's exit status and console after checking the outputs when it is 0.
fn link_and_run(
    board: &Board,
    dir: &Path,
    name: &str,
    objects: &[PathBuf],
    defines: &[(&str, &str)],
    runs: u32,
) -> Result<i32, String> {
    let elf = dir.join(format!("{name}.elf"));
    let sources =
        if objects.is_empty() { vec![harness::model_main(), fixture("fake.c")] } else { vec![harness::model_main()] };
    board.link(objects, &sources, &fake_options(defines), &elf)?;
    let run_dir = dir.join(name);
    harness::write_inputs(&run_dir, &inputs())?;
    let run = board.run(&elf, &run_dir, TIMEOUT)?;
    if run.status == 0 {
        let outputs = harness::read_outputs(&run_dir, 2)?;
        ensure(outputs == expected_outputs(runs), || {
            format!("{name}: wrong outputs {outputs:?}\nconsole:\n{}", run.console)
        })?;
        ensure(run.console.contains("mc: done"), || format!("{name}: console:\n{}", run.console))?;
    }
    Ok(run.status)
}

#[test]
fn model_allocated_arenas_on_every_board() {
    for_each_board(|board| {
        let dir = workdir("model_allocated", board);
        let status = link_and_run(board, &dir, "allocated", &[], &[], 1)?;
        ensure(status == 0, || format!("exit status {status}: {}", harness::describe_exit(status)))?;
        // mc's named sections: the model's arena among .bss, its constants below it, and the
        // harness's free RAM after both.
        let elf = dir.join("allocated.elf");
        let table = symbols(board, &elf)?;
        let address = |symbol: &str| table.get(symbol).copied().ok_or_else(|| format!("no symbol {symbol}"));
        let (bss_start, bss_end, arena) = (address("__bss_start")?, address("__bss_end")?, address("scratch_arena")?);
        ensure((bss_start..bss_end).contains(&arena), || format!("scratch_arena at {arena:#x} is not in .bss"))?;
        ensure(address("increments")? < bss_start, || "the constants are not below .bss".to_string())?;
        ensure(address("__mc_free_ram_start")? >= bss_end, || "free RAM overlaps .bss".to_string())?;
        if board.arch == Arch::Arm {
            // Every Arm board's flash lies below its RAM, which starts with the stack.
            let ram_start = address("__stack_top")? - address("__stack_size")?;
            ensure(address("increments")? < ram_start, || "the constants are not in flash".to_string())?;
        }
        Ok(())
    });
}

#[test]
fn application_bound_arenas_and_several_runs_on_every_board() {
    for_each_board(|board| {
        let dir = workdir("model_bound", board);
        let defines = [("FAKE_ALLOCATE_ARENAS", "0"), ("MC_RUNS", "3")];
        let status = link_and_run(board, &dir, "bound", &[], &defines, 3)?;
        ensure(status == 0, || format!("exit status {status}: {}", harness::describe_exit(status)))
    });
}

#[test]
fn bad_bindings_exit_with_the_status_on_every_board() {
    for_each_board(|board| {
        let dir = workdir("model_bad_binding", board);
        for (name, adjust, status) in [
            ("too_small", ("MC_BIND_BYTES_ADJUST", "-1"), ARENA_TOO_SMALL),
            ("misaligned", ("MC_BIND_BASE_OFFSET", "4"), ARENA_MISALIGNED),
        ] {
            let exit = link_and_run(board, &dir, name, &[], &[("FAKE_ALLOCATE_ARENAS", "0"), adjust], 1)?;
            ensure(exit == EXIT_STATUS_BASE + status, || {
                format!("{name}: exit status {exit}, expected {}", EXIT_STATUS_BASE + status)
            })?;
        }
        Ok(())
    });
}

#[test]
fn missing_and_short_inputs_are_file_errors() {
    let board = Board::lookup("rv32imac").unwrap();
    let dir = workdir("model_files", board);
    let elf = dir.join("files.elf");
    board.link(&[], &[harness::model_main(), fixture("fake.c")], &fake_options(&[]), &elf).unwrap();

    let [first, _] = inputs();
    harness::write_inputs(&dir, std::slice::from_ref(&first)).unwrap();
    let run = board.run(&elf, &dir, TIMEOUT).unwrap();
    run.expect_status(EXIT_FILE_ERROR).unwrap();
    assert!(run.console.contains("mc: cannot open input_1.bin"), "{}", run.console);

    harness::write_inputs(&dir, &[first, b"abcd".to_vec()]).unwrap();
    let run = board.run(&elf, &dir, TIMEOUT).unwrap();
    run.expect_status(EXIT_FILE_ERROR).unwrap();
    assert!(run.console.contains("mc: input_1.bin has 4 bytes, the model's input 1 takes 5"), "{}", run.console);
}

/// clang from LLVM 22, which `mcc` is built on (scripts/setup.sh installs it).
fn clang() -> PathBuf {
    let candidates = [PathBuf::from("/usr/lib/llvm-22/bin/clang")];
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).map(|dir| dir.join("clang-22")).collect::<Vec<_>>())
        .unwrap_or_default();
    candidates
        .into_iter()
        .chain(on_path)
        .find(|path| path.is_file())
        .expect("clang-22 is not installed: run ./scripts/setup.sh")
}

/// Compiles fake.c with clang for `target` and `flags` into `object`.
fn clang_compile(target: &str, flags: &[&str], object: &Path) -> Result<(), String> {
    let output = Command::new(clang())
        .arg(format!("--target={target}"))
        .args(flags)
        .args(["-O2", "-ffunction-sections", "-fdata-sections", "-DFAKE_ALLOCATE_ARENAS=0", "-c"])
        .arg(fixture("fake.c"))
        .arg("-o")
        .arg(object)
        .output()
        .map_err(|e| format!("cannot run clang: {e}"))?;
    ensure(output.status.success(), || format!("clang failed: {}", String::from_utf8_lossy(&output.stderr)))
}

#[test]
fn llvm_objects_for_the_mcc_triple_link_on_every_board() {
    for_each_board(|board| {
        let dir = workdir("model_llvm", board);
        // LLVM's spelling of the RISC-V triples has no extension letters; -march carries them.
        let target = if board.arch == Arch::RiscV { "riscv32-unknown-none-elf" } else { board.triple };
        let object = dir.join("fake.o");
        clang_compile(target, board.cflags, &object)?;
        let status = link_and_run(board, &dir, "llvm", &[object], &[("FAKE_ALLOCATE_ARENAS", "0")], 1)?;
        ensure(status == 0, || format!("exit status {status}: {}", harness::describe_exit(status)))
    });
}

#[test]
fn a_soft_float_object_does_not_link_on_a_hard_float_board() {
    let board = Board::lookup("cortex-m4").unwrap();
    let dir = workdir("model_float_abi", board);
    let object = dir.join("soft.o");
    clang_compile("thumbv7em-none-eabi", &["-mcpu=cortex-m4", "-mfloat-abi=soft"], &object).unwrap();
    let options = fake_options(&[("FAKE_ALLOCATE_ARENAS", "0")]);
    let error = board.link(&[object], &[harness::model_main()], &options, &dir.join("soft.elf")).unwrap_err();
    assert!(error.contains("soft.elf uses VFP register arguments") && error.contains("soft.o does not"), "{error}");
}
