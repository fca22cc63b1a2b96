//! mc's passes: generic transforms now; lowerings and memory planning later.
#![deny(missing_docs)]

pub mod transforms;
