//! Microcontroller objects for the MLPerf Tiny models: for Cortex-M4 and RV32IMAC (at -Os and
//! -O2) every model gives an ELF object of the right architecture that defines
//! `<prefix>_model_run`, puts each bank's pools in `.bss.<prefix>.<bank>` (as large as the pools)
//! and the constants in `.rodata.<prefix>.flash` sections (at most their data: LLVM may fold
//! small tables into code), calls nothing but the C library and the compiler runtime, and is
//! byte-identical when compiled twice. Every target of the table compiles a small model and
//! exports the C API; the context struct's layout is the one `ContextLayout` (and so a C
//! compiler) gives on every target.

use mc_backend_llvm::{ContextLayout, EmitKind, LowerOptions, OptLevel, Prefix, compile, lookup};
use mc_conformance::paths;
use mc_dialects::buffer::{GlobalOp, PoolOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::{Context, OpId};
use mc_passes::pipelines::graph_to_loop;
use object::{Architecture, Object, ObjectSection, ObjectSymbol, SectionKind};
use std::collections::BTreeMap;

/// Imports `bytes` and lowers it to planned loop-level IR.
fn planned(ctx: &mut Context, bytes: &[u8], name: &str) -> OpId {
    let module = mc_tflite::import::import_and_verify(ctx, bytes, name).expect("the model imports").op();
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let mut pm = PassManager::parse(&graph_to_loop(""), &registry).unwrap();
    pm.run(ctx, module).unwrap_or_else(|f| panic!("{name}: {}", f.0[0].message));
    module
}

/// Whether an undefined symbol is one the firmware's C library or compiler runtime provides.
fn runtime_symbol(name: &str) -> bool {
    matches!(name, "memcpy" | "memset" | "memmove" | "expf" | "logf" | "sinf" | "cosf" | "fmodf" | "tanhf" | "roundf")
        || name.starts_with("__aeabi_")
        || name.starts_with("__")
}

#[test]
fn cortex_m4_and_rv32imac_objects_define_the_entry_pools_and_constants() {
    for path in paths::model_paths() {
        let stem = path.file_stem().unwrap().to_string_lossy().replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        let mut ctx = Context::new();
        mc_dialects::register_all(&mut ctx);
        let module = planned(&mut ctx, &std::fs::read(&path).unwrap(), &stem);
        let module_op = ModuleOp::cast(&ctx, module).unwrap();
        let mut bank_bytes: BTreeMap<String, u64> = BTreeMap::new();
        let (mut constant_bytes, mut constant_count) = (0u64, 0u64);
        for op in module_op.ops(&ctx) {
            if let Some(pool) = PoolOp::cast(&ctx, op) {
                *bank_bytes.entry(pool.bank_name(&ctx).to_string()).or_default() += pool.size_bytes(&ctx);
            } else if let Some(global) = GlobalOp::cast(&ctx, op) {
                constant_bytes += global.data(&ctx).unwrap().len() as u64;
                constant_count += 1;
            }
        }
        assert!(!bank_bytes.is_empty() && constant_bytes > 0, "{stem} has pools and constants");
        let prefix = Prefix::new(&stem).unwrap();
        let options = LowerOptions::new(prefix.clone(), 1);
        for (target, architecture) in [("cortex-m4", Architecture::Arm), ("rv32imac", Architecture::Riscv32)] {
            for level in [OptLevel::Os, OptLevel::O2] {
                let spec = lookup(target).unwrap();
                let bytes = compile(&ctx, module, spec, level, &options, EmitKind::Object).unwrap();
                let again = compile(&ctx, module, spec, level, &options, EmitKind::Object).unwrap();
                assert!(bytes == again, "{stem} for {target}: two compilations differ");
                let file = object::File::parse(bytes.as_slice()).unwrap();
                assert_eq!(file.architecture(), architecture, "{stem} for {target}");
                let entry = file.symbols().find(|s| s.name() == Ok(prefix.entry().as_str()));
                let entry = entry.unwrap_or_else(|| panic!("{stem} for {target}: no {}", prefix.entry()));
                assert!(entry.is_definition() && entry.is_global(), "{stem} for {target}: the entry is exported");
                for (bank, size) in &bank_bytes {
                    let name = prefix.bss_section(bank);
                    let section = file.section_by_name(&name).unwrap_or_else(|| panic!("{stem}: no {name}"));
                    assert_eq!(section.kind(), SectionKind::UninitializedData, "{name}");
                    assert!(section.size() >= *size, "{name}: {} bytes for {size} bytes of pools", section.size());
                }
                let name = prefix.rodata_section("flash");
                let sections: Vec<_> = file.sections().filter(|s| s.name() == Ok(name.as_str())).collect();
                // Small constants may go into mergeable sections of the same name.
                assert!(!sections.is_empty(), "{stem} for {target}: no {name}");
                assert!(
                    sections.iter().all(|s| !s.kind().is_bss() && s.kind() != SectionKind::Data),
                    "{name} is read-only"
                );
                // LLVM may fold loads of small constant tables into code and drop unread globals.
                let size: u64 = sections.iter().map(|s| s.size()).sum();
                let limit = constant_bytes + 16 * constant_count;
                assert!(size > 0 && size <= limit, "{name}: {size} bytes for {constant_bytes} bytes of constants");
                let undefined: Vec<&str> = file
                    .symbols()
                    .filter(|s| s.is_undefined() && !s.name().unwrap_or("").is_empty())
                    .filter_map(|s| s.name().ok())
                    .collect();
                assert!(undefined.iter().all(|s| runtime_symbol(s)), "{stem} for {target}: undefined {undefined:?}");
                let text: u64 = file.sections().filter(|s| s.kind() == SectionKind::Text).map(|s| s.size()).sum();
                eprintln!(
                    "{stem} {target} {level:?}: object {} B, .text {text} B, .rodata {} B, .bss {} B, calls {undefined:?}",
                    bytes.len(),
                    size,
                    bank_bytes.values().sum::<u64>()
                );
            }
        }
    }
}

#[test]
fn every_target_of_the_table_compiles_a_model() {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let module = planned(&mut ctx, &std::fs::read(paths::model("ad01_int8.tflite")).unwrap(), "ad01");
    let options = LowerOptions::new(Prefix::new("ad01").unwrap(), 1);
    for spec in mc_backend_llvm::TARGETS {
        let bytes = compile(&ctx, module, spec, OptLevel::Os, &options, EmitKind::Object)
            .unwrap_or_else(|d| panic!("{} ({}): {}", spec.triple, spec.cpu, d.message));
        let file = object::File::parse(bytes.as_slice()).unwrap();
        let expected = match spec.llvm_triple.split('-').next().unwrap() {
            "x86_64" => Architecture::X86_64,
            "riscv32" => Architecture::Riscv32,
            _ => Architecture::Arm,
        };
        assert_eq!(file.architecture(), expected, "{} ({})", spec.triple, spec.cpu);
        for api in
            ["ad01_context_init", "ad01_bind_arena", "ad01_model_init", "ad01_model_reset_state", "ad01_model_run"]
        {
            assert!(file.symbols().any(|s| s.name() == Ok(api) && s.is_definition()), "{}: {api}", spec.triple);
        }
        let undefined: Vec<&str> = file.symbols().filter(|s| s.is_undefined()).filter_map(|s| s.name().ok()).collect();
        assert!(undefined.iter().all(|s| s.is_empty() || runtime_symbol(s)), "{}: {undefined:?}", spec.triple);
    }
}

#[test]
fn the_context_layout_is_the_one_llvm_gives_on_every_target() {
    let llvm = mc_backend_llvm::inkwell::context::Context::create();
    for spec in mc_backend_llvm::TARGETS {
        let data = spec.machine(OptLevel::O0).unwrap().get_target_data();
        let pointer = data.get_pointer_byte_size(None) as usize;
        for (regions, inputs, outputs) in [(0, 0, 1), (1, 1, 1), (2, 3, 2), (5, 1, 4)] {
            let ty = mc_backend_llvm::api::context_type(&llvm, regions, inputs, outputs);
            let layout = ContextLayout::new(pointer, regions, inputs, outputs);
            let offsets: Vec<usize> = (0..5).map(|i| data.offset_of_element(&ty, i).unwrap() as usize).collect();
            assert_eq!(
                offsets,
                [layout.arena, layout.arena_bytes, layout.input, layout.output, layout.state],
                "{} ({regions}, {inputs}, {outputs})",
                spec.triple
            );
            assert_eq!(data.get_abi_size(&ty) as usize, layout.size, "{}", spec.triple);
        }
    }
}
