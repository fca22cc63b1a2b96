//! `Operator`: one node of a subgraph: its operator code, operand and result
//! tensor indices, typed builtin options, custom options.

use crate::error::{At, TfliteError};
use crate::model::file_range;
use crate::opcode::{OpKind, OperatorCode};
use crate::options::{self, BuiltinOptions};
use crate::schema::tflite as fb;

/// An operator, validated: its operator code exists, every tensor index is
/// in range (or `-1`, an absent optional operand), and its options table is
/// the one its op code takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Operator<'a> {
    opcode_index: usize,
    opcode: OperatorCode<'a>,
    inputs: Vec<Option<usize>>,
    outputs: Vec<Option<usize>>,
    intermediates: Vec<usize>,
    options: BuiltinOptions<'a>,
    custom_options: Option<&'a [u8]>,
    mutating_variable_inputs: Vec<bool>,
}

/// What reading an operator needs from the rest of the model.
pub(crate) struct OperatorContext<'m, 'a> {
    /// The model's operator codes.
    pub opcodes: &'m [OperatorCode<'a>],
    /// Tensors in this operator's subgraph.
    pub num_tensors: usize,
    /// Subgraphs in the model (for `CALL_ONCE`).
    pub num_subgraphs: usize,
    /// The whole file (for custom options stored after the flatbuffer).
    pub file: &'a [u8],
}

impl<'a> Operator<'a> {
    /// Index into the model's operator codes.
    pub fn opcode_index(&self) -> usize {
        self.opcode_index
    }

    /// The operator code (kind and version).
    pub fn opcode(&self) -> OperatorCode<'a> {
        self.opcode
    }

    /// Operand tensor indices in file order; `None` for an absent optional
    /// operand (`-1` in the file, e.g. a convolution without bias).
    pub fn inputs(&self) -> &[Option<usize>] {
        &self.inputs
    }

    /// Result tensor indices in file order; `None` for `-1`.
    pub fn outputs(&self) -> &[Option<usize>] {
        &self.outputs
    }

    /// Tensors internal to the operator (e.g. LSTM gate statistics).
    pub fn intermediates(&self) -> &[usize] {
        &self.intermediates
    }

    /// The builtin options.
    pub fn options(&self) -> &BuiltinOptions<'a> {
        &self.options
    }

    /// The custom options (flexbuffer bytes of a custom operator), borrowed
    /// from the file.
    pub fn custom_options(&self) -> Option<&'a [u8]> {
        self.custom_options
    }

    /// Which operands the operator mutates (empty when none; otherwise as
    /// long as the inputs).
    pub fn mutating_variable_inputs(&self) -> &[bool] {
        &self.mutating_variable_inputs
    }

    /// Reads operator `index` of subgraph `subgraph`.
    pub(crate) fn read(
        subgraph: usize,
        index: usize,
        op: fb::OperatorRef<'a>,
        cx: &OperatorContext<'_, 'a>,
    ) -> Result<Operator<'a>, TfliteError> {
        let at = |field: &'static str| move || format!("subgraph {subgraph}, operator {index}, {field}");
        let raw_opcode = op.opcode_index().at(at("opcode_index"))?;
        let Some((opcode_index, &opcode)) =
            usize::try_from(raw_opcode).ok().and_then(|i| Some((i, cx.opcodes.get(i)?)))
        else {
            return Err(TfliteError::IndexOutOfRange {
                at: format!("subgraph {subgraph}, operator {index}"),
                what: "operator code",
                index: raw_opcode.into(),
                len: cx.opcodes.len(),
            });
        };
        let loc = || format!("subgraph {subgraph}, operator {index} ({opcode})");

        let operands = |list: Option<planus::Vector<'a, i32>>, role: &str| {
            let mut out = Vec::with_capacity(list.map_or(0, |l| l.len()));
            for (k, t) in list.into_iter().flatten().enumerate() {
                out.push(match t {
                    -1 => None,
                    t => Some(tensor_index(t, cx.num_tensors, || format!("{}, {role} {k}", loc()))?),
                });
            }
            Ok::<_, TfliteError>(out)
        };
        let inputs = operands(op.inputs().at(at("inputs"))?, "input")?;
        let outputs = operands(op.outputs().at(at("outputs"))?, "output")?;
        let mut intermediates = Vec::new();
        for (k, t) in op.intermediates().at(at("intermediates"))?.into_iter().flatten().enumerate() {
            intermediates.push(tensor_index(t, cx.num_tensors, || format!("{}, intermediate {k}", loc()))?);
        }

        let options = match op.builtin_options() {
            Ok(raw) => options::read(raw).at(|| format!("{}, builtin options", loc()))?,
            Err(e) => match e.error_kind {
                planus::errors::ErrorKind::UnknownUnionTag { tag } => {
                    BuiltinOptions::Other { table: format!("union member {tag}") }
                }
                _ => return Err(TfliteError::Corrupt { at: format!("{}, builtin options", loc()), source: e }),
            },
        };
        let expected = match opcode.kind() {
            OpKind::Builtin(op) => Some(op.options_table()),
            OpKind::Custom(_) => Some("none"),
            OpKind::UnknownBuiltin(_) => None,
        };
        if let Some(expected) = expected
            && !matches!(options, BuiltinOptions::None)
            && options.table_name() != expected
        {
            return Err(TfliteError::OptionsMismatch { op: loc(), expected, found: options.table_name().to_string() });
        }
        if let Some((field, index)) = options.subgraph_indices().into_iter().find(|&(_, i)| i >= cx.num_subgraphs) {
            return Err(TfliteError::IndexOutOfRange {
                at: format!("{}, {field}", loc()),
                what: "subgraph",
                index: i64::try_from(index).unwrap_or(-1),
                len: cx.num_subgraphs,
            });
        }

        let large_offset = op.large_custom_options_offset().at(at("large_custom_options_offset"))?;
        let custom_options = if large_offset > 1 {
            let size = op.large_custom_options_size().at(at("large_custom_options_size"))?;
            Some(file_range(cx.file, large_offset, size, || format!("{}, large custom options", loc()))?)
        } else {
            op.custom_options().at(at("custom_options"))?
        };
        let mutating_variable_inputs = op
            .mutating_variable_inputs()
            .at(at("mutating_variable_inputs"))?
            .map(|v| v.iter().collect())
            .unwrap_or_default();

        Ok(Operator {
            opcode_index,
            opcode,
            inputs,
            outputs,
            intermediates,
            options,
            custom_options,
            mutating_variable_inputs,
        })
    }
}

/// Checks a stored tensor index against the subgraph's tensor count.
pub(crate) fn tensor_index(index: i32, len: usize, at: impl FnOnce() -> String) -> Result<usize, TfliteError> {
    usize::try_from(index).ok().filter(|&i| i < len).ok_or_else(|| TfliteError::IndexOutOfRange {
        at: at(),
        what: "tensor",
        index: index.into(),
        len,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tensor_indices() {
        assert_eq!(tensor_index(0, 3, String::new).unwrap(), 0);
        assert_eq!(tensor_index(2, 3, String::new).unwrap(), 2);
        assert!(matches!(
            tensor_index(3, 3, || "here".into()),
            Err(TfliteError::IndexOutOfRange { index: 3, len: 3, .. })
        ));
        assert!(tensor_index(-2, 3, String::new).is_err());
    }
}
