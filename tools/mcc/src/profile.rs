//! `mcc --profile`: the lowering runs `buffer-layer-hooks` first (a call of the weak, empty
//! `<prefix>_layer_hook(layer)` before every kernel and before the return), and mcc writes
//! `<prefix>_layers.json`, which names each layer for `mc-emu --profile`:
//!
//! ```json
//! {"hook": "layer_hook", "layers": [{"layer": 0, "kernel": "conv_2d", "output": "conv1", "macs": 497664}, ...]}
//! ```
//!
//! Layer `k` is the `k`-th `buffer.kernel` in block order, named by its kernel and its output
//! tensor; its MACs are those of the TFLite operator with the same output tensor
//! ([`crate::analyze::layers`]; 0 for IR input, and for kernels that are no operator's). The
//! kernels of a layer `buffer-patch` runs tile by tile are one per tile, each with the layer's
//! output tensor and MACs, its `tile` and the layer's number of `tiles`: `mc-emu --profile`
//! adds them up into one row.

use mc_dialects::buffer::KernelOp;
use mc_ir::{Context, OpId};
use mc_passes::buffer::layer_hooks::LAYER_HOOK;
use mc_passes::buffer::patch::patched_kernels;
use serde_json::json;

/// `pipeline` (a `builtin.module(...)` pipeline) with `buffer-layer-hooks` first when
/// `profile`.
pub fn pipeline(pipeline: String, profile: bool) -> String {
    match profile {
        true => pipeline.replacen("builtin.module(", "builtin.module(buffer-layer-hooks,", 1),
        false => pipeline,
    }
}

/// The layers file for the buffer-level `module`, MACs from the TFLite `model` if any.
pub fn layers_json(ctx: &Context, module: OpId, model: Option<&[u8]>) -> String {
    let operators = model
        .and_then(|bytes| mc_tflite::Model::from_bytes(bytes).ok().map(|m| crate::analyze::layers::layers(&m)))
        .unwrap_or_default();
    let macs =
        |output: &str| operators.iter().find(|l| l.outputs.iter().any(|o| o.name == output)).map_or(0, |l| l.macs);
    let mut layers = Vec::new();
    for block in mc_passes::buffer::kernel_blocks(ctx, module) {
        let patched = ctx.block_parent_op(block).and_then(|func| patched_kernels(ctx, func));
        for (index, kernel) in ctx.block_ops(block).filter_map(|op| KernelOp::cast(ctx, op)).enumerate() {
            let output = ctx.loc_name(ctx.operation(kernel.op()).loc()).unwrap_or("?");
            let mut layer = json!({
                "layer": layers.len(),
                "kernel": kernel.kernel_name(ctx).unwrap_or("kernel"),
                "output": output,
                "macs": macs(output),
            });
            if let Some((kernels, tiles)) = patched.filter(|&(kernels, tiles)| index < kernels * tiles) {
                layer["tile"] = json!(index / kernels);
                layer["tiles"] = json!(tiles);
            }
            layers.push(layer);
        }
    }
    let text = serde_json::to_string_pretty(&json!({"hook": LAYER_HOOK, "layers": layers})).expect("JSON");
    text + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hooks_pass_runs_first_only_when_profiling() {
        let lowering = "builtin.module(buffer-to-loop,usmp)".to_string();
        assert_eq!(pipeline(lowering.clone(), false), lowering);
        assert_eq!(pipeline(lowering, true), "builtin.module(buffer-layer-hooks,buffer-to-loop,usmp)");
    }
}
