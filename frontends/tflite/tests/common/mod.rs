//! Where the tests find the shared models and the project's Python venv: the conformance
//! crate's file (this crate cannot depend on it: it depends on this one).

#![allow(dead_code)]

#[path = "../../../../conformance/src/paths.rs"]
mod paths;

pub use paths::*;
