//! Unified static memory planning (TVM's USMP): one pass plans every buffer of the loop-level
//! program — inter-operator tensors and operator workspaces together — into pools per bank and
//! role (DESIGN.md §5).
//!
//! | module | holds |
//! |---|---|
//! | [`pass`] | the `usmp` pass: liveness, planning per bank and role, validation, rewrite to pool views |
//! | [`banks`] | memory banks: capacity, alignment, access; the `pools` option's syntax |
//! | [`config`] | the memory configuration from the options or a TOML file's `[memory]` table |
//! | [`placement`] | placement rules: candidate banks per buffer by name, role and size |
//! | [`staging`] | constants staged into RAM banks by placement rules |
//! | [`assign`] | buffers to banks with fallback when a bank is full; the over-budget report |
//! | [`io`] | function arguments planned into the workspace (`use-workspace-io`) |
//! | [`liveness`] | live intervals of a function's allocs (a pass-manager analysis) |
//! | [`problem`] | the planning problem apart from the IR: sizes, alignments, live intervals; the lower bound |
//! | [`conflicts`] | which buffers are live together: an overlap index in linear memory |
//! | [`algorithm`] | the algorithms by name, and `auto` |
//! | [`plugin`] | planner plugins: loading, the registry, planning through the C ABI |
//! | [`validate`] | the independent plan validator |
//! | [`greedy`] | lowest-fit placement in an order; TVM's and TFLite Micro's orders |
//! | [`hill_climb`] | TVM's hill climbing over greedy orders |
//! | [`rng`] | the deterministic generator hill climbing and the planners' tests draw from |
//! | [`overlap`] | overlap allowances: pairs a kernel lets share bytes (vMCU) |
//! | [`hints`] | `buffer.overlap` hints read from the IR as allowances |
//! | [`exact`] | the least height: questions to the decision search over capacities (MiniMalloc) |
//! | [`exact_search`] | "does it fit in C?": depth-first search over canonical placements |
//! | [`exact_inference`] | what a placement implies: least offsets, section floors, the trail |
//! | [`exact_bounds`] | lower bounds per section; the grid of possible heights |
//! | [`exact_decomposition`] | sections, pairs and cuts: the timeline splits into independent parts |
//! | [`exact_overlap`] | branch and bound over pair orientations, for problems with allowances |
//! | [`report`] | the residency report (JSON) and layout hashes |
//! | [`views`] | the named views of a planned buffer, for the report |
//! | [`svg`] | the picture of the pools |

pub mod algorithm;
pub mod assign;
pub mod banks;
pub mod config;
pub mod conflicts;
pub mod exact;
mod exact_bounds;
mod exact_decomposition;
mod exact_inference;
pub mod exact_overlap;
mod exact_search;
pub mod greedy;
pub mod hill_climb;
pub mod hints;
pub mod io;
pub mod liveness;
pub mod overlap;
pub mod pass;
pub mod placement;
pub mod plugin;
pub mod problem;
pub mod report;
pub mod rng;
pub mod staging;
pub mod svg;
pub mod validate;
pub mod views;

#[cfg(test)]
mod properties;
