//! `buffer.global` (a constant buffer symbol holding its data) and `buffer.get_global` (the
//! buffer of a global).

use super::alloc::{alignment_bytes, check_alignment};
use super::layout::integer_storage_width;
use super::role::Role;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{
    AttrKind, Attribute, Builder, Context, Diagnostic, Location, OpId, OperationState, SYMBOL_NAME_ATTR,
    SymbolTableCollection, Type, TypeKind, define_op,
};

define_op! {
    /// A module-level constant buffer: weights and other read-only data.
    ///
    /// | attribute | meaning |
    /// |---|---|
    /// | `sym_name` | the symbol |
    /// | `type` | the buffer type (identity layout) |
    /// | `value` | the data: `dense<...>` or `dense_resource<blob>` (the blob is referenced, never copied), typed as a tensor of the buffer's shape with the buffer's element type or its integer storage type |
    /// | `role` | `"constant"` |
    /// | `alignment` | optional `i64` power of two, in bytes (16 when absent) |
    ///
    /// The data holds exactly the buffer's bytes.
    ///
    /// ```mlir
    /// buffer.global @conv_w {role = "constant"} : !buffer<8x3x3x3xi8> = dense_resource<conv_w> : tensor<8x3x3x3xi8>
    /// ```
    pub struct GlobalOp = "buffer.global" {
        summary: "constant buffer symbol",
        traits: [SYMBOL],
        operands: [],
        results: [],
        attributes: [sym_name: SymbolName, r#type: Type, value: Elements, role: String],
        optional_attributes: [alignment: Integer],
        verify: verify_global,
        format: "$sym_name attr-dict `:` $type `=` $value",
    }
}

define_op! {
    /// The buffer of the `buffer.global` named `name`; its type is the global's.
    ///
    /// ```mlir
    /// %0 = buffer.get_global @conv_w : !buffer<8x3x3x3xi8>
    /// ```
    pub struct GetGlobalOp = "buffer.get_global" {
        summary: "buffer of a global",
        traits: [PURE],
        operands: [],
        results: [result],
        attributes: [name: SymbolRef],
        verify_symbol_uses: verify_get_global_uses,
        format: "$name attr-dict `:` type($result)",
    }
}

impl GlobalOp {
    /// Creates a detached `buffer.global` (role constant) named `name` of buffer type `ty`
    /// holding `value`.
    pub fn build(ctx: &mut Context, loc: Location, name: &str, ty: Type, value: Attribute) -> Self {
        let mut state = OperationState::new(ctx.op_name(Self::NAME), loc);
        state.attrs = vec![
            (SYMBOL_NAME_ATTR.to_string(), ctx.string_attr(name)),
            ("type".to_string(), ctx.type_attr(ty)),
            ("value".to_string(), value),
            ("role".to_string(), Role::Constant.attr(ctx)),
        ];
        GlobalOp(ctx.create_operation(state))
    }

    /// The symbol name.
    pub fn name(self, ctx: &Context) -> &str {
        ctx.string_value(self.sym_name(ctx)).expect("verified")
    }

    /// The buffer type.
    pub fn buffer_type(self, ctx: &Context) -> Type {
        ctx.type_value(self.r#type(ctx)).expect("verified")
    }

    /// The bytes of the global's data (a splat expanded), exactly its buffer's storage.
    ///
    /// # Errors
    ///
    /// A message if the data is a `dense_resource` blob missing from the context, not dense
    /// data, or not as many bytes as the buffer holds.
    pub fn data(self, ctx: &Context) -> Result<std::borrow::Cow<'_, [u8]>, String> {
        use std::borrow::Cow;
        let name = self.name(ctx);
        let ty = self.buffer_type(ctx);
        let size = ctx
            .buffer_storage_bytes(ty)
            .and_then(|bytes| usize::try_from(bytes).ok())
            .ok_or_else(|| format!("global @{name}: '{}' has no size", type_to_string(ctx, ty)))?;
        let bytes: Cow<'_, [u8]> = match ctx.attr_kind(self.value(ctx)) {
            AttrKind::DenseElements { splat: true, data, .. } => Cow::Owned(data.repeat(size / data.len().max(1))),
            AttrKind::DenseElements { data, .. } => Cow::Borrowed(data),
            AttrKind::DenseResource { name: blob, .. } => match ctx.resources.get(blob) {
                Some(blob) => Cow::Borrowed(&blob.data),
                None => {
                    return Err(format!(
                        "global @{name}: its data, resource blob '{blob}', is not in the module's resources"
                    ));
                }
            },
            _ => return Err(format!("global @{name}: 'value' must be dense or dense_resource data")),
        };
        if bytes.len() != size {
            return Err(format!(
                "global @{name}: its data holds {} bytes, but '{}' needs {size}",
                bytes.len(),
                type_to_string(ctx, ty)
            ));
        }
        Ok(bytes)
    }

    /// The alignment in bytes ([`DEFAULT_ALIGNMENT`](super::DEFAULT_ALIGNMENT) if absent or
    /// invalid).
    pub fn alignment_value(self, ctx: &Context) -> u64 {
        alignment_bytes(ctx, self.alignment(ctx))
    }
}

