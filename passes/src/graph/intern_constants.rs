//! `graph-intern-constants`: shares byte-identical constants, one op and one blob for many users.
//!
//! Two steps over the op the pass runs on:
//!
//! 1. **Constants.** Two `graph.const` with the same result type (quantization included) and the
//!    same bytes are one constant, whether their values are `dense<...>` literals (a splat is the
//!    same as its expansion) or `dense_resource` blobs with equal contents. The first one in
//!    program order is kept and takes the uses of later ones that it dominates for sure: those
//!    in its own block, and those in regions of registered, non-isolated ops after it in that
//!    block. Other blocks of a multi-block region and regions of isolated (functions) or
//!    unregistered ops start afresh, so nothing is hoisted or moved (graph functions have one
//!    block, where this finds every duplicate).
//! 2. **Blobs.** The `dense_resource` value of each remaining constant is pointed at the first
//!    blob of the context's resource table (file or import order) holding the same bytes,
//!    whatever the constants' types (two layers with the same weights and different scales). The
//!    table is module-wide, so this crosses functions even when the pass runs on one function at
//!    a time; the shared blob's alignment becomes the largest of the blobs it replaces.
//!
//! Contents are grouped by a 64-bit hash and compared byte for byte within a group, so a hash
//! collision never merges different data. A missing blob is never equal to anything. The kept
//! constant keeps its location (the first tensor's name). When the pass runs on a top-level op,
//! blobs left without references are removed from the context (see `graph-prune`).
//!
//! ```mlir
//! %a = "graph.const"() <{value = dense_resource<conv1_b> : tensor<8xi32>}> : () -> tensor<8x!qb>
//! %b = "graph.const"() <{value = dense_resource<conv2_b> : tensor<8xi32>}> : () -> tensor<8x!qb>  // same bytes
//! %c = "graph.const"() <{value = dense_resource<fc_w> : tensor<8xi8>}> : () -> tensor<8x!q1>
//! %d = "graph.const"() <{value = dense_resource<fc2_w> : tensor<8xi8>}> : () -> tensor<8x!q2>     // same bytes
//! // becomes
//! %a = "graph.const"() <{value = dense_resource<conv1_b> : tensor<8xi32>}> : () -> tensor<8x!qb>  // %b's uses too
//! %c = "graph.const"() <{value = dense_resource<fc_w> : tensor<8xi8>}> : () -> tensor<8x!q1>
//! %d = "graph.const"() <{value = dense_resource<fc_w> : tensor<8xi8>}> : () -> tensor<8x!q2>
//! ```

use super::{drop_unreferenced_blobs, is_top_level};
use mc_dialects::graph::ConstOp;
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{AttrKind, Attribute, BlockId, Context, Failure, OpId, Traits, Type};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// The logical bytes of a constant: one element repeated, or all the elements (not all equal).
///
/// Normalizing "all elements equal" to [`Content::Splat`] makes a splat literal and its
/// expansion (or a blob holding it) compare equal without expanding anything.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Content<'a> {
    /// `count` copies of `element`.
    Splat { element: &'a [u8], count: u64 },
    /// The elements, in order, not all equal.
    Full(&'a [u8]),
}

impl<'a> Content<'a> {
    /// Content of elements `element_size` bytes wide stored in `data` (`splat`: one element).
    fn new(data: &'a [u8], splat: bool, element_size: usize, count: u64) -> Option<Self> {
        if element_size == 0 {
            return None;
        }
        if splat {
            return (data.len() == element_size).then_some(Content::Splat { element: data, count });
        }
        if data.len() as u64 != count.checked_mul(element_size as u64)? {
            return None;
        }
        let mut elements = data.chunks_exact(element_size);
        match elements.next() {
            Some(first) if elements.all(|e| e == first) => Some(Content::Splat { element: first, count }),
            _ => Some(Content::Full(data)),
        }
    }

    fn hash64(&self) -> u64 {
        let mut hasher = FxHasher::default();
        self.hash(&mut hasher);
        hasher.finish()
    }
}

/// The content of a constant's `value` attribute, `None` if it cannot be read (missing blob,
/// element type without a byte size, data of the wrong length).
fn content(ctx: &Context, value: Attribute) -> Option<Content<'_>> {
    let (ty, splat, data) = match ctx.attr_kind(value) {
        AttrKind::DenseElements { ty, splat, data } => (*ty, *splat, data.as_slice()),
        AttrKind::DenseResource { name, ty } => (*ty, false, ctx.resources.get(name)?.data.as_slice()),
        _ => return None,
    };
    let element_size = ctx.scalar_byte_size(ctx.element_type(ty))?;
    Content::new(data, splat, element_size, ctx.num_elements(ty)?)
}

