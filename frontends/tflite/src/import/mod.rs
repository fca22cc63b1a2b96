//! Translation of a TFLite model into the `graph` dialect (`mc-translate --import-tflite`).
//!
//! Each subgraph becomes a `func.func` (subgraph 0, the entry, is public; the others are
//! private) whose arguments and results are the subgraph's inputs and outputs in file order,
//! but those an `IF`, `WHILE` or `CALL_ONCE` runs: they are inlined into the regions of its
//! `graph.if`, `graph.while` or `graph.call_once` (the `control_flow` module).
//! Every operator becomes one `graph` op (a custom operator the support table lists, with its
//! FlexBuffer options, in the `custom` module; `TFLM_DECODE` one op per decoded tensor, in the
//! `decode` module); constant tensors become `graph.const` ops whose
//! `dense_resource` blobs hold the weights (copied once, from the file into the blob table).
//!
//! Locations name tensors: the value of tensor `t` produced by operator `i` is located at
//! `loc("t"("op#i"("model.tflite":0:0)))`; arguments and constants at `loc("t"("model.tflite":0:0))`;
//! an operator without outputs (`ASSIGN_VARIABLE`) at `loc("op#i"("model.tflite":0:0))`.
//! Later reports (residency, planning failures) read the tensor name back with
//! `Context::loc_name`.
//!
//! A tensor whose `shape_signature` has a `-1` (a dynamic batch) gets the shape its operator's
//! shape rule gives from the static inputs, not the shape the converter stored: for such tensors
//! the converter writes its placeholder batch (1) even where an operator changes the batch
//! (`SPACE_TO_BATCH_ND` of a dynamic-batch dilated convolution), and TFLite Micro recomputes them
//! too. A subgraph output's type follows.
//!
//! Errors name the subgraph, the operator (index and code) and the tensor:
//! `subgraph 0, operator 3 (CONV_2D v3) writing tensor 7 'conv1': input 1 is missing`.
//! [`verify`] runs the IR verifier on an imported module and adds the same description as a
//! note to each error located at an operator's or constant's tensor, since the verifier's own
//! messages name only the `graph` op.

mod control_flow;
mod custom;
mod decode;
mod int4;
mod ops;
mod types;

use crate::{DType, Model, Subgraph, TfliteError};
use mc_dialects::func::{FuncOp, ReturnOp};
use mc_dialects::graph::{ConstOp, infer_result_types};
use mc_ir::builtin::ModuleOp;
use mc_ir::resources::Blob;
use mc_ir::{AttrKind, Builder, Context, Diagnostic, InsertPoint, LocKind, Location, Value};
use rustc_hash::FxHashSet;

/// Alignment given to weight blobs (TFLite aligns buffers to 16 bytes).
const BLOB_ALIGNMENT: u32 = 16;

/// Reads `bytes` as a TFLite file and translates it into a new module.
pub fn import_bytes(ctx: &mut Context, bytes: &[u8], file: &str) -> Result<ModuleOp, Diagnostic> {
    let model = Model::from_bytes(bytes).map_err(|e| file_error(ctx, file, &e))?;
    import_model(ctx, &model, file)
}

/// Reads, translates and verifies `bytes` (what `mc-translate --import-tflite` does): the module,
/// or every error, verifier errors annotated as [`verify`] does.
pub fn import_and_verify(ctx: &mut Context, bytes: &[u8], file: &str) -> Result<ModuleOp, Vec<Diagnostic>> {
    let model = Model::from_bytes(bytes).map_err(|e| vec![file_error(ctx, file, &e)])?;
    let module = import_model(ctx, &model, file).map_err(|d| vec![d])?;
    verify(ctx, module, &model)?;
    Ok(module)
}

/// The name of the entry function of a module the importer made: subgraph 0's function, the
/// module's first (`@main` when the subgraph has no name; converters name it `main_graph`,
/// `serving_default`, ...).
pub fn entry_name(ctx: &Context, module: ModuleOp) -> Option<String> {
    module.ops(ctx).into_iter().find_map(|op| FuncOp::cast(ctx, op)).map(|func| func.name(ctx).to_string())
}

/// Verifies a module that [`import_model`] made from `model`. Each error located at a tensor
/// the importer named gets a note at the same place naming the subgraph, the operator (index
/// and code) that writes the tensor, and the tensor (index and name).
pub fn verify(ctx: &Context, module: ModuleOp, model: &Model<'_>) -> Result<(), Vec<Diagnostic>> {
    mc_ir::verify(ctx, module.op()).map_err(|diags| {
        diags
            .into_iter()
            .map(|diag| match describe_loc(ctx, module, model, diag.loc) {
                Some(text) => {
                    let loc = diag.loc;
                    diag.with_note(loc, text)
                }
                None => diag,
            })
            .collect()
    })
}

