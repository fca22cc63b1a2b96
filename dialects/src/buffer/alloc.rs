//! `buffer.alloc`: a logical buffer, with a role and an alignment but no address.

use super::role::Role;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Attribute, Builder, Context, Diagnostic, OpId, Type, define_op};

/// Alignment in bytes of a buffer whose `alignment` attribute is absent.
pub const DEFAULT_ALIGNMENT: u64 = 16;

define_op! {
    /// A logical buffer of the result type: storage for
    /// [`buffer_storage_bytes`](mc_ir::Context::buffer_storage_bytes) bytes that the memory
    /// planner later places (pool, offset). Nothing is allocated at run time.
    ///
    /// | attribute | meaning |
    /// |---|---|
    /// | `role` | `"scratch"` (activations, workspaces: reused by liveness, uninitialized) or `"persistent"` (variables, state: whole program, zeroed at init) |
    /// | `alignment` | optional `i64` power of two, in bytes; [`DEFAULT_ALIGNMENT`] when absent |
    /// | `name` | optional: the variable (`shared_name`) a persistent buffer holds |
    /// | `kernel` | optional: the kernel that writes the buffer first, or whose workspace it is (`"conv_2d"`; set by `buffer-to-loop`, matched by placement rules' `op`) |
    ///
    /// ```mlir
    /// %alloc = buffer.alloc() {role = "scratch"} : !buffer<1x25x5x64xi8>
    /// ```
    pub struct AllocOp = "buffer.alloc" {
        summary: "logical buffer",
        traits: [],
        operands: [],
        results: [result],
        attributes: [role: String],
        optional_attributes: [alignment: Integer, name: String, kernel: String],
        verify: verify_alloc,
        format: "`(` `)` attr-dict `:` type($result)",
        result_names: alloc_result_names,
    }
}

impl AllocOp {
    /// Builds `buffer.alloc` of `ty` with `role` and the default alignment.
    pub fn build(b: &mut Builder<'_>, ty: Type, role: Role) -> Self {
        let role = role.attr(b.ctx);
        AllocOp(b.create(Self::NAME, &[], &[ty], vec![("role".to_string(), role)], vec![]))
    }

    /// The role, if valid.
    pub fn role_value(self, ctx: &Context) -> Option<Role> {
        Role::from_attr(ctx, self.role(ctx))
    }

    /// The alignment in bytes ([`DEFAULT_ALIGNMENT`] if absent or invalid).
    pub fn alignment_value(self, ctx: &Context) -> u64 {
        alignment_bytes(ctx, self.alignment(ctx))
    }

    /// Sets the alignment, leaving the attribute out when it is the default.
    pub fn set_alignment(self, ctx: &mut Context, alignment: u64) {
        let attr = (alignment != DEFAULT_ALIGNMENT).then(|| {
            let i64_type = ctx.integer_type(64);
            ctx.integer_attr(alignment as i128, i64_type)
        });
        ctx.set_attr(self.0, "alignment", attr);
    }

    /// The kernel that writes the buffer first (or uses it as its workspace), if recorded.
    pub fn kernel_value(self, ctx: &Context) -> Option<&str> {
        self.kernel(ctx).and_then(|a| ctx.string_value(a))
    }

    /// Records `kernel` as the one writing the buffer first, unless one is recorded already.
    pub fn record_kernel(self, ctx: &mut Context, kernel: &str) {
        if self.kernel(ctx).is_none() {
            let attr = ctx.string_attr(kernel);
            ctx.set_attr(self.0, "kernel", Some(attr));
        }
    }

    /// The variable name of a persistent buffer, if given.
    pub fn name_value(self, ctx: &Context) -> Option<&str> {
        self.name(ctx).and_then(|a| ctx.string_value(a))
    }
}

/// The bytes an optional `alignment` attribute asks for: [`DEFAULT_ALIGNMENT`] if absent or
/// not a positive power of two.
pub(super) fn alignment_bytes(ctx: &Context, alignment: Option<Attribute>) -> u64 {
    alignment
        .and_then(|a| ctx.integer_value(a))
        .and_then(|v| u64::try_from(v).ok())
        .filter(|v| v.is_power_of_two())
        .unwrap_or(DEFAULT_ALIGNMENT)
}

/// Checks an `alignment` attribute: a positive power of two.
pub(super) fn check_alignment(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    if let Some(value) = ctx.attr(op, "alignment").and_then(|a| ctx.integer_value(a))
        && !(value > 0 && (value as u128).is_power_of_two())
    {
        diags.push(ctx.op_error(op, format!("'alignment' must be a positive power of two, but is {value}")));
    }
}

fn verify_alloc(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let alloc = AllocOp(op);
    let ty = ctx.operation(op).result_type(0);
    if !ctx.is_buffer_type(ty) {
        diags.push(ctx.op_error(op, format!("result must be a buffer, but got '{}'", type_to_string(ctx, ty))));
    }
    match ctx.string_value(alloc.role(ctx)).map(|text| (text, Role::parse(text))) {
        Some((_, Some(Role::Scratch | Role::Persistent))) => {}
        Some((_, Some(Role::Constant))) => diags.push(
            ctx.op_error(op, "'role' must be \"scratch\" or \"persistent\": constants are 'buffer.global' symbols"),
        ),
        Some((text, None)) => {
            diags.push(ctx.op_error(op, format!("'role' must be \"scratch\" or \"persistent\", but is \"{text}\"")))
        }
        None => {}
    }
    check_alignment(ctx, op, diags);
}

fn alloc_result_names(_: &Context, _: OpId, names: &mut Vec<(usize, String)>) {
    names.push((0, "alloc".to_string()));
}
