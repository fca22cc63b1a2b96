// Textual pass pipelines: nesting, `any`, options of every kind, pass flags, and printing back
// with --dump-pass-pipeline (exactly as mlir-opt prints it: header, one element per line, nested
// pipelines indented by two spaces, then a blank line). The DUMP checks use --strict-whitespace
// and --match-full-lines, so the text after each colon is a whole line, indentation included.

// Nested anchors with options; every option of a pass is printed, in name order.
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline \
// RUN:   --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 top-down=false},cse),symbol-dce)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED --strict-whitespace --match-full-lines
// NESTED:Pass Manager with 2 passes:
// NESTED-NEXT:builtin.module(
// NESTED-NEXT:  func.func(
// NESTED-NEXT:    canonicalize{max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false},
// NESTED-NEXT:    cse
// NESTED-NEXT:  ),
// NESTED-NEXT:  symbol-dce
// NESTED-NEXT:)
// NESTED-EMPTY:

// Whitespace between names, commas, parentheses, braces and options is accepted and not
// printed back (none around '=', as in MLIR).
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline \
// RUN:   --pass-pipeline=' builtin.module ( func.func ( cse , canonicalize { max-iterations=3 } ) ) ' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPACES --strict-whitespace --match-full-lines
// SPACES:Pass Manager with 1 passes:
// SPACES-NEXT:builtin.module(
// SPACES-NEXT:  func.func(
// SPACES-NEXT:    cse,
// SPACES-NEXT:    canonicalize{max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}
// SPACES-NEXT:  )
// SPACES-NEXT:)

// `any` anchors, at the top and nested; repeated anchors are kept apart, as written.
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline --pass-pipeline='any(cse)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ANY --strict-whitespace --match-full-lines
// ANY:Pass Manager with 1 passes:
// ANY-NEXT:any(
// ANY-NEXT:  cse
// ANY-NEXT:)
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline \
// RUN:   --pass-pipeline='builtin.module(any(cse),func.func(cse),func.func(cse{}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ANY-NESTED --strict-whitespace --match-full-lines
// ANY-NESTED:Pass Manager with 3 passes:
// ANY-NESTED-NEXT:builtin.module(
// ANY-NESTED-NEXT:  any(
// ANY-NESTED-NEXT:    cse
// ANY-NESTED-NEXT:  ),
// ANY-NESTED-NEXT:  func.func(
// ANY-NESTED-NEXT:    cse
// ANY-NESTED-NEXT:  ),
// ANY-NESTED-NEXT:  func.func(
// ANY-NESTED-NEXT:    cse
// ANY-NESTED-NEXT:  )
// ANY-NESTED-NEXT:)

// Empty pipelines: the module anchor alone, and an empty nested pipeline.
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline --pass-pipeline='builtin.module()' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY --strict-whitespace --match-full-lines
// EMPTY:Pass Manager with 0 passes:
// EMPTY-NEXT:builtin.module(
// EMPTY-EMPTY:
// EMPTY-NEXT:)
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline --pass-pipeline='builtin.module(func.func())' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY-NESTED --strict-whitespace --match-full-lines
// EMPTY-NESTED:Pass Manager with 1 passes:
// EMPTY-NESTED-NEXT:builtin.module(
// EMPTY-NESTED-NEXT:  func.func(
// EMPTY-NESTED-EMPTY:
// EMPTY-NESTED-NEXT:  )
// EMPTY-NESTED-NEXT:)

// Option values: lists (bare, braced, with a quoted item holding a comma), enums, bare flags
// (true), booleans spelled 0/1, hexadecimal integers. Lists print in braces, as in MLIR; an
// item that needs quotes keeps them.
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline \
// RUN:   --pass-pipeline='builtin.module(canonicalize{enable-patterns=b,a disable-patterns={"x,y",z} region-simplify=aggressive test-convergence top-down=0 max-iterations=0x10 max-num-rewrites=-1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIONS --strict-whitespace --match-full-lines
// OPTIONS:Pass Manager with 1 passes:
// OPTIONS-NEXT:builtin.module(
// OPTIONS-NEXT:  canonicalize{disable-patterns={"x,y",z} enable-patterns={b,a} max-iterations=16 max-num-rewrites=-1 region-simplify=aggressive test-convergence=true top-down=false}
// OPTIONS-NEXT:)