/// `subgraph 0, operator 3 (CONV_2D v3) writing tensor 7 'conv1'` for an op located at
/// `loc("conv1"("op#3"(file)))` (without the tensor for `loc("op#3"(file))`), `subgraph 0,
/// constant tensor 5 'w'` for a constant; `None` for other locations.
fn describe_loc(ctx: &Context, module: ModuleOp, model: &Model<'_>, loc: Location) -> Option<String> {
    let LocKind::Name { name, child } = ctx.loc_kind(loc) else { return None };
    let op_number = |l: Location| match ctx.loc_kind(l) {
        LocKind::Name { name, .. } => name.strip_prefix("op#")?.parse::<usize>().ok(),
        _ => None,
    };
    // `loc("t"("op#i"(file)))`, or `loc("op#i"(file))` for an operator without outputs.
    let op_index = child.and_then(op_number).or_else(|| op_number(loc));
    // The function holding an op at `loc` is the subgraph (functions are in subgraph order, the
    // subgraphs inlined into control-flow regions left out).
    let functions = module.ops(ctx);
    let position = functions
        .iter()
        .position(|&f| ctx.walk_preorder(f).iter().any(|&op| op != f && ctx.operation(op).loc() == loc))?;
    let inlined = control_flow::inlined_subgraphs(model);
    let index = (0..model.subgraphs().len()).filter(|i| *i == 0 || !inlined.contains(i)).nth(position)?;
    let subgraph = model.subgraphs().get(index)?;
    match op_index {
        Some(i) => {
            let operator = subgraph.operators().get(i)?;
            let tensor = operator.outputs().iter().flatten().next().copied();
            Some(operator_text(index, i, operator, tensor.map(|t| (t, subgraph.tensors()[t].name()))))
        }
        None => {
            let t = subgraph.tensors().iter().position(|t| t.name() == name && t.is_constant())?;
            Some(format!("subgraph {index}, constant tensor {t} '{name}'"))
        }
    }
}

/// `subgraph 0, operator 3 (CONV_2D v3) writing tensor 7 'conv1'`, or without the tensor.
fn operator_text(
    subgraph: usize,
    index: usize,
    operator: &crate::Operator<'_>,
    output: Option<(usize, &str)>,
) -> String {
    let mut text = format!("subgraph {subgraph}, operator {index} ({})", operator.opcode());
    if let Some((t, name)) = output {
        text.push_str(&format!(" writing tensor {t} '{name}'"));
    }
    text
}

/// Translates a model read from `file` into a new module.
pub fn import_model(ctx: &mut Context, model: &Model<'_>, file: &str) -> Result<ModuleOp, Diagnostic> {
    let file_loc = ctx.file_loc(file, 0, 0);
    let module = ModuleOp::build(ctx, file_loc);
    let names = function_names(model);
    let inlined = control_flow::inlined_subgraphs(model);
    for (index, name) in names.iter().enumerate() {
        // The subgraphs IF, WHILE and CALL_ONCE run are their regions, not functions.
        if index > 0 && inlined.contains(&index) {
            continue;
        }
        let func = SubgraphImporter::new(ctx, model, index, vec![index], file).import(name)?;
        if index > 0 {
            let private = ctx.string_attr("private");
            ctx.set_attr(func.0, mc_ir::VISIBILITY_ATTR, Some(private));
        }
        let ip = module.body_end(ctx);
        ctx.insert_op(func.0, ip);
    }
    Ok(module)
}

/// A reader error as a diagnostic at the file.
fn file_error(ctx: &mut Context, file: &str, error: &TfliteError) -> Diagnostic {
    let loc = ctx.file_loc(file, 0, 0);
    Diagnostic::error(loc, error.to_string())
}

/// Unique function names: the subgraph's own name, `main` for an unnamed entry, `subgraph_N` else.
fn function_names(model: &Model<'_>) -> Vec<String> {
    let mut used = FxHashSet::default();
    let mut names = Vec::new();
    for (index, subgraph) in model.subgraphs().iter().enumerate() {
        let base = match subgraph.name() {
            Some(name) if !name.is_empty() => name.to_string(),
            _ if index == 0 => "main".to_string(),
            _ => format!("subgraph_{index}"),
        };
        let mut name = base.clone();
        let mut n = 1;
        while !used.insert(name.clone()) {
            name = format!("{base}_{n}");
            n += 1;
        }
        names.push(name);
    }
    names
}

