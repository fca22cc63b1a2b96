//! Planner plugins (DESIGN.md §7): shared libraries loaded at run time (`--load-plugin=path.so`)
//! whose planners `usmp{algorithm=NAME}` and `mc-plan --algorithm NAME` select like built-ins.
//! The ABI is `mc-plugin-api`'s.
//!
//! Loading checks the registration symbol, the ABI version and every name (letters, digits,
//! `_-.`; not a built-in's, not another plugin's) before registering any planner of the library; loaded
//! libraries stay loaded for the life of the process, in a process-wide registry. Planning with a
//! plugin validates its plan: an error status, a caught panic or an invalid plan is an error that
//! names the plugin and what it did, and the plan is never used.

use super::algorithm::{Algorithm, Solution};
use super::problem::{Placement, Problem};
use super::validate::validate;
use mc_dialects::buffer::DeltaBound;
use mc_ir::pass::OptionType;
use mc_plugin_api::{
    ABI_VERSION, MC_ALLOWANCE_AT_LEAST, MC_ALLOWANCE_AT_MOST, MC_STATUS_OK, MC_STATUS_PANIC, McAllowance, McBuffer,
    McPlanFn, McProblem, McRegisterFn, McSolution, REGISTRATION_SYMBOL,
};
use std::ffi::{CStr, c_char};
use std::sync::Mutex;

/// Bytes of the message buffer a planner may write its error into.
const MESSAGE_CAPACITY: usize = 1024;

/// One planner of a loaded plugin.
#[derive(Copy, Clone, Debug)]
pub struct PluginPlanner {
    /// The name it is selected by (leaked once at load: loaded planners live as long as the
    /// process).
    pub name: &'static str,
    /// The library it came from.
    pub library: &'static str,
    /// Its entry point.
    plan: McPlanFn,
}

/// The loaded planners, in load order, and their libraries (never unloaded).
struct Registry {
    planners: Vec<PluginPlanner>,
    libraries: Vec<libloading::Library>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry { planners: Vec::new(), libraries: Vec::new() });

/// The registry, even if a thread panicked while holding it (it is only ever appended to whole).
fn registry() -> std::sync::MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Loads the plugin at `path` and registers its planners; returns their names.
///
/// # Errors
///
/// A message naming the library if it cannot be loaded, lacks `mc_planner_plugin_v1`, was built
/// for another ABI version, or names a planner badly or like a built-in or a loaded planner.
pub fn load(path: &str) -> Result<Vec<&'static str>, String> {
    let error = |what: String| format!("planner plugin '{path}': {what}");
    // SAFETY: loading a library runs its initializers; loading a plugin means trusting it.
    let library = unsafe { libloading::Library::new(path) }.map_err(|e| error(format!("cannot load it: {e}")))?;
    // SAFETY: the symbol has the ABI's type if the library is a planner plugin at all.
    let register = unsafe { library.get::<McRegisterFn>(REGISTRATION_SYMBOL.as_bytes()) }
        .map_err(|_| error(format!("it does not export '{REGISTRATION_SYMBOL}' (is it an mc planner plugin?)")))?;
    // SAFETY: as above; the descriptor lives as long as the library.
    let descriptor = unsafe { register().as_ref() }
        .ok_or_else(|| error(format!("'{REGISTRATION_SYMBOL}' returned no descriptor")))?;
    if descriptor.abi_version != ABI_VERSION {
        return Err(error(format!(
            "it was built for planner ABI version {}, but this mc supports version {ABI_VERSION}",
            descriptor.abi_version
        )));
    }
    if descriptor.planner_count == 0 || descriptor.planners.is_null() {
        return Err(error("it registers no planner".to_string()));
    }
    // SAFETY: the descriptor holds `planner_count` planners.
    let entries = unsafe { std::slice::from_raw_parts(descriptor.planners, descriptor.planner_count as usize) };
    let mut registry = registry();
    let mut names: Vec<String> = Vec::with_capacity(entries.len());
    for entry in entries {
        if entry.name.is_null() {
            return Err(error("a planner has no name".to_string()));
        }
        // SAFETY: a non-null name is NUL-terminated and lives as long as the library.
        let name = unsafe { CStr::from_ptr(entry.name) }
            .to_str()
            .map_err(|_| error("a planner's name is not UTF-8".to_string()))?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c)) {
            return Err(error(format!(
                "planner name '{name}' is not a valid algorithm name (ASCII letters, digits, '_', '-', '.')"
            )));
        }
        if Algorithm::parse_value(Some(name)).is_ok() {
            return Err(error(format!("planner '{name}' clashes with a built-in algorithm")));
        }
        if let Some(other) = registry.planners.iter().find(|p| p.name == name) {
            return Err(error(format!("planner '{name}' is already loaded from '{}'", other.library)));
        }
        if names.iter().any(|n| n == name) {
            return Err(error(format!("planner '{name}' is registered twice")));
        }
        names.push(name.to_string());
    }
    let library_name: &'static str = Box::leak(path.to_string().into_boxed_str());
    let loaded: Vec<&'static str> = names.into_iter().map(|n| &*Box::leak(n.into_boxed_str())).collect();
    for (entry, &name) in entries.iter().zip(&loaded) {
        registry.planners.push(PluginPlanner { name, library: library_name, plan: entry.plan });
    }
    registry.libraries.push(library);
    Ok(loaded)
}

