//! `func.func`, `func.return` and `func.call`: definitions, builders and verifiers.

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{
    AttrKind, BlockId, Context, Diagnostic, Location, OpId, OperationState, SYMBOL_NAME_ATTR, SymbolTableCollection,
    Type, Value, define_op,
};

define_op! {
    /// A function: a symbol with a signature and a body region (empty for a declaration).
    ///
    /// | attribute | meaning |
    /// |---|---|
    /// | `sym_name` | the function's name |
    /// | `function_type` | its `(inputs) -> results` type |
    pub struct FuncOp = "func.func" {
        summary: "an operation with a name containing a single `SSACFG` region",
        traits: [ISOLATED_FROM_ABOVE, SYMBOL],
        operands: [],
        results: [],
        attributes: [sym_name: String, function_type: Type],
        optional_attributes: [sym_visibility: String, arg_attrs: Array, res_attrs: Array],
        regions: 1,
        verify: verify_func,
        print: super::asm::print_func,
        parse: super::asm::parse_func,
        default_dialect: "func",
    }
}

define_op! {
    /// Returns from a function with the given values.
    pub struct ReturnOp = "func.return" {
        summary: "function return operation",
        traits: [TERMINATOR, RETURN_LIKE, PURE],
        operands: variadic,
        results: [],
        attributes: [],
        verify: verify_return,
        format: "attr-dict ($operands^ `:` type($operands))?",
    }
}

define_op! {
    /// Calls the function named by `callee` with the operands.
    pub struct CallOp = "func.call" {
        summary: "call operation",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [callee: SymbolRef],
        verify_symbol_uses: verify_call,
        format: "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
    }
}

impl FuncOp {
    /// Creates a detached function with an entry block whose arguments match `inputs`.
    pub fn build(ctx: &mut Context, loc: Location, name: &str, inputs: Vec<Type>, results: Vec<Type>) -> FuncOp {
        let args: Vec<(Type, Location)> = inputs.iter().map(|&t| (t, loc)).collect();
        let ty = ctx.function_type(inputs, results);
        let region = ctx.create_region();
        let block = ctx.create_block(&args);
        ctx.append_block(region, block);
        let mut state = OperationState::new(ctx.op_name(Self::NAME), loc);
        let (name_attr, type_attr) = (ctx.string_attr(name), ctx.type_attr(ty));
        state.attrs = vec![(SYMBOL_NAME_ATTR.to_string(), name_attr), ("function_type".to_string(), type_attr)];
        state.regions = vec![region];
        FuncOp(ctx.create_operation(state))
    }

    /// The function's name.
    pub fn name(self, ctx: &Context) -> &str {
        ctx.string_value(self.sym_name(ctx)).expect("verified")
    }

    /// Input and result types.
    pub fn signature(self, ctx: &Context) -> (Vec<Type>, Vec<Type>) {
        let ty = ctx.type_value(self.function_type(ctx)).expect("verified");
        let (inputs, results) = ctx.function_signature(ty).expect("verified");
        (inputs.to_vec(), results.to_vec())
    }

    /// The entry block, `None` for a declaration.
    pub fn entry_block(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(ctx.operation(self.0).regions()[0])
    }
}

