//! The ABI of mc's memory-planner plugins (DESIGN.md §7), and a safe way to write one in Rust.
//!
//! A plugin is a shared library exporting one symbol, [`REGISTRATION_SYMBOL`]
//! (`mc_planner_plugin_v1`), a function returning a [`McPlannerPlugin`] descriptor: the ABI
//! version it was built for and its planners, each a name and a [`McPlanFn`] entry point. mc hands
//! an entry point a [`McProblem`] (buffers with size, alignment and live steps; pairs allowed to
//! share bytes; a capacity hint) and a [`McSolution`] to fill with one offset per buffer; it
//! returns a [`McStatus`] and, on failure, writes a message into a buffer mc owns. The same ABI
//! is declared for C in `include/mc_planner.h` (a test keeps the two in sync).
//!
//! | module | holds |
//! |---|---|
//! | [`abi`] | the `#[repr(C)]` types, the status codes and the version |
//! | [`planner`] | the [`Planner`] trait, the safe problem view and the panic-catching entry point |
//! | [`export`](export_planners) | the [`export_planners!`] macro that writes the registration symbol |

pub mod abi;
mod export;
pub mod planner;

pub use abi::*;
pub use planner::{Planner, Problem, entry};