/// Translates one subgraph.
struct SubgraphImporter<'a, 'm> {
    ctx: &'a mut Context,
    model: &'a Model<'m>,
    subgraph: &'a Subgraph<'m>,
    index: usize,
    /// The subgraphs being translated, outermost first, this one last (a control-flow operator
    /// running one of them again is a recursion).
    stack: Vec<usize>,
    file: &'a str,
    /// The value of each tensor once defined.
    values: Vec<Option<Value>>,
}

impl<'a, 'm> SubgraphImporter<'a, 'm> {
    fn new(ctx: &'a mut Context, model: &'a Model<'m>, index: usize, stack: Vec<usize>, file: &'a str) -> Self {
        let subgraph = &model.subgraphs()[index];
        SubgraphImporter { ctx, model, subgraph, index, stack, file, values: vec![None; subgraph.tensors().len()] }
    }

    fn import(mut self, name: &str) -> Result<FuncOp, Diagnostic> {
        let inputs = self.subgraph.inputs().to_vec();
        let outputs = self.subgraph.outputs().to_vec();
        let input_types = inputs.iter().map(|&t| self.tensor_type(t, None)).collect::<Result<Vec<_>, _>>()?;
        // An output's type error names the operator that writes it.
        let output_types =
            outputs.iter().map(|&t| self.tensor_type(t, self.writer_of(t))).collect::<Result<Vec<_>, _>>()?;
        let loc = self.ctx.file_loc(self.file, 0, 0);
        let func = FuncOp::build(self.ctx, loc, name, input_types, output_types);
        let body = func.entry_block(self.ctx).expect("built with a body");
        for (position, &tensor) in inputs.iter().enumerate() {
            let arg = self.ctx.block_arg(body, position);
            let arg_loc = self.tensor_loc(tensor, None);
            self.ctx.set_block_arg_loc(body, position, arg_loc);
            self.values[tensor] = Some(arg);
        }
        let results = self.import_operators(body)?;
        let returned: Vec<mc_ir::Type> = results.iter().map(|&v| self.ctx.value_type(v)).collect();
        let (arguments, declared) = func.signature(self.ctx);
        if returned != declared {
            let ty = self.ctx.function_type(arguments, returned);
            let attr = self.ctx.type_attr(ty);
            self.ctx.set_attr(func.op(), "function_type", Some(attr));
        }
        let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
        b.create(ReturnOp::NAME, &results, &[], vec![], vec![]);
        Ok(func)
    }

    /// Translates the operators into `body` (the subgraph's inputs already have values); the
    /// values of the subgraph's outputs.
    fn import_operators(&mut self, body: mc_ir::BlockId) -> Result<Vec<Value>, Diagnostic> {
        for (op_index, operator) in self.subgraph.operators().iter().enumerate() {
            self.import_operator(op_index, operator, body)?;
            self.infer_dynamic_outputs(op_index, operator)?;
        }
        let outputs = self.subgraph.outputs().to_vec();
        outputs.iter().map(|&t| self.value(t, None, body)).collect()
    }

    /// Gives the outputs of operator `index` whose shape signature is dynamic the shapes its
    /// shape rule infers (see the module documentation).
    fn infer_dynamic_outputs(&mut self, index: usize, operator: &crate::Operator<'_>) -> Result<(), Diagnostic> {
        let tensors = self.subgraph.tensors();
        let dynamic: Vec<usize> = operator
            .outputs()
            .iter()
            .flatten()
            .copied()
            .filter(|&t| tensors[t].shape_signature().is_some_and(|signature| signature.contains(&-1)))
            .collect();
        let Some(op) = dynamic.first().and_then(|&t| self.values[t]).and_then(|v| self.ctx.defining_op(v)) else {
            return Ok(());
        };
        let Some(types) = infer_result_types(self.ctx, op).map_err(|diag| {
            let context = self.context_text(Some(index));
            Diagnostic::error(diag.loc, format!("{context}{}", diag.message))
        })?
        else {
            return Ok(());
        };
        for t in dynamic {
            let value = self.values[t].expect("imported");
            let position = self.ctx.results(op).iter().position(|&r| r == value).expect("a result of the operator");
            self.ctx.set_value_type(value, types[position]);
        }
        Ok(())
    }

    /// `loc("tensor"("op#i"(file:0:0)))`, or without the operator part.
    fn tensor_loc(&mut self, tensor: usize, op_index: Option<usize>) -> Location {
        let file = self.ctx.file_loc(self.file, 0, 0);
        let child = match op_index {
            Some(i) => self.ctx.name_loc(&format!("op#{i}"), Some(file)),
            None => file,
        };
        let name = self.subgraph.tensors()[tensor].name();
        self.ctx.name_loc(name, Some(child))
    }

