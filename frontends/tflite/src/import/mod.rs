//! Translation of a TFLite model into the `graph` dialect (`mc-translate --import-tflite`).
//!
//! Each subgraph becomes a `func.func` (subgraph 0, the entry, is public; the others are
//! private) whose arguments and results are the subgraph's inputs and outputs in file order.
//! Every operator becomes one `graph` op; constant tensors become `graph.const` ops whose
//! `dense_resource` blobs hold the weights (copied once, from the file into the blob table).
//!
//! Locations name tensors: the value of tensor `t` produced by operator `i` is located at
//! `loc("t"("op#i"("model.tflite":0:0)))`; arguments and constants at `loc("t"("model.tflite":0:0))`.
//! Later reports (residency, planning failures) read the tensor name back with
//! `Context::loc_name`.

mod ops;
mod types;

use crate::{DType, Model, Subgraph, TfliteError};
use mc_dialects::func::{FuncOp, ReturnOp};
use mc_dialects::graph::ConstOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::resources::Blob;
use mc_ir::{AttrKind, Builder, Context, Diagnostic, InsertPoint, Location, Value};
use rustc_hash::FxHashSet;

/// Alignment given to weight blobs (TFLite aligns buffers to 16 bytes).
const BLOB_ALIGNMENT: u32 = 16;

/// Reads `bytes` as a TFLite file and translates it into a new module.
pub fn import_bytes(ctx: &mut Context, bytes: &[u8], file: &str) -> Result<ModuleOp, Diagnostic> {
    let model = Model::from_bytes(bytes).map_err(|e| file_error(ctx, file, &e))?;
    import_model(ctx, &model, file)
}

/// Translates a model read from `file` into a new module.
pub fn import_model(ctx: &mut Context, model: &Model<'_>, file: &str) -> Result<ModuleOp, Diagnostic> {
    let file_loc = ctx.file_loc(file, 0, 0);
    let module = ModuleOp::build(ctx, file_loc);
    let names = function_names(model);
    for (index, subgraph) in model.subgraphs().iter().enumerate() {
        let func = SubgraphImporter::new(ctx, subgraph, index, file).import(&names[index])?;
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
    subgraph: &'a Subgraph<'m>,
    index: usize,
    file: &'a str,
    /// The value of each tensor once defined.
    values: Vec<Option<Value>>,
}

impl<'a, 'm> SubgraphImporter<'a, 'm> {
    fn new(ctx: &'a mut Context, subgraph: &'a Subgraph<'m>, index: usize, file: &'a str) -> Self {
        SubgraphImporter { ctx, subgraph, index, file, values: vec![None; subgraph.tensors().len()] }
    }

    fn import(mut self, name: &str) -> Result<FuncOp, Diagnostic> {
        let inputs = self.subgraph.inputs().to_vec();
        let outputs = self.subgraph.outputs().to_vec();
        let input_types = inputs.iter().map(|&t| self.tensor_type(t, None)).collect::<Result<Vec<_>, _>>()?;
        let output_types = outputs.iter().map(|&t| self.tensor_type(t, None)).collect::<Result<Vec<_>, _>>()?;
        let loc = self.ctx.file_loc(self.file, 0, 0);
        let func = FuncOp::build(self.ctx, loc, name, input_types, output_types);
        let body = func.entry_block(self.ctx).expect("built with a body");
        for (position, &tensor) in inputs.iter().enumerate() {
            let arg = self.ctx.block_arg(body, position);
            let arg_loc = self.tensor_loc(tensor, None);
            self.ctx.set_block_arg_loc(body, position, arg_loc);
            self.values[tensor] = Some(arg);
        }
        for (op_index, operator) in self.subgraph.operators().iter().enumerate() {
            self.import_operator(op_index, operator, body)?;
        }
        let results = outputs.iter().map(|&t| self.value(t, None, body)).collect::<Result<Vec<Value>, Diagnostic>>()?;
        let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
        b.create(ReturnOp::NAME, &results, &[], vec![], vec![]);
        Ok(func)
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

    /// The mc type of tensor `t`, failing with a message naming it (and the operator, if any).
    fn tensor_type(&mut self, t: usize, op_index: Option<usize>) -> Result<mc_ir::Type, Diagnostic> {
        let tensor = &self.subgraph.tensors()[t];
        types::tensor_type(self.ctx, tensor).map_err(|reason| {
            let loc = self.tensor_loc(t, op_index);
            Diagnostic::error(loc, format!("{}tensor {t} '{}': {reason}", self.context_text(op_index), tensor.name()))
        })
    }

    /// `subgraph 0, operator 3 (CONV_2D v3): ` or `subgraph 0: `.
    fn context_text(&self, op_index: Option<usize>) -> String {
        match op_index {
            Some(i) => {
                let opcode = self.subgraph.operators()[i].opcode();
                format!("subgraph {}, operator {i} ({opcode}): ", self.index)
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
        let Some(data) = tensor.data().filter(|_| tensor.is_constant()) else {
            let loc = self.tensor_loc(t, op_index);
            return Err(Diagnostic::error(
                loc,
                format!(
                    "{}tensor {t} '{}' is read before any operator writes it (the graph is cyclic or out of order)",
                    self.context_text(op_index),
                    tensor.name()
                ),
            ));
        };
        let ty = self.tensor_type(t, op_index)?;
        if tensor.dtype() == DType::Resource {
            let loc = self.tensor_loc(t, op_index);
            return Err(Diagnostic::error(loc, "a resource tensor cannot be a constant"));
        }
        let blob_name = self.ctx.resources.unique_name(&blob_key(tensor.name(), t));
        self.ctx.resources.insert(&blob_name, Blob { alignment: BLOB_ALIGNMENT, data: data.to_vec() });
        let attr = self.ctx.intern_attr(AttrKind::DenseResource { name: blob_name, ty });
        let loc = self.tensor_loc(t, None);
        let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
        let constant = ConstOp::build_typed(&mut b, attr, ty);
        let value = constant.0.result(0);
        self.values[t] = Some(value);
        Ok(value)
    }
}

/// A resource key for a tensor's weights: its name, or `tensor_N` for unnamed tensors.
fn blob_key(name: &str, index: usize) -> String {
    if name.is_empty() { format!("tensor_{index}") } else { name.to_string() }
}
