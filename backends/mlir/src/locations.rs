//! Locations between mc and upstream MLIR: file positions and ranges, names, call sites and fused
//! locations map one to one, so errors and `--print-debuginfo` point at the same source.

use mc_ir::{Context, LocKind, Location};
use melior::Context as MlirContext;
use melior::ir::Location as MlirLocation;

/// The upstream location of the mc location `loc`.
pub fn export_loc<'c>(ctx: &Context, mlir: &'c MlirContext, loc: Location) -> MlirLocation<'c> {
    match ctx.loc_kind(loc) {
        LocKind::Unknown => MlirLocation::unknown(mlir),
        LocKind::FileLineCol { file, line, col } => MlirLocation::new(mlir, file, *line as usize, *col as usize),
        LocKind::FileLineColRange { file, line, col, end_line, end_col } => {
            let [line, col, end_line, end_col] = [line, col, end_line, end_col].map(|&n| n as usize);
            MlirLocation::file_line_col_range(mlir, file, line, col, end_line, end_col)
        }
        LocKind::Name { name, child } => {
            let child = child.map_or_else(|| MlirLocation::unknown(mlir), |c| export_loc(ctx, mlir, c));
            MlirLocation::name(mlir, name, child)
        }
        LocKind::CallSite { callee, caller } => {
            MlirLocation::call_site(export_loc(ctx, mlir, *callee), export_loc(ctx, mlir, *caller))
        }
        LocKind::Fused { locs, .. } => {
            let locs: Vec<_> = locs.iter().map(|&l| export_loc(ctx, mlir, l)).collect();
            MlirLocation::fused(mlir, &locs, melior::ir::Attribute::unit(mlir))
        }
    }
}

/// The mc location of the upstream location `loc`; a file position in an unnamed buffer (what
/// MLIR's string parser reports) is given the name `file`.
pub fn import_loc(ctx: &mut Context, loc: MlirLocation<'_>, file: &str) -> Location {
    if loc.is_file_line_col_range() {
        let name = loc.file_line_col_range_filename();
        let name = name.as_string_ref().as_str().unwrap_or_default();
        let name = if name.is_empty() || name == "-" { file } else { name };
        let start = (loc.file_line_col_range_start_line() as u32, loc.file_line_col_range_start_column() as u32);
        let end = (loc.file_line_col_range_end_line() as u32, loc.file_line_col_range_end_column() as u32);
        return ctx.file_range_loc(name, start, end);
    }
    if loc.is_name() {
        let name = loc.name_value().as_string_ref().as_str().unwrap_or_default().to_string();
        let child = import_loc(ctx, loc.name_child_location(), file);
        let child = (!matches!(ctx.loc_kind(child), LocKind::Unknown)).then_some(child);
        return ctx.name_loc(&name, child);
    }
    if loc.is_call_site() {
        let callee = import_loc(ctx, loc.call_site_callee(), file);
        let caller = import_loc(ctx, loc.call_site_caller(), file);
        return ctx.intern_loc(LocKind::CallSite { callee, caller });
    }
    if loc.is_fused() {
        let locs = (0..loc.fused_num_locations()).map(|i| import_loc(ctx, loc.fused_location(i), file)).collect();
        return ctx.intern_loc(LocKind::Fused { locs, metadata: None });
    }
    ctx.unknown_loc()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_ranges_and_positions_survive_export_and_import() {
        let mut ctx = Context::new();
        let mlir = MlirContext::new();
        let range = ctx.file_range_loc("f.mlir", (1, 2), (3, 4));
        let one_line = ctx.file_range_loc("f.mlir", (5, 1), (5, 9));
        let position = ctx.file_loc("f.mlir", 7, 8);
        for loc in [range, one_line, position] {
            let exported = export_loc(&ctx, &mlir, loc);
            assert_eq!(import_loc(&mut ctx, exported, "other.mlir"), loc);
        }
        assert!(matches!(ctx.loc_kind(range), LocKind::FileLineColRange { end_line: 3, end_col: 4, .. }));
    }
}
