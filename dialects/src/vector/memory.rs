//! `vector.load`, `vector.maskedload`, `vector.store` and `vector.maskedstore`: a vector's lanes
//! moved to or from consecutive elements of the innermost (unit-stride) dimension of a
//! `!buffer` or a `memref`, from the given indices on, as MLIR's ops of those names (n-D and
//! scalable vectors as MLIR verifies them; mc's backends lower one-dimensional fixed vectors).
//! `vector.maskedload` reads only the lanes its mask sets (the others take the pass-through
//! vector's lanes and touch no memory), `vector.maskedstore` writes only those: the tail of a
//! loop whose trip count is no multiple of the lanes.

use mc_ir::parser::{OpAsmParser, ParseResult, UnresolvedOperand, lexer::TokenKind};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{AttrKind, Builder, Context, DYNAMIC, Diagnostic, OpId, OperationState, Type, TypeKind, Value, define_op};

define_op! {
    /// Reads `lanes` consecutive elements of the innermost dimension from `buffer[indices]`.
    pub struct LoadOp = "vector.load" {
        summary: "reads a vector from consecutive buffer elements",
        traits: [],
        operands: variadic,
        results: [result],
        attributes: [],
        verify: verify_load,
        print: print_load,
        parse: parse_load,
    }
}

define_op! {
    /// Reads the lanes `mask` sets from consecutive elements at `buffer[indices]`; the other
    /// lanes are `pass_thru`'s. Operands: buffer, indices, mask, pass-through.
    pub struct MaskedLoadOp = "vector.maskedload" {
        summary: "reads the masked lanes of a vector from consecutive buffer elements",
        traits: [],
        operands: variadic,
        results: [result],
        attributes: [],
        verify: verify_masked_load,
        print: print_masked_load,
        parse: parse_masked_load,
    }
}

define_op! {
    /// Writes every lane of `value` to consecutive elements at `buffer[indices]`.
    pub struct StoreOp = "vector.store" {
        summary: "writes a vector to consecutive buffer elements",
        traits: [],
        operands: variadic,
        results: [],
        attributes: [],
        verify: verify_store,
        print: print_store,
        parse: parse_store,
    }
}

define_op! {
    /// Writes the lanes of `value` that `mask` sets to consecutive elements at
    /// `buffer[indices]`; the other elements are not touched. Operands: buffer, indices, mask,
    /// value.
    pub struct MaskedStoreOp = "vector.maskedstore" {
        summary: "writes the masked lanes of a vector to consecutive buffer elements",
        traits: [],
        operands: variadic,
        results: [],
        attributes: [],
        verify: verify_masked_store,
        print: print_masked_store,
        parse: parse_masked_store,
    }
}

impl LoadOp {
    /// Builds `vector.load buffer[indices]` of `lanes` lanes.
    pub fn build(b: &mut Builder<'_>, buffer: Value, indices: &[Value], lanes: i64) -> LoadOp {
        let ty = lane_vector(b.ctx, buffer, lanes);
        let mut operands = vec![buffer];
        operands.extend_from_slice(indices);
        LoadOp(b.create(Self::NAME, &operands, &[ty], Vec::new(), Vec::new()))
    }
}

impl MaskedLoadOp {
    /// Builds `vector.maskedload buffer[indices], mask, pass_thru`.
    pub fn build(b: &mut Builder<'_>, buffer: Value, indices: &[Value], mask: Value, pass_thru: Value) -> MaskedLoadOp {
        let ty = b.ctx.value_type(pass_thru);
        let mut operands = vec![buffer];
        operands.extend_from_slice(indices);
        operands.extend([mask, pass_thru]);
        MaskedLoadOp(b.create(Self::NAME, &operands, &[ty], Vec::new(), Vec::new()))
    }
}

impl StoreOp {
    /// Builds `vector.store value, buffer[indices]`.
    pub fn build(b: &mut Builder<'_>, value: Value, buffer: Value, indices: &[Value]) -> StoreOp {
        let mut operands = vec![value, buffer];
        operands.extend_from_slice(indices);
        StoreOp(b.create(Self::NAME, &operands, &[], Vec::new(), Vec::new()))
    }
}

impl MaskedStoreOp {
    /// Builds `vector.maskedstore buffer[indices], mask, value`.
    pub fn build(b: &mut Builder<'_>, buffer: Value, indices: &[Value], mask: Value, value: Value) -> MaskedStoreOp {
        let mut operands = vec![buffer];
        operands.extend_from_slice(indices);
        operands.extend([mask, value]);
        MaskedStoreOp(b.create(Self::NAME, &operands, &[], Vec::new(), Vec::new()))
    }
}

