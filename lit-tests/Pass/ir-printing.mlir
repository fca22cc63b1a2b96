// IR printing around passes (--print-ir-*, also spelled --mlir-print-ir-* as in mlir-opt):
// headers exactly as MLIR writes them, the op the pass ran on (or the whole module with
// --print-ir-module-scope), on stderr, in execution order: a nested pipeline runs all its passes
// on one function before the next function.

// RUN: mc-opt --print-generic %s -o /dev/null --print-ir-after-all \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AFTER-ALL
// AFTER-ALL:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-ALL-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// AFTER-ALL-NEXT: ^bb0(%[[ARG:.*]]: i32):
// AFTER-ALL-NEXT:   %[[SUM:.*]] = "arith.addi"(%[[ARG]], %[[ARG]]) : (i32, i32) -> i32
// AFTER-ALL-NEXT:   %[[PRODUCT:.*]] = "arith.muli"(%[[SUM]], %[[SUM]]) : (i32, i32) -> i32
// AFTER-ALL-NEXT:   "func.return"(%[[PRODUCT]]) : (i32) -> ()
// AFTER-ALL-NEXT: }) : () -> ()
// AFTER-ALL-EMPTY:
// AFTER-ALL-NEXT: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-ALL-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// AFTER-ALL:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-ALL-NEXT: "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
// AFTER-ALL:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-ALL-NEXT: "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
// AFTER-ALL:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTER-ALL-NEXT: "builtin.module"() ({
// AFTER-ALL-NEXT:   "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// AFTER-ALL-NOT:  sym_name = "g"
// AFTER-ALL:      }) : () -> ()
// AFTER-ALL-NOT:  IR Dump

// The same through the mlir-opt spellings, and only before passes.
// RUN: mc-opt --print-generic %s -o /dev/null --mlir-print-ir-before-all \
// RUN:   --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BEFORE-ALL
// BEFORE-ALL:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-ALL-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// BEFORE-ALL-NEXT: ^bb0(%{{.*}}: i32):
// BEFORE-ALL-NEXT:   %{{.*}} = "arith.addi"
// BEFORE-ALL-NEXT:   %{{.*}} = "arith.addi"
// BEFORE-ALL:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-ALL-NEXT: "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
// BEFORE-ALL:      // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// BEFORE-ALL-NEXT: "builtin.module"() ({
// BEFORE-ALL:      sym_name = "g"
// BEFORE-ALL-NOT:  IR Dump

// Selected passes, by argument (a comma-separated list, or the option repeated).
// RUN: mc-opt --print-generic %s -o /dev/null --print-ir-before=cse --print-ir-after=canonicalize,symbol-dce \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SELECTED
// RUN: mc-opt --print-generic %s -o /dev/null --print-ir-before=cse --print-ir-after=canonicalize --print-ir-after=symbol-dce \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SELECTED
// SELECTED:     // -----// IR Dump Before CSE (cse) //----- //
// SELECTED-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// SELECTED-NOT:  IR Dump After CSE
// SELECTED:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// SELECTED:      // -----// IR Dump Before CSE (cse) //----- //
// SELECTED:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// SELECTED-NOT:  IR Dump Before SymbolDCE
// SELECTED:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //

// Only passes that changed the IR: cse on @f, symbol-dce on the module.
// RUN: mc-opt --print-generic %s -o /dev/null --print-ir-after-all --print-ir-after-change \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHANGE
// CHANGE:      // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// CHANGE-NOT:  IR Dump
// CHANGE:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHANGE-NOT:  IR Dump

// The whole module, with the op the pass ran on named in the header.
// RUN: mc-opt --print-generic %s -o /dev/null --print-ir-after-all --print-ir-after-change --print-ir-module-scope \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE
// MODULE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// MODULE-NEXT: "builtin.module"() ({
// MODULE-NEXT:   "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// MODULE:        "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
// MODULE:      // -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //
// MODULE-NEXT: "builtin.module"() ({
// MODULE-NOT:  IR Dump

// A failing pass: its IR is printed after it failed, for each function it failed on.
// RUN: not mc-opt --print-generic %s -o /dev/null --print-ir-after-failure \
// RUN:   --pass-pipeline='builtin.module(func.func(cse,symbol-dce))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAILURE
// FAILURE-NOT:  IR Dump After CSE
// FAILURE:      // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// FAILURE-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// FAILURE:      // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// FAILURE-NEXT: "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
// FAILURE:      error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
// FAILURE:      error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table

// Dumps go to stderr: the output itself has none.
// RUN: mc-opt --print-generic %s --print-ir-after-all --cse 2>/dev/null | FileCheck %s --check-prefix=STDOUT
// STDOUT-NOT: IR Dump
// STDOUT:     "builtin.module"() ({

"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%x: i32):
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  %1 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  %2 = "arith.muli"(%0, %1) : (i32, i32) -> i32
  "func.return"(%2) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
  "func.return"() : () -> ()
}) : () -> ()
