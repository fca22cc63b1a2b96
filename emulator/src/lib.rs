//! mc's emulated boards: link the objects `mcc` writes with the project's start-up code and
//! harnesses, run them under QEMU with semihosting, and count their instructions.
//!
//! A [`Board`] is one entry of a fixed table (`cortex-m3`, `cortex-m4`, `cortex-m7`, `rv32imac`,
//! `rv32imafc`, the names `mcc --target` takes): its GCC driver and flags, its QEMU machine and
//! its board support C under `emulator/boards/`. [`Board::link`] builds an ELF,
//! [`Board::run`] runs it and returns the exit status and console text ([`Run`]), and
//! [`Board::count_instructions`] runs it with the icount QEMU plugin ([`Counts`]), and
//! [`Board::profile`] splits one inference's count by layer ([`Profile`]).
//! [`harness`] drives `emulator/harness/model_main.c`, the generic harness for generated models.
//!
//! Nothing here panics on bad input: every failure is an `Err(String)` that says what to do
//! (a missing tool names `./scripts/setup.sh`; a failed link carries GCC's messages; a failed
//! run carries the console text).
#![deny(missing_docs)]

mod board;
pub mod harness;
mod icount;
mod link;
pub mod paths;
mod profile;
mod run;
mod tool;

pub use board::{Arch, BOARDS, Board, FAULT_EXIT_STATUS};
pub use icount::Counts;
pub use link::LinkOptions;
pub use profile::Profile;
pub use run::Run;
