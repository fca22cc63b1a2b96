//! The `#[repr(C)]` types of the planner ABI, exactly as `include/mc_planner.h` declares them.
//! Counts and sizes are `u64` on every target, so the layout does not depend on the pointer width
//! except for the pointers themselves.

use std::ffi::c_char;

/// The ABI version this crate describes; a plugin reports the version it was built for and mc
/// refuses any other.
pub const ABI_VERSION: u32 = 2;

/// The name of the exported registration function.
pub const REGISTRATION_SYMBOL: &str = "mc_planner_plugin_v1";

/// What an entry point returns.
pub type McStatus = i32;

/// The solution holds a plan.
pub const MC_STATUS_OK: McStatus = 0;

/// The planner failed; the message buffer says why.
pub const MC_STATUS_ERROR: McStatus = 1;

/// A Rust planner panicked (caught by [`entry`](crate::entry)); the message buffer holds the
/// panic message.
pub const MC_STATUS_PANIC: McStatus = 2;

/// One buffer to place.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct McBuffer {
    /// Bytes.
    pub size: u64,
    /// Its offset must be a multiple of this (a power of two).
    pub alignment: u64,
    /// First program step the buffer is live at.
    pub live_start: u32,
    /// Last program step it is live at, inclusive.
    pub live_end: u32,
}

/// [`McAllowance::side`]: `offset(output) - offset(input) <= delta` (a kernel computing its rows
/// in increasing order).
pub const MC_ALLOWANCE_AT_MOST: u32 = 0;

/// [`McAllowance::side`]: `offset(output) - offset(input) >= delta` (rows in decreasing order).
pub const MC_ALLOWANCE_AT_LEAST: u32 = 1;

/// Buffers `output` and `input` (indices into the buffers) may share bytes although both are
/// live at a common step, when `offset(output) - offset(input)` is on the allowed `side` of
/// `delta`. A planner may ignore allowances: a plan without shared bytes is always valid.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct McAllowance {
    /// The buffer a kernel writes.
    pub output: u64,
    /// The buffer it reads.
    pub input: u64,
    /// The bound on `offset(output) - offset(input)`, in bytes.
    pub delta: i64,
    /// [`MC_ALLOWANCE_AT_MOST`] or [`MC_ALLOWANCE_AT_LEAST`].
    pub side: u32,
    /// Zero.
    pub reserved: u32,
}

impl McAllowance {
    /// True if `output` at `out_offset` may share bytes with `input` at `in_offset` (false for
    /// an unknown side).
    pub fn admits(&self, out_offset: u64, in_offset: u64) -> bool {
        let delta = i128::from(out_offset) - i128::from(in_offset);
        match self.side {
            MC_ALLOWANCE_AT_MOST => delta <= i128::from(self.delta),
            MC_ALLOWANCE_AT_LEAST => delta >= i128::from(self.delta),
            _ => false,
        }
    }
}

/// The problem: buffers live at a common step must not share a byte, except as allowed.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct McProblem {
    /// `buffer_count` buffers.
    pub buffers: *const McBuffer,
    /// Number of buffers.
    pub buffer_count: u64,
    /// `allowance_count` allowances.
    pub allowances: *const McAllowance,
    /// Number of allowances.
    pub allowance_count: u64,
    /// The bytes available, a hint (0: unbounded); mc checks the plan against its budget itself.
    pub capacity: u64,
}

/// Where the planner writes its plan.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct McSolution {
    /// `offset_count` offsets, one per buffer, allocated by mc.
    pub offsets: *mut u64,
    /// Number of offsets (the number of buffers).
    pub offset_count: u64,
}

/// A planner's entry point: plans `problem` into `solution`; on failure writes a NUL-terminated
/// message of at most `message_capacity` bytes (terminator included) into `message`.
pub type McPlanFn = unsafe extern "C" fn(
    problem: *const McProblem,
    solution: *mut McSolution,
    message: *mut c_char,
    message_capacity: u64,
) -> McStatus;

/// One planner of a plugin.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct McPlanner {
    /// Its name, NUL-terminated UTF-8, as `usmp{algorithm=...}` and `mc-plan --algorithm` select it.
    pub name: *const c_char,
    /// Its entry point.
    pub plan: McPlanFn,
}

/// What the registration symbol returns; it and everything it points to live as long as the
/// library is loaded.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct McPlannerPlugin {
    /// [`ABI_VERSION`] of the API the plugin was built with.
    pub abi_version: u32,
    /// Number of planners.
    pub planner_count: u32,
    /// `planner_count` planners.
    pub planners: *const McPlanner,
}

/// The type of the registration symbol.
pub type McRegisterFn = unsafe extern "C" fn() -> *const McPlannerPlugin;

// The descriptor is immutable static data, shared by every thread that plans.
// SAFETY: the pointers refer to read-only data that lives as long as the library.
unsafe impl Sync for McPlanner {}
// SAFETY: as above.
unsafe impl Sync for McPlannerPlugin {}
