//! Every board links and runs C: integer, 64-bit, float and double arithmetic, initialised and
//! zeroed data, semihosting file I/O and exit statuses; faults exit with a report, not a hang;
//! tool, link and run failures are clear errors.

mod common;

use common::{TIMEOUT, ensure, fixture, for_each_board, link, workdir};
use mc_emulator::{Board, FAULT_EXIT_STATUS, LinkOptions};
use std::time::Duration;

/// The bytes selftest.c writes for `a`, `b`, `x`, `y` (its `struct results`, little-endian).
fn selftest_expected(a: i32, b: i32, x: f32, y: f32) -> Vec<u8> {
    let data_sum: i32 = 1 + -2 * 10 + 3 * 100 + -4 * 1000;
    let wide_product = i64::from(a) * i64::from(b) * 1_000_003;
    let mut out = Vec::new();
    for v in [a.wrapping_mul(b), a / b, a % b, data_sum] {
        out.extend(v.to_le_bytes());
    }
    for v in [wide_product, wide_product / i64::from(b - 7)] {
        out.extend(v.to_le_bytes());
    }
    for v in [x * y, x / y, x + y, a as f32] {
        out.extend(v.to_le_bytes());
    }
    out.extend(((x * 1000.0) as i32).to_le_bytes());
    out.extend(0u32.to_le_bytes());
    out.extend((f64::from(x) * f64::from(y) / 3.0).to_le_bytes());
    out
}

#[test]
fn arithmetic_data_and_files_on_every_board() {
    let (a, b, x, y) = (123_457i32, -37i32, 1.25f32, -0.3f32);
    let mut input = Vec::new();
    input.extend(a.to_le_bytes());
    input.extend(b.to_le_bytes());
    input.extend(x.to_le_bytes());
    input.extend(y.to_le_bytes());
    let expected = selftest_expected(a, b, x, y);
    for_each_board(|board| {
        let dir = workdir("selftest", board);
        let elf = link(board, &dir, "selftest", &[fixture("selftest.c")], &LinkOptions::default())?;
        std::fs::write(dir.join("in.bin"), &input).map_err(|e| e.to_string())?;
        let run = board.run(&elf, &dir, TIMEOUT)?;
        run.expect_status(42)?;
        ensure(run.console.contains("selftest: ok (123457 * -37 = -4567909)"), || {
            format!("console:\n{}", run.console)
        })?;
        let out = std::fs::read(dir.join("out.bin")).map_err(|e| format!("out.bin: {e}"))?;
        ensure(out == expected, || format!("out.bin is\n{out:02x?}\nexpected\n{expected:02x?}"))
    });
}

#[test]
fn faults_exit_with_a_report_on_every_board() {
    for_each_board(|board| {
        let dir = workdir("fault", board);
        // A load nothing answers faults with its address reported; the micro:bit's QEMU model
        // answers every address (and ARMv6-M has no fault address register): there a call into
        // Arm state faults instead.
        let second =
            if board.name == "cortex-m0" { (3, ["FAULT:", "HardFault"]) } else { (2, ["FAULT:", "0xf0000000"]) };
        for (kind, expected) in [(1, ["FAULT:", "pc=0x"]), second] {
            let options = LinkOptions::default().define("FAULT_KIND", kind).define("FAULT_ADDRESS", "0xF0000000u");
            let elf = link(board, &dir, &format!("fault{kind}"), &[fixture("fault.c")], &options)?;
            let run = board.run(&elf, &dir, TIMEOUT)?;
            run.expect_status(FAULT_EXIT_STATUS)?;
            for text in expected {
                ensure(run.console.contains(text), || format!("fault kind {kind}: no `{text}` in\n{}", run.console))?;
            }
            ensure(!run.console.contains("still running"), || format!("fault kind {kind} did not fault"))?;
        }
        Ok(())
    });
}

#[test]
fn a_link_error_carries_the_linker_messages() {
    let board = Board::lookup("cortex-m4").unwrap();
    let dir = workdir("link_error", board);
    let source = dir.join("undefined.c");
    std::fs::write(&source, "void missing_function(void);\nint main(void) { missing_function(); return 0; }\n")
        .unwrap();
    let error = link(board, &dir, "undefined", &[source], &LinkOptions::default()).unwrap_err();
    assert!(error.contains("linking") && error.contains("for cortex-m4 failed"), "{error}");
    assert!(error.contains("undefined reference to `missing_function'"), "{error}");
}

#[test]
fn a_section_the_linker_script_does_not_place_fails_the_link() {
    let board = Board::lookup("rv32imac").unwrap();
    let dir = workdir("orphan", board);
    let source = dir.join("orphan.c");
    std::fs::write(
        &source,
        "__attribute__((section(\".sram_bank\"))) int bank[4];\nint main(void) { return bank[1]; }\n",
    )
    .unwrap();
    let error = link(board, &dir, "orphan", &[source], &LinkOptions::default()).unwrap_err();
    assert!(error.contains("orphan section `.sram_bank'"), "{error}");
}

#[test]
fn missing_inputs_are_errors() {
    let board = Board::lookup("cortex-m3").unwrap();
    let dir = workdir("missing", board);
    let error = board.link(&[dir.join("absent.o")], &[], &LinkOptions::default(), &dir.join("x.elf")).unwrap_err();
    assert!(error.contains("absent.o does not exist"), "{error}");
    let error = board.run(&dir.join("absent.elf"), &dir, TIMEOUT).unwrap_err();
    assert!(error.contains("absent.elf") && error.contains("does not exist"), "{error}");
}

#[test]
fn a_program_that_never_exits_times_out() {
    let board = Board::lookup("cortex-m3").unwrap();
    let dir = workdir("timeout", board);
    let source = dir.join("spin.c");
    std::fs::write(&source, "int main(void) { for (volatile int i = 0;; i++) {} }\n").unwrap();
    let elf = link(board, &dir, "spin", &[source], &LinkOptions::default()).unwrap();
    let error = board.run(&elf, &dir, Duration::from_millis(300)).unwrap_err();
    assert!(error.contains("QEMU timed out after 0.3 s"), "{error}");
}
