//! Import benchmark (run by `scripts/bench-import.sh`, in release):
//!
//! ```text
//! cargo run --release -p mc-tflite --example import_bench -- [--runs N] MODEL.tflite...
//! ```
//!
//! For each model: the file is read once (`std::fs::read`, the first copy of the weights: file
//! to memory), then imported `N` times from those bytes, each time into a new context (reading
//! the flatbuffer + translating into the graph dialect), and verified; the best times are
//! printed. One more import runs with a counting allocator switched on, to show that the
//! weights are copied exactly once more, from the file's bytes into the resource blobs:
//!
//! 1. the blobs hold exactly the bytes of the constant tensors the operators read (their total
//!    equals the sum of those tensors' buffer sizes, and every blob equals its tensor's bytes);
//! 2. no blob aliases the file's bytes (each is its own copy);
//! 3. during the import, each weight buffer of 1 KiB or more was in exactly one heap block, its
//!    blob: the allocator hashes every block of 1 KiB or more the import allocates, when it is
//!    freed (or moved) and, for live ones, after the import, and only the blob matches the
//!    weight's size and hash, so no weight went through a temporary copy;
//! 4. the total allocated during the import minus the weights is the IR itself (printed).
//!
//! Output: one `key=value` line per model (the script makes the table from it).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use mc_ir::AttrKind;

/// Counts heap use: live and peak bytes always; while [`RECORDING`] is on, also the bytes
/// requested and every block of [`LARGE`] bytes or more, with a hash of its contents taken
/// when it is freed (or reallocated), in a fixed table (the allocator cannot allocate).
struct Counting;

static RECORDING: AtomicBool = AtomicBool::new(false);
static REQUESTED: AtomicUsize = AtomicUsize::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
const LARGE: usize = 1024;
const SLOTS: usize = 16384;

/// A large block seen while recording.
struct Block {
    ptr: AtomicUsize,
    size: AtomicUsize,
    /// FNV-1a of the contents when freed; 0 while live.
    hash: AtomicU64,
    freed: AtomicBool,
}

static BLOCKS: [Block; SLOTS] = [const {
    Block {
        ptr: AtomicUsize::new(0),
        size: AtomicUsize::new(0),
        hash: AtomicU64::new(0),
        freed: AtomicBool::new(false),
    }
}; SLOTS];
static BLOCK_COUNT: AtomicUsize = AtomicUsize::new(0);

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

fn on_alloc(ptr: *mut u8, size: usize) {
    let live = LIVE.fetch_add(size, Relaxed) + size;
    PEAK.fetch_max(live, Relaxed);
    if RECORDING.load(Relaxed) {
        REQUESTED.fetch_add(size, Relaxed);
        if size >= LARGE {
            let i = BLOCK_COUNT.fetch_add(1, Relaxed);
            if let Some(block) = BLOCKS.get(i) {
                block.ptr.store(ptr as usize, Relaxed);
                block.size.store(size, Relaxed);
                block.hash.store(0, Relaxed);
                block.freed.store(false, Relaxed);
            }
        }
    }
}

