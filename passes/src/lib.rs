//! mc's passes: generic transforms, graph passes, the conversions between the dialects, buffer
//! and loop passes, and the memory planner. [`pass_plugin`] loads passes from plugins.
#![deny(missing_docs)]

pub mod buffer;
pub mod conversion;
pub mod graph;
pub mod loops;
pub mod pass_plugin;
pub mod pipelines;
pub mod schedule;
pub mod svg;
pub mod transforms;
pub mod usmp;
pub mod vector;

use mc_ir::pass::{Pass, PassConstructor, PassRegistry};

/// Registers every pass of this crate (as mlir-opt registers all passes).
pub fn register_all_passes(registry: &mut PassRegistry) {
    let constructors: [PassConstructor; 26] = [
        || Box::<transforms::canonicalize::Canonicalize>::default() as Box<dyn Pass>,
        || Box::new(transforms::cse::Cse),
        || Box::new(transforms::symbol_dce::SymbolDce),
        || Box::<graph::canonicalize::GraphCanonicalize>::default(),
        || Box::new(graph::fold_pad::GraphFoldPad),
        || Box::<graph::prune::GraphPrune>::default(),
        || Box::new(graph::intern_constants::GraphInternConstants),
        || Box::<graph::infer_shapes::GraphInferShapes>::default(),
        || Box::new(conversion::graph_to_buffer::GraphToBuffer),
        || Box::new(buffer::transpose_view::BufferTransposeViews),
        || Box::new(buffer::slice_view::BufferSliceViews),
        || Box::new(buffer::inplace_concat::BufferInplaceConcat),
        || Box::new(buffer::inplace::BufferInplace),
        || Box::<buffer::reorder_for_memory::BufferReorderForMemory>::default(),
        || Box::<buffer::patch::BufferPatch>::default(),
        || Box::new(buffer::row_order::BufferRowOrder),
        || Box::new(buffer::layer_hooks::BufferLayerHooks),
        || Box::new(conversion::buffer_to_loop::BufferToLoop::default()),
        || Box::new(loops::fuse_elementwise::LoopFuseElementwise),
        || Box::<loops::emulate_narrow_type::LoopEmulateNarrowType>::default(),
        || Box::new(vector::dot_products::VectorizeDotProducts),
        || Box::new(vector::channels::VectorizeChannels::default()),
        || Box::new(vector::unrolled_dot_products::VectorizeUnrolledDotProducts),
        || Box::new(vector::store_groups::VectorizeStoreGroups),
        || Box::new(vector::fixed_point::VectorFixedPoint),
        || Box::<usmp::pass::Usmp>::default(),
    ];
    for constructor in constructors {
        registry.register(constructor).expect("built-in pass names are unique kebab-case");
    }
}
