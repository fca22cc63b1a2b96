//! The targets mc compiles for: a table of friendly names (`cortex-m4`, `rv32imac`) and triples
//! (`thumbv7em-none-eabihf`), each with the LLVM triple, CPU, features and ABI it stands for, and
//! the LLVM target machines made from them.
//!
//! Triples are spelled as Rust and `target-lexicon` spell them (`riscv32imac-unknown-none-elf`);
//! LLVM wants the architecture without extension letters (`riscv32-unknown-none-elf`) and the
//! extensions as features, which the table records. Every machine is configured the same way on
//! every build host (no "native" CPU), so identical inputs give identical objects.

use inkwell::OptimizationLevel;
use inkwell::llvm_sys::support::LLVMParseCommandLineOptions;
use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target as LlvmTarget, TargetMachine, TargetMachineOptions, TargetTriple,
};
use std::ffi::CString;
use std::str::FromStr;
use std::sync::Once;

/// One target mc compiles for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetSpec {
    /// The triple as Rust and `target-lexicon` spell it.
    pub triple: &'static str,
    /// Friendly names that select this target (`cortex-m4`, `rv32imac`).
    pub aliases: &'static [&'static str],
    /// The triple LLVM is given.
    pub llvm_triple: &'static str,
    /// The LLVM CPU name.
    pub cpu: &'static str,
    /// LLVM target features (`+m,+a,+c`), beyond the CPU's own.
    pub features: &'static str,
    /// The ABI name (`ilp32f`), empty for the triple's default.
    pub abi: &'static str,
    /// True for the build machine's triple: objects are position independent so tests can link
    /// them into shared libraries.
    pub host: bool,
}

/// Every supported target. The Cortex-M cores with an FPU use the hard-float ABI (`eabihf`),
/// as TARGETS.md's boards do; `thumbv7em-none-eabi` is the soft-float Cortex-M4.
pub const TARGETS: &[TargetSpec] = &[
    TargetSpec {
        triple: "x86_64-unknown-linux-gnu",
        aliases: &["host", "x86-64"],
        llvm_triple: "x86_64-unknown-linux-gnu",
        cpu: "x86-64",
        features: "",
        abi: "",
        host: true,
    },
    TargetSpec {
        triple: "thumbv6m-none-eabi",
        aliases: &["cortex-m0plus", "cortex-m0+", "cortex-m0"],
        llvm_triple: "thumbv6m-none-eabi",
        cpu: "cortex-m0plus",
        features: "",
        abi: "",
        host: false,
    },
    TargetSpec {
        triple: "thumbv7m-none-eabi",
        aliases: &["cortex-m3"],
        llvm_triple: "thumbv7m-none-eabi",
        cpu: "cortex-m3",
        features: "",
        abi: "",
        host: false,
    },
    TargetSpec {
        triple: "thumbv7em-none-eabi",
        aliases: &["cortex-m4-softfp", "cortex-m4-nofp"],
        llvm_triple: "thumbv7em-none-eabi",
        cpu: "cortex-m4",
        features: "-fpregs",
        abi: "",
        host: false,
    },
    TargetSpec {
        triple: "thumbv7em-none-eabihf",
        aliases: &["cortex-m4", "cortex-m4f"],
        llvm_triple: "thumbv7em-none-eabihf",
        cpu: "cortex-m4",
        features: "",
        abi: "",
        host: false,
    },
    TargetSpec {
        triple: "thumbv7em-none-eabihf",
        aliases: &["cortex-m7"],
        llvm_triple: "thumbv7em-none-eabihf",
        cpu: "cortex-m7",
        features: "",
        abi: "",
        host: false,
    },
    TargetSpec {
        triple: "thumbv8m.main-none-eabi",
        aliases: &["cortex-m33-nofp"],
        llvm_triple: "thumbv8m.main-none-eabi",
        cpu: "cortex-m33",
        features: "-fpregs",
        abi: "",
        host: false,
    },
    TargetSpec {
        triple: "thumbv8m.main-none-eabihf",
        aliases: &["cortex-m33"],
        llvm_triple: "thumbv8m.main-none-eabihf",
        cpu: "cortex-m33",
        features: "",
        abi: "",
        host: false,
    },
    // target-lexicon (as Rust) has no v8.1-M triple: Rust builds for the M55 as thumbv8m.main
    // with the cortex-m55 CPU; LLVM gets the v8.1-M triple, whose CPU brings MVE.
    TargetSpec {
        triple: "thumbv8m.main-none-eabihf",
        aliases: &["cortex-m55"],
        llvm_triple: "thumbv8.1m.main-none-eabihf",
        cpu: "cortex-m55",
        features: "",
        abi: "",
        host: false,
    },
    TargetSpec {
        triple: "riscv32imc-unknown-none-elf",
        aliases: &["rv32imc"],
        llvm_triple: "riscv32-unknown-none-elf",
        cpu: "generic-rv32",
        features: "+m,+c",
        abi: "ilp32",
        host: false,
    },
    TargetSpec {
        triple: "riscv32imac-unknown-none-elf",
        aliases: &["rv32imac"],
        llvm_triple: "riscv32-unknown-none-elf",
        cpu: "generic-rv32",
        features: "+m,+a,+c",
        abi: "ilp32",
        host: false,
    },
    TargetSpec {
        triple: "riscv32imafc-unknown-none-elf",
        aliases: &["rv32imafc"],
        llvm_triple: "riscv32-unknown-none-elf",
        cpu: "generic-rv32",
        features: "+m,+a,+f,+c",
        abi: "ilp32f",
        host: false,
    },
];

