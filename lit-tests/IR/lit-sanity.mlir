// Checks lit.cfg.py itself; needs no mc tool.
//
// FileCheck and the `mlir-opt-22` substitution resolve to LLVM 22:
// RUN: FileCheck --version | FileCheck %s --check-prefix=VERSION
// RUN: mlir-opt-22 --version | FileCheck %s --check-prefix=VERSION
// VERSION: LLVM version 22.
//
// FILECHECK_OPTS has -enable-var-scope: a variable captured before a
// CHECK-LABEL is undefined after it, so this check must fail.
// RUN: split-file %s %t
// RUN: not FileCheck %t/check.txt --input-file %t/input.txt 2>&1 | FileCheck %s --check-prefix=SCOPE
// SCOPE: undefined variable: V

//--- input.txt
value 42
label
again 42
//--- check.txt
CHECK: value [[V:[0-9]+]]
CHECK-LABEL: label
CHECK: again [[V]]