fn verify_func(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let func = FuncOp(op);
    let Some(ty) = ctx.type_value(func.function_type(ctx)) else { return };
    let Some((inputs, _)) = ctx.function_signature(ty) else {
        diags.push(
            ctx.op_error(op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type"),
        );
        return;
    };
    let Some(entry) = func.entry_block(ctx) else {
        if !ctx.is_private_symbol(op) {
            diags.push(ctx.op_error(op, "symbol declaration cannot have public visibility"));
        }
        return;
    };
    let args = ctx.block_args(entry);
    if args.len() != inputs.len() {
        diags.push(
            ctx.op_error(op, format!("entry block must have {} arguments to match function signature", inputs.len())),
        );
        return;
    }
    for (index, (&arg, &expected)) in args.iter().zip(inputs).enumerate() {
        let actual = ctx.value_type(arg);
        if actual != expected {
            diags.push(ctx.op_error(
                op,
                format!(
                    "type of entry block argument #{index}('{}') must match the type of the corresponding argument \
                     in function signature('{}')",
                    type_to_string(ctx, actual),
                    type_to_string(ctx, expected)
                ),
            ));
        }
    }
}

/// The signature of a function that may not have been verified yet, if it has a valid one.
fn unverified_signature(ctx: &Context, func: OpId) -> Option<(&[Type], &[Type])> {
    ctx.function_signature(ctx.type_value(ctx.attr(func, "function_type")?)?)
}

fn verify_return(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let Some(func) = ctx.parent_op(op).and_then(|p| FuncOp::cast(ctx, p)) else {
        diags.push(ctx.op_error(op, "expects parent op 'func.func'"));
        return;
    };
    // The function's own checks run after this one: its signature may be missing or malformed.
    let Some((_, results)) = unverified_signature(ctx, func.0) else { return };
    let operands: Vec<Value> = ctx.operation(op).operands().collect();
    let name = ctx.symbol_name(func.0).unwrap_or("");
    if operands.len() != results.len() {
        diags.push(ctx.op_error(
            op,
            format!("has {} operands, but enclosing function (@{name}) returns {}", operands.len(), results.len()),
        ));
        return;
    }
    for (index, (&value, &expected)) in operands.iter().zip(results).enumerate() {
        let actual = ctx.value_type(value);
        if actual != expected {
            diags.push(ctx.op_error(
                op,
                format!(
                    "type of return operand {index} ('{}') doesn't match function result type ('{}') in function @{name}",
                    type_to_string(ctx, actual),
                    type_to_string(ctx, expected)
                ),
            ));
        }
    }
}

fn verify_call(ctx: &Context, op: OpId, tables: &mut SymbolTableCollection, diags: &mut Vec<Diagnostic>) {
    let call = CallOp(op);
    let callee_attr = call.callee(ctx);
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(callee_attr) else { return };
    if !nested.is_empty() {
        diags
            .push(ctx.op_error(op, "attribute 'callee' failed to satisfy constraint: flat symbol reference attribute"));
        return;
    }
    let Some(func) = tables.lookup(ctx, op, callee_attr).and_then(|f| FuncOp::cast(ctx, f)) else {
        diags.push(ctx.op_error(op, format!("'{root}' does not reference a valid function")));
        return;
    };
    // The callee is verified on its own, maybe later or with errors: read its signature with care.
    let Some((inputs, results)) = unverified_signature(ctx, func.0) else { return };
    let operation = ctx.operation(op);
    if operation.num_operands() != inputs.len() {
        diags.push(ctx.op_error(op, "incorrect number of operands for callee"));
        return;
    }
    for (index, (value, &expected)) in operation.operands().zip(inputs).enumerate() {
        if ctx.value_type(value) != expected {
            diags.push(ctx.op_error(
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {index}",
                    type_to_string(ctx, expected),
                    type_to_string(ctx, ctx.value_type(value))
                ),
            ));
        }
    }
    if operation.num_results() != results.len() {
        diags.push(ctx.op_error(op, "incorrect number of results for callee"));
        return;
    }
    for (index, (actual, &expected)) in operation.result_types().zip(results).enumerate() {
        if actual != expected {
            diags.push(ctx.op_error(op, format!("result type mismatch at index {index}")));
        }
    }
}

#[cfg(test)]
mod tests {
    use mc_ir::diagnostics::source::SourceBuffer;
    use mc_ir::{Context, parser, verifier};

    fn verify_errors(text: &str) -> Vec<String> {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let buffer = SourceBuffer::new("t.mlir", text.to_string(), 1);
        let module = parser::parse_source(&mut ctx, &buffer).unwrap_or_else(|d| panic!("{}", d.message));
        verifier::verify(&ctx, module.op()).err().unwrap_or_default().into_iter().map(|d| d.message).collect()
    }

    // Found by the `parse` fuzz target: a call to (or a return in) a function without a valid
    // `function_type` panicked instead of leaving the report to the function's verifier.
    #[test]
    fn call_and_return_in_invalid_function_do_not_panic() {
        let errors = verify_errors(
            r#""func.func"() <{sym_name = "f"}> ({
              %0 = "func.call"() <{callee = @f}> : () -> i32
              "func.return"(%0) : (i32) -> ()
            }) : () -> ()
            "func.func"() <{sym_name = "g", function_type = i32}> ({
              "func.call"() <{callee = @g}> : () -> ()
              "func.return"() : () -> ()
            }) : () -> ()"#,
        );
        assert_eq!(
            errors,
            [
                "'func.func' op requires attribute 'function_type'",
                "'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type"
            ],
            "{errors:?}"
        );
    }
}