/// What [`intern_constants`] did.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Interned {
    /// Constant ops replaced by an equal earlier one and erased.
    pub constants: usize,
    /// Constants pointed at another blob with the same bytes.
    pub blob_uses: usize,
    /// Blobs removed from the context (only on a top-level op).
    pub blobs_dropped: usize,
}

/// Visible constants by (result type, content hash); each bucket lists candidate ops.
type Table = FxHashMap<(Type, u64), Vec<OpId>>;

/// Shares equal constants and blobs under `root`; see the module documentation.
pub fn intern_constants(ctx: &mut Context, root: OpId) -> Interned {
    let mut interned = Interned::default();
    // Step 1, scoped like CSE: each isolated op starts an empty table.
    let mut scope_roots = vec![root];
    while let Some(scope_root) = scope_roots.pop() {
        let mut table = Table::default();
        for region in ctx.operation(scope_root).regions().to_vec() {
            for block in ctx.region_blocks(region).to_vec() {
                interned.constants += intern_block(ctx, block, &mut table, &mut scope_roots);
            }
        }
    }
    interned.blob_uses = share_blobs(ctx, root);
    if is_top_level(ctx, root) {
        interned.blobs_dropped = drop_unreferenced_blobs(ctx, root);
    }
    interned
}

/// Merges the constants of `block` into equal visible ones; entries it adds stay local to it.
fn intern_block(ctx: &mut Context, block: BlockId, table: &mut Table, scope_roots: &mut Vec<OpId>) -> usize {
    let mut merged = 0;
    let mut added: Vec<((Type, u64), OpId)> = Vec::new();
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    for op in ops {
        let regions = ctx.operation(op).regions().to_vec();
        if !regions.is_empty() {
            // Unregistered ops may be isolated: like CSE, give their regions a scope of their own.
            if ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE) || ctx.op_def_of(op).is_none() {
                scope_roots.push(op);
            } else {
                for region in regions {
                    for nested in ctx.region_blocks(region).to_vec() {
                        merged += intern_block(ctx, nested, table, scope_roots);
                    }
                }
            }
            continue;
        }
        let Some(constant) = ConstOp::cast(ctx, op) else { continue };
        let value = constant.value(ctx);
        let ty = ctx.operation(op).result_type(0);
        let Some(this) = content(ctx, value) else { continue };
        let key = (ty, this.hash64());
        let equal = table.get(&key).and_then(|candidates| {
            candidates.iter().copied().find(|&other| {
                let other_value = ctx.attr(other, "value").expect("a graph.const has a value");
                other_value == value || content(ctx, other_value) == Some(this)
            })
        });
        match equal {
            Some(existing) => {
                ctx.replace_op(op, &[existing.result(0)]);
                merged += 1;
            }
            None => {
                table.entry(key).or_default().push(op);
                added.push((key, op));
            }
        }
    }
    // Forget this block's constants so sibling blocks do not see them.
    for (key, op) in added {
        if let Some(candidates) = table.get_mut(&key) {
            candidates.retain(|&c| c != op);
        }
    }
    merged
}

/// The hash of a blob's bytes.
fn blob_hash(data: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    data.hash(&mut hasher);
    hasher.finish()
}