/// The LLVM optimization pipeline to run (the new pass manager's `default<O2>` etc.).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptLevel {
    /// `-O0`: no optimization.
    O0,
    /// `-O2`.
    O2,
    /// `-Os`: optimize for size.
    Os,
    /// `-O3`.
    O3,
}

impl OptLevel {
    /// The pass pipeline text for `Module::run_passes`.
    pub fn pipeline(self) -> &'static str {
        match self {
            OptLevel::O0 => "default<O0>",
            OptLevel::O2 => "default<O2>",
            OptLevel::Os => "default<Os>",
            OptLevel::O3 => "default<O3>",
        }
    }

    /// The code generator's level.
    pub(crate) fn codegen(self) -> OptimizationLevel {
        match self {
            OptLevel::O0 => OptimizationLevel::None,
            OptLevel::O2 | OptLevel::Os => OptimizationLevel::Default,
            OptLevel::O3 => OptimizationLevel::Aggressive,
        }
    }
}

impl FromStr for OptLevel {
    type Err = String;

    /// `0`, `2`, `s`, `3`, with or without a leading `O`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim_start_matches('O') {
            "0" => Ok(OptLevel::O0),
            "2" => Ok(OptLevel::O2),
            "s" => Ok(OptLevel::Os),
            "3" => Ok(OptLevel::O3),
            _ => Err(format!("unknown optimization level '{text}': expected O0, O2, Os or O3")),
        }
    }
}

/// The target named `name`: an alias or a triple of [`TARGETS`] (the first entry with that
/// triple: `thumbv7em-none-eabihf` is the Cortex-M4). Unknown names are an error listing the
/// known ones; a triple `target-lexicon` understands but mc does not support says so.
pub fn lookup(name: &str) -> Result<&'static TargetSpec, String> {
    if let Some(spec) =
        TARGETS.iter().find(|t| t.aliases.contains(&name)).or_else(|| TARGETS.iter().find(|t| t.triple == name))
    {
        return Ok(spec);
    }
    let mut known_unique: Vec<&str> = Vec::new();
    for name in TARGETS.iter().flat_map(|t| t.aliases.iter().copied().chain([t.triple])) {
        if !known_unique.contains(&name) {
            known_unique.push(name);
        }
    }
    match target_lexicon::Triple::from_str(name) {
        Ok(triple) => Err(format!(
            "target triple '{name}' ({} architecture) is not supported; supported targets: {}",
            triple.architecture,
            known_unique.join(", ")
        )),
        Err(_) => Err(format!("unknown target '{name}'; supported targets: {}", known_unique.join(", "))),
    }
}

/// The Cortex-M cores with Helium (MVE, Armv8.1-M's 128-bit vectors).
const MVE_CPUS: [&str; 2] = ["cortex-m55", "cortex-m85"];

/// The loop-level passes that turn loops into `vector` code on cores with MVE.
const MVE_PASSES: &str = "func.func(vectorize-dot-products,vectorize-channels,vectorize-unrolled-dot-products,vectorize-store-groups,vector-fixed-point,canonicalize,cse)";