impl GetGlobalOp {
    /// Builds `buffer.get_global @name : ty`.
    pub fn build(b: &mut Builder<'_>, name: &str, ty: Type) -> Self {
        let symbol = b.ctx.symbol_ref_attr(name);
        GetGlobalOp(b.create(Self::NAME, &[], &[ty], vec![("name".to_string(), symbol)], vec![]))
    }
}

/// Bytes the data of an elements attribute holds: a splat stands for every element; `None` for
/// a `dense_resource` whose blob is not in the context (MLIR allows elided blobs).
fn data_bytes(ctx: &Context, value: Attribute, element_bytes: u64, elements: u64) -> Option<u64> {
    match ctx.attr_kind(value) {
        AttrKind::DenseElements { splat: true, .. } => Some(element_bytes * elements),
        AttrKind::DenseElements { data, .. } => Some(data.len() as u64),
        AttrKind::DenseResource { name, .. } => ctx.resources.get(name).map(|blob| blob.data.len() as u64),
        _ => None,
    }
}

fn verify_global(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let global = GlobalOp(op);
    let error = |message: String| ctx.op_error(op, message);
    check_alignment(ctx, op, diags);
    match Role::from_attr(ctx, global.role(ctx)) {
        Some(Role::Constant) => {}
        _ => diags.push(error(format!(
            "'role' must be \"constant\", but is {}",
            mc_ir::printer::attributes::attr_to_string(ctx, global.role(ctx))
        ))),
    }
    let Some(ty) = ctx.type_value(global.r#type(ctx)) else {
        diags.push(error("attribute 'type' failed to satisfy constraint: buffer type".to_string()));
        return;
    };
    let Some(buffer) = ctx.buffer(ty) else {
        diags.push(error(format!("'type' must be a buffer type, but is '{}'", type_to_string(ctx, ty))));
        return;
    };
    if !buffer.is_identity_layout() {
        diags.push(error(format!("'type' must have the identity layout, but is '{}'", type_to_string(ctx, ty))));
        return;
    }
    let value = global.value(ctx);
    let Some(value_type) = ctx.attr_type(value) else { return };
    let Some((value_shape, value_element)) = ctx.tensor_parts(value_type) else {
        diags.push(error(format!(
            "'value' must be a tensor constant, but has type '{}'",
            type_to_string(ctx, value_type)
        )));
        return;
    };
    let storage_matches = matches!(ctx.type_kind(value_element), TypeKind::Integer { .. })
        && integer_storage_width(ctx, value_element) == integer_storage_width(ctx, buffer.element)
        && ctx.quantization(buffer.element).is_some();
    if value_shape != buffer.shape.as_slice() || (value_element != buffer.element && !storage_matches) {
        diags.push(error(format!(
            "'value' type '{}' does not match the buffer type '{}'",
            type_to_string(ctx, value_type),
            type_to_string(ctx, ty)
        )));
        return;
    }
    let (Some(needed), Some(element_bytes)) = (ctx.buffer_storage_bytes(ty), ctx.buffer_element_bytes(ty)) else {
        return;
    };
    if let Some(bytes) = data_bytes(ctx, value, element_bytes, buffer.num_elements() as u64)
        && bytes != needed
    {
        diags.push(error(format!("'value' holds {bytes} bytes, but '{}' needs {needed}", type_to_string(ctx, ty))));
    }
}

fn verify_get_global_uses(ctx: &Context, op: OpId, tables: &mut SymbolTableCollection, diags: &mut Vec<Diagnostic>) {
    let get = GetGlobalOp(op);
    let reference = get.name(ctx);
    let Some(global) = tables.lookup(ctx, op, reference).and_then(|g| GlobalOp::cast(ctx, g)) else {
        diags.push(ctx.op_error(
            op,
            format!(
                "'{}' does not reference a valid buffer.global",
                mc_ir::printer::attributes::attr_to_string(ctx, reference)
            ),
        ));
        return;
    };
    let result = ctx.operation(op).result_type(0);
    if let Some(expected) = ctx.type_value(global.r#type(ctx))
        && expected != result
    {
        diags.push(ctx.op_error(
            op,
            format!(
                "result type '{}' does not match the type '{}' of the global",
                type_to_string(ctx, result),
                type_to_string(ctx, expected)
            ),
        ));
    }
}
