//! The host's instruction set as the JIT sees it: whether it can run the `vector` code that the
//! host pipeline's vectorization makes.

use cranelift_codegen::isa::TargetIsa;
use cranelift_codegen::settings::{self, Configurable};

/// The CPU features the vector lowering needs on x86-64, by Cranelift's setting names: SSSE3's
/// byte shuffles and SSE4.1's sign extensions and 32-bit lane multiplies.
const X86_VECTOR_FEATURES: [&str; 2] = ["has_ssse3", "has_sse41"];

/// True if the JIT lowers `vector` code on this machine: an x86-64 CPU whose features, as
/// Cranelift's native ISA builder detects them at run time, include [`X86_VECTOR_FEATURES`].
/// Elsewhere (other CPUs, other architectures) the host pipeline keeps its scalar loops.
pub fn host_runs_vectors() -> bool {
    let Ok(builder) = cranelift_native::builder() else { return false };
    let mut shared = settings::builder();
    if shared.set("opt_level", "speed").is_err() {
        return false;
    }
    match builder.finish(settings::Flags::new(shared)) {
        Ok(isa) => runs_vectors(isa.as_ref()),
        Err(_) => false,
    }
}

/// True if `isa` is x86-64 with every feature of [`X86_VECTOR_FEATURES`] enabled.
fn runs_vectors(isa: &dyn TargetIsa) -> bool {
    let flags = isa.isa_flags();
    isa.name() == "x64"
        && X86_VECTOR_FEATURES
            .iter()
            .all(|feature| flags.iter().any(|flag| flag.name == *feature && flag.as_bool() == Some(true)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x64(features: &[&str]) -> std::sync::Arc<dyn TargetIsa> {
        let mut builder = cranelift_codegen::isa::lookup_by_name("x86_64-unknown-linux-gnu").unwrap();
        for feature in features {
            builder.enable(feature).unwrap();
        }
        builder.finish(settings::Flags::new(settings::builder())).unwrap()
    }

    #[test]
    fn vectors_need_ssse3_and_sse41() {
        assert!(runs_vectors(x64(&["has_ssse3", "has_sse41"]).as_ref()));
        assert!(!runs_vectors(x64(&["has_ssse3"]).as_ref()));
        assert!(!runs_vectors(x64(&[]).as_ref()));
    }

    #[test]
    fn this_machine_is_detected_as_the_jit_sees_it() {
        let expected = cfg!(target_arch = "x86_64")
            && std::arch::is_x86_feature_detected!("ssse3")
            && std::arch::is_x86_feature_detected!("sse4.1");
        assert_eq!(host_runs_vectors(), expected);
    }
}