/// The vector of `lanes` storage values of `buffer`'s elements.
fn lane_vector(ctx: &mut Context, buffer: Value, lanes: i64) -> Type {
    let ty = ctx.value_type(buffer);
    let element = ctx.element_type(ty);
    let storage = crate::loops::storage_type(ctx, element);
    ctx.vector_type(lanes, storage)
}

/// True if vector elements of type `lane` move buffer or memref elements of type `element`: the
/// same type, or the storage integer of a quantized type.
fn is_storage(ctx: &Context, element: Type, lane: Type) -> bool {
    match ctx.type_kind(element) {
        TypeKind::Quantized(q) => ctx.integer_width(lane) == Some(q.storage_width),
        _ => element == lane,
    }
}

/// Rank, element type and innermost stride (`None` if unknown, `DYNAMIC` if not constant or not
/// strided) of the memory operand `ty`: a `!buffer` or a ranked `memref` (identity, `strided<>`
/// or affine-map layout, whose stride is derived as upstream derives it).
fn memory_parts(ctx: &Context, ty: Type) -> Option<(usize, Type, Option<i64>)> {
    match ctx.type_kind(ty) {
        TypeKind::Buffer(buffer) => Some((buffer.shape.len(), buffer.element, buffer.strides.last().copied())),
        TypeKind::MemRef(memref) => {
            let stride = match memref.layout.map(|layout| ctx.attr_kind(layout)) {
                None => Some(1),
                Some(AttrKind::StridedLayout { strides, .. }) => strides.last().copied(),
                Some(AttrKind::AffineMap(map)) => Some(map.innermost_stride().unwrap_or(DYNAMIC)),
                Some(_) => None,
            };
            Some((memref.shape.len(), memref.element, stride))
        }
        _ => None,
    }
}

/// Checks the optional `alignment` (a positive power of two, `i64`) and `nontemporal` (a bool)
/// attributes as upstream constrains them.
fn verify_access_attrs(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    if let Some(alignment) = ctx.attr(op, "alignment") {
        let fits = matches!(ctx.attr_kind(alignment), AttrKind::Integer { value, ty }
            if ctx.integer_width(*ty) == Some(64) && ctx.is_signless(*ty) && *value > 0 && (*value as u128).is_power_of_two());
        if !fits {
            diags.push(ctx.op_error(
                op,
                "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value \
                 is positive and whose value is a power of two > 0",
            ));
        }
    }
    if ctx.attr(op, "nontemporal").is_some_and(|attr| !matches!(ctx.attr_kind(attr), AttrKind::Bool(_))) {
        diags.push(ctx.op_error(op, "attribute 'nontemporal' failed to satisfy constraint: bool attribute"));
    }
}

/// Checks `memory[indices]` (operands `range` of `op`, the memory first) read or written as
/// `vector`, as MLIR checks a memref: one `index` per dimension, the vector's elements of the
/// memory's element type (the storage type of quantized buffer elements), or the vector the
/// memory's element type itself. A buffer's innermost stride must be 1; so must a memref's where
/// `checks_layout` (`vector.load` and `vector.store`), unless the vector is one fixed element
/// (affine-map layouts included: one that is not strided has no unit stride).
fn verify_access(
    ctx: &Context,
    op: OpId,
    range: std::ops::Range<usize>,
    vector: Type,
    checks_layout: bool,
    diags: &mut Vec<Diagnostic>,
) {
    verify_access_attrs(ctx, op, diags);
    let operation = ctx.operation(op);
    let memory_type = ctx.value_type(operation.operand(range.start));
    let Some((rank, element, stride)) = memory_parts(ctx, memory_type) else {
        let shown = type_to_string(ctx, memory_type);
        let message = format!("operand #{} must be a memref or a buffer, but got '{shown}'", range.start);
        return diags.push(ctx.op_error(op, message));
    };
    let Some((shape, scalable, lane)) = ctx.vector_shape(vector) else {
        return diags.push(ctx.op_error(op, format!("'{}' must be a vector", type_to_string(ctx, vector))));
    };
    if ctx.vector_shape(element).is_some() {
        if element != vector {
            diags.push(ctx.op_error(op, "base memref and result vector types should match"));
        }
    } else if !is_storage(ctx, element, lane) {
        diags.push(ctx.op_error(
            op,
            format!(
                "'{}' must be a vector of the storage type of the elements of '{}'",
                type_to_string(ctx, vector),
                type_to_string(ctx, memory_type)
            ),
        ));
    }
    if range.len() - 1 != rank {
        diags.push(ctx.op_error(op, format!("requires {rank} indices")));
    }
    for index in range.start + 1..range.end {
        let ty = ctx.value_type(operation.operand(index));
        if !matches!(ctx.type_kind(ty), TypeKind::Index) {
            diags.push(
                ctx.op_error(op, format!("operand #{index} must be index, but got '{}'", type_to_string(ctx, ty))),
            );
        }
    }
    let one_element = !scalable.contains(&true) && shape.iter().product::<i64>() == 1;
    let is_buffer = matches!(ctx.type_kind(memory_type), TypeKind::Buffer(_));
    if is_buffer && stride != Some(1) {
        diags.push(ctx.op_error(
            op,
            format!(
                "buffer '{}' must have a unit innermost stride (lanes are consecutive elements)",
                type_to_string(ctx, memory_type)
            ),
        ));
    } else if checks_layout && !one_element && stride.is_some_and(|stride| stride != 1) {
        diags.push(ctx.op_error(op, "most minor memref dim must have unit stride"));
    }
}

