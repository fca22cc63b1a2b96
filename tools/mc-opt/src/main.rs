//! `mc-opt`: reads IR, verifies it, runs a pass pipeline and prints the result, like `mlir-opt`.

mod driver;
mod options;

use std::process::ExitCode;

fn main() -> ExitCode {
    let registry = driver::registry();
    let options = match options::parse_command_line(std::env::args().collect(), &registry) {
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
