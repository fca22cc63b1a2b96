//! Passes and the pass manager.

pub mod pipeline_text;