/// The loop-level passes that turn loops into `vector` code on the host: MVE's, whose 16 int8
/// lanes per dot-product step and 4 `i32` lanes per channel step fill x86-64's 128-bit SSE
/// registers as they fill MVE's (LLVM and the Cranelift JIT lower them to SSE), but for
/// `vectorize-store-groups`: SSE has no per-lane rounding shift, so the JIT shifts lane by lane
/// and with the gathered requantizations kws, resnet and vww ran 7-15 % slower (bench-run, two
/// runs, each measured against its own scalar column); with the shifts as `pmuldq` products
/// still 5-20 % slower (mc-run --bench 50, same session).
const HOST_PASSES: &str = "func.func(vectorize-dot-products,vectorize-channels,vectorize-unrolled-dot-products,vector-fixed-point,canonicalize,cse)";

/// [`HOST_PASSES`] for a host engine with 256-bit integer vectors (LLVM on a CPU with AVX2):
/// channel loops (the depthwise convolutions', and the convolutions' output channels where they
/// are lowered for output-channel vectors) take 8 `i32` lanes per step.
const HOST_256_PASSES: &str = "func.func(vectorize-dot-products,vectorize-channels{lanes=8},vectorize-unrolled-dot-products,vector-fixed-point,canonicalize,cse)";

/// [`HOST_256_PASSES`] with 512-bit vectors (LLVM on a CPU with AVX-512): 16 `i32` lanes per
/// channel step.
const HOST_512_PASSES: &str = "func.func(vectorize-dot-products,vectorize-channels{lanes=16},vectorize-unrolled-dot-products,vector-fixed-point,canonicalize,cse)";

impl TargetSpec {
    /// The passes (MLIR pipeline syntax, on the module) that vectorize planned loop-level IR for
    /// this target's vector unit: MVE's on the Cortex-M55 and M85 (unless the features say
    /// `-mve`), SSE's on the host, none elsewhere (DSP-only cores keep their `smlad` path).
    pub fn vector_passes(&self) -> Option<&'static str> {
        if self.host {
            return Some(HOST_PASSES);
        }
        let mve_off = self.features.split(',').any(|f| f == "-mve" || f == "-mve.fp");
        (MVE_CPUS.contains(&self.cpu) && !mve_off).then_some(MVE_PASSES)
    }

    /// [`vector_passes`](Self::vector_passes) for an engine whose integer vectors have
    /// `vector_bits` bits: the host's channel loops take 8 lanes with 256 (LLVM with AVX2), the
    /// rest as `vector_passes`.
    pub fn vector_passes_for_width(&self, vector_bits: u32) -> Option<&'static str> {
        match vector_bits {
            _ if !self.host => self.vector_passes(),
            512.. => Some(HOST_512_PASSES),
            256.. => Some(HOST_256_PASSES),
            _ => self.vector_passes(),
        }
    }

    /// True when convolutions are lowered for vectors over output channels
    /// (`LoweringChoices::output_channel_vectors`) for an engine with `vector_bits`-bit integer
    /// vectors: the host's with 256 bits or more, whose `vectorize-channels` then computes 8 or
    /// 16 output channels per step. With 128 bits the Cranelift JIT's 16-lane int8 dot products
    /// (`pmaddwd`) along input channels beat 4 output channels per step of `i32` products: kws,
    /// vww and resnet ran 1.1x, 1.3x and 2.6x slower that way (mc-run --bench 20, a loaded
    /// machine), while LLVM with AVX-512 ran them 2.3-3x faster.
    pub fn output_channel_vectors(&self, vector_bits: u32) -> bool {
        self.host && vector_bits >= 256
    }

    /// The pointer width in bits, from the triple (`index` has this width).
    pub fn pointer_bits(&self) -> u32 {
        let triple = target_lexicon::Triple::from_str(self.triple).expect("the table's triples parse");
        triple.pointer_width().map(|w| u32::from(w.bits())).unwrap_or(32)
    }

    /// An LLVM target machine for this target at `level`.
    pub fn machine(&self, level: OptLevel) -> Result<TargetMachine, String> {
        initialize_targets();
        // Normalized (`thumbv7em-unknown-none-eabihf`): LLVM reads a module's triple as written,
        // and the three-part `thumbv7em-none-eabihf` has no environment to it, so the hard-float
        // ABI would be neither used for calls nor recorded in the object's attributes.
        let triple = TargetMachine::normalize_triple(&TargetTriple::create(self.llvm_triple));
        let target = LlvmTarget::from_triple(&triple)
            .map_err(|e| format!("LLVM has no target for '{}': {e}", self.llvm_triple))?;
        let reloc = if self.host { RelocMode::PIC } else { RelocMode::Static };
        let options = TargetMachineOptions::new()
            .set_cpu(self.cpu)
            .set_features(self.features)
            .set_abi(self.abi)
            .set_level(level.codegen())
            .set_reloc_mode(reloc)
            .set_code_model(CodeModel::Default);
        target
            .create_target_machine_from_options(&triple, options)
            .ok_or_else(|| format!("LLVM could not create a target machine for '{}' ({})", self.triple, self.cpu))
    }
}