/// Points the `dense_resource` values of the `graph.const` ops under `root` at the first blob of
/// the context's resource table holding the same bytes; returns how many values changed.
fn share_blobs(ctx: &mut Context, root: OpId) -> usize {
    let constants: Vec<(OpId, String, Type)> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&op| ConstOp::cast(ctx, op).is_some())
        .filter_map(|op| match ctx.attr_kind(ctx.attr(op, "value")?) {
            AttrKind::DenseResource { name, ty } => Some((op, name.clone(), *ty)),
            _ => None,
        })
        .collect();
    // Candidates: every blob of a size some constant here references (others cannot be equal),
    // grouped by hash, in table order. The table is module-wide, so blobs are shared across
    // functions even when the pass runs on one function at a time.
    let sizes: FxHashSet<usize> =
        constants.iter().filter_map(|(_, name, _)| ctx.resources.get(name)).map(|b| b.data.len()).collect();
    let mut by_hash: FxHashMap<u64, Vec<&str>> = FxHashMap::default();
    for (name, blob) in ctx.resources.iter() {
        if sizes.contains(&blob.data.len()) {
            by_hash.entry(blob_hash(&blob.data)).or_default().push(name);
        }
    }
    let mut canonical: FxHashMap<String, String> = FxHashMap::default();
    for names in by_hash.values() {
        for (index, &name) in names.iter().enumerate() {
            let data = &ctx.resources.get(name).expect("listed from the table").data;
            let first = names[..index].iter().find(|&&other| &ctx.resources.get(other).expect("listed").data == data);
            if let Some(&first) = first {
                canonical.insert(name.to_string(), first.to_string());
            }
        }
    }
    let mut changed = 0;
    for (op, name, ty) in constants {
        let Some(target) = canonical.get(&name) else { continue };
        let alignment = ctx.resources.get(&name).expect("a canonical blob has a source").alignment;
        let blob = ctx.resources.get_mut(target).expect("canonical blobs exist");
        blob.alignment = blob.alignment.max(alignment);
        let shared = ctx.intern_attr(AttrKind::DenseResource { name: target.clone(), ty });
        ctx.set_attr(op, "value", Some(shared));
        changed += 1;
    }
    changed
}

/// The `graph-intern-constants` pass.
#[derive(Default)]
pub struct GraphInternConstants;

impl Pass for GraphInternConstants {
    fn argument(&self) -> &str {
        "graph-intern-constants"
    }

    fn summary(&self) -> &str {
        "Share byte-identical constants: one constant and one blob, many users"
    }