/// Before `ptr` is freed or moved: hash the contents of a recorded block.
fn on_free(ptr: *mut u8, size: usize) {
    LIVE.fetch_sub(size, Relaxed);
    if size < LARGE {
        return;
    }
    let count = BLOCK_COUNT.load(Relaxed).min(SLOTS);
    if let Some(block) = BLOCKS[..count].iter().find(|b| b.ptr.load(Relaxed) == ptr as usize && !b.freed.load(Relaxed))
    {
        // SAFETY: the block is still allocated, `size` bytes long.
        let bytes = unsafe { std::slice::from_raw_parts(ptr, size) };
        block.hash.store(fnv(bytes), Relaxed);
        block.freed.store(true, Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            on_alloc(p, layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            on_alloc(p, layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        on_free(ptr, layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        on_free(ptr, layout.size());
        // SAFETY: forwarded unchanged.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            LIVE.fetch_add(layout.size(), Relaxed);
        } else {
            on_alloc(p, new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn context() -> mc_ir::Context {
    let mut ctx = mc_ir::Context::new();
    mc_dialects::register_all(&mut ctx);
    ctx
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1000.0)
}

fn bench(path: &str, runs: usize) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let report = |ctx: &mc_ir::Context, diags: &[mc_ir::Diagnostic]| {
        diags.iter().map(|d| mc_ir::diagnostics::source::render(ctx, d, &[])).collect::<String>()
    };

    // Timing: best of `runs`; reading + translating, then verifying.
    let (mut import_best, mut verify_best) = (Duration::MAX, Duration::MAX);
    for _ in 0..runs {
        let mut ctx = context();
        let start = Instant::now();
        let model = mc_tflite::Model::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let module = mc_tflite::import::import_model(&mut ctx, &model, path).map_err(|d| report(&ctx, &[d]))?;
        let imported = Instant::now();
        mc_tflite::import::verify(&ctx, module, &model).map_err(|d| report(&ctx, &d))?;
        import_best = import_best.min(imported - start);
        verify_best = verify_best.min(imported.elapsed());
    }

    // What the importer must copy: the bytes of every constant tensor an operator reads or a
    // subgraph returns.
    let model = mc_tflite::Model::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let mut weights: Vec<&[u8]> = Vec::new();
    let mut buffers_shared = 0;
    for subgraph in model.subgraphs() {
        let mut used = vec![false; subgraph.tensors().len()];
        for op in subgraph.operators() {
            for &t in op.inputs().iter().flatten() {
                used[t] = true;
            }
        }
        for &t in subgraph.outputs() {
            used[t] = true;
        }
        let mut seen = std::collections::HashSet::new();
        for (t, tensor) in subgraph.tensors().iter().enumerate() {
            if let (true, Some(data)) = (used[t], tensor.data()) {
                weights.push(data);
                if !seen.insert(tensor.buffer_index()) {
                    buffers_shared += 1;
                }
            }
        }
    }
    let weight_bytes: usize = weights.iter().map(|w| w.len()).sum();

    // One import with the counting allocator on.
    let mut ctx = context();
    let baseline = LIVE.load(Relaxed);
    PEAK.store(baseline, Relaxed);
    REQUESTED.store(0, Relaxed);
    BLOCK_COUNT.store(0, Relaxed);
    RECORDING.store(true, Relaxed);
    let model = mc_tflite::Model::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let module = mc_tflite::import::import_model(&mut ctx, &model, path).map_err(|d| report(&ctx, &[d]))?;
    RECORDING.store(false, Relaxed);
    let requested = REQUESTED.load(Relaxed);
    let heap_peak = PEAK.load(Relaxed) - baseline;
    if BLOCK_COUNT.load(Relaxed) > SLOTS {
        return Err(format!("{path}: more than {SLOTS} large blocks to check"));
    }
    // (size, contents hash) of every large block the import allocated: freed ones as they were
    // when freed, live ones (the blobs, the IR's tables) as they are now.
    let large_blocks: Vec<(usize, u64)> = BLOCKS[..BLOCK_COUNT.load(Relaxed)]
        .iter()
        .map(|b| {
            let (ptr, size) = (b.ptr.load(Relaxed), b.size.load(Relaxed));
            let hash = if b.freed.load(Relaxed) {
                b.hash.load(Relaxed)
            } else {
                // SAFETY: a live block of `size` bytes the import allocated and nothing has freed.
                fnv(unsafe { std::slice::from_raw_parts(ptr as *const u8, size) })
            };
            (size, hash)
        })
        .collect();

    // 1. The blobs hold exactly the weights, each blob its tensor's bytes.
    let mut blobs: Vec<&[u8]> = Vec::new();
    for op in ctx.walk_preorder(module.op()) {
        if ctx.op_name_of(op) != "graph.const" {
            continue;
        }
        let value = ctx.attr(op, "value").ok_or("graph.const without a value")?;
        if let AttrKind::DenseResource { name, .. } = ctx.attr_kind(value) {
            blobs.push(&ctx.resources.get(name).ok_or("a blob is missing")?.data);
        }
    }
    let blob_bytes: usize = blobs.iter().map(|b| b.len()).sum();
    let mut sorted_blobs = blobs.clone();
    let mut sorted_weights = weights.clone();
    sorted_blobs.sort();
    sorted_weights.sort();
    if blob_bytes != weight_bytes || sorted_blobs != sorted_weights || blobs.len() != ctx.resources.len() {
        return Err(format!(
            "{path}: the blobs ({} of them, {blob_bytes} bytes) are not the weights ({} tensors, {weight_bytes} bytes)",
            blobs.len(),
            weights.len()
        ));
    }
    // 2. No blob aliases the file.
    let file = bytes.as_ptr_range();
    if let Some(b) = blobs.iter().find(|b| file.contains(&b.as_ptr())) {
        return Err(format!("{path}: a {}-byte blob points into the file's bytes", b.len()));
    }
    // 3. Each large weight's bytes were in exactly one heap block during the import.
    let mut large_weights = 0;
    for w in weights.iter().filter(|w| w.len() >= LARGE) {
        large_weights += 1;
        let key = (w.len(), fnv(w));
        let same_weights = weights.iter().filter(|v| (v.len(), fnv(v)) == key).count();
        let holders = large_blocks.iter().filter(|&&b| b == key).count();
        if holders != same_weights {
            return Err(format!(
                "{path}: the bytes of a {}-byte weight buffer were in {holders} heap blocks during the import \
                 ({same_weights} expected: its blob)",
                w.len()
            ));
        }
    }

    Ok(format!(
        "model={} file_bytes={} weight_bytes={weight_bytes} tensors_with_weights={} shared_buffers={buffers_shared} \
         blobs={} blob_bytes={blob_bytes} blobs_in_file=0 large_weights={large_weights} \
         large_weights_in_one_block=yes allocated_during_import={requested} ir_overhead={} \
         heap_peak_during_import={heap_peak} import_ms={} verify_ms={} runs={runs}",
        std::path::Path::new(path).file_name().map_or(path.into(), |n| n.to_string_lossy()),
        bytes.len(),
        weights.len(),
        blobs.len(),
        requested.saturating_sub(blob_bytes),
        ms(import_best),
        ms(verify_best)
    ))
}

fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    let mut runs = 20;
    let mut paths = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--runs" {
            runs = args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(20);
        } else {
            paths.push(arg);
        }
    }
    if paths.is_empty() {
        eprintln!("usage: import_bench [--runs N] MODEL.tflite...");
        return std::process::ExitCode::from(2);
    }
    for path in paths {
        match bench(&path, runs) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("import_bench: error: {e}");
                return std::process::ExitCode::FAILURE;
            }
        }
    }
    std::process::ExitCode::SUCCESS
}
