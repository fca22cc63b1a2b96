//! `mc-bench-gen`: writes a large, deterministic MLIR file in generic syntax for parser benchmarks.
//!
//! The file is one `builtin.module` of `func.func`s whose bodies mix registered upstream ops
//! (`arith.constant`, `arith.addi`, `arith.muli`, `arith.cmpi`, `arith.select`, `func.call`,
//! `func.return`) with unregistered `mc_test.*` ops that carry nested regions (single-block
//! loops, two-region conditionals, multi-block regions with successors) and dense elements
//! attributes (splats, literal lists and `"0x..."` hex blobs). The output is valid input for
//! `mlir-opt --allow-unregistered-dialect` and the same seed always gives the same bytes.
//!
//! ```text
//! mc-bench-gen --ops 1000000 -o big.mlir
//! ```
#![deny(missing_docs)]

use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
Usage: mc-bench-gen [--ops N] [-o FILE] [--seed N]

Writes a deterministic MLIR file in generic syntax with at least N operations.

Options:
  --ops N          minimum number of operations to write (default 1000000)
  -o, --output F   output file (default: standard output)
  --seed N         seed of the pseudo-random generator (default 1)
  -h, --help       print this help
";

/// Deepest nesting of region-carrying ops inside one function body.
const MAX_REGION_DEPTH: usize = 3;

/// How many of the most recent values an operand is usually drawn from, so data flow stays local.
const RECENT_WINDOW: usize = 8;

fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(Some(options)) => options,
        Ok(None) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("mc-bench-gen: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(stats) => {
            let target = options.output.as_ref().map_or("<stdout>".to_owned(), |p| p.display().to_string());
            eprintln!(
                "mc-bench-gen: wrote {} ops in {} functions ({} bytes) to {target}",
                stats.ops, stats.functions, stats.bytes
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("mc-bench-gen: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Opens the output and writes the whole module to it.
fn run(options: &Options) -> io::Result<Stats> {
    let sink: Box<dyn Write> = match &options.output {
        Some(path) => {
            Box::new(File::create(path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?)
        }
        None => Box::new(io::stdout().lock()),
    };
    let out = CountingWriter { inner: BufWriter::with_capacity(1 << 20, sink), bytes: 0 };
    let mut generator = Generator::new(out, options.seed);
    generator.module(options.ops)?;
    generator.out.flush()?;
    Ok(Stats { ops: generator.ops, functions: generator.arities.len(), bytes: generator.out.bytes })
}

/// Command-line options.
struct Options {
    /// Minimum number of operations to write; the last function may overshoot it slightly.
    ops: u64,
    /// Output file, or standard output when absent.
    output: Option<PathBuf>,
    /// Seed of the pseudo-random generator.
    seed: u64,
}

impl Options {
    /// Parses the arguments after the program name; `Ok(None)` means `--help` was asked for.
    fn parse(mut args: impl Iterator<Item = String>) -> Result<Option<Self>, String> {
        let mut options = Options { ops: 1_000_000, output: None, seed: 1 };
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => (flag.to_owned(), Some(value.to_owned())),
                _ => (arg.clone(), None),
            };
            let mut value = |name: &str| inline.clone().or_else(|| args.next()).ok_or(format!("{name} needs a value"));
            match flag.as_str() {
                "-h" | "--help" => return Ok(None),
                "--ops" => options.ops = parse_count(&value("--ops")?)?,
                "--seed" => options.seed = parse_count(&value("--seed")?)?,
                "-o" | "--output" => options.output = Some(PathBuf::from(value("--output")?)),
                _ => return Err(format!("unknown argument `{arg}`")),
            }
        }
        Ok(Some(options))
    }
}

/// Parses a decimal count, allowing `_` separators (`1_000_000`).
fn parse_count(text: &str) -> Result<u64, String> {
    text.replace('_', "").parse().map_err(|_| format!("`{text}` is not a non-negative integer"))
}

/// What was written, reported on standard error.
struct Stats {
    /// Operations written, the module itself included.
    ops: u64,
    /// `func.func` ops written.
    functions: usize,
    /// Bytes written.
    bytes: u64,
}

/// A writer that counts the bytes passing through it.
struct CountingWriter<W> {
    /// Where the bytes go.
    inner: W,
    /// Bytes written so far.
    bytes: u64,
}

impl<W: Write> Write for CountingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// SplitMix64: a tiny, fast, well-mixed generator, so the output depends on the seed alone.
struct Rng(u64);

impl Rng {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; `n` must be positive.
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// True with probability `percent`/100.
    fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// An SSA value of the function being written, printed the way `mlir-opt` names values.
#[derive(Clone, Copy)]
enum Value {
    /// A block argument, `%argN`.
    Arg(u32),
    /// An op result, `%N`.
    Result(u32),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Arg(n) => write!(f, "%arg{n}"),
            Value::Result(n) => write!(f, "%{n}"),
        }
    }
}

/// Element type of a tensor constant.
#[derive(Clone, Copy)]
enum Element {
    /// `i32`
    I32,
    /// `f32`
    F32,
}

/// A statically shaped rank-1 or rank-2 tensor type.
#[derive(Clone, Copy)]
struct TensorType {
    /// Shape; a second dimension of 0 means rank 1.
    shape: [u32; 2],
    /// Element type.
    element: Element,
}

impl TensorType {
    /// A rank-1 tensor type.
    fn vector(len: u32, element: Element) -> Self {
        TensorType { shape: [len, 0], element }
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let element = match self.element {
            Element::I32 => "i32",
            Element::F32 => "f32",
        };
        match self.shape {
            [n, 0] => write!(f, "tensor<{n}x{element}>"),
            [rows, cols] => write!(f, "tensor<{rows}x{cols}x{element}>"),
        }
    }
}

/// Lengths of the visible-value stacks at a region boundary, restored when the region ends.
#[derive(Clone, Copy)]
struct Scope {
    /// Length of [`Generator::ints`].
    ints: usize,
    /// Length of [`Generator::bools`].
    bools: usize,
    /// Length of [`Generator::tensors`].
    tensors: usize,
}

/// Writes the module, tracking which SSA values are visible at the insertion point.
struct Generator<W> {
    /// Destination of the text.
    out: W,
    /// Source of every choice.
    rng: Rng,
    /// Operations written so far.
    ops: u64,
    /// Number of the next `%N` result in the current function.
    next_result: u32,
    /// Number of the next `%argN` block argument in the current function.
    next_arg: u32,
    /// Visible `i32` values, innermost last.
    ints: Vec<Value>,
    /// Visible `i1` values, innermost last.
    bools: Vec<Value>,
    /// Visible tensor values and their types, innermost last.
    tensors: Vec<(Value, TensorType)>,
    /// Number of `i32` parameters of each function written so far; function `N` is `@fN`.
    arities: Vec<usize>,
    /// Region nesting depth inside the current function body.
    depth: usize,
    /// Indentation of the next op line, in spaces.
    indent: usize,
}

impl<W: Write> Generator<W> {
    /// A generator writing to `out`, seeded with `seed`.
    fn new(out: W, seed: u64) -> Self {
        Generator {
            out,
            rng: Rng(seed),
            ops: 0,
            next_result: 0,
            next_arg: 0,
            ints: Vec::new(),
            bools: Vec::new(),
            tensors: Vec::new(),
            arities: Vec::new(),
            depth: 0,
            indent: 0,
        }
    }

    /// Writes a `builtin.module` holding at least `target` ops, itself included.
    fn module(&mut self, target: u64) -> io::Result<()> {
        writeln!(self.out, "\"builtin.module\"() ({{")?;
        self.ops += 1;
        while self.ops < target {
            let budget = (self.rng.range(24, 200) as u64).min(target - self.ops);
            self.function(budget)?;
        }
        writeln!(self.out, "}}) : () -> ()")
    }

    /// Writes the next `func.func @fN` with about `budget` ops (itself and its return included).
    fn function(&mut self, budget: u64) -> io::Result<()> {
        let arity = self.rng.pick(&[1, 2, 2, 2, 2, 3]);
        let index = self.arities.len();
        let params = vec!["i32"; arity].join(", ");
        writeln!(self.out, "  \"func.func\"() <{{function_type = ({params}) -> i32, sym_name = \"f{index}\"}}> ({{")?;
        self.ops += 1;
        self.next_result = 0;
        self.next_arg = 0;
        self.ints.clear();
        self.bools.clear();
        self.tensors.clear();
        self.indent = 4;
        self.block_header(arity)?;
        self.body(budget.saturating_sub(2))?;
        let result = self.int();
        self.op_line(format_args!("\"func.return\"({result}) : (i32) -> ()"))?;
        writeln!(self.out, "  }}) : () -> ()")?;
        self.arities.push(arity);
        Ok(())
    }

    /// Writes statements until `budget` more ops have been written.
    fn body(&mut self, budget: u64) -> io::Result<()> {
        let end = self.ops + budget;
        while self.ops < end {
            self.statement(end - self.ops)?;
        }
        Ok(())
    }

    /// Writes one randomly chosen statement; region ops get at most `remaining` ops of body.
    fn statement(&mut self, remaining: u64) -> io::Result<()> {
        let nested = self.depth < MAX_REGION_DEPTH && remaining >= 4;
        match self.rng.below(1000) {
            0..300 => self.binary(),
            300..400 => self.cmpi(),
            400..480 => self.select(),
            480..560 => self.scalar_constant(),
            560..620 => self.dense_constant(),
            620..660 => self.use_with_dense_attribute(),
            660..665 => self.hex_constant(),
            // Only at the top of a body: MLIR treats an unregistered op as a possible symbol table, so a
            // call nested in an `mc_test.*` region would not find `@fN`.
            665..705 if self.depth == 0 && !self.arities.is_empty() => self.call(),
            705..805 if nested => {
                let budget = self.region_budget(remaining);
                self.loop_op(budget)
            }
            805..865 if nested => {
                let budget = self.region_budget(remaining);
                self.if_op(budget)
            }
            865..895 if nested => {
                let budget = self.region_budget(remaining);
                self.cfg_op(budget)
            }
            _ => self.binary(),
        }
    }

    /// A body size for a region op, leaving room for the op and its terminators.
    fn region_budget(&mut self, remaining: u64) -> u64 {
        (self.rng.range(2, 24) as u64).min(remaining - 3)
    }

    /// `arith.addi` or `arith.muli` of two visible `i32` values.
    fn binary(&mut self) -> io::Result<()> {
        let name = if self.rng.percent(60) { "arith.addi" } else { "arith.muli" };
        let (lhs, rhs) = (self.int(), self.int());
        let result = self.result();
        self.op_line(format_args!("{result} = \"{name}\"({lhs}, {rhs}) : (i32, i32) -> i32"))?;
        self.ints.push(result);
        Ok(())
    }

    /// `arith.cmpi` with a random predicate (`eq` = 0 ... `uge` = 9), giving an `i1`.
    fn cmpi(&mut self) -> io::Result<()> {
        let (lhs, rhs) = (self.int(), self.int());
        let predicate = self.rng.below(10);
        let result = self.result();
        self.op_line(format_args!(
            "{result} = \"arith.cmpi\"({lhs}, {rhs}) <{{predicate = {predicate} : i64}}> : (i32, i32) -> i1"
        ))?;
        self.bools.push(result);
        Ok(())
    }

    /// `arith.select` between two visible `i32` values.
    fn select(&mut self) -> io::Result<()> {
        let condition = self.bool()?;
        let (lhs, rhs) = (self.int(), self.int());
        let result = self.result();
        self.op_line(format_args!("{result} = \"arith.select\"({condition}, {lhs}, {rhs}) : (i1, i32, i32) -> i32"))?;
        self.ints.push(result);
        Ok(())
    }

    /// A scalar `arith.constant`: mostly a small `i32`, sometimes a full-range one or an `i1`.
    fn scalar_constant(&mut self) -> io::Result<()> {
        let result = self.result();
        if self.rng.percent(10) {
            let value = if self.rng.percent(50) { "true" } else { "false" };
            self.op_line(format_args!("{result} = \"arith.constant\"() <{{value = {value}}}> : () -> i1"))?;
            self.bools.push(result);
            return Ok(());
        }
        let value = if self.rng.percent(80) { self.rng.range(-16, 64) } else { self.rng.next_u64() as i32 as i64 };
        self.op_line(format_args!("{result} = \"arith.constant\"() <{{value = {value} : i32}}> : () -> i32"))?;
        self.ints.push(result);
        Ok(())
    }

    /// A small dense tensor `arith.constant`: a splat, a list, a 2-D list or an `f32` list.
    fn dense_constant(&mut self) -> io::Result<()> {
        let (literal, ty) = match self.rng.below(4) {
            0 => {
                let ty = TensorType::vector(self.rng.pick(&[4, 8, 16, 64]), Element::I32);
                (format!("{}", self.rng.range(-8, 8)), ty)
            }
            1 => (self.int_list(4), TensorType::vector(4, Element::I32)),
            2 => {
                let rows = [self.int_list(2), self.int_list(2)].join(", ");
                (format!("[{rows}]"), TensorType { shape: [2, 2], element: Element::I32 })
            }
            _ => {
                let items: Vec<String> = (0..4).map(|_| format!("{:?}", self.quarter())).collect();
                (format!("[{}]", items.join(", ")), TensorType::vector(4, Element::F32))
            }
        };
        let result = self.result();
        self.op_line(format_args!(
            "{result} = \"arith.constant\"() <{{value = dense<{literal}> : {ty}}}> : () -> {ty}"
        ))?;
        self.tensors.push((result, ty));
        Ok(())
    }

    /// An unregistered op consuming values and carrying a dense attribute in its attribute dictionary.
    fn use_with_dense_attribute(&mut self) -> io::Result<()> {
        let table = self.int_list(4);
        let scalar = self.int();
        let line = match self.tensors.last().copied() {
            Some((tensor, ty)) => format!(
                "\"mc_test.use\"({scalar}, {tensor}) {{mc_test.table = dense<{table}> : tensor<4xi32>}} : (i32, {ty}) -> ()"
            ),
            None => {
                format!("\"mc_test.use\"({scalar}) {{mc_test.table = dense<{table}> : tensor<4xi32>}} : (i32) -> ()")
            }
        };
        self.op_line(format_args!("{line}"))
    }

    /// A large `arith.constant` whose payload is a `dense<"0x...">` hex blob (little-endian elements).
    fn hex_constant(&mut self) -> io::Result<()> {
        let len = self.rng.pick(&[32, 64, 128, 256, 256, 512, 1024]);
        let element = if self.rng.percent(60) { Element::I32 } else { Element::F32 };
        let ty = TensorType::vector(len, element);
        let mut hex = String::with_capacity(len as usize * 8);
        for _ in 0..len {
            let bits = match element {
                Element::I32 => self.rng.next_u64() as u32,
                Element::F32 => self.quarter().to_bits(),
            };
            for byte in bits.to_le_bytes() {
                hex.push(char::from(b"0123456789ABCDEF"[usize::from(byte >> 4)]));
                hex.push(char::from(b"0123456789ABCDEF"[usize::from(byte & 15)]));
            }
        }
        let result = self.result();
        self.op_line(format_args!(
            "{result} = \"arith.constant\"() <{{value = dense<\"0x{hex}\"> : {ty}}}> : () -> {ty}"
        ))?;
        self.tensors.push((result, ty));
        Ok(())
    }

    /// `func.call` of an earlier function, so the symbol table and call types get verified.
    fn call(&mut self) -> io::Result<()> {
        let callee = self.rng.below(self.arities.len() as u64) as usize;
        let args: Vec<String> = (0..self.arities[callee]).map(|_| self.int().to_string()).collect();
        let types = vec!["i32"; args.len()].join(", ");
        let result = self.result();
        self.op_line(format_args!(
            "{result} = \"func.call\"({}) <{{callee = @f{callee}}}> : ({types}) -> i32",
            args.join(", ")
        ))?;
        self.ints.push(result);
        Ok(())
    }

    /// `mc_test.loop`: one region with one block taking the induction variable, ended by `mc_test.yield`.
    fn loop_op(&mut self, budget: u64) -> io::Result<()> {
        let bound = self.int();
        self.op_line(format_args!("\"mc_test.loop\"({bound}) ({{"))?;
        let scope = self.enter_region();
        self.block_header(1)?;
        self.body(budget)?;
        self.op_line(format_args!("\"mc_test.yield\"() : () -> ()"))?;
        self.leave_region(scope);
        self.line(format_args!("}}) : (i32) -> ()"))
    }

    /// `mc_test.if`: two regions whose entry blocks have no label, each yielding an `i32` result.
    fn if_op(&mut self, budget: u64) -> io::Result<()> {
        let condition = self.bool()?;
        let result = self.result();
        self.op_line(format_args!("{result} = \"mc_test.if\"({condition}) ({{"))?;
        for (i, region_budget) in [budget / 2 + 1, budget - budget / 2].into_iter().enumerate() {
            if i > 0 {
                self.line(format_args!("}}, {{"))?;
            }
            let scope = self.enter_region();
            self.body(region_budget)?;
            let value = self.int();
            self.op_line(format_args!("\"mc_test.yield\"({value}) : (i32) -> ()"))?;
            self.leave_region(scope);
        }
        self.line(format_args!("}}) : (i1) -> i32"))?;
        self.ints.push(result);
        Ok(())
    }

    /// `mc_test.cfg`: a three-block region with successors, a self loop and a non-entry block argument.
    ///
    /// Each block dominates the next, so values stay visible from one block to the next.
    fn cfg_op(&mut self, budget: u64) -> io::Result<()> {
        let input = self.int();
        self.op_line(format_args!("\"mc_test.cfg\"({input}) ({{"))?;
        let scope = self.enter_region();
        self.block_header(1)?;
        self.body(budget / 2)?;
        let forwarded = self.int();
        self.op_line(format_args!("\"mc_test.br\"({forwarded})[^bb1] : (i32) -> ()"))?;
        self.block_label(1, 1)?;
        self.body(budget - budget / 2)?;
        let condition = self.bool()?;
        let value = self.int();
        self.op_line(format_args!("\"mc_test.cond_br\"({condition}, {value})[^bb1, ^bb2] : (i1, i32) -> ()"))?;
        self.block_label(2, 0)?;
        self.op_line(format_args!("\"mc_test.yield\"() : () -> ()"))?;
        self.leave_region(scope);
        self.line(format_args!("}}) : (i32) -> ()"))
    }

    /// Writes `^bb0(...)` for an entry block with `args` `i32` arguments.
    fn block_header(&mut self, args: usize) -> io::Result<()> {
        self.block_label(0, args)
    }

    /// Writes `^bbN(...)` (or `^bbN:` without arguments) at the enclosing op's indentation.
    fn block_label(&mut self, block: usize, args: usize) -> io::Result<()> {
        write!(self.out, "{:indent$}^bb{block}", "", indent = self.indent - 2)?;
        for i in 0..args {
            let arg = Value::Arg(self.next_arg);
            self.next_arg += 1;
            write!(self.out, "{}{arg}: i32", if i == 0 { "(" } else { ", " })?;
            self.ints.push(arg);
        }
        writeln!(self.out, "{}:", if args > 0 { ")" } else { "" })
    }

    /// Starts a nested region: deeper indentation, and a scope that [`Self::leave_region`] closes.
    fn enter_region(&mut self) -> Scope {
        self.depth += 1;
        self.indent += 2;
        Scope { ints: self.ints.len(), bools: self.bools.len(), tensors: self.tensors.len() }
    }

    /// Ends a nested region, forgetting the values defined inside it.
    fn leave_region(&mut self, scope: Scope) {
        self.depth -= 1;
        self.indent -= 2;
        self.ints.truncate(scope.ints);
        self.bools.truncate(scope.bools);
        self.tensors.truncate(scope.tensors);
    }

    /// Writes the first line of an op and counts the op.
    fn op_line(&mut self, text: fmt::Arguments<'_>) -> io::Result<()> {
        self.ops += 1;
        self.line(text)
    }

    /// Writes one indented line that starts no op (a region separator or an op's closing line).
    fn line(&mut self, text: fmt::Arguments<'_>) -> io::Result<()> {
        writeln!(self.out, "{:indent$}{text}", "", indent = self.indent)
    }

    /// A fresh `%N` result name.
    fn result(&mut self) -> Value {
        let value = Value::Result(self.next_result);
        self.next_result += 1;
        value
    }

    /// A visible `i32` value, usually a recent one.
    fn int(&mut self) -> Value {
        let len = self.ints.len();
        let window = if self.rng.percent(80) { len.min(RECENT_WINDOW) } else { len };
        self.ints[len - 1 - self.rng.below(window as u64) as usize]
    }

    /// A visible `i1` value, writing an `arith.cmpi` first when none is visible.
    fn bool(&mut self) -> io::Result<Value> {
        if self.bools.is_empty() {
            self.cmpi()?;
        }
        let len = self.bools.len();
        let window = len.min(RECENT_WINDOW);
        Ok(self.bools[len - 1 - self.rng.below(window as u64) as usize])
    }

    /// A list literal of `len` small integers, `[a, b, ...]`.
    fn int_list(&mut self, len: usize) -> String {
        let items: Vec<String> = (0..len).map(|_| self.rng.range(-100, 100).to_string()).collect();
        format!("[{}]", items.join(", "))
    }

    /// A float that is a multiple of 0.25 in [-64, 64], exact in `f32` and in decimal.
    fn quarter(&mut self) -> f32 {
        self.rng.range(-256, 256) as f32 / 4.0
    }
}
