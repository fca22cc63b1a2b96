//! Planners in safe Rust: implement [`Planner`] on a type, export it with
//! [`export_planners!`](crate::export_planners); [`entry`] is the C entry point that converts the
//! raw problem into a [`Problem`] view, calls the planner, writes its offsets or its message, and
//! catches a panic so that nothing unwinds into mc.

use crate::abi::{
    MC_STATUS_ERROR, MC_STATUS_OK, MC_STATUS_PANIC, McAllowance, McBuffer, McProblem, McSolution, McStatus,
};
use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The problem as safe slices.
#[derive(Copy, Clone, Debug)]
pub struct Problem<'a> {
    /// The buffers, identified by index.
    pub buffers: &'a [McBuffer],
    /// Pairs that may share bytes (a planner may ignore them).
    pub allowances: &'a [McAllowance],
    /// The bytes available, a hint (`None`: unbounded).
    pub capacity: Option<u64>,
}

/// A memory planner.
pub trait Planner {
    /// One offset per buffer of `problem`, or why there is none. mc validates the plan: buffers
    /// live at a common step must not share a byte (except as allowed) and each offset must be a
    /// multiple of its buffer's alignment.
    fn plan(problem: &Problem<'_>) -> Result<Vec<u64>, String>;
}

/// The C entry point of planner `P` (what [`export_planners!`](crate::export_planners) registers).
///
/// # Safety
///
/// mc's calling convention: `problem` points to a valid problem whose arrays hold their counts,
/// `solution` to `offset_count` writable offsets, `message` to `message_capacity` writable bytes.
pub unsafe extern "C" fn entry<P: Planner>(
    problem: *const McProblem,
    solution: *mut McSolution,
    message: *mut c_char,
    message_capacity: u64,
) -> McStatus {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's contract.
        let (problem, solution) = unsafe { (&*problem, &mut *solution) };
        // SAFETY: as above; a null array is only valid with a count of 0.
        let view = unsafe {
            Problem {
                buffers: slice(problem.buffers, problem.buffer_count),
                allowances: slice(problem.allowances, problem.allowance_count),
                capacity: (problem.capacity != 0).then_some(problem.capacity),
            }
        };
        let offsets = P::plan(&view)?;
        if offsets.len() as u64 != solution.offset_count {
            return Err(format!(
                "the planner returned {} offsets for {} buffers",
                offsets.len(),
                solution.offset_count
            ));
        }
        // SAFETY: the caller's contract: `offset_count` writable offsets.
        unsafe { std::ptr::copy_nonoverlapping(offsets.as_ptr(), solution.offsets, offsets.len()) };
        Ok(())
    }));
    let (status, text) = match outcome {
        Ok(Ok(())) => return MC_STATUS_OK,
        Ok(Err(text)) => (MC_STATUS_ERROR, text),
        Err(payload) => {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_string());
            (MC_STATUS_PANIC, format!("panicked: {text}"))
        }
    };
    // SAFETY: the caller's contract.
    unsafe { write_message(&text, message, message_capacity) };
    status
}

/// `count` elements at `data` (none when null).
///
/// # Safety
///
/// A non-null `data` points to `count` initialized elements that outlive `'a`.
unsafe fn slice<'a, T>(data: *const T, count: u64) -> &'a [T] {
    if data.is_null() || count == 0 {
        &[]
    } else {
        // SAFETY: the function's contract.
        unsafe { std::slice::from_raw_parts(data, count as usize) }
    }
}

/// Writes `text`, cut to `capacity - 1` bytes and NUL-terminated, into `message`.
///
/// # Safety
///
/// `message` is null or points to `capacity` writable bytes.
unsafe fn write_message(text: &str, message: *mut c_char, capacity: u64) {
    if message.is_null() || capacity == 0 {
        return;
    }
    let len = text.len().min(capacity as usize - 1);
    // SAFETY: `len + 1 <= capacity` bytes are writable.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), message, len);
        *message.add(len) = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    struct Stack;
    impl Planner for Stack {
        fn plan(problem: &Problem<'_>) -> Result<Vec<u64>, String> {
            let mut top = 0;
            Ok(problem
                .buffers
                .iter()
                .map(|b| {
                    let offset = top;
                    top += b.size;
                    offset
                })
                .collect())
        }
    }

    struct Refuses;
    impl Planner for Refuses {
        fn plan(_: &Problem<'_>) -> Result<Vec<u64>, String> {
            Err("no room at the inn".to_string())
        }
    }

    struct Panics;
    impl Planner for Panics {
        fn plan(_: &Problem<'_>) -> Result<Vec<u64>, String> {
            panic!("index out of bounds")
        }
    }

    /// Calls `P`'s entry point on two buffers with a message buffer of `capacity` bytes.
    fn call<P: Planner>(capacity: usize) -> (McStatus, Vec<u64>, String) {
        let buffers = [
            McBuffer { size: 8, alignment: 4, live_start: 0, live_end: 1 },
            McBuffer { size: 4, alignment: 4, live_start: 1, live_end: 2 },
        ];
        let problem = McProblem {
            buffers: buffers.as_ptr(),
            buffer_count: 2,
            allowances: std::ptr::null(),
            allowance_count: 0,
            capacity: 0,
        };
        let mut offsets = vec![u64::MAX; 2];
        let mut solution = McSolution { offsets: offsets.as_mut_ptr(), offset_count: 2 };
        let mut message = vec![1 as c_char; capacity];
        // SAFETY: every pointer is valid for its count.
        let status = unsafe { entry::<P>(&problem, &mut solution, message.as_mut_ptr(), capacity as u64) };
        // Untouched (no terminator) reads as empty.
        let bytes: Vec<u8> = message.iter().map(|&c| c as u8).collect();
        let text = CStr::from_bytes_until_nul(&bytes).map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        (status, offsets, text)
    }

    #[test]
    fn a_plan_is_written_into_the_solution() {
        assert_eq!(call::<Stack>(64), (MC_STATUS_OK, vec![0, 8], String::new()));
    }

    #[test]
    fn an_error_is_a_status_and_a_bounded_message() {
        assert_eq!(call::<Refuses>(64).0, MC_STATUS_ERROR);
        assert_eq!(call::<Refuses>(64).2, "no room at the inn");
        assert_eq!(call::<Refuses>(8).2, "no room");
        assert_eq!(call::<Refuses>(0).0, MC_STATUS_ERROR);
    }

    #[test]
    fn a_panic_is_caught_and_reported() {
        let (status, offsets, text) = call::<Panics>(64);
        assert_eq!(status, MC_STATUS_PANIC);
        assert_eq!(text, "panicked: index out of bounds");
        assert_eq!(offsets, vec![u64::MAX; 2], "nothing is written");
    }
}
