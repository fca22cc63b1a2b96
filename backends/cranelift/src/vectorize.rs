//! [`vectorize_for_host`]: loop-level code vectorized where the JIT runs the vectors, with the
//! scalar code kept where it cannot lower them (one rule for every caller: mc-run, the
//! conformance runner).

use crate::isa::host_runs_vectors;
use crate::lower::unlowerable_vector_type;
use mc_ir::{Context, OpId};

/// Vectorizes the loop-level `code` with the host target's vector `passes` (none: it stays
/// scalar) when this CPU runs the vector lowering ([`host_runs_vectors`]). `vectorize` runs the
/// passes on the code and returns what the caller wants to keep of the run (its pipeline text);
/// `module` gives the code's context and module op. When the vectorized code has vectors the JIT
/// cannot lower (wider than 128 bits), the code is replaced by `scalar()`, the same code lowered
/// again without the vector passes (passes rewrite in place: the caller rebuilds it). Returns
/// the code and, when its vectors stayed, what `vectorize` returned.
pub fn vectorize_for_host<Code, Run, Error>(
    code: Code,
    passes: Option<&str>,
    vectorize: impl FnOnce(&mut Code, &str) -> Result<Run, Error>,
    module: impl Fn(&Code) -> (&Context, OpId),
    scalar: impl FnOnce() -> Result<Code, Error>,
) -> Result<(Code, Option<Run>), Error> {
    let Some(passes) = passes.filter(|_| host_runs_vectors()) else { return Ok((code, None)) };
    let mut code = code;
    let run = vectorize(&mut code, passes)?;
    let (ctx, op) = module(&code);
    if unlowerable_vector_type(ctx, op).is_some() {
        return Ok((scalar()?, None));
    }
    Ok((code, Some(run)))
}