fn verify_load(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    if operation.num_operands() == 0 {
        diags.push(ctx.op_error(op, "requires a buffer operand"));
        return;
    }
    verify_access(ctx, op, 0..operation.num_operands(), operation.result_type(0), true, diags);
}

fn verify_masked_load(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let count = operation.num_operands();
    if count < 3 {
        diags.push(
            ctx.op_error(op, format!("requires a buffer, a mask and a pass-through, but found {count} operands")),
        );
        return;
    }
    let result = operation.result_type(0);
    verify_access(ctx, op, 0..count - 2, result, false, diags);
    let (mask, pass_thru) =
        (ctx.value_type(operation.operand(count - 2)), ctx.value_type(operation.operand(count - 1)));
    verify_mask(ctx, op, mask, result, diags);
    if pass_thru != result {
        diags.push(ctx.op_error(
            op,
            format!(
                "pass-through type '{}' is not the result type '{}'",
                type_to_string(ctx, pass_thru),
                type_to_string(ctx, result)
            ),
        ));
    }
}

/// Checks that `mask` is a vector of `i1` with the shape of `vector`.
fn verify_mask(ctx: &Context, op: OpId, mask: Type, vector: Type, diags: &mut Vec<Diagnostic>) {
    let shape_of = |ty| ctx.vector_shape(ty).map(|(shape, scalable, _)| (shape, scalable));
    let is_i1 = ctx.vector_shape(mask).is_some_and(|(_, _, e)| ctx.integer_width(e) == Some(1));
    if !is_i1 || shape_of(mask) != shape_of(vector) {
        diags.push(ctx.op_error(
            op,
            format!(
                "mask '{}' must be a vector of i1 with the shape of '{}'",
                type_to_string(ctx, mask),
                type_to_string(ctx, vector)
            ),
        ));
    }
}

fn verify_masked_store(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let count = operation.num_operands();
    if count < 3 {
        diags.push(ctx.op_error(op, format!("requires a buffer, a mask and a value, but found {count} operands")));
        return;
    }
    let (mask, value) = (ctx.value_type(operation.operand(count - 2)), ctx.value_type(operation.operand(count - 1)));
    verify_access(ctx, op, 0..count - 2, value, false, diags);
    verify_mask(ctx, op, mask, value, diags);
}

fn verify_store(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    if operation.num_operands() < 2 {
        diags.push(ctx.op_error(op, "requires a value and a buffer operand"));
        return;
    }
    let value = ctx.value_type(operation.operand(0));
    verify_access(ctx, op, 1..operation.num_operands(), value, true, diags);
}

/// Prints `buffer[indices]` for the operands `range` of `op`.
fn print_access(p: &mut OpAsmPrinter<'_, '_>, op: OpId, range: std::ops::Range<usize>) {
    let operands: Vec<Value> = p.ctx().operation(op).operands().collect();
    p.print_operand(operands[range.start]);
    p.print("[");
    p.print_operands(operands[range.start + 1..range.end].iter().copied());
    p.print("]");
}

/// Prints ` attr-dict : ` and `types` separated by commas.
fn print_types(p: &mut OpAsmPrinter<'_, '_>, op: OpId, types: &[Type]) {
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    for (index, &ty) in types.iter().enumerate() {
        if index > 0 {
            p.print(", ");
        }
        p.print_type(ty);
    }
}

fn print_load(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() == 0 || operation.num_results() != 1 {
        return Err(PrintFailed);
    }
    let types = [ctx.value_type(operation.operand(0)), operation.result_type(0)];
    let count = operation.num_operands();
    p.print(" ");
    print_access(p, op, 0..count);
    print_types(p, op, &types);
    Ok(())
}

