//! Operator schedules apart from the IR: which orders of a function's operators are legal, how
//! many bytes each keeps live at its worst step, and the search for the order whose worst step
//! is lowest (Serenity, MLSys 2020). `buffer-reorder-for-memory` reads a function into a
//! [`problem::ScheduleProblem`] and writes the chosen order back.
//!
//! | module | holds |
//! |---|---|
//! | [`problem`] | operators, their precedences and the buffers they use; the live bytes of an order |
//! | [`search`] | the order of least peak: exact dynamic programming over the executed sets of each segment between forced operators, greedy beyond a size limit, never worse than the given order |

pub mod problem;
pub mod search;
