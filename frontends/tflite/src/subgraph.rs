//! `Subgraph`: a function of the model: tensors, operators in execution
//! order, and which tensors are its inputs and outputs.

use crate::error::{At, TfliteError};
use crate::opcode::OperatorCode;
use crate::operator::{Operator, OperatorContext, tensor_index};
use crate::schema::tflite as fb;
use crate::tensor::Tensor;

/// A subgraph, validated: every tensor, operator and input/output index is
/// in range. Subgraph 0 is the model's entry point.
#[derive(Clone, Debug, PartialEq)]
pub struct Subgraph<'a> {
    name: Option<&'a str>,
    tensors: Vec<Tensor<'a>>,
    operators: Vec<Operator<'a>>,
    inputs: Vec<usize>,
    outputs: Vec<usize>,
}

impl<'a> Subgraph<'a> {
    /// The subgraph's name (often `main`), if the file has one.
    pub fn name(&self) -> Option<&'a str> {
        self.name
    }

    /// All tensors; operators and inputs/outputs index into this list.
    pub fn tensors(&self) -> &[Tensor<'a>] {
        &self.tensors
    }

    /// The operators in execution order.
    pub fn operators(&self) -> &[Operator<'a>] {
        &self.operators
    }

    /// Indices of the tensors the caller provides, in file order.
    pub fn inputs(&self) -> &[usize] {
        &self.inputs
    }

    /// Indices of the tensors the subgraph produces, in file order.
    pub fn outputs(&self) -> &[usize] {
        &self.outputs
    }

    /// Reads subgraph `index`.
    pub(crate) fn read(
        index: usize,
        sg: fb::SubGraphRef<'a>,
        buffers: &[&'a [u8]],
        opcodes: &[OperatorCode<'a>],
        num_subgraphs: usize,
        file: &'a [u8],
    ) -> Result<Subgraph<'a>, TfliteError> {
        let at = |field: &'static str| move || format!("subgraph {index}, {field}");
        let mut tensors = Vec::new();
        for (t, raw) in sg.tensors().at(at("tensors"))?.into_iter().flatten().enumerate() {
            let raw = raw.at(|| format!("subgraph {index}, tensor {t}"))?;
            tensors.push(Tensor::read(index, t, raw, buffers)?);
        }
        let cx = OperatorContext { opcodes, num_tensors: tensors.len(), num_subgraphs, file };
        let mut operators = Vec::new();
        for (o, raw) in sg.operators().at(at("operators"))?.into_iter().flatten().enumerate() {
            let raw = raw.at(|| format!("subgraph {index}, operator {o}"))?;
            operators.push(Operator::read(index, o, raw, &cx)?);
        }
        let ends = |list: Option<planus::Vector<'a, i32>>, role: &str| {
            let mut out = Vec::new();
            for (k, t) in list.into_iter().flatten().enumerate() {
                out.push(tensor_index(t, tensors.len(), || format!("subgraph {index}, {role} {k}"))?);
            }
            Ok::<_, TfliteError>(out)
        };
        let inputs = ends(sg.inputs().at(at("inputs"))?, "input")?;
        let outputs = ends(sg.outputs().at(at("outputs"))?, "output")?;
        Ok(Subgraph { name: sg.name().at(at("name"))?, tensors, operators, inputs, outputs })
    }
}
