//! `mc-opt`: reads IR, verifies it, runs a pass pipeline and prints the result, like `mlir-opt`.

mod driver;
mod options;

use std::process::ExitCode;

/// Stack of the thread that does the work. The parser and the printer recurse once per level of
/// nesting, up to [`mc_ir::parser::MAX_NESTING_DEPTH`] levels; in a debug build that takes more
/// than the 8 MiB a main thread gets. The stack is reserved, not committed, so this costs nothing.
const STACK_SIZE: usize = 256 << 20;

fn main() -> ExitCode {
    let worker = std::thread::Builder::new().name("mc-opt".to_string()).stack_size(STACK_SIZE).spawn(run);
    match worker.map(|handle| handle.join()) {
        Ok(Ok(code)) => code,
        // A panic has already been reported by the panic hook.
        Ok(Err(_)) => ExitCode::from(101),
        Err(e) => {
            eprintln!("mc-opt: error: cannot start the worker thread: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> ExitCode {
    let mut registry = driver::registry();
    let options = match options::parse_command_line(std::env::args().collect(), &mut registry) {
        Ok(options) => options,
        Err(exit) => return exit,
    };
    match driver::run(&options, &registry) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("mc-opt: error: {message}");
            ExitCode::FAILURE
        }
    }
}
