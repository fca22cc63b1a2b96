//! Instruction counts with the shared QEMU plugin: the harness's bench_mark() brackets each
//! inference, and the counts between marks are identical from run to run on every board.

mod common;

use common::{TIMEOUT, ensure, fixture, for_each_board, workdir};
use mc_emulator::{Board, harness};

#[test]
fn counts_between_marks_are_exact_and_repeatable_on_every_board() {
    for_each_board(|board| {
        let dir = workdir("icount", board);
        let options = harness::model_options("fake", &fixture("fake.h"))?.define("MC_RUNS", 2);
        let elf = dir.join("fake.elf");
        board.link(&[], &[harness::model_main(), fixture("fake.c")], &options, &elf)?;
        harness::write_inputs(&dir, &[vec![7u8; 301], vec![1u8; 5]])?;
        let first = board.count_instructions(&elf, &dir, "bench_mark", TIMEOUT)?;
        let second = board.count_instructions(&elf, &dir, "bench_mark", TIMEOUT)?;
        ensure(first.marks.len() == 4, || format!("{} marks for 2 runs: {:?}", first.marks.len(), first.marks))?;
        let intervals = first.intervals();
        ensure(intervals.iter().all(|&n| n > 0), || format!("empty intervals {intervals:?}"))?;
        ensure(first.total > first.marks[3], || format!("total {} before the last mark", first.total))?;
        ensure((first.marks.clone(), first.total) == (second.marks.clone(), second.total), || {
            format!("counts differ: {:?} {} then {:?} {}", first.marks, first.total, second.marks, second.total)
        })?;
        ensure(!first.run.console.contains("MARK") && first.run.console.contains("mc: done"), || {
            format!("console:\n{}", first.run.console)
        })
    });
}

#[test]
fn a_bad_mark_symbol_is_an_error() {
    let board = Board::lookup("cortex-m4").unwrap();
    let dir = workdir("icount_bad_symbol", board);
    let error = board.count_instructions(&dir.join("x.elf"), &dir, "a,b", TIMEOUT).unwrap_err();
    assert!(error.contains("cannot be a mark symbol"), "{error}");
}

#[test]
fn a_mark_symbol_that_never_runs_is_an_error() {
    let board = Board::lookup("rv32imafc").unwrap();
    let dir = workdir("icount_absent_symbol", board);
    let options = harness::model_options("fake", &fixture("fake.h")).unwrap();
    let elf = dir.join("fake.elf");
    board.link(&[], &[harness::model_main(), fixture("fake.c")], &options, &elf).unwrap();
    harness::write_inputs(&dir, &[vec![0u8; 301], vec![0u8; 5]]).unwrap();
    let error = board.count_instructions(&elf, &dir, "no_such_function", TIMEOUT).unwrap_err();
    assert!(error.contains("`no_such_function`"), "{error}");
}
