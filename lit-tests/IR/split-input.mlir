// --split-input-file: each chunk between marker lines (five dashes after `//`) is parsed in a fresh context, outputs are
// joined with the marker (a failed chunk keeps its place, empty), diagnostics carry line numbers
// of the whole file, and --verify-diagnostics checks all chunks. The same file passes upstream's
// --verify-diagnostics.
//
// RUN: split-file %s %t
// RUN: mc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect | FileCheck %s
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not mc-opt %s --split-input-file --allow-unregistered-dialect 2> %t/errors | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERRORS < %t/errors
// RUN: FileCheck %s --check-prefix=NEAR-MISS < %t/errors
//
// Without splitting, the file is one module and the first parse error ends it.
// RUN: not mc-opt %s --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=WHOLE
// WHOLE: split-input.mlir:[[# @LINE + 22]]:{{[0-9]+}}: error: redefinition of SSA value '%0'
// WHOLE-NOT: error
//
// Another input marker; the output marker stays the default, as in mlir-opt.
// RUN: mc-opt %t/custom-marker.mlir '--split-input-file=// =====' --allow-unregistered-dialect | FileCheck %s --check-prefix=CUSTOM
// CUSTOM:      "foo.first"
// CUSTOM-NEXT: {{^}}}
// CUSTOM-NEXT: {{^// -{5}$}}
// CUSTOM-NEXT: {{^}}module {
// CUSTOM-NEXT:   "foo.second"

#a = 1 : i32
%0 = "foo.def"() {a = #a} : () -> i32
// CHECK-LABEL: {{^}}module {
// CHECK-NEXT:    %0 = "foo.def"() {a = 1 : i32} : () -> i32
// CHECK-NEXT:  {{^}}}
// CHECK-NEXT:  {{^// -{5}$}}

// -----

// A fresh context: the alias of the previous chunk is gone, and %0 may be defined again.
// expected-error@+1 {{undefined symbol alias id 'a'}}
%0 = "foo.def"() {a = #a} : () -> i32
// ERRORS: split-input.mlir:[[# @LINE - 1]]:23: error: undefined symbol alias id 'a'
// This chunk fails: it prints nothing between its markers.
// CHECK-NEXT: {{^// -{5}$}}

// -----

"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = () -> (), sym_visibility = "private"} : () -> ()
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:    func.func private @f() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  {{^}}}
// CHECK-NEXT:  {{^// -{5}$}}

// -----

// A chunk of comments only is an empty module.
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:  {{^}}}
// CHECK-NEXT:  {{^// -{5}$}}

// -----

// Symbols of other chunks are not visible either.
"func.func"() ({
^bb0:
  // expected-error@+1 {{'func.call' op 'f' does not reference a valid function}}
  "func.call"() {callee = @f} : () -> ()
  "func.return"() : () -> ()
}) {sym_name = "g", function_type = () -> ()} : () -> ()
// ERRORS: split-input.mlir:[[# @LINE - 3]]:3: error: 'func.call' op 'f' does not reference a valid function
// CHECK-NEXT: {{^// -{5}$}}

// -----

// Errors and notes of a chunk are reported with their lines in the whole file.
"func.func"() ({
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %x = "foo.def"() : () -> i32
  "func.return"() : () -> ()
}) {sym_name = "h", function_type = () -> ()} : () -> ()
// ERRORS: split-input.mlir:[[# @LINE - 5]]:3: error: operand #0 does not dominate this use
// ERRORS: split-input.mlir:[[# @LINE - 4]]:8: note: operand defined here (op in the same block)
// CHECK-NEXT: {{^// -{5}$}}

// -----

// An error at the end of a chunk goes on its last line of code, not on the marker line.
// expected-error@+1 {{expected ')'}}
"foo.op"() : () -> (i32
// ERRORS: split-input.mlir:[[# @LINE - 1]]:24: error: expected ')'
// CHECK-NEXT: {{^// -{5}$}}

// -----

// A marker with a dash missing is a near miss: no split, and a warning on stderr, printed before
// the chunks are processed and (as in mlir-opt) not checked by --verify-diagnostics.
"foo.a"() : () -> ()
// ----
"foo.b"() : () -> ()
// NEAR-MISS: split-input.mlir:[[# @LINE - 2]]:7: warning: near miss with file split marker
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:    "foo.a"() : () -> ()
// CHECK-NEXT:    "foo.b"() : () -> ()
// CHECK-NEXT:  {{^}}}
// CHECK-NEXT:  {{^// -{5}$}}
// The last chunk is the file below (split at the other marker by the CUSTOM run).
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:    "foo.first"() : () -> ()
// CHECK-NEXT:    "foo.second"() : () -> ()
// CHECK-NEXT:  {{^}}}
// CHECK-NOT:   {{.}}

// -----

//--- custom-marker.mlir
"foo.first"() : () -> ()
// =====
"foo.second"() : () -> ()
