//! Writes `examples/tiny_cnn_int8.tflite`, the bundled example model of the README's main
//! command: the conformance network's int8 form (`mc_conformance::networks`).

use mc_conformance::networks::{EXAMPLE_SEED, network};

fn main() -> std::io::Result<()> {
    let path = mc_conformance::paths::repo_root().join("examples/tiny_cnn_int8.tflite");
    std::fs::write(&path, network(false, EXAMPLE_SEED))?;
    println!("wrote {}", path.display());
    Ok(())
}
