//! Loading the model: a `.tflite` file imported into the graph dialect, or a `.mlir` file at any
//! level, verified; and lowering it to loop level.

use crate::pipeline::Level;
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::{Context, Diagnostic, OpId};
use mc_passes::pipelines::LoweringChoices;

/// A loaded model: its context, top-level module and (for `.mlir`) source text for diagnostics.
pub struct Model {
    /// The IR.
    pub ctx: Context,
    /// The `builtin.module`.
    pub module: OpId,
    /// The function called when `--entry` does not say: subgraph 0's for a TFLite model, `main`
    /// for IR.
    pub entry: String,
    /// The source, when the model is text.
    source: Option<SourceBuffer>,
}

impl Model {
    /// Reads `path`: `.tflite` or `.mlir`, by its extension.
    pub fn load(path: &str) -> Result<Model, String> {
        let mut ctx = Context::new();
        mc_dialects::register_all(&mut ctx);
        let extension = std::path::Path::new(path).extension().and_then(|e| e.to_str()).unwrap_or("");
        match extension {
            "tflite" => {
                let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
                match mc_tflite::import::import_and_verify(&mut ctx, &bytes, path) {
                    Ok(module) => {
                        let entry = mc_tflite::import::entry_name(&ctx, module).unwrap_or_else(|| "main".into());
                        Ok(Model { ctx, module: module.op(), entry, source: None })
                    }
                    Err(diags) => Err(render_all(&ctx, &diags, None)),
                }
            }
            "mlir" => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
                let source = SourceBuffer::new(path, text, 1);
                let module = mc_ir::parser::parse_source(&mut ctx, &source)
                    .map_err(|d| render_all(&ctx, &[d], Some(&source)))?;
                if let Err(diags) = mc_ir::verify(&ctx, module.op()) {
                    return Err(render_all(&ctx, &diags, Some(&source)));
                }
                Ok(Model { ctx, module: module.op(), entry: "main".into(), source: Some(source) })
            }
            _ => Err(format!("cannot tell what '{path}' is: expected a '.tflite' model or a '.mlir' file")),
        }
    }

    /// The pipeline that takes the model to loop level: `pipeline` if given, else the one its
    /// level needs ([`Level::pipeline`], the planner run with `usmp_options`, the optional steps
    /// `choices` turns on); `None` when there is nothing to run.
    pub fn pipeline_to_loops(
        &self,
        pipeline: Option<&str>,
        usmp_options: &str,
        choices: &LoweringChoices,
    ) -> Option<String> {
        pipeline.map(str::to_string).or_else(|| Level::of(&self.ctx, self.module).pipeline(usmp_options, choices))
    }

    /// Runs `pipeline` (MLIR's textual syntax) on the module, verifying after each pass; returns
    /// the pipeline as the pass manager prints it.
    pub fn run_pipeline(&mut self, pipeline: &str, registry: &PassRegistry) -> Result<String, String> {
        let mut pm = PassManager::parse(pipeline, registry)
            .map_err(|e| format!("invalid pass pipeline '{pipeline}':\n{}", e.render(pipeline)))?;
        pm.config.verify_each = true;
        pm.config.verifier = Some(mc_ir::verify);
        let text = pm.to_string();
        pm.run(&mut self.ctx, self.module)
            .map_err(|failure| format!("the pass pipeline failed:\n{}", self.render(&failure.0)))?;
        Ok(text)
    }

    /// Renders diagnostics about the model, with source lines for `.mlir` input.
    pub fn render(&self, diags: &[Diagnostic]) -> String {
        render_all(&self.ctx, diags, self.source.as_ref())
    }
}

fn render_all(ctx: &Context, diags: &[Diagnostic], source: Option<&SourceBuffer>) -> String {
    let sources: Vec<&SourceBuffer> = source.into_iter().collect();
    diags.iter().map(|d| render(ctx, d, &sources)).collect::<String>().trim_end().to_string()
}
