// Planner plugins selected in usmp's algorithm option: the Rust example (built by `cargo test
// --workspace`) and the C example (built here), loaded together; the residency report shows
// each plugin's plan. `--help` lists the loaded planners among the option's values.
// RUN: cc -shared -fPIC -I %{plugin_include} %{plugins}/c_first_fit/first_fit.c -o %t.first_fit.so
// RUN: mc-opt %s --load-plugin=%{plugin_libs}/libbest_fit_lifetime.so --load-plugin=%t.first_fit.so --pass-pipeline='builtin.module(usmp{algorithm=best_fit_lifetime residency-report=%t.best.json})' | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=BEST --input-file=%t.best.json
// RUN: mc-opt %s --load-plugin=%{plugin_libs}/libbest_fit_lifetime.so --load-plugin=%t.first_fit.so --pass-pipeline='builtin.module(usmp{algorithm=c_first_fit residency-report=%t.first.json})' -o /dev/null
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t.first.json
// RUN: mc-opt --load-plugin=%{plugin_libs}/libbest_fit_lifetime.so --load-plugin=%t.first_fit.so --help | FileCheck %s --check-prefix=HELP
// RUN: not mc-opt %s --pass-pipeline='builtin.module(usmp{algorithm=c_first_fit})' 2>&1 | FileCheck %s --check-prefix=UNLOADED

// IR: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 96 : i64}
// IR: buffer.pool_view @sram_scratch {offset = 64 : i64} : !buffer<1x8xf32>

// Best fit by lifetime: the long-lived 64-byte %1 first at 0, then conv_out and %2 above it.
// BEST: "algorithm": "best_fit_lifetime",
// BEST: "occupied": 96,
// BEST: "name": "conv_out",
// BEST: "offset": 64,
// BEST: "algorithm": "best_fit_lifetime"
// BEST: "name": "%1",
// BEST: "offset": 0,
// BEST: "name": "%2",
// BEST: "offset": 64,

// First fit in order: conv_out at 0, %1 above it, %2 back at 0.
// FIRST: "algorithm": "c_first_fit",
// FIRST: "occupied": 96,
// FIRST: "name": "conv_out",
// FIRST: "offset": 0,
// FIRST: "algorithm": "c_first_fit"
// FIRST: "name": "%1",
// FIRST: "offset": 32,
// FIRST: "name": "%2",
// FIRST: "offset": 0,

// HELP: --algorithm=<greedy_by_size|greedy_by_conflicts|first_fit|hill_climb|exact|auto|best_fit_lifetime|c_first_fit>

// UNLOADED: invalid value 'c_first_fit' for option 'algorithm': expected one of 'greedy_by_size', 'greedy_by_conflicts', 'first_fit', 'hill_climb', 'exact', 'auto' (built-in), or a planner of a plugin given with --load-plugin (none loaded)

func.func @main(%in: !buffer<1x8xf32>, %out: !buffer<1x8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32> loc("conv_out")
  buffer.kernel relu ins(%in : !buffer<1x8xf32>) outs(%a : !buffer<1x8xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x16xf32>
  %v = buffer.view %b {offset = 0 : i64} : !buffer<1x16xf32> to !buffer<1x8xf32, strides: [16, 1], offset: 0>
  buffer.copy %a, %v : !buffer<1x8xf32>, !buffer<1x8xf32, strides: [16, 1], offset: 0>
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.copy %v, %c : !buffer<1x8xf32, strides: [16, 1], offset: 0>, !buffer<1x8xf32>
  buffer.copy %c, %out : !buffer<1x8xf32>, !buffer<1x8xf32>
  return
}
