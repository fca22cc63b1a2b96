//! The pass pipelines mc's tools run, in MLIR's textual syntax, so every tool and test lowers a
//! model the same way (`mc-opt --pass-pipeline=...` runs any of them by hand). Each ends with the
//! memory planner, `usmp`, whose options the caller gives (`algorithm=exact
//! residency-report=r.json`; empty for the defaults).

/// From the graph dialect (an imported model) to planned loop-level IR: clean the graph
/// (shape-like constants to attributes, shared constants, dead ops), bufferize, make the model's edge transposes and
/// contiguous slices views and let
/// concatenations' producers write into their output, run elementwise
/// kernels in place, run independent branches in the order of least peak, run the first windowed
/// layers tile by tile where asked (`buffer-patch`), alternate the row order of chained kernels (for overlap-aware planning),
/// lower kernels to loop nests, fuse elementwise nests into their producers, clean up, and plan
/// every buffer into pools.
/// Every step keeps the numbers TFLite Micro computes.
pub fn graph_to_loop(usmp_options: &str) -> String {
    graph_to_loop_with(usmp_options, &LoweringChoices::default())
}

/// The optional steps of [`graph_to_loop`]: folding and reordering on by default (the tools
/// turn them off for comparisons: `mc-run --no-fold-pad`, `mc-run --model-order`), patching
/// off unless options are given (`mc-run --memory-config`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoweringChoices {
    /// Fold `PAD`s into their consumers (`graph-fold-pad`); off: every `PAD` stays a padded copy.
    pub fold_pads: bool,
    /// Run independent branches in the order of least peak (`buffer-reorder-for-memory`); off:
    /// the model's order.
    pub reorder: bool,
    /// `buffer-patch`'s options (e.g. `config="mc.toml"`, `layers=4 tiles=2,2`); empty: no
    /// patching.
    pub patch_options: String,
    /// Lower convolutions for a target that vectorizes over output channels (`buffer-to-loop`'s
    /// `output-channel-vectors`: the host); off: the channel blocks of scalar cores.
    pub output_channel_vectors: bool,
}

impl Default for LoweringChoices {
    fn default() -> Self {
        LoweringChoices { fold_pads: true, reorder: true, patch_options: String::new(), output_channel_vectors: false }
    }
}

/// [`graph_to_loop`] with the optional steps `choices` turns on.
pub fn graph_to_loop_with(usmp_options: &str, choices: &LoweringChoices) -> String {
    let graph = graph_to_buffer_passes(choices.fold_pads);
    format!(
        "builtin.module({graph},{VIEWS}{INPLACE_CONCAT}{},{})",
        buffer_passes(choices.reorder, &choices.patch_options),
        buffer_to_loop_passes(
            usmp_options,
            LoopChoices { output_channel_vectors: choices.output_channel_vectors, ..LoopChoices::default() }
        )
    )
}

/// From the graph dialect to buffer kernels with in-place reuse and row orders: the first half of
/// [`graph_to_loop`], whose second half is [`buffer_to_loop`].
pub fn graph_to_inplace_buffers() -> String {
    graph_to_inplace_buffers_with(true, true, "")
}

/// [`graph_to_inplace_buffers`] with in-place concatenation and pad folding on or off (`mcc
/// --no-inplace-concat`, `mcc --no-fold-pad`, for comparisons), and `buffer-patch` with
/// `patch_options` unless they are empty (`mcc --config`).
pub fn graph_to_inplace_buffers_with(inplace_concat: bool, fold_pads: bool, patch_options: &str) -> String {
    let concat = if inplace_concat { INPLACE_CONCAT } else { "" };
    format!(
        "builtin.module({},{VIEWS}{concat}{})",
        graph_to_buffer_passes(fold_pads),
        buffer_passes(true, patch_options)
    )
}

/// The transposes of model inputs and outputs, and contiguous slices, become views.
const VIEWS: &str = "buffer-transpose-views,buffer-slice-views,";

/// The producers of contiguous concatenations and packs write into their output.
const INPLACE_CONCAT: &str = "buffer-inplace-concat,";

