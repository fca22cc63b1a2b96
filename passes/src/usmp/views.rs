//! The named views of a planned buffer, for the residency report: the other tensors that live
//! inside its bytes instead of having their own — a contiguous slice of it, a producer of a
//! concatenation writing its slice of it, a reshape of it.

use super::report::ViewReport;
use mc_dialects::buffer::aliases;
use mc_ir::{Context, Value};

/// The views of `root` (an alloc's result named `name`), transitively: each `buffer.view` whose
/// location has a name other than `name`, once per name, offset and size, by offset.
pub fn named_views(ctx: &Context, root: Value, name: &str) -> Vec<ViewReport> {
    let mut views: Vec<ViewReport> = Vec::new();
    for alias in aliases(ctx, root).into_iter().skip(1) {
        let Some(view) = ctx.defining_op(alias) else { continue };
        let Some(view_name) = ctx.loc_name(ctx.operation(view).loc()).filter(|&n| n != name) else { continue };
        let ty = ctx.value_type(alias);
        let (Some(layout), Some(element), Some(size)) =
            (ctx.buffer(ty), ctx.buffer_element_bytes(ty), ctx.buffer_span_bytes(ty))
        else {
            continue;
        };
        let report = ViewReport { name: view_name.to_string(), offset: layout.offset.max(0) as u64 * element, size };
        if !views.contains(&report) {
            views.push(report);
        }
    }
    views.sort_by(|a, b| (a.offset, &a.name, a.size).cmp(&(b.offset, &b.name, b.size)));
    views
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::parse;
    use mc_dialects::buffer::AllocOp;

    #[test]
    fn views_are_listed_by_name_in_bytes() {
        let (ctx, module) = parse(
            r#"func.func @f(%x: !buffer<1x4xf32>, %y: !buffer<4xf32>, %out: !buffer<8xf32>) {
              %c = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32> loc("joined")
              %a = buffer.view %c : !buffer<2x4xf32> to !buffer<1x4xf32> loc("left")
              %b = buffer.view %c {offset = 4 : i64} : !buffer<2x4xf32> to !buffer<1x4xf32, strides: [4, 1], offset: 4> loc("right")
              %r = buffer.view %b : !buffer<1x4xf32, strides: [4, 1], offset: 4> to !buffer<4xf32, strides: [1], offset: 4> loc("right")
              %s = buffer.view %c : !buffer<2x4xf32> to !buffer<8xf32> loc("joined")
              buffer.kernel relu ins(%x : !buffer<1x4xf32>) outs(%a : !buffer<1x4xf32>)
              buffer.kernel relu ins(%y : !buffer<4xf32>) outs(%r : !buffer<4xf32, strides: [1], offset: 4>)
              buffer.copy %s, %out : !buffer<8xf32>, !buffer<8xf32>
              return
            }"#,
        );
        let alloc = ctx.walk_preorder(module).into_iter().find_map(|op| AllocOp::cast(&ctx, op)).expect("an alloc");
        let views = named_views(&ctx, alloc.result(), "joined");
        let listed: Vec<(&str, u64, u64)> = views.iter().map(|v| (v.name.as_str(), v.offset, v.size)).collect();
        assert_eq!(listed, [("left", 0, 16), ("right", 16, 16)]);
    }
}
