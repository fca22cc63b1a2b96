//! Writes the PyTorch-style int8 MobileNetV2 (`mc_conformance::pytorch_network`: an NCHW input
//! `TRANSPOSE`, explicit `PAD`s before its 3x3 convolutions) to the path given as the argument,
//! for the benchmarks (`scripts/bench-ram.sh`, `scripts/bench-mcu.sh`).

use mc_conformance::pytorch_network::{WEIGHTS_SEED, mobilenet_v2};

fn main() -> std::io::Result<()> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: write_pytorch_model OUT.tflite");
        std::process::exit(2);
    };
    std::fs::write(&path, mobilenet_v2(WEIGHTS_SEED))?;
    println!("wrote {path}");
    Ok(())
}
