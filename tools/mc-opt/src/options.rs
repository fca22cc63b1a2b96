//! Command-line options of `mc-opt`, including one `--<pass>` flag per registered pass.

use clap::{ArgAction, Parser};
use mc_ir::pass::PassRegistry;
use mc_passes::pass_plugin::{PassPlugin, load_pass_plugin};
use std::process::ExitCode;

/// The static flags; pass flags are taken out of the command line before clap sees it.
#[derive(Parser, Debug)]
#[command(name = "mc-opt", version, about = "mc modular optimizer driver", max_term_width = 100)]
pub struct Options {
    /// Input file ('-' for standard input).
    #[arg(default_value = "-")]
    pub input: String,

    /// Output file ('-' for standard output).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,

    /// A textual pass pipeline, e.g. 'builtin.module(func.func(canonicalize,cse))'.
    #[arg(long = "pass-pipeline", value_name = "PIPELINE")]
    pub pass_pipeline: Option<String>,

    /// Allow operations of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    pub allow_unregistered_dialect: bool,

    /// Print every op in the generic form.
    #[arg(long = "print-generic", alias = "mlir-print-op-generic")]
    pub print_generic: bool,

    /// Print locations.
    #[arg(long = "print-debuginfo", alias = "mlir-print-debuginfo")]
    pub print_debuginfo: bool,

    /// Split the input at lines holding the marker (default '// -----') and process each chunk
    /// on its own.
    #[arg(long = "split-input-file", num_args = 0..=1, default_missing_value = mc_ir::diagnostics::verify::DEFAULT_SPLIT_MARKER, require_equals = true, value_name = "MARKER")]
    pub split_input_file: Option<String>,

    /// Check diagnostics against 'expected-*' comments in the input instead of printing them
    /// ('all' or 'only-expected').
    #[arg(long = "verify-diagnostics", num_args = 0..=1, default_missing_value = "all", require_equals = true, value_parser = ["all", "only-expected"], value_name = "LEVEL")]
    pub verify_diagnostics: Option<String>,

    /// Print the pipeline that will run to stderr, before running it on each input (chunk).
    #[arg(long = "dump-pass-pipeline")]
    pub dump_pass_pipeline: bool,

    /// Do not verify the input after parsing (as mlir-opt's flag): for passes that repair IR, such
    /// as graph-infer-shapes. Passes still see only what parsed, and --verify-each checks their output.
    #[arg(long = "mlir-very-unsafe-disable-verifier-on-parsing")]
    pub disable_verifier_on_parsing: bool,

    /// Run the verifier after each pass.
    #[arg(long = "verify-each", default_value_t = true, action = ArgAction::Set, num_args = 0..=1, default_missing_value = "true", require_equals = true)]
    pub verify_each: bool,

    /// Print the IR before every pass.
    #[arg(long = "print-ir-before-all", alias = "mlir-print-ir-before-all")]
    pub print_ir_before_all: bool,

    /// Print the IR after every pass.
    #[arg(long = "print-ir-after-all", alias = "mlir-print-ir-after-all")]
    pub print_ir_after_all: bool,

    /// Print the IR before the named passes.
    #[arg(long = "print-ir-before", alias = "mlir-print-ir-before", value_delimiter = ',', value_name = "PASS")]
    pub print_ir_before: Vec<String>,

    /// Print the IR after the named passes.
    #[arg(long = "print-ir-after", alias = "mlir-print-ir-after", value_delimiter = ',', value_name = "PASS")]
    pub print_ir_after: Vec<String>,

    /// With --print-ir-after*, print only when the pass changed the IR.
    #[arg(long = "print-ir-after-change", alias = "mlir-print-ir-after-change")]
    pub print_ir_after_change: bool,

    /// Print the IR after a pass only if it failed.
    #[arg(long = "print-ir-after-failure", alias = "mlir-print-ir-after-failure")]
    pub print_ir_after_failure: bool,

