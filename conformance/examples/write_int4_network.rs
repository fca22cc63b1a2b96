//! Writes the int8 network with `INT4` weights (`mc_conformance::int4_network`, weights seed 1)
//! to the file given as the argument, for the benchmarks.

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "int4_network.tflite".to_string());
    std::fs::write(&path, mc_conformance::int4_network::int4_network(1))?;
    println!("wrote {path}");
    Ok(())
}
