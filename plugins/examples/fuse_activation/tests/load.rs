//! The built shared library loads into mc's pass registry and its dialect into a context; the pass
//! then runs in a pipeline parsed from text, like a built-in.

use mc_ir::diagnostics::source::SourceBuffer;
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::printer::{PrintOptions, print_top_level};
use mc_ir::{Context, parser, verify};
use mc_passes::pass_plugin::load_pass_plugin;

const INPUT: &str = r#"
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s = "graph.add"(%x, %y) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = "graph.relu"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %m = "graph.mul"(%r, %y) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %k = fuse.barrier %m : tensor<4xf32>
  %r6 = "graph.relu6"(%k) : (tensor<4xf32>) -> tensor<4xf32>
  return %r6 : tensor<4xf32>
}
"#;

#[test]
fn the_cdylib_registers_a_pass_and_a_dialect_that_run_in_mc() {
    // Integration tests run from target/<profile>/deps, where `cargo test` leaves the cdylib.
    let exe = std::env::current_exe().unwrap();
    let library = exe.parent().unwrap().join(format!(
        "{}fuse_activation{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let path = library.to_str().unwrap();
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let plugin = load_pass_plugin(path, &mut registry).unwrap();
    assert_eq!(plugin.name, "fuse_activation");
    assert_eq!(plugin.passes, ["graph-fuse-activation"]);

    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    plugin.register_dialects(&mut ctx);
    let module = parser::parse_source(&mut ctx, &SourceBuffer::new("input", INPUT.to_string(), 1)).unwrap();
    verify(&ctx, module.op()).unwrap();
    let pipeline = "builtin.module(func.func(graph-fuse-activation{ops={graph.add}}))";
    let mut pm = PassManager::parse(pipeline, &registry).unwrap();
    assert_eq!(pm.to_string(), pipeline);
    pm.run(&mut ctx, module.op()).unwrap();
    let printed = print_top_level(&ctx, module.op(), PrintOptions::default());
    // The add takes the relu; the mul is not allowed by `ops`; the barrier goes.
    assert!(printed.contains(r#""graph.add"(%arg0, %arg1) <{fused_activation = "RELU"}>"#), "{printed}");
    assert!(printed.contains(r#""graph.mul"(%0, %arg1) <{fused_activation = "NONE"}>"#), "{printed}");
    assert!(printed.contains(r#""graph.relu6"(%1)"#) && !printed.contains("fuse.barrier"), "{printed}");

    // Loading it again is a clash with itself, named.
    let again = load_pass_plugin(path, &mut registry).unwrap_err();
    assert_eq!(
        again,
        format!(
            "pass plugin 'fuse_activation' ('{path}'): pass 'graph-fuse-activation' is already registered by pass \
             plugin 'fuse_activation' ('{path}')"
        )
    );
}
