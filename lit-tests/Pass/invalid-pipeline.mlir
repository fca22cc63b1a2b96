// Invalid pipelines and pass options: each is rejected with exit code 1 and one exact error,
// located with a caret when it is a problem of the pipeline text. Pipelines are built before the
// input is read, so none of these runs a pass.

// Unknown passes, with a suggestion when one is close.
// RUN: not mc-opt %s --pass-pipeline='builtin.module(func.func(csee))' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN:      mc-opt: error: invalid pass pipeline 'builtin.module(func.func(csee))':
// UNKNOWN-NEXT: 'csee' does not refer to a registered pass; did you mean 'cse'?
// UNKNOWN-NEXT: builtin.module(func.func(csee))
// UNKNOWN-NEXT: {{^                         \^$}}
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalise)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN2
// UNKNOWN2: 'canonicalise' does not refer to a registered pass; did you mean 'canonicalize'?
// RUN: not mc-opt %s --pass-pipeline='builtin.module(frobnicate)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN3
// UNKNOWN3: 'frobnicate' does not refer to a registered pass{{$}}

// Unknown options, with a suggestion or the list of valid ones.
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iteration=3})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION:      mc-opt: error: invalid pass pipeline 'builtin.module(canonicalize{max-iteration=3})':
// OPTION-NEXT: no such option 'max-iteration' for pass 'canonicalize'; did you mean 'max-iterations'?
// OPTION-NEXT: builtin.module(canonicalize{max-iteration=3})
// OPTION-NEXT: {{^               \^$}}
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{verbose})' 2>&1 | FileCheck %s --check-prefix=OPTION2
// OPTION2: no such option 'verbose' for pass 'canonicalize'; valid options: disable-patterns, enable-patterns, max-iterations, max-num-rewrites, region-simplify, test-convergence, top-down
// RUN: not mc-opt %s --pass-pipeline='builtin.module(symbol-dce{x=1})' 2>&1 | FileCheck %s --check-prefix=NO-OPTIONS
// NO-OPTIONS: no such option 'x' for pass 'symbol-dce'; 'symbol-dce' has no options
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{top-down=true top-down=false})' 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: option 'top-down' of pass 'canonicalize' is given more than once

// Bad values: integer, enum, boolean, a missing value, a bad list item.
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=many})' 2>&1 | FileCheck %s --check-prefix=INT
// INT: invalid value 'many' for option 'max-iterations': expected an integer
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=99999999999999999999})' 2>&1 | FileCheck %s --check-prefix=INT-RANGE
// INT-RANGE: invalid value '99999999999999999999' for option 'max-iterations': expected an integer
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{region-simplify=fast})' 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: invalid value 'fast' for option 'region-simplify': expected one of 'disabled', 'normal', 'aggressive'
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{top-down=maybe})' 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: invalid value 'maybe' for option 'top-down': expected a boolean (true or false)
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations})' 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing value for option 'max-iterations': expected an integer
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{enable-patterns})' 2>&1 | FileCheck %s --check-prefix=MISSING-LIST
// MISSING-LIST: missing value for option 'enable-patterns': expected a comma-separated list of string

