//! Host functions the generated code calls: elementary float functions Cranelift has no
//! instruction for, and the failure report of a bounds check. They are registered as JIT
//! symbols under the names in [`SYMBOLS`].

use std::ffi::{CStr, c_char};

extern "C" fn expf(x: f32) -> f32 {
    x.exp()
}

extern "C" fn exp(x: f64) -> f64 {
    x.exp()
}

extern "C" fn expm1f(x: f32) -> f32 {
    x.exp_m1()
}

extern "C" fn expm1(x: f64) -> f64 {
    x.exp_m1()
}

extern "C" fn logf(x: f32) -> f32 {
    x.ln()
}

extern "C" fn log(x: f64) -> f64 {
    x.ln()
}

extern "C" fn sinf(x: f32) -> f32 {
    x.sin()
}

extern "C" fn sin(x: f64) -> f64 {
    x.sin()
}

extern "C" fn cosf(x: f32) -> f32 {
    x.cos()
}

extern "C" fn cos(x: f64) -> f64 {
    x.cos()
}

extern "C" fn fmodf(x: f32, y: f32) -> f32 {
    x % y
}

extern "C" fn fmod(x: f64, y: f64) -> f64 {
    x % y
}

extern "C" fn tanhf(x: f32) -> f32 {
    x.tanh()
}

extern "C" fn tanh(x: f64) -> f64 {
    x.tanh()
}

extern "C" fn roundf(x: f32) -> f32 {
    x.round()
}

extern "C" fn round(x: f64) -> f64 {
    x.round()
}

/// Reports an out-of-bounds access found by a bounds check and aborts the process: the IR is
/// wrong, and going on would corrupt memory. `what` names the access (op and location).
extern "C" fn bounds_failure(what: *const c_char, index: i64, size: i64) {
    // SAFETY: the generated code passes a pointer to a NUL-terminated message the module owns.
    let what = unsafe { CStr::from_ptr(what) }.to_string_lossy();
    eprintln!("mc JIT: out-of-bounds access: {what}: index {index} is outside [0, {size})");
    std::process::abort();
}

/// A host function: its symbol, parameter and result types, and address.
pub(crate) struct HostFunction {
    pub(crate) symbol: &'static str,
    pub(crate) params: &'static [HostType],
    pub(crate) results: &'static [HostType],
    pub(crate) address: *const u8,
}

/// The value types host functions use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum HostType {
    F32,
    F64,
    I64,
    Pointer,
}

/// The symbol of the float function `name` (`exp`, `expm1`, `log`, `sin`, `cos`, `tanh`, `round`, and
/// `fmod` of two operands) for `f32`
/// (`single`) or `f64`.
pub(crate) fn float_function(name: &str, single: bool) -> Option<&'static str> {
    Some(match (name, single) {
        ("exp", true) => "mc_rt_expf",
        ("exp", false) => "mc_rt_exp",
        ("expm1", true) => "mc_rt_expm1f",
        ("expm1", false) => "mc_rt_expm1",
        ("log", true) => "mc_rt_logf",
        ("log", false) => "mc_rt_log",
        ("sin", true) => "mc_rt_sinf",
        ("sin", false) => "mc_rt_sin",
        ("cos", true) => "mc_rt_cosf",
        ("cos", false) => "mc_rt_cos",
        ("fmod", true) => "mc_rt_fmodf",
        ("fmod", false) => "mc_rt_fmod",
        ("tanh", true) => "mc_rt_tanhf",
        ("tanh", false) => "mc_rt_tanh",
        ("round", true) => "mc_rt_roundf",
        ("round", false) => "mc_rt_round",
        _ => return None,
    })
}

/// The symbol of [`bounds_failure`].
pub(crate) const BOUNDS_FAILURE: &str = "mc_rt_bounds_failure";

/// Every host function.
pub(crate) fn host_functions() -> Vec<HostFunction> {
    use HostType::*;
    let f32_fn = |symbol, f: extern "C" fn(f32) -> f32| HostFunction {
        symbol,
        params: &[F32],
        results: &[F32],
        address: f as *const u8,
    };
    let f64_fn = |symbol, f: extern "C" fn(f64) -> f64| HostFunction {
        symbol,
        params: &[F64],
        results: &[F64],
        address: f as *const u8,
    };
    vec![
        f32_fn("mc_rt_expf", expf),
        f64_fn("mc_rt_exp", exp),
        f32_fn("mc_rt_expm1f", expm1f),
        f64_fn("mc_rt_expm1", expm1),
        f32_fn("mc_rt_logf", logf),
        f64_fn("mc_rt_log", log),
        f32_fn("mc_rt_sinf", sinf),
        f64_fn("mc_rt_sin", sin),
        f32_fn("mc_rt_cosf", cosf),
        f64_fn("mc_rt_cos", cos),
        HostFunction { symbol: "mc_rt_fmodf", params: &[F32, F32], results: &[F32], address: fmodf as *const u8 },
        HostFunction { symbol: "mc_rt_fmod", params: &[F64, F64], results: &[F64], address: fmod as *const u8 },
        f32_fn("mc_rt_tanhf", tanhf),
        f64_fn("mc_rt_tanh", tanh),
        f32_fn("mc_rt_roundf", roundf),
        f64_fn("mc_rt_round", round),
        HostFunction {
            symbol: BOUNDS_FAILURE,
            params: &[Pointer, I64, I64],
            results: &[],
            address: bounds_failure as *const u8,
        },
    ]
}