    /// The last operator that writes tensor `t`.
    fn writer_of(&self, t: usize) -> Option<usize> {
        self.subgraph.operators().iter().rposition(|op| op.outputs().contains(&Some(t)))
    }

    /// The mc type of tensor `t`, failing with a message naming it (and the operator, if any).
    fn tensor_type(&mut self, t: usize, op_index: Option<usize>) -> Result<mc_ir::Type, Diagnostic> {
        let tensor = &self.subgraph.tensors()[t];
        types::tensor_type(self.ctx, tensor).map_err(|reason| {
            let loc = self.tensor_loc(t, op_index);
            // The operator's output is already named by the context.
            let written =
                op_index.is_some_and(|i| self.subgraph.operators()[i].outputs().iter().flatten().next() == Some(&t));
            let tensor_text = if written { String::new() } else { format!("tensor {t} '{}': ", tensor.name()) };
            Diagnostic::error(loc, format!("{}{tensor_text}{reason}", self.context_text(op_index)))
        })
    }

    /// `subgraph 0, operator 3 (CONV_2D v3) writing tensor 7 'conv1': ` or `subgraph 0: `.
    fn context_text(&self, op_index: Option<usize>) -> String {
        match op_index {
            Some(i) => {
                let operator = &self.subgraph.operators()[i];
                let output =
                    operator.outputs().iter().flatten().next().map(|&t| (t, self.subgraph.tensors()[t].name()));
                format!("{}: ", operator_text(self.index, i, operator, output))
            }
            None => format!("subgraph {}: ", self.index),
        }
    }

    /// The value of tensor `t`: defined earlier, or a constant materialized now before its user.
    fn value(&mut self, t: usize, op_index: Option<usize>, body: mc_ir::BlockId) -> Result<Value, Diagnostic> {
        if let Some(value) = self.values[t] {
            return Ok(value);
        }
        let tensor = &self.subgraph.tensors()[t];
        // A tensor of no elements has no data to store: converters write an empty constant (an
        // empty axes list) with an empty buffer, which TFLite Micro reads as a constant too.
        let empty =
            tensor.num_elements() == Some(0) && self.writer_of(t).is_none() && tensor.dtype() != DType::Resource;
        let Some(data) = tensor.data().filter(|_| tensor.is_constant()).or(empty.then_some(&[][..])) else {
            let loc = self.tensor_loc(t, op_index);
            let problem = match op_index {
                Some(_) => "is read before any operator writes it (the graph is cyclic or out of order)",
                None => "is a subgraph output that no operator writes",
            };
            return Err(Diagnostic::error(
                loc,
                format!("{}tensor {t} '{}' {problem}", self.context_text(op_index), tensor.name()),
            ));
        };
        let ty = self.tensor_type(t, op_index)?;
        let unsupported = if tensor.dtype() == DType::Resource {
            Some("a resource tensor cannot be a constant")
        } else if tensor.is_sparse() {
            Some("sparse constant tensors are not supported")
        } else {
            None
        };
        if let Some(reason) = unsupported {
            let loc = self.tensor_loc(t, op_index);
            return Err(Diagnostic::error(
                loc,
                format!("{}tensor {t} '{}': {reason}", self.context_text(op_index), tensor.name()),
            ));
        }
        Ok(self.constant(t, ty, data.to_vec(), body))
    }

    /// Makes `data` (elements of `ty`) the value of constant tensor `t`: a `graph.const` at the
    /// end of `body` whose blob is named after the tensor.
    fn constant(&mut self, t: usize, ty: mc_ir::Type, data: Vec<u8>, body: mc_ir::BlockId) -> Value {
        let blob_name = self.ctx.resources.unique_name(&blob_key(self.subgraph.tensors()[t].name(), t));
        self.ctx.resources.insert(&blob_name, Blob { alignment: BLOB_ALIGNMENT, data });
        let attr = self.ctx.intern_attr(AttrKind::DenseResource { name: blob_name, ty });
        let loc = self.tensor_loc(t, None);
        let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
        let constant = ConstOp::build_typed(&mut b, attr, ty);
        let value = constant.0.result(0);
        self.values[t] = Some(value);
        value
    }
}

/// A resource key for a tensor's weights: its name, or `tensor_N` for unnamed tensors.
fn blob_key(name: &str, index: usize) -> String {
    if name.is_empty() { format!("tensor_{index}") } else { name.to_string() }
}
