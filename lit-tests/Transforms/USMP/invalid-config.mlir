// RUN: split-file %s %t
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/unknown-bank.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=UNKNOWN
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/read-only.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=READONLY
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/duplicate.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=DUPLICATE
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/syntax.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=SYNTAX
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/typo.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=TYPO
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/budget.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=BUDGET
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/budget-bank.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=BUDGETBANK
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/no-such.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=MISSING
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/budget.toml pools=sram})' 2>&1 | FileCheck %t/model.mlir --check-prefix=BOTH
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{pools=sram:lots})' 2>&1 | FileCheck %t/model.mlir --check-prefix=MALFORMED
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{pools=sram:64,sram:128})' 2>&1 | FileCheck %t/model.mlir --check-prefix=TWICE
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{pools=flash::ro})' 2>&1 | FileCheck %t/model.mlir --check-prefix=NOWRITABLE
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{pools=dtcm:16,sram:48})' 2>&1 | FileCheck %t/model.mlir --check-prefix=NOFIT

// Every way the memory configuration can be wrong, each a clear error naming what conflicts.

//--- unknown-bank.toml
[memory]
[[memory.banks]]
name = "sram"

[[memory.placement]]
name = "conv*"
banks = ["itcm", "sram"]

//--- read-only.toml
[memory]
[[memory.banks]]
name = "sram"
[[memory.banks]]
name = "flash"
access = "ro"

[[memory.placement]]
role = "scratch"
banks = ["flash"]

//--- duplicate.toml
[memory]
[[memory.banks]]
name = "sram"
[[memory.banks]]
name = "sram"

//--- syntax.toml
[memory]
[[memory.banks]]
name = "sram
capacity = 1024

//--- budget.toml
[memory]
[[memory.banks]]
name = "sram"
capacity = 65536

[memory.budgets]
sram = 48

//--- typo.toml
[memory]
planer = "exact"
[[memory.banks]]
name = "sram"

//--- budget-bank.toml
[memory]
[[memory.banks]]
name = "sram"

[memory.budgets]
dtcm = 1024

//--- model.mlir
// UNKNOWN: 'builtin.module' op usmp: {{.*}}unknown-bank.toml:5: placement rule #1 (name = "conv*"): unknown bank 'itcm' (banks: sram)
// READONLY: 'builtin.module' op usmp: {{.*}}read-only.toml:8: placement rule #1 (role = "scratch"): bank 'flash' is read-only and cannot hold scratch buffers
// DUPLICATE: 'builtin.module' op usmp: {{.*}}duplicate.toml: bank 'sram' is declared twice
// SYNTAX: 'builtin.module' op usmp: {{.*}}syntax.toml:3: invalid basic string, expected `"`
// TYPO: 'builtin.module' op usmp: {{.*}}typo.toml:2: unknown key 'planer'; did you mean 'planner'?
// BUDGET: 'builtin.module' op usmp: the buffers do not fit bank 'sram' (budget 48 bytes): 64 bytes planned
// BUDGET-NEXT: @main, scratch pool: 64 bytes planned ({{.*}}), lower bound 64; peak at step 3, live there:
// BUDGET-NEXT: 32 bytes  second
// BUDGET-NEXT: 32 bytes  first
// BUDGETBANK: 'builtin.module' op usmp: {{.*}}budget-bank.toml:6: budget for unknown bank 'dtcm'
// MISSING: 'builtin.module' op usmp: cannot read the config file '{{.*}}no-such.toml'
// BOTH: 'builtin.module' op usmp: give the banks either in 'config' or in 'pools'/'capacity', not both
// MALFORMED: 'builtin.module' op usmp: malformed bank 'sram:lots' in 'pools' (NAME[:CAPACITY[:rw|ro[:ALIGNMENT]]]): capacity 'lots' is not a byte count
// TWICE: 'builtin.module' op usmp: bank 'sram' is declared twice
// NOWRITABLE: 'builtin.module' op usmp: scratch buffer 'first' of @main has no writable bank to go to
// NOFIT: 'builtin.module' op usmp: the buffers do not fit bank 'sram' (budget 48 bytes): 64 bytes planned
module {
  func.func @main(%in: !buffer<8xf32>, %out: !buffer<8xf32>) {
    %a = buffer.alloc() {role = "scratch", name = "first"} : !buffer<8xf32>
    %b = buffer.alloc() {role = "scratch", name = "second"} : !buffer<8xf32>
    buffer.copy %in, %a : !buffer<8xf32>, !buffer<8xf32>
    buffer.copy %a, %b : !buffer<8xf32>, !buffer<8xf32>
    buffer.copy %b, %out : !buffer<8xf32>, !buffer<8xf32>
    return
  }
}
