//! The flatbuffer types planus generates at build time from
//! `schema/tflite_subset.fbs` (see `build.rs`): `*Ref<'a>` readers that
//! verify as they read, and owned types the test writer serializes.
//!
//! Only the other modules of this crate (and, with the `writer` feature, the
//! writer's `raw` re-export) see these types; the public API is the safe
//! model in the sibling modules.

#[allow(clippy::all, unused_imports, dead_code, missing_docs, unreachable_pub)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/tflite_subset.rs"));
}

pub use generated::tflite;
