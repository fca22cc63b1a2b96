//! [`export_planners!`](crate::export_planners): the registration symbol of a Rust plugin.

/// Exports `mc_planner_plugin_v1`, registering each `"name" => Type` (a [`Planner`](crate::Planner))
/// under its name, with the ABI version of this crate:
///
/// ```
/// use mc_plugin_api::{Planner, Problem};
///
/// /// Every buffer above the previous one.
/// struct Stack;
///
/// impl Planner for Stack {
///     fn plan(problem: &Problem<'_>) -> Result<Vec<u64>, String> {
///         let mut top = 0;
///         Ok(problem.buffers.iter().map(|b| { top += b.size; top - b.size }).collect())
///     }
/// }
///
/// mc_plugin_api::export_planners!("stack" => Stack);
///
/// let plugin = unsafe { &*mc_planner_plugin_v1() };
/// assert_eq!((plugin.abi_version, plugin.planner_count), (mc_plugin_api::ABI_VERSION, 1));
/// ```
#[macro_export]
macro_rules! export_planners {
    ($($name:literal => $planner:ty),+ $(,)?) => {
        /// The registration symbol mc looks for.
        #[unsafe(no_mangle)]
        pub extern "C" fn mc_planner_plugin_v1() -> *const $crate::McPlannerPlugin {
            const PLANNERS: &[$crate::McPlanner] = &[$(
                $crate::McPlanner { name: concat!($name, "\0").as_ptr().cast(), plan: $crate::entry::<$planner> }
            ),+];
            static PLUGIN: $crate::McPlannerPlugin = $crate::McPlannerPlugin {
                abi_version: $crate::ABI_VERSION,
                planner_count: PLANNERS.len() as u32,
                planners: PLANNERS.as_ptr(),
            };
            &PLUGIN
        }
    };
}
