//! `Model`: a whole TFLite file, read and validated in one pass by
//! [`Model::from_bytes`], borrowing weights and names from the file's bytes.

use planus::ReadAsRoot;

use crate::error::{At, TfliteError};
use crate::opcode::OperatorCode;
use crate::operator::tensor_index;
use crate::schema::tflite as fb;
use crate::subgraph::Subgraph;

/// The only schema version TFLite has written since 2018 (`TFLITE_SCHEMA_VERSION`).
pub const SCHEMA_VERSION: u32 = 3;

/// The file identifier at bytes 4..8 of every TFLite file.
pub const FILE_IDENTIFIER: [u8; 4] = *b"TFL3";

/// A TFLite model, fully validated: every index in it is in range, constant
/// data has the size its tensor needs, quantization is consistent, options
/// match their operators. Weight data, names and custom options are slices of
/// the file's bytes: reading copies no weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Model<'a> {
    version: u32,
    description: Option<&'a str>,
    operator_codes: Vec<OperatorCode<'a>>,
    subgraphs: Vec<Subgraph<'a>>,
    buffers: Vec<&'a [u8]>,
    metadata: Vec<Metadata<'a>>,
    signature_defs: Vec<SignatureDef<'a>>,
}

/// An entry of `Model.metadata`: named bytes (e.g. `min_runtime_version`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Metadata<'a> {
    /// The name.
    pub name: &'a str,
    /// The buffer index.
    pub buffer: usize,
    /// The buffer's bytes.
    pub data: &'a [u8],
}

/// An entry of `Model.signature_defs`: a named entry point with named
/// inputs and outputs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SignatureDef<'a> {
    /// `signature_key`, e.g. `serving_default`.
    pub key: Option<&'a str>,
    /// The subgraph it runs.
    pub subgraph: usize,
    /// (alias, tensor index in that subgraph) for each input.
    pub inputs: Vec<(&'a str, usize)>,
    /// (alias, tensor index in that subgraph) for each output.
    pub outputs: Vec<(&'a str, usize)>,
}

impl<'a> Model<'a> {
    /// Reads and validates a TFLite file. Never panics: any damage or
    /// inconsistency is a [`TfliteError`] that says where it is.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Model<'a>, TfliteError> {
        let Some(identifier) = bytes.get(4..8) else {
            return Err(TfliteError::NotTflite {
                reason: format!("{} bytes is shorter than the 8-byte flatbuffer header", bytes.len()),
            });
        };
        if identifier != FILE_IDENTIFIER {
            return Err(TfliteError::NotTflite {
                reason: format!(
                    "bytes 4..8 are {:?}, not the TFLite file identifier \"TFL3\"",
                    String::from_utf8_lossy(identifier)
                ),
            });
        }
        let root = fb::ModelRef::read_as_root(bytes).at(|| "the model table".into())?;
        let version = root.version().at(|| "Model.version".into())?;
        if version != SCHEMA_VERSION {
            return Err(TfliteError::UnsupportedVersion { found: version });
        }

        let mut buffers = Vec::new();
        for (b, raw) in root.buffers().at(|| "Model.buffers".into())?.into_iter().flatten().enumerate() {
            let at = |field: &'static str| move || format!("buffer {b}, {field}");
            let raw = raw.at(|| format!("buffer {b}"))?;
            let offset = raw.offset().at(at("offset"))?;
            buffers.push(if offset > 1 {
                let size = raw.size().at(at("size"))?;
                file_range(bytes, offset, size, || format!("buffer {b}"))?
            } else {
                raw.data().at(at("data"))?.unwrap_or_default()
            });
        }

        let mut operator_codes = Vec::new();
        for (c, raw) in root.operator_codes().at(|| "Model.operator_codes".into())?.into_iter().flatten().enumerate() {
            operator_codes.push(OperatorCode::read(c, raw.at(|| format!("operator code {c}"))?)?);
        }

        let raw_subgraphs = root.subgraphs().at(|| "Model.subgraphs".into())?;
        let num_subgraphs = raw_subgraphs.map_or(0, |s| s.len());
        if num_subgraphs == 0 {
            return Err(TfliteError::NoSubgraphs);
        }
        let mut subgraphs = Vec::with_capacity(num_subgraphs);
        for (s, raw) in raw_subgraphs.into_iter().flatten().enumerate() {
            let raw = raw.at(|| format!("subgraph {s}"))?;
            subgraphs.push(Subgraph::read(s, raw, &buffers, &operator_codes, num_subgraphs, bytes)?);
        }

        let mut metadata = Vec::new();
        for (m, raw) in root.metadata().at(|| "Model.metadata".into())?.into_iter().flatten().enumerate() {
            let at = |field: &'static str| move || format!("metadata {m}, {field}");
            let raw = raw.at(|| format!("metadata {m}"))?;
            let name = raw.name().at(at("name"))?.unwrap_or_default();
            let buffer = raw.buffer().at(at("buffer"))?;
            let Some((buffer, &data)) = usize::try_from(buffer).ok().and_then(|i| Some((i, buffers.get(i)?))) else {
                return Err(TfliteError::IndexOutOfRange {
                    at: format!("metadata {m} {name:?}"),
                    what: "buffer",
                    index: buffer.into(),
                    len: buffers.len(),
                });
            };
            metadata.push(Metadata { name, buffer, data });
        }

        let mut signature_defs = Vec::new();
        for (d, raw) in root.signature_defs().at(|| "Model.signature_defs".into())?.into_iter().flatten().enumerate() {
            signature_defs.push(read_signature(d, raw.at(|| format!("signature {d}"))?, &subgraphs)?);
        }

        Ok(Model {
            version,
            description: root.description().at(|| "Model.description".into())?,
            operator_codes,
            subgraphs,
            buffers,
            metadata,
            signature_defs,
        })
    }

    /// The schema version (always [`SCHEMA_VERSION`]).
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The model's description (the converter's name, usually).
    pub fn description(&self) -> Option<&'a str> {
        self.description
    }

    /// The operator codes operators refer to.
    pub fn operator_codes(&self) -> &[OperatorCode<'a>] {
        &self.operator_codes
    }

    /// The subgraphs; subgraph 0 is the entry point (never empty).
    pub fn subgraphs(&self) -> &[Subgraph<'a>] {
        &self.subgraphs
    }

    /// The entry subgraph (subgraph 0).
    pub fn main_subgraph(&self) -> &Subgraph<'a> {
        &self.subgraphs[0]
    }

    /// The raw buffers, as slices of the file (buffer 0 is the empty sentinel).
    pub fn buffers(&self) -> &[&'a [u8]] {
        &self.buffers
    }

    /// The named metadata entries.
    pub fn metadata(&self) -> &[Metadata<'a>] {
        &self.metadata
    }

    /// The signature definitions (named entry points).
    pub fn signature_defs(&self) -> &[SignatureDef<'a>] {
        &self.signature_defs
    }
}

