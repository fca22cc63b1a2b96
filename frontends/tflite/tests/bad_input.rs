//! Damaged copies of the shared MLPerf Tiny models: truncated at many
//! lengths, bytes overwritten at random, random garbage behind a valid
//! header. `Model::from_bytes` must return (a model or an error) on every
//! one, never panic; truncations must all be errors.

mod common;

use mc_tflite::Model;

/// xorshift64*: a fixed, dependency-free pseudo-random sequence, so a
/// failure names a case that reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Reads `bytes`, turning a panic into a failure that names the case.
fn read_without_panic(bytes: &[u8], case: impl Fn() -> String) -> bool {
    match std::panic::catch_unwind(|| Model::from_bytes(bytes).is_ok()) {
        Ok(ok) => ok,
        Err(_) => panic!("Model::from_bytes panicked on {}", case()),
    }
}

#[test]
fn truncated_models_are_errors() {
    for path in common::model_paths() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Every length in the first 4 KiB (header, vtables, tables), then
        // about 2000 lengths spread over the rest, and the last 64.
        let step = (bytes.len() / 2000).max(1);
        let lengths = (0..4096.min(bytes.len()))
            .chain((4096..bytes.len()).step_by(step))
            .chain(bytes.len().saturating_sub(64)..bytes.len());
        let mut n = 0;
        for len in lengths {
            let ok = read_without_panic(&bytes[..len], || format!("{name} truncated to {len} bytes"));
            assert!(!ok, "{name} truncated to {len} of {} bytes was accepted", bytes.len());
            n += 1;
        }
        eprintln!("{name}: {n} truncations rejected");
    }
}

#[test]
fn overwritten_bytes_never_panic() {
    // Each case that still reads is a full parse: keep the debug run short.
    const CASES: usize = 1000;
    for path in common::model_paths() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ bytes.len() as u64);
        let (mut accepted, mut rejected) = (0, 0);
        for case in 0..CASES {
            let mut broken = bytes.clone();
            // Most damage lands in the structure (the first KiBs hold the
            // tables and vtables; weights are at the end).
            let span = if case % 2 == 0 { broken.len().min(8192) } else { broken.len() };
            let flips = 1 + rng.below(4);
            let mut positions = Vec::new();
            for _ in 0..flips {
                let at = rng.below(span);
                broken[at] = rng.next() as u8;
                positions.push(at);
            }
            if read_without_panic(&broken, || format!("{name} case {case}, bytes {positions:?} overwritten")) {
                accepted += 1;
            } else {
                rejected += 1;
            }
        }
        eprintln!(
            "{name}: {CASES} damaged copies, {rejected} rejected, {accepted} still read (weights, names or values hit)"
        );
        assert!(rejected > CASES / 50, "{name}: only {rejected} of {CASES} damaged copies were rejected");
    }
}

#[test]
fn garbage_behind_a_valid_header_never_panics() {
    let mut rng = Rng(42);
    for case in 0..20000 {
        let len = 8 + rng.below(512);
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        // A small root offset and the identifier, so the reader goes past the header.
        bytes[0..4].copy_from_slice(&(rng.below(len) as u32).to_le_bytes());
        bytes[4..8].copy_from_slice(b"TFL3");
        read_without_panic(&bytes, || format!("garbage case {case} ({len} bytes)"));
    }
}
