//! The upstream MLIR context a translation runs in: the dialects mc maps to (func, arith, math,
//! scf, memref, vector, and quant for the `mc.quant` types) loaded, and MLIR's diagnostics collected as text instead of printed.

use melior::Context as MlirContext;
use melior::dialect::DialectRegistry;
use std::cell::RefCell;
use std::rc::Rc;

/// A message MLIR reported, with its file position (`file`, line, column) when it has one.
#[derive(Clone, Debug)]
pub struct Reported {
    /// The message.
    pub message: String,
    /// Where MLIR located it, when that is a position in a file.
    pub position: Option<(String, u32, u32)>,
}

/// An MLIR context with mc's target dialects loaded. Modules built or parsed in it borrow it.
pub struct Session {
    context: MlirContext,
    diagnostics: Rc<RefCell<Vec<Reported>>>,
}

impl Session {
    /// A context with every upstream dialect registered and func, arith, math, scf, memref and
    /// quant loaded; MLIR's diagnostics are kept for [`Session::take_diagnostics`].
    ///
    /// MLIR names resource blobs per context: a session that exports or imports the same
    /// `dense_resource` key twice gets it renamed the second time (`w_1`), so translate each
    /// module in a session of its own when the keys matter.
    pub fn new() -> Self {
        let registry = DialectRegistry::new();
        melior::utility::register_all_dialects(&registry);
        let context = MlirContext::new();
        context.append_dialect_registry(&registry);
        for dialect in ["func", "arith", "math", "scf", "memref", "quant", "vector"] {
            context.get_or_load_dialect(dialect);
        }
        let diagnostics = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&diagnostics);
        context.attach_diagnostic_handler(move |diagnostic| {
            let loc = diagnostic.location();
            let position = loc.is_file_line_col_range().then(|| {
                let file = loc.file_line_col_range_filename();
                let file = file.as_string_ref().as_str().unwrap_or_default().to_string();
                let line = loc.file_line_col_range_start_line() as u32;
                (file, line, loc.file_line_col_range_start_column() as u32)
            });
            sink.borrow_mut().push(Reported { message: diagnostic.to_string(), position });
            true
        });
        Session { context, diagnostics }
    }

    /// The MLIR context.
    pub fn context(&self) -> &MlirContext {
        &self.context
    }

    /// The messages MLIR reported since the last call, oldest first.
    pub fn take_diagnostics(&self) -> Vec<Reported> {
        std::mem::take(&mut self.diagnostics.borrow_mut())
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}