fn print_masked_load(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let count = operation.num_operands();
    if count < 3 || operation.num_results() != 1 {
        return Err(PrintFailed);
    }
    let (mask, pass_thru) = (operation.operand(count - 2), operation.operand(count - 1));
    let types = [ctx.value_type(operation.operand(0)), ctx.value_type(mask), ctx.value_type(pass_thru)];
    let result = operation.result_type(0);
    p.print(" ");
    print_access(p, op, 0..count - 2);
    p.print(", ");
    p.print_operands([mask, pass_thru]);
    print_types(p, op, &types);
    p.print(" into ");
    p.print_type(result);
    Ok(())
}

fn print_store(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() < 2 || operation.num_results() != 0 {
        return Err(PrintFailed);
    }
    let value = operation.operand(0);
    let types = [ctx.value_type(operation.operand(1)), ctx.value_type(value)];
    let count = operation.num_operands();
    p.print(" ");
    p.print_operand(value);
    p.print(", ");
    print_access(p, op, 1..count);
    print_types(p, op, &types);
    Ok(())
}

/// Parses `buffer[indices]`.
fn parse_access(p: &mut OpAsmParser<'_, '_>) -> ParseResult<(UnresolvedOperand, Vec<UnresolvedOperand>)> {
    let buffer = p.parse_operand()?;
    p.parse_punct(TokenKind::LSquare)?;
    let indices = p.parse_operand_list()?;
    p.parse_punct(TokenKind::RSquare)?;
    Ok((buffer, indices))
}

/// Resolves `buffer` as `buffer_type` and `indices` as `index` into `state`.
fn resolve_access(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    (buffer, indices): &(UnresolvedOperand, Vec<UnresolvedOperand>),
    buffer_type: Type,
) -> ParseResult<()> {
    state.operands.push(p.resolve_operand(buffer, buffer_type)?);
    let index = p.ctx().index_type();
    for operand in indices {
        state.operands.push(p.resolve_operand(operand, index)?);
    }
    Ok(())
}

/// Parses `attr-dict : type, type, ...` (`count` types).
fn parse_types(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState, count: usize) -> ParseResult<Vec<Type>> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.parse_colon()?;
    let mut types = vec![p.parse_type()?];
    while types.len() < count {
        p.parse_comma()?;
        types.push(p.parse_type()?);
    }
    Ok(types)
}

fn parse_load(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let access = parse_access(p)?;
    let types = parse_types(p, state, 2)?;
    resolve_access(p, state, &access, types[0])?;
    state.result_types = vec![types[1]];
    Ok(())
}

fn parse_masked_load(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let access = parse_access(p)?;
    p.parse_comma()?;
    let mask = p.parse_operand()?;
    p.parse_comma()?;
    let pass_thru = p.parse_operand()?;
    let types = parse_types(p, state, 3)?;
    p.parse_keyword("into")?;
    let result = p.parse_type()?;
    resolve_access(p, state, &access, types[0])?;
    state.operands.push(p.resolve_operand(&mask, types[1])?);
    state.operands.push(p.resolve_operand(&pass_thru, types[2])?);
    state.result_types = vec![result];
    Ok(())
}

fn print_masked_store(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let count = operation.num_operands();
    if count < 3 || operation.num_results() != 0 {
        return Err(PrintFailed);
    }
    let (mask, value) = (operation.operand(count - 2), operation.operand(count - 1));
    let types = [ctx.value_type(operation.operand(0)), ctx.value_type(mask), ctx.value_type(value)];
    p.print(" ");
    print_access(p, op, 0..count - 2);
    p.print(", ");
    p.print_operands([mask, value]);
    print_types(p, op, &types);
    Ok(())
}

fn parse_masked_store(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let access = parse_access(p)?;
    p.parse_comma()?;
    let mask = p.parse_operand()?;
    p.parse_comma()?;
    let value = p.parse_operand()?;
    let types = parse_types(p, state, 3)?;
    resolve_access(p, state, &access, types[0])?;
    state.operands.push(p.resolve_operand(&mask, types[1])?);
    state.operands.push(p.resolve_operand(&value, types[2])?);
    Ok(())
}

fn parse_store(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let value = p.parse_operand()?;
    p.parse_comma()?;
    let access = parse_access(p)?;
    let types = parse_types(p, state, 2)?;
    state.operands.push(p.resolve_operand(&value, types[1])?);
    resolve_access(p, state, &access, types[0])?;
    Ok(())
}