// Unbalanced parentheses, braces and quotes; missing names and separators.
// RUN: not mc-opt %s --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=OPEN
// OPEN:      expected ')' to close 'builtin.module('
// OPEN-NEXT: builtin.module(func.func(cse)
// OPEN-NEXT: {{^                             \^$}}
// RUN: not mc-opt %s --pass-pipeline='builtin.module(cse))' 2>&1 | FileCheck %s --check-prefix=CLOSE
// CLOSE:      unbalanced parentheses: extra ')' with no open pipeline
// CLOSE-NEXT: builtin.module(cse))
// CLOSE-NEXT: {{^                   \^$}}
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=3)' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE:      unbalanced braces in pass options: missing closing '}'
// BRACE-NEXT: builtin.module(canonicalize{max-iterations=3)
// BRACE-NEXT: {{^                           \^$}}
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{enable-patterns="a,b})' 2>&1 | FileCheck %s --check-prefix=QUOTE
// QUOTE: unterminated quoted string in pass options
// RUN: not mc-opt %s --pass-pipeline='builtin.module(cse canonicalize)' 2>&1 | FileCheck %s --check-prefix=COMMA
// COMMA:      expected ',' or ')' after pipeline element, found 'c'
// COMMA-NEXT: builtin.module(cse canonicalize)
// COMMA-NEXT: {{^                   \^$}}
// RUN: not mc-opt %s --pass-pipeline='builtin.module(cse,)' 2>&1 | FileCheck %s --check-prefix=EMPTY-NAME
// EMPTY-NAME: empty pass name before ')'
// RUN: not mc-opt %s --pass-pipeline='builtin.module(canonicalize{=3})' 2>&1 | FileCheck %s --check-prefix=EMPTY-KEY
// EMPTY-KEY: empty option key before '='
// RUN: not mc-opt %s --pass-pipeline='builtin.module(c$e!)' 2>&1 | FileCheck %s --check-prefix=BAD-CHAR
// BAD-CHAR: invalid character '!' in pass name 'c$e'

// Anchors: a pass name or an anchor with options used as an anchor.
// RUN: not mc-opt %s --pass-pipeline='builtin.module(cse(canonicalize))' 2>&1 | FileCheck %s --check-prefix=NOT-OP
// NOT-OP: 'cse' is not an operation name; a nested pipeline is anchored on an op such as 'func.func', or on 'any'
// RUN: not mc-opt %s --pass-pipeline='builtin.module(func.func{x=1}(cse))' 2>&1 | FileCheck %s --check-prefix=ANCHOR-OPTIONS
// ANCHOR-OPTIONS: op-anchor 'func.func' cannot take options; only passes have options

// Anchor mismatches are found when the pipeline runs, and located at the op.
// RUN: not mc-opt %s --allow-unregistered-dialect --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: invalid-pipeline.mlir:1:1: error: can't run 'func.func' pass manager on 'builtin.module' op
// RUN: not mc-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(arith.addi(cse)))' 2>&1 | FileCheck %s --check-prefix=NOT-ISOLATED
// NOT-ISOLATED:      invalid-pipeline.mlir:{{[0-9]+}}:8: error: 'arith.addi' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'
// NOT-ISOLATED-NEXT: %0 = "arith.addi"(%x, %x) : (i32, i32) -> i32
// NOT-ISOLATED-NEXT: {{^       \^$}}
// RUN: not mc-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(test.isolated(cse))' 2>&1 | FileCheck %s --check-prefix=UNREGISTERED
// UNREGISTERED:      invalid-pipeline.mlir:{{[0-9]+}}:1: error: 'test.isolated' op trying to schedule a pass on an unregistered operation
// UNREGISTERED-NEXT: "test.isolated"() ({
// RUN: not mc-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NOT-TABLE
// NOT-TABLE:      invalid-pipeline.mlir:{{[0-9]+}}:1: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
// NOT-TABLE-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({

// Pass flags: not together with --pass-pipeline; bad options; unknown flags.
// RUN: not mc-opt %s --pass-pipeline='builtin.module(cse)' --canonicalize 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: mc-opt: error: '--pass-pipeline' option can't be used with individual pass options
// RUN: not mc-opt %s --canonicalize=max-iterations=x 2>&1 | FileCheck %s --check-prefix=FLAG-VALUE
// FLAG-VALUE: mc-opt: error: invalid value 'x' for option 'max-iterations': expected an integer
// RUN: not mc-opt %s --canonicalize=max-iterations=3} 2>&1 | FileCheck %s --check-prefix=FLAG-SYNTAX
// FLAG-SYNTAX: mc-opt: error: invalid options for pass 'canonicalize':
// RUN: not mc-opt %s --print-ir-after=csee 2>&1 | FileCheck %s --check-prefix=PRINT-UNKNOWN
// PRINT-UNKNOWN: mc-opt: error: 'csee' does not refer to a registered pass

"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%x: i32):
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()
"test.isolated"() ({
}) : () -> ()
