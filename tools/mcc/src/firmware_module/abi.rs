//! What a firmware's C compiler must target to link an object mcc compiled: the architecture
//! (as GCC's `-march` spells it, read back from the compiler's predefined macros), the float ABI
//! and the `-mcpu` names of the core. The module's `CMakeLists.txt` and `mc_add_model()` check a
//! firmware against it at configure time (`cmake/mcModelLibrary.cmake`); `cmake/mcTargets.cmake`
//! is this table for every `--target` name (a test here writes it and keeps the file equal).

use mc_backend_llvm::TargetSpec;

/// What a firmware must be built for to link a target's objects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirmwareAbi {
    /// The architecture: `armv7e-m`, `rv32imac`, `x86-64`.
    pub arch: String,
    /// The float ABI: `hard` or `soft` on Arm (a `soft` object also links with `softfp` code),
    /// the ABI name on RISC-V (`ilp32`, `ilp32f`), `sysv` on the host.
    pub float_abi: &'static str,
    /// The `-mcpu=` values of this core (empty where the check is by architecture alone).
    pub cpus: Vec<&'static str>,
}

impl FirmwareAbi {
    /// The ABI a firmware needs for objects compiled for `spec`.
    pub fn of(spec: &TargetSpec) -> FirmwareAbi {
        let triple_arch = spec.llvm_triple.split('-').next().unwrap_or_default();
        if let Some(version) = triple_arch.strip_prefix("thumb") {
            // thumbv7em → armv7e-m, thumbv8m.main → armv8-m.main, thumbv8.1m.main → armv8.1-m.main.
            let (core, profile) = version.split_once("m").unwrap_or((version, ""));
            let (core, extension) = match core.strip_suffix('e') {
                Some(core) => (core, "e"),
                None => (core, ""),
            };
            let mut cpus = vec![spec.cpu];
            cpus.extend(spec.aliases.iter().filter(|alias| alias.starts_with("cortex-") && **alias != spec.cpu));
            return FirmwareAbi {
                arch: format!("arm{core}{extension}-m{profile}"),
                float_abi: if spec.llvm_triple.ends_with("eabihf") { "hard" } else { "soft" },
                cpus,
            };
        }
        if spec.triple.starts_with("riscv") {
            let arch = spec.triple.split('-').next().unwrap_or_default().replacen("riscv", "rv", 1);
            return FirmwareAbi { arch, float_abi: spec.abi, cpus: Vec::new() };
        }
        FirmwareAbi {
            arch: spec.triple.split('-').next().unwrap_or_default().replace('_', "-"),
            float_abi: "sysv",
            cpus: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_backend_llvm::TARGETS;
    use mc_backend_llvm::lookup;
    use std::fmt::Write;

    /// Every name `mcc --target` accepts, with its target, in the order `lookup` tries them (every
    /// alias, then each triple as its first target).
    pub fn target_names() -> Vec<(&'static str, &'static TargetSpec)> {
        let mut names: Vec<(&str, &TargetSpec)> =
            TARGETS.iter().flat_map(|spec| spec.aliases.iter().map(move |alias| (*alias, spec))).collect();
        for spec in TARGETS {
            if !names.iter().any(|(name, _)| *name == spec.triple) {
                names.push((spec.triple, spec));
            }
        }
        names
    }

    /// `cmake/mcTargets.cmake`: for each `--target` name, the variables `mc_add_model()` sets on the
    /// model's library target.
    pub fn targets_cmake() -> String {
        let mut text = String::from(
            "# mc's targets for mc_add_model(TARGET ...): every name `mcc --target` accepts, with the triple,\n\
         # the LLVM CPU and what a firmware must be built for to link the model (architecture, float\n\
         # ABI, -mcpu names). Generated from mcc's table (tools/mcc/src/firmware_module/abi.rs): a test\n\
         # keeps this file equal to it (`cargo test -p mcc cmake_target_table` prints the new one).\n",
        );
        let names = target_names();
        let list: Vec<&str> = names.iter().map(|(name, _)| *name).collect();
        let _ = writeln!(text, "set(MC_TARGETS \"{}\")", list.join(";"));
        for (name, spec) in names {
            let abi = FirmwareAbi::of(spec);
            let _ = writeln!(text, "set(MC_TARGET_{name}_TRIPLE \"{}\")", spec.triple);
            let _ = writeln!(text, "set(MC_TARGET_{name}_CPU \"{}\")", spec.cpu);
            let _ = writeln!(text, "set(MC_TARGET_{name}_ARCH \"{}\")", abi.arch);
            let _ = writeln!(text, "set(MC_TARGET_{name}_FLOAT_ABI \"{}\")", abi.float_abi);
            let _ = writeln!(text, "set(MC_TARGET_{name}_CPUS \"{}\")", abi.cpus.join(";"));
        }
        text
    }

    fn abi(name: &str) -> FirmwareAbi {
        FirmwareAbi::of(lookup(name).unwrap())
    }

    #[test]
    fn architectures_are_spelled_as_gcc_march() {
        assert_eq!(abi("cortex-m0").arch, "armv6-m");
        assert_eq!(abi("cortex-m3").arch, "armv7-m");
        assert_eq!(abi("cortex-m4").arch, "armv7e-m");
        assert_eq!(abi("cortex-m33").arch, "armv8-m.main");
        assert_eq!(abi("cortex-m55").arch, "armv8.1-m.main");
        assert_eq!(abi("rv32imac").arch, "rv32imac");
        assert_eq!(abi("host").arch, "x86-64");
    }

    #[test]
    fn float_abis_and_cpus() {
        assert_eq!(
            abi("cortex-m4"),
            FirmwareAbi { arch: "armv7e-m".into(), float_abi: "hard", cpus: vec!["cortex-m4", "cortex-m4f"] }
        );
        assert_eq!(abi("cortex-m4-nofp").float_abi, "soft");
        assert_eq!(abi("cortex-m0").cpus, vec!["cortex-m0plus", "cortex-m0+", "cortex-m0"]);
        assert_eq!(abi("rv32imafc").float_abi, "ilp32f");
        assert!(abi("rv32imac").cpus.is_empty());
    }

    #[test]
    fn cmake_target_table() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cmake/mcTargets.cmake");
        let expected = targets_cmake();
        let actual = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(actual == expected, "{} differs from mcc's target table; it should read:\n{expected}", path.display());
    }
}