/// The loaded planner called `name`.
pub fn find(name: &str) -> Option<PluginPlanner> {
    registry().planners.iter().find(|p| p.name == name).copied()
}

/// The names of the loaded planners, in load order.
pub fn names() -> Vec<&'static str> {
    registry().planners.iter().map(|p| p.name).collect()
}

impl PluginPlanner {
    /// Plans `problem` (`capacity`: a hint, `None` for unbounded) and validates the plan.
    ///
    /// # Errors
    ///
    /// A message naming the planner and its library if it returns an error status (with its
    /// message), panics, or returns a plan the validator rejects.
    pub fn solve(&self, problem: &Problem, capacity: Option<u64>) -> Result<Solution, String> {
        let buffers: Vec<McBuffer> = problem
            .requests
            .iter()
            .map(|r| McBuffer { size: r.size, alignment: r.alignment, live_start: r.live.start, live_end: r.live.end })
            .collect();
        let allowances: Vec<McAllowance> = problem
            .allowances
            .iter()
            .map(|a| {
                let side = match a.bound {
                    DeltaBound::AtMost(_) => MC_ALLOWANCE_AT_MOST,
                    DeltaBound::AtLeast(_) => MC_ALLOWANCE_AT_LEAST,
                };
                McAllowance {
                    output: a.output as u64,
                    input: a.input as u64,
                    delta: a.bound.bytes(),
                    side,
                    reserved: 0,
                }
            })
            .collect();
        let raw = McProblem {
            buffers: buffers.as_ptr(),
            buffer_count: buffers.len() as u64,
            allowances: allowances.as_ptr(),
            allowance_count: allowances.len() as u64,
            capacity: capacity.unwrap_or(0),
        };
        let mut offsets = vec![0u64; buffers.len()];
        let mut solution = McSolution { offsets: offsets.as_mut_ptr(), offset_count: offsets.len() as u64 };
        let mut message = vec![0 as c_char; MESSAGE_CAPACITY];
        // SAFETY: every pointer is valid for its count for the duration of the call.
        let status = unsafe { (self.plan)(&raw, &mut solution, message.as_mut_ptr(), MESSAGE_CAPACITY as u64) };
        let who = format!("planner plugin '{}' (from '{}')", self.name, self.library);
        if status != MC_STATUS_OK {
            // The last byte stays NUL whatever the plugin wrote.
            message[MESSAGE_CAPACITY - 1] = 0;
            // SAFETY: NUL-terminated within the buffer.
            let text = unsafe { CStr::from_ptr(message.as_ptr()) }.to_string_lossy().into_owned();
            let what = if status == MC_STATUS_PANIC { "panicked" } else { "failed" };
            let text = text.strip_prefix("panicked: ").unwrap_or(&text);
            return Err(format!("{who} {what} (status {status}): {text}"));
        }
        if let Some((buffer, offset)) = offsets
            .iter()
            .zip(&problem.requests)
            .enumerate()
            .find_map(|(i, (&o, r))| o.checked_add(r.size).is_none().then_some((i, o)))
        {
            return Err(format!("{who} returned an invalid plan: buffer {buffer} at offset {offset} ends past 2^64"));
        }
        let placement = Placement { offsets };
        validate(problem, &placement, None).map_err(|e| format!("{who} returned an invalid plan: {e}"))?;
        let height = placement.height(problem);
        Ok(Solution { placement, height, algorithm: self.name, optimal: height <= problem.lower_bound() })
    }
}
