// --pass-timing (also --mlir-timing) reports, on stderr, the wall time of parsing, of each pass
// and nested pipeline (nested entries indented under their pipeline, repeated passes listed once
// per instance), of printing, and the rest, as mlir-opt's execution time report does. Only the
// structure is checked, not the times.

// RUN: mc-opt %s -o /dev/null --pass-timing \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,canonicalize,cse),any(canonicalize),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --strict-whitespace --match-full-lines
// RUN: mc-opt %s -o /dev/null --mlir-timing \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,canonicalize,cse),any(canonicalize),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --strict-whitespace --match-full-lines
// CHECK:===-------------------------------------------------------------------------===
// CHECK-NEXT:                         ... Execution time report ...
// CHECK-NEXT:===-------------------------------------------------------------------------===
// CHECK-NEXT:  Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// CHECK-EMPTY:
// CHECK-NEXT:  ----Wall Time----  ----Name----
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  'func.func' Pipeline
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    CSE
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    Canonicalizer
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    CSE
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  'any' Pipeline
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}    Canonicalizer
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  SymbolDCE
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Output
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Rest
// CHECK-NEXT:{{ +[0-9]+\.[0-9][0-9][0-9][0-9] \(100\.0%\)}}  Total
// CHECK-NOT:{{.}}

// With --split-input-file, each chunk gets its own report, as in mlir-opt.
// RUN: mc-opt %s -o /dev/null --pass-timing --split-input-file --cse 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT-COUNT-2: Execution time report
// SPLIT-NOT:     Execution time report

// Without the flag there is no report.
// RUN: mc-opt %s -o /dev/null --cse 2>&1 | count 0

"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%x: i32):
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "g"}> ({
  "func.return"() : () -> ()
}) : () -> ()