/// Elementwise kernels run in place; independent branches run in the order of least peak (if
/// `reorder`); the first windowed layers run tile by tile (if `patch_options` are given);
/// chained overlapping kernels alternate their row order (in that order: which kernel reads a
/// buffer last decides the row orders and overlaps).
fn buffer_passes(reorder: bool, patch_options: &str) -> String {
    let reorder = if reorder { REORDER } else { "" };
    let patch = if patch_options.is_empty() { String::new() } else { format!("buffer-patch{{{patch_options}}},") };
    format!("buffer-inplace,{reorder}{patch}{ROW_ORDER}")
}

/// The row-order pass that closes the buffer-level passes.
const ROW_ORDER: &str = "buffer-row-order";

/// What the pipelines run after `buffer-patch` up to the memory planner (row orders, kernels to
/// loop nests, fusion, clean-up): `buffer-patch` lowers the unpatched function this way to know
/// the bound it saves against.
pub fn after_patch_to_loops() -> String {
    format!("builtin.module({ROW_ORDER},{})", loop_passes(LoopChoices::default()))
}

/// The reordering pass of the pipelines.
const REORDER: &str = "buffer-reorder-for-memory,";

/// From the graph dialect to buffer kernels, without in-place reuse: the first steps of
/// [`graph_to_loop`] (tests that rearrange buffers before lowering start from here).
pub fn graph_to_buffer() -> String {
    format!("builtin.module({})", graph_to_buffer_passes(true))
}

/// The passes from the graph dialect to buffer kernels, without the anchor; with or without
/// folding pads into their consumers.
fn graph_to_buffer_passes(fold_pads: bool) -> String {
    let fold = if fold_pads { ",graph-fold-pad" } else { "" };
    format!("func.func(graph-canonicalize{fold}),graph-intern-constants,graph-prune,graph-to-buffer")
}

/// From buffer-level IR (kernels, copies) to planned loop-level IR.
pub fn buffer_to_loop(usmp_options: &str) -> String {
    buffer_to_loop_with(usmp_options, LoopChoices::default())
}

/// The optional steps of the loop-level passes (`mcc --no-fusion`, `mcc --int4`, the host
/// engine's vector width).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopChoices {
    /// Fuse elementwise nests into their producers (`loop-fuse-elementwise`); off: for
    /// comparisons.
    pub fuse: bool,
    /// Store `INT4` weights one byte per value (`loop-emulate-narrow-type{unpack}`: twice the
    /// flash, fewer instructions); off: packed two per byte.
    pub unpack_int4: bool,
    /// Lower int8 convolutions one output channel per iteration over a filter reordered by tap
    /// (`buffer-to-loop{output-channel-vectors}`), for wide host vectors.
    pub output_channel_vectors: bool,
}

impl Default for LoopChoices {
    fn default() -> Self {
        LoopChoices { fuse: true, unpack_int4: false, output_channel_vectors: false }
    }
}

/// [`buffer_to_loop`] with the optional steps `choices` turns on.
pub fn buffer_to_loop_with(usmp_options: &str, choices: LoopChoices) -> String {
    format!("builtin.module({})", buffer_to_loop_passes(usmp_options, choices))
}

/// The loop-level fusion pass of the pipelines.
const FUSION: &str = "loop-fuse-elementwise,";

/// The passes from buffer kernels to planned loops, without the anchor.
fn buffer_to_loop_passes(usmp_options: &str, choices: LoopChoices) -> String {
    let usmp = if usmp_options.is_empty() { "usmp".to_string() } else { format!("usmp{{{usmp_options}}}") };
    format!("{},{usmp}", loop_passes(choices))
}

/// The pass that keeps `INT4` weights packed.
const NARROW: &str = "loop-emulate-narrow-type";