/// The instruction-set extensions the lowering picks instructions by.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CoreExtensions {
    /// Arm's DSP extension ([`has_dsp`]).
    pub dsp: bool,
    /// Helium's integer vectors ([`has_mve`]).
    pub mve: bool,
}

impl CoreExtensions {
    /// The extensions of `machine`'s core.
    pub fn of(machine: &TargetMachine) -> CoreExtensions {
        CoreExtensions { dsp: has_dsp(machine), mve: has_mve(machine) }
    }
}

/// True if `machine`'s core has Helium's integer vectors (MVE): the Cortex-M55 and M85 unless
/// the features say `-mve`.
pub fn has_mve(machine: &TargetMachine) -> bool {
    let features = machine.get_feature_string().to_string_lossy().into_owned();
    let cpu = machine.get_cpu().to_string_lossy().into_owned();
    MVE_CPUS.contains(&cpu.as_str()) && !features.split(',').any(|f| f == "-mve")
}

/// True when `machine`'s core has Arm's DSP extension (packed 16-bit multiply-accumulates:
/// `sxtb16`, `smlad`): every Armv7E-M core (Cortex-M4, M7) unless its features say `-dsp`, and
/// the Armv8-M Mainline cores that LLVM gives it (Cortex-M33 and later) or whose features add it.
pub fn has_dsp(machine: &TargetMachine) -> bool {
    let triple = machine.get_triple();
    let triple = triple.as_str().to_string_lossy();
    let features = machine.get_feature_string().to_string_lossy().into_owned();
    let cpu = machine.get_cpu().to_string_lossy().into_owned();
    let listed = |sign: char| features.split(',').any(|f| f.strip_prefix(sign) == Some("dsp"));
    if listed('-') {
        return false;
    }
    triple.starts_with("thumbv7em")
        || (triple.starts_with("thumbv8m.main")
            && (listed('+') || ["cortex-m33", "cortex-m35p", "cortex-m55", "cortex-m85"].contains(&cpu.as_str())))
}

/// Registers LLVM's x86, Arm and RISC-V targets once, and sets the LLVM options that work around
/// its code generation bugs ([`LLVM_OPTIONS`]).
pub(crate) fn initialize_targets() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        let config = InitializationConfig::default();
        LlvmTarget::initialize_x86(&config);
        LlvmTarget::initialize_arm(&config);
        LlvmTarget::initialize_riscv(&config);
        set_llvm_options();
    });
}

/// LLVM's command-line options mc sets (process-wide, once).
///
/// `-enable-arm-maskedgatscat=false`: MVE gathers off (Cortex-M55, M85; the option means nothing
/// to other cores). LLVM 22's MVE gather/scatter lowering rewrites a loop's induction variable
/// in place when it pushes a gather's `i * stride` offset out of the loop (`pushOutMulShl`), and
/// the loop's exit test on `i + 1` becomes `false`: int8 MEAN and SUM over a spatial window with
/// a few channels (`vldrb.s32 q, [r, q]` + `vaddva`) looped forever and their stores were gone
/// (`lit-tests/Tools/mcc/mve-strided-reduction.mlir`). mc's own vector code has no gathers; the
/// loop vectorizer keeps such strided loops scalar or interleaved instead.
const LLVM_OPTIONS: [&str; 2] = ["mc", "-enable-arm-maskedgatscat=false"];