/// Reads signature `index`, checking its subgraph and tensor indices.
fn read_signature<'a>(
    index: usize,
    raw: fb::SignatureDefRef<'a>,
    subgraphs: &[Subgraph<'a>],
) -> Result<SignatureDef<'a>, TfliteError> {
    let at = |field: &'static str| move || format!("signature {index}, {field}");
    let key = raw.signature_key().at(at("signature_key"))?;
    let sg = raw.subgraph_index().at(at("subgraph_index"))?;
    let Some((subgraph, num_tensors)) =
        usize::try_from(sg).ok().and_then(|s| Some((s, subgraphs.get(s)?.tensors().len())))
    else {
        return Err(TfliteError::IndexOutOfRange {
            at: format!("signature {index} {:?}", key.unwrap_or_default()),
            what: "subgraph",
            index: sg.into(),
            len: subgraphs.len(),
        });
    };
    let maps = |list: Option<planus::Vector<'a, planus::Result<fb::TensorMapRef<'a>>>>, role: &'static str| {
        let mut out = Vec::new();
        for (k, m) in list.into_iter().flatten().enumerate() {
            let m = m.at(|| format!("signature {index}, {role} {k}"))?;
            let name = m.name().at(|| format!("signature {index}, {role} {k}, name"))?.unwrap_or_default();
            let t = m.tensor_index().at(|| format!("signature {index}, {role} {k}, tensor_index"))?;
            let t = i32::try_from(t).unwrap_or(-1);
            out.push((name, tensor_index(t, num_tensors, || format!("signature {index}, {role} {k} {name:?}"))?));
        }
        Ok::<_, TfliteError>(out)
    };
    let inputs = maps(raw.inputs().at(at("inputs"))?, "input")?;
    let outputs = maps(raw.outputs().at(at("outputs"))?, "output")?;
    Ok(SignatureDef { key, subgraph, inputs, outputs })
}

/// The bytes `offset..offset + size` of the file: data stored after the
/// flatbuffer by models over 2 GB.
pub(crate) fn file_range(
    file: &[u8],
    offset: u64,
    size: u64,
    at: impl FnOnce() -> String,
) -> Result<&[u8], TfliteError> {
    let range = usize::try_from(offset)
        .ok()
        .zip(usize::try_from(size).ok())
        .and_then(|(start, len)| Some(start..start.checked_add(len)?));
    range.and_then(|r| file.get(r)).ok_or_else(|| TfliteError::OutOfFile {
        at: at(),
        offset,
        size,
        file_len: file.len(),
    })
}