// Quoted and braced scalar values are unwrapped.
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline \
// RUN:   --pass-pipeline="builtin.module(canonicalize{max-iterations='7' region-simplify={disabled} top-down=\"false\"})" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUOTED
// QUOTED: canonicalize{max-iterations=7 max-num-rewrites=-1 region-simplify=disabled test-convergence=false top-down=false}

// Pass flags run in command-line order, on the module, with their options after '='
// (several options separated by spaces, as mlir-opt accepts them).
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline --canonicalize=max-iterations=3 --cse \
// RUN:   '--canonicalize=top-down=false max-iterations=2' --symbol-dce 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FLAGS --strict-whitespace --match-full-lines
// FLAGS:Pass Manager with 4 passes:
// FLAGS-NEXT:builtin.module(
// FLAGS-NEXT:  canonicalize{max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// FLAGS-NEXT:  cse,
// FLAGS-NEXT:  canonicalize{max-iterations=2 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=false},
// FLAGS-NEXT:  symbol-dce
// FLAGS-NEXT:)

// No passes at all: an empty module pipeline.
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: Pass Manager with 0 passes:
// NONE-NEXT: builtin.module(

// Unlike mlir-opt, which wants the anchor, a bare list runs on whatever the root op is and
// prints without one.
// RUN: mc-opt --print-generic %s -o /dev/null --dump-pass-pipeline --pass-pipeline='cse,symbol-dce' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BARE --strict-whitespace --match-full-lines
// BARE:Pass Manager with 2 passes:
// BARE-NEXT:cse,
// BARE-NEXT:symbol-dce
// BARE-EMPTY:

// The pipeline is dumped once per input chunk, after the chunk parsed.
// RUN: mc-opt --print-generic %s -o /dev/null --split-input-file --dump-pass-pipeline --cse 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLIT
// SPLIT-COUNT-2: Pass Manager with 1 passes:
// SPLIT-NOT: Pass Manager

// The pipelines run: nested and `any` pipelines reach the functions, the module-level pass the
// module.
// RUN: mc-opt --print-generic %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' | FileCheck %s --check-prefix=EXEC
// RUN: mc-opt --print-generic %s --pass-pipeline='builtin.module(any(canonicalize),any(cse),symbol-dce)' | FileCheck %s --check-prefix=EXEC
// RUN: mc-opt --print-generic %s --canonicalize --cse --symbol-dce | FileCheck %s --check-prefix=EXEC
// EXEC-LABEL: sym_name = "public"
// EXEC-NEXT:    ^bb0(%[[X:.*]]: i32):
// EXEC-NEXT:      %[[C:.*]] = "arith.constant"() <{value = 5 : i32}> : () -> i32
// EXEC-NEXT:      %[[S:.*]] = "arith.addi"(%[[X]], %[[C]]) : (i32, i32) -> i32
// EXEC-NEXT:      %[[P:.*]] = "arith.muli"(%[[S]], %[[S]]) : (i32, i32) -> i32
// EXEC-NEXT:      "func.return"(%[[P]]) : (i32) -> ()
// EXEC-NOT:   sym_name = "unused"

"func.func"() <{function_type = (i32) -> i32, sym_name = "public"}> ({
^bb0(%x: i32):
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %c5 = "arith.addi"(%c2, %c3) : (i32, i32) -> i32
  %0 = "arith.addi"(%x, %c5) : (i32, i32) -> i32
  %1 = "arith.addi"(%x, %c5) : (i32, i32) -> i32
  %2 = "arith.muli"(%0, %1) : (i32, i32) -> i32
  "func.return"(%2) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "unused", sym_visibility = "private"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "second_chunk"}> ({
  "func.return"() : () -> ()
}) : () -> ()