/// Parses [`LLVM_OPTIONS`] as LLVM's `cl::ParseCommandLineOptions` would a tool's arguments.
fn set_llvm_options() {
    let arguments: Vec<CString> = LLVM_OPTIONS.iter().map(|a| CString::new(*a).expect("no NUL")).collect();
    let pointers: Vec<*const std::ffi::c_char> = arguments.iter().map(|a| a.as_ptr()).collect();
    let count = i32::try_from(pointers.len()).expect("a few options");
    // SAFETY: `pointers` holds `count` NUL-terminated strings that outlive the call, and the
    // overview is a NUL-terminated literal; LLVM copies what it keeps. `INIT` runs this once, so
    // no option is given twice.
    unsafe { LLVMParseCommandLineOptions(count, pointers.as_ptr(), c"mc".as_ptr()) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_map_to_triple_cpu_and_features() {
        let m4 = lookup("cortex-m4").unwrap();
        assert_eq!((m4.llvm_triple, m4.cpu), ("thumbv7em-none-eabihf", "cortex-m4"));
        let rv = lookup("rv32imac").unwrap();
        assert_eq!((rv.llvm_triple, rv.features, rv.abi), ("riscv32-unknown-none-elf", "+m,+a,+c", "ilp32"));
        assert_eq!(lookup("rv32imafc").unwrap().abi, "ilp32f");
        assert_eq!(lookup("thumbv7em-none-eabihf").unwrap(), m4, "a triple picks its first entry");
        assert_eq!(lookup("cortex-m0plus").unwrap().triple, "thumbv6m-none-eabi");
        assert_eq!(lookup("host").unwrap().pointer_bits(), 64);
        assert_eq!(m4.pointer_bits(), 32);
    }

    #[test]
    fn every_entry_parses_and_makes_a_machine() {
        for spec in TARGETS {
            let triple = target_lexicon::Triple::from_str(spec.triple).unwrap();
            let family = triple.architecture.to_string();
            assert!(spec.llvm_triple.starts_with(&family[..family.len().min(5)]), "{family} vs {}", spec.llvm_triple);
            let machine = spec.machine(OptLevel::O2).unwrap_or_else(|e| panic!("{}: {e}", spec.triple));
            assert_eq!(machine.get_cpu().to_str().unwrap(), spec.cpu);
        }
        let names: Vec<&str> = TARGETS.iter().flat_map(|t| t.aliases.iter().copied()).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "aliases are unique");
    }

    #[test]
    fn dsp_cores_are_armv7e_m_and_mainline_m33() {
        let dsp = |alias: &str| has_dsp(&lookup(alias).unwrap().machine(OptLevel::O2).unwrap());
        for alias in ["cortex-m4", "cortex-m4-softfp", "cortex-m7", "cortex-m33", "cortex-m33-nofp"] {
            assert!(dsp(alias), "{alias}");
        }
        for alias in ["cortex-m0plus", "cortex-m3", "rv32imac", "host"] {
            assert!(!dsp(alias), "{alias}");
        }
    }

    #[test]
    fn only_mve_cores_and_the_host_vectorize() {
        assert!(lookup("cortex-m55").unwrap().vector_passes().is_some_and(|p| p.contains("vectorize-dot-products")));
        assert!(lookup("host").unwrap().vector_passes().is_some_and(|p| p.contains("vectorize-channels")));
        for alias in ["cortex-m4", "cortex-m7", "cortex-m33", "cortex-m0plus", "rv32imac"] {
            assert_eq!(lookup(alias).unwrap().vector_passes(), None, "{alias}");
            assert_eq!(lookup(alias).unwrap().vector_passes_for_width(256), None, "{alias}");
            assert!(!lookup(alias).unwrap().output_channel_vectors(512), "{alias}");
        }
        let (host, m55) = (lookup("host").unwrap(), lookup("cortex-m55").unwrap());
        assert!(host.vector_passes_for_width(256).is_some_and(|p| p.contains("vectorize-channels{lanes=8}")));
        assert!(host.vector_passes_for_width(512).is_some_and(|p| p.contains("vectorize-channels{lanes=16}")));
        assert_eq!(host.vector_passes_for_width(128), host.vector_passes());
        assert_eq!(m55.vector_passes_for_width(256), m55.vector_passes(), "MVE has 128 bits whatever is asked");
        assert!(host.output_channel_vectors(256) && host.output_channel_vectors(512));
        assert!(!host.output_channel_vectors(128), "the Cranelift JIT keeps its dot products");
        assert!(!m55.output_channel_vectors(128) && !m55.output_channel_vectors(256));
    }

    #[test]
    fn unknown_targets_are_errors_naming_the_known_ones() {
        let error = lookup("cortex-m99").unwrap_err();
        assert!(error.starts_with("unknown target 'cortex-m99'") && error.contains("cortex-m4"), "{error}");
        let error = lookup("aarch64-unknown-linux-gnu").unwrap_err();
        assert!(error.contains("is not supported") && error.contains("aarch64"), "{error}");
        assert_eq!("Os".parse::<OptLevel>().unwrap(), OptLevel::Os);
        assert_eq!("3".parse::<OptLevel>().unwrap().pipeline(), "default<O3>");
        assert!("O1".parse::<OptLevel>().is_err());
    }
}