/// Kernels to loop nests (convolutions for output-channel vectors if chosen), `INT4` weights
/// packed (or unpacked), elementwise fusion (if chosen), clean-up: the passes before `usmp`.
fn loop_passes(choices: LoopChoices) -> String {
    let lowering =
        if choices.output_channel_vectors { "buffer-to-loop{output-channel-vectors=true}" } else { "buffer-to-loop" };
    let fusion = if choices.fuse { FUSION } else { "" };
    let unpack = if choices.unpack_int4 { "{unpack}" } else { "" };
    format!("{lowering},{NARROW}{unpack},{fusion}func.func(canonicalize,cse)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_ir::pass::{PassManager, PassRegistry};

    /// The default choices with `buffer-patch` run with `options`.
    fn patching(options: &str) -> LoweringChoices {
        LoweringChoices { patch_options: options.to_string(), ..LoweringChoices::default() }
    }

    #[test]
    fn the_pipelines_parse_with_and_without_planner_options() {
        let mut registry = PassRegistry::new();
        crate::register_all_passes(&mut registry);
        for text in [
            graph_to_loop(""),
            graph_to_loop("algorithm=exact"),
            buffer_to_loop("residency-report=r.json"),
            after_patch_to_loops(),
            graph_to_buffer(),
            graph_to_inplace_buffers(),
            graph_to_loop_with("", &LoweringChoices { fold_pads: false, reorder: false, ..LoweringChoices::default() }),
            graph_to_loop_with("", &patching("layers=4 tiles=2,2")),
            graph_to_loop_with("", &LoweringChoices { output_channel_vectors: true, ..LoweringChoices::default() }),
            graph_to_inplace_buffers_with(false, true, ""),
            graph_to_inplace_buffers_with(true, true, "config=\"mc.toml\""),
            buffer_to_loop_with("", LoopChoices { fuse: false, unpack_int4: true, output_channel_vectors: true }),
        ] {
            PassManager::parse(&text, &registry).unwrap_or_else(|e| panic!("{text}: {}", e.render(&text)));
        }
        assert!(buffer_to_loop("").ends_with(",usmp)"));
        assert!(buffer_to_loop("").contains(FUSION));
        let unfused = LoopChoices { fuse: false, ..LoopChoices::default() };
        assert_eq!(buffer_to_loop_with("", LoopChoices::default()), buffer_to_loop(""));
        assert!(!buffer_to_loop_with("", unfused).contains(FUSION));
        let unpacked = LoopChoices { unpack_int4: true, ..LoopChoices::default() };
        assert!(buffer_to_loop("").contains(&format!("{NARROW},")));
        assert!(buffer_to_loop_with("", unpacked).contains(&format!("{NARROW}{{unpack}},")));
        assert!(graph_to_loop("bank=dtcm").contains("usmp{bank=dtcm}"));
        assert!(graph_to_loop("").contains("graph-fold-pad"));
        let no_fold = LoweringChoices { fold_pads: false, ..LoweringChoices::default() };
        assert!(
            !graph_to_loop_with("", &no_fold).contains("graph-fold-pad")
                && graph_to_loop_with("", &no_fold).contains(REORDER)
        );
        let model_order = LoweringChoices { reorder: false, ..LoweringChoices::default() };
        assert!(!graph_to_loop_with("", &model_order).contains(REORDER) && graph_to_loop("").contains(REORDER));
        assert!(graph_to_inplace_buffers().contains(REORDER));
        assert!(graph_to_loop("").contains(INPLACE_CONCAT) && graph_to_inplace_buffers().contains(INPLACE_CONCAT));
        assert!(!graph_to_inplace_buffers_with(false, true, "").contains(INPLACE_CONCAT));
        assert!(graph_to_inplace_buffers_with(false, true, "").contains(VIEWS));
        assert!(!graph_to_inplace_buffers_with(true, false, "").contains("graph-fold-pad"));
        assert!(!graph_to_loop("").contains("buffer-patch"));
        let patched = graph_to_loop_with("", &patching("peak-bytes=20000"));
        assert!(patched.contains("buffer-reorder-for-memory,buffer-patch{peak-bytes=20000},buffer-row-order"));
        let host = LoweringChoices { output_channel_vectors: true, ..LoweringChoices::default() };
        assert!(graph_to_loop_with("", &host).contains("buffer-to-loop{output-channel-vectors=true}"));
        assert!(!graph_to_loop("").contains("output-channel-vectors"));
    }
}