    /// Print the whole module rather than the op a pass ran on.
    #[arg(long = "print-ir-module-scope", alias = "mlir-print-ir-module-scope")]
    pub print_ir_module_scope: bool,

    /// Report the time spent in each pass.
    #[arg(long = "pass-timing", alias = "mlir-timing")]
    pub pass_timing: bool,

    /// Load a planner plugin (a shared library exporting `mc_planner_plugin_v1`), whose planners
    /// `usmp{algorithm=NAME}` then selects; repeatable. Loaded before the help is written, so
    /// `--load-plugin=p.so --help` lists its planners.
    #[arg(long = "load-plugin", value_name = "PATH")]
    pub load_plugin: Vec<String>,

    /// Load a pass plugin (a Rust shared library exporting `mc_pass_plugin_v1`, built against
    /// this mc), whose passes the pipeline then names like built-ins; repeatable. Loaded before
    /// the help is written, so `--load-pass-plugin=p.so --help` lists its passes.
    #[arg(long = "load-pass-plugin", value_name = "PATH")]
    pub load_pass_plugin: Vec<String>,

    /// The loaded pass plugins, whose dialects every context registers.
    #[arg(skip)]
    pub pass_plugins: Vec<PassPlugin>,

    /// Passes given as flags (`--cse`, `--canonicalize=top-down=false`), in command-line order.
    #[arg(skip)]
    pub pass_flags: Vec<(String, String)>,
}

/// Parses the command line, loading the planner and pass plugins it names first (so that the
/// help, the pass flags and the pass options know their planners and passes; pass plugins
/// register into `registry`); on `--help`, `--version` or an error, the exit code to return.
pub fn parse_command_line(args: Vec<String>, registry: &mut PassRegistry) -> Result<Options, ExitCode> {
    let fail = |message: String| {
        eprintln!("mc-opt: error: {message}");
        ExitCode::FAILURE
    };
    for path in flag_values(&args, "--load-plugin") {
        mc_passes::usmp::plugin::load(&path).map_err(fail)?;
    }
    let pass_plugins = flag_values(&args, "--load-pass-plugin")
        .iter()
        .map(|path| load_pass_plugin(path, registry))
        .collect::<Result<Vec<_>, _>>()
        .map_err(fail)?;
    let mut pass_flags = Vec::new();
    let mut rest = Vec::with_capacity(args.len());
    let mut args = args.into_iter();
    rest.extend(args.next());
    for arg in args {
        let flag = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'));
        let pass = flag.and_then(|f| {
            let (name, value) = f.split_once('=').unwrap_or((f, ""));
            registry.lookup(name).map(|_| (name.to_string(), value.to_string()))
        });
        match pass {
            Some(pass) => pass_flags.push(pass),
            None => rest.push(arg),
        }
    }
    let command = <Options as clap::CommandFactory>::command()
        .after_help(format!("Passes (give as --<pass>[=<options>] or in --pass-pipeline):\n{}", registry.help()));
    let matches = command.try_get_matches_from(rest).map_err(|e| {
        let _ = e.print();
        if e.use_stderr() { ExitCode::FAILURE } else { ExitCode::SUCCESS }
    })?;
    let mut options = <Options as clap::FromArgMatches>::from_arg_matches(&matches).map_err(|e| {
        let _ = e.print();
        ExitCode::FAILURE
    })?;
    options.pass_flags = pass_flags;
    options.pass_plugins = pass_plugins;
    Ok(options)
}

/// The values of `FLAG=VALUE` and `FLAG VALUE` (e.g. `--load-plugin`), in order.
fn flag_values(args: &[String], flag: &str) -> Vec<String> {
    let mut values = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if let Some(value) = arg.strip_prefix(flag).and_then(|rest| rest.strip_prefix('=')) {
            values.push(value.to_string());
        } else if arg == flag {
            values.extend(args.next().cloned());
        }
    }
    values
}
