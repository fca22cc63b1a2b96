//! Running JIT code on a thread with a large stack.
//!
//! Unplanned `buffer.alloc`s are stack slots ([`crate::buffer`]), so one call of a model holds
//! all of its activations and operator workspaces on the stack at once: megabytes, more than
//! the 2 MiB of a spawned thread or the 8 MiB of a main thread. Compile and call such code
//! inside [`run_with_stack`]. The stack is reserved address space, committed only as it is
//! touched, so a generous size costs nothing.

/// Stack that [`run_with_stack`] callers can use for a model: 512 MiB.
pub const MODEL_STACK_BYTES: usize = 512 << 20;

/// Runs `work` on a new thread whose stack has `bytes` bytes and returns its result; a panic in
/// `work` is resumed on the calling thread.
///
/// ```
/// # use mc_backend_cranelift::{MODEL_STACK_BYTES, run_with_stack};
/// // A model's unplanned buffers are stack slots of the JIT code: call it on a big stack.
/// let sum = run_with_stack(MODEL_STACK_BYTES, || (1..=10).sum::<i32>())?;
/// assert_eq!(sum, 55);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// The thread could not be started (e.g. the address space is exhausted).
pub fn run_with_stack<T: Send>(bytes: usize, work: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    std::thread::scope(|scope| {
        let handle =
            std::thread::Builder::new().name("mc-jit".to_string()).stack_size(bytes).spawn_scoped(scope, work)?;
        Ok(handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
