//! Analysis caching: analyses computed on demand per (op, analysis type), kept while passes
//! preserve them and dropped when a pass may have invalidated them.

use crate::context::Context;
use crate::operation::OpId;
use rustc_hash::{FxHashMap, FxHashSet};
use std::any::{Any, TypeId};
use std::rc::Rc;

/// A fact computed from the IR under an op, such as dominance or liveness.
pub trait Analysis: Any {
    /// Computes the analysis of `op` and what it contains.
    fn compute(ctx: &Context, op: OpId) -> Self
    where
        Self: Sized;

    /// The name shown in timing reports (as `(A) name`); defaults to the type's name without its
    /// module path.
    fn name() -> &'static str
    where
        Self: Sized,
    {
        short_type_name(std::any::type_name::<Self>())
    }
}

/// `a::b::Liveness<c::D>` to `Liveness<c::D>`: the last path segment before any generics.
fn short_type_name(full: &'static str) -> &'static str {
    let generics = full.find('<').unwrap_or(full.len());
    let start = full[..generics].rfind("::").map_or(0, |index| index + 2);
    &full[start..]
}

/// Which analyses the running pass declared still valid.
#[derive(Default)]
struct Preserved {
    all: bool,
    types: FxHashSet<TypeId>,
}

/// Caches analyses for the duration of one [`PassManager::run`](super::PassManager::run).
///
/// A pass asks for analyses with [`get_analysis`](Self::get_analysis); each is computed once per
/// (op, type) and shared until a pass invalidates it. After a pass runs on an op, the pass manager
/// drops the cached analyses of that op and everything nested in it, except those the pass marked
/// preserved, and every analysis of the op's ancestors (their IR changed too). A pass that calls
/// [`mark_all_preserved`](Self::mark_all_preserved) keeps everything: it declared the IR unchanged.
#[derive(Default)]
pub struct AnalysisManager {
    cache: FxHashMap<(OpId, TypeId), Rc<dyn Any>>,
    preserved: Preserved,
}

impl AnalysisManager {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The analysis `A` of `op`, computed now unless cached.
    pub fn get_analysis<A: Analysis>(&mut self, ctx: &Context, op: OpId) -> Rc<A> {
        if let Some(cached) = self.get_cached_analysis::<A>(op) {
            return cached;
        }
        let computed = {
            let span = super::timing::analysis_span(A::name());
            let _entered = span.enter();
            Rc::new(A::compute(ctx, op))
        };
        self.cache.insert((op, TypeId::of::<A>()), computed.clone());
        computed
    }

    /// The analysis `A` of `op` if it is cached; never computes.
    pub fn get_cached_analysis<A: Analysis>(&self, op: OpId) -> Option<Rc<A>> {
        let cached = self.cache.get(&(op, TypeId::of::<A>()))?;
        Some(Rc::clone(cached).downcast::<A>().unwrap_or_else(|_| unreachable!("cache entries are keyed by type")))
    }

    /// Declares that the running pass did not change the IR: every analysis stays valid.
    ///
    /// This is MLIR's `markAllAnalysesPreserved`; it also lets `--verify-each` skip the verifier.
    pub fn mark_all_preserved(&mut self) {
        self.preserved.all = true;
    }

    /// Declares that analysis `A` of the running pass's op (and the ops in it) is still valid.
    pub fn mark_preserved<A: Analysis>(&mut self) {
        self.preserved.types.insert(TypeId::of::<A>());
    }

    /// Forgets every cached analysis.
    pub fn clear(&mut self) {
        self.cache.clear();
    }

    /// Number of cached analyses.
    pub fn len(&self) -> usize {
        self.cache.len()
    }

    /// True if nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }

    /// Resets the preserved set before a pass runs.
    pub(crate) fn begin_pass(&mut self) {
        self.preserved = Preserved::default();
    }

    /// Drops what the pass that just ran on `op` may have invalidated. Returns false if the pass
    /// declared the IR unchanged.
    pub(crate) fn finish_pass(&mut self, ctx: &Context, op: OpId) -> bool {
        let preserved = std::mem::take(&mut self.preserved);
        if preserved.all {
            return false;
        }
        self.cache.retain(|&(cached_op, type_id), _| {
            if !ctx.is_live(cached_op) {
                false
            } else if ctx.is_ancestor(op, cached_op) {
                preserved.types.contains(&type_id)
            } else {
                !ctx.is_ancestor(cached_op, op)
            }
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::test_util::{TestIr, build_test_ir};
    use std::cell::Cell;

    thread_local! {
        static COMPUTED: Cell<usize> = const { Cell::new(0) };
    }

    /// Counts the ops under an op, and how often it was computed.
    struct OpCount(usize);

    impl Analysis for OpCount {
        fn compute(ctx: &Context, op: OpId) -> Self {
            COMPUTED.with(|count| count.set(count.get() + 1));
            OpCount(ctx.walk_preorder(op).len())
        }
    }

    /// A second analysis type.
    struct Depth;

    impl Analysis for Depth {
        fn compute(_: &Context, _: OpId) -> Self {
            Depth
        }
    }

    fn computed() -> usize {
        COMPUTED.with(Cell::get)
    }

    #[test]
    fn computes_once_and_caches() {
        let TestIr { ctx, module, funcs } = build_test_ir(&["a", "b"], 2);
        let mut am = AnalysisManager::new();
        let before = computed();
        assert!(am.get_cached_analysis::<OpCount>(funcs[0]).is_none());
        assert_eq!(am.get_analysis::<OpCount>(&ctx, funcs[0]).0, 3);
        assert_eq!(am.get_analysis::<OpCount>(&ctx, funcs[0]).0, 3);
        assert_eq!(computed() - before, 1);
        assert_eq!(am.get_cached_analysis::<OpCount>(funcs[0]).unwrap().0, 3);
        assert_eq!(am.get_analysis::<OpCount>(&ctx, module).0, 7);
        assert_eq!(computed() - before, 2);
        am.get_analysis::<Depth>(&ctx, module);
        assert_eq!(am.len(), 3);
        am.clear();
        assert!(am.is_empty());
    }

    #[test]
    fn invalidates_op_nested_and_ancestors_but_not_siblings() {
        let TestIr { ctx, module, funcs } = build_test_ir(&["a", "b"], 2);
        let inner = ctx.nested_ops(funcs[0])[0];
        let mut am = AnalysisManager::new();
        for op in [module, funcs[0], funcs[1], inner] {
            am.get_analysis::<OpCount>(&ctx, op);
            am.get_analysis::<Depth>(&ctx, op);
        }

        // A pass that changed funcs[0] but preserved `Depth`.
        am.begin_pass();
        am.mark_preserved::<Depth>();
        assert!(am.finish_pass(&ctx, funcs[0]));
        assert!(am.get_cached_analysis::<OpCount>(funcs[0]).is_none());
        assert!(am.get_cached_analysis::<OpCount>(inner).is_none());
        assert!(am.get_cached_analysis::<Depth>(funcs[0]).is_some());
        assert!(am.get_cached_analysis::<Depth>(inner).is_some());
        assert!(am.get_cached_analysis::<OpCount>(module).is_none());
        assert!(am.get_cached_analysis::<Depth>(module).is_none());
        assert!(am.get_cached_analysis::<OpCount>(funcs[1]).is_some());
        assert!(am.get_cached_analysis::<Depth>(funcs[1]).is_some());

        // A pass that declared the IR unchanged keeps everything.
        let kept = am.len();
        am.begin_pass();
        am.mark_all_preserved();
        assert!(!am.finish_pass(&ctx, module));
        assert_eq!(am.len(), kept);

        // The preserved set does not leak into the next pass.
        am.begin_pass();
        assert!(am.finish_pass(&ctx, funcs[1]));
        assert!(am.get_cached_analysis::<Depth>(funcs[1]).is_none());
        assert!(am.get_cached_analysis::<Depth>(funcs[0]).is_some());
    }

    #[test]
    fn drops_analyses_of_erased_ops() {
        let TestIr { mut ctx, funcs, .. } = build_test_ir(&["a"], 2);
        let inner = ctx.nested_ops(funcs[0]);
        let mut am = AnalysisManager::new();
        am.get_analysis::<Depth>(&ctx, inner[1]);
        ctx.erase_op(inner[1]);
        am.begin_pass();
        am.mark_preserved::<Depth>();
        am.finish_pass(&ctx, funcs[0]);
        assert!(am.is_empty());
    }

    #[test]
    fn names_strip_module_paths() {
        assert_eq!(OpCount::name(), "OpCount");
        assert_eq!(short_type_name("a::b::Liveness<c::D>"), "Liveness<c::D>");
        assert_eq!(short_type_name("Plain"), "Plain");
    }
}