    fn description(&self) -> &str {
        "Replaces each graph.const by an earlier one of the same type and bytes that dominates it \
         (dense literals and dense_resource blobs alike), then points dense_resource values with \
         equal bytes at one blob. On a top-level op, blobs left unreferenced are removed."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if intern_constants(ctx, op) == Interned::default() {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::{body_ops, parse, print};

    #[test]
    fn splats_equal_their_expansion_and_hashes_agree() {
        let ones = [1u8, 0, 1, 0, 1, 0];
        let splat = Content::new(&ones[..2], true, 2, 3).expect("valid");
        let full = Content::new(&ones, false, 2, 3).expect("valid");
        assert_eq!(splat, full);
        assert_eq!(splat.hash64(), full.hash64());
        assert_ne!(Content::new(&ones[..2], true, 2, 4), Some(full));
        let mixed = [1u8, 0, 2, 0];
        assert_eq!(Content::new(&mixed, false, 2, 2), Some(Content::Full(&mixed)));
        assert_eq!(Content::new(&mixed, false, 2, 3), None);
        assert_eq!(Content::new(&mixed, false, 0, 2), None);
        // Empty tensors are all alike.
        assert_eq!(Content::new(&[], false, 4, 0), Content::new(&[], false, 1, 0));
    }

    #[test]
    fn equal_bytes_under_one_type_make_one_constant_and_one_blob() {
        let text = r#"!qb = !quant.uniform<i32:f32, 0.0005>
!q1 = !quant.uniform<i8:f32, 0.5:-1>
!q2 = !quant.uniform<i8:f32, 0.25:-1>
"func.func"() <{function_type = () -> (tensor<2x!qb>, tensor<2x!qb>, tensor<2x!qb>, tensor<2x!q1>, tensor<2x!q2>), sym_name = "f"}> ({
  %a = "graph.const"() <{value = dense_resource<a> : tensor<2xi32>}> : () -> tensor<2x!qb>
  %b = "graph.const"() <{value = dense<[7, 9]> : tensor<2xi32>}> : () -> tensor<2x!qb>
  %c = "graph.const"() <{value = dense_resource<c> : tensor<2xi32>}> : () -> tensor<2x!qb>
  %d = "graph.const"() <{value = dense_resource<d> : tensor<2xi8>}> : () -> tensor<2x!q1>
  %e = "graph.const"() <{value = dense_resource<e> : tensor<2xi8>}> : () -> tensor<2x!q2>
  "func.return"(%a, %b, %c, %d, %e) : (tensor<2x!qb>, tensor<2x!qb>, tensor<2x!qb>, tensor<2x!q1>, tensor<2x!q2>) -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      a: "0x040000000700000009000000",
      c: "0x040000000700000009000000",
      d: "0x040000000102",
      e: "0x100000000102"
    }
  }
#-}"#;
        let (mut ctx, module) = parse(text);
        assert_eq!(intern_constants(&mut ctx, module), Interned { constants: 2, blob_uses: 1, blobs_dropped: 2 });
        assert_eq!(body_ops(&ctx, module), ["graph.const", "graph.const", "graph.const", "func.return"]);
        let out = print(&ctx, module);
        assert!(out.contains(r#""func.return"(%0, %0, %0, %1, %2)"#), "{out}");
        assert!(out.contains(r#"%2 = "graph.const"() <{value = dense_resource<d> : tensor<2xi8>}>"#), "{out}");
        assert_eq!(ctx.resources.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["a", "d"]);
        // The shared blob takes the larger alignment.
        assert_eq!(ctx.resources.get("d").map(|b| b.alignment), Some(16));
        assert_eq!(intern_constants(&mut ctx, module), Interned::default());
    }

    #[test]
    fn constants_are_shared_only_where_they_dominate() {
        let text = r#""func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  %a = "graph.const"() <{value = dense<1> : tensor<4xi8>}> : () -> tensor<4xi8>
  "test.region"() ({
    %r = "graph.const"() <{value = dense<1> : tensor<4xi8>}> : () -> tensor<4xi8>
    "test.use"(%r) : (tensor<4xi8>) -> ()
  }) : () -> ()
  "test.br"()[^bb1] : () -> ()
^bb1:
  %b = "graph.const"() <{value = dense<[1, 1, 1, 1]> : tensor<4xi8>}> : () -> tensor<4xi8>
  %c = "graph.const"() <{value = dense<1> : tensor<4xi8>}> : () -> tensor<4xi8>
  "test.use"(%a, %b, %c) : (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "g"}> ({
  %a = "graph.const"() <{value = dense<1> : tensor<4xi8>}> : () -> tensor<4xi8>
  "test.use"(%a) : (tensor<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()"#;
        let mut ctx = Context::new();
        mc_dialects::register_all(&mut ctx);
        ctx.allow_unregistered_dialects = true;
        let module = mc_ir::test_dialect::parse(&mut ctx, text).expect("parses");
        // Only `%c` merges (into `%b`, same block). The unregistered `test.region` may be
        // isolated from above, so it gets a scope of its own; blocks other than the one holding
        // a constant are not searched (conservative); `@g` is another function.
        assert_eq!(intern_constants(&mut ctx, module).constants, 1);
        let out = mc_ir::printer::print_top_level(&ctx, module, Default::default());
        // Values are numbered as MLIR does: the function's blocks first (%0 = %a, %1 = %b),
        // then the nested region (%2 = %r, kept).
        assert!(out.contains(r#""test.use"(%0, %1, %1)"#), "{out}");
        assert!(out.contains(r#""test.use"(%2)"#), "{out}");
    }
}
