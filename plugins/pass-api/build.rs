//! Computes the build fingerprint of this mc (`MC_PASS_PLUGIN_FINGERPRINT`): mc's version, a hash
//! of the sources of every mc crate a pass plugin may link together with the workspace manifest
//! and lock file (the versions of every dependency), the rustc version, the target and the panic
//! strategy. A plugin and mc compute it with this same script, each in its own build of this
//! crate; equal fingerprints mean both were built from the same sources, dependency versions and
//! compiler, so the Rust types they share have one layout.
//!
//! Cargo features are left out on purpose: `cargo test` turns on mc-ir's `test-dialect` and
//! `cargo build` does not, yet neither changes a type a plugin shares with mc.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What is hashed, relative to the workspace root: the crates a plugin may link (their manifests,
/// build scripts and sources) and the workspace's manifest and lock file.
const INPUTS: [&str; 7] = ["Cargo.toml", "Cargo.lock", "ir", "dialects", "passes", "plugins/api", "plugins/pass-api"];

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest_dir.join("../..");
    let mut files = Vec::new();
    for input in INPUTS {
        let path = root.join(input);
        println!("cargo::rerun-if-changed={}", path.display());
        if path.is_dir() {
            for part in ["Cargo.toml", "build.rs", "src"] {
                collect(&path.join(part), &mut files);
            }
        } else {
            files.push(path);
        }
    }
    files.sort();
    let mut hash = Fnv::default();
    for file in &files {
        // A missing file (a crate without build.rs) hashes as its name alone.
        hash.write(file.strip_prefix(&root).unwrap_or(file).to_string_lossy().as_bytes());
        hash.write(&std::fs::read(file).unwrap_or_default());
    }
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let rustc = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map_or_else(|| "rustc (unknown version)".to_string(), |v| v.trim().to_string());
    let target = std::env::var("TARGET").unwrap_or_default();
    let panic = std::env::var("CARGO_CFG_PANIC").unwrap_or_default();
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!(
        "cargo::rustc-env=MC_PASS_PLUGIN_FINGERPRINT=mc {version}, sources {:016x}, {rustc}, {target}, panic={panic}",
        hash.0
    );
}

/// Every file under `path` (or `path` itself), in any order.
fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    match std::fs::read_dir(path) {
        Ok(entries) => {
            for entry in entries.flatten() {
                collect(&entry.path(), files);
            }
        }
        Err(_) => files.push(path.to_path_buf()),
    }
}

/// 64-bit FNV-1a; each write is followed by its length, so that moving bytes from one write to the
/// next (a file's end to the next file's name) changes the hash.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes.iter().chain(&(bytes.len() as u64).to_le_bytes()) {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
