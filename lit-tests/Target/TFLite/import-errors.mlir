// Bad input: mc-translate exits 1 with one located error (and the importer's note naming the
// TFLite operator and tensor for verifier errors), never a crash. The small models in Inputs/
// are made by the importer tests (tests/import/errors.rs, MC_BLESS=1 rewrites them).

// A model cut after 1000 bytes (the model must exist: `head` fails otherwise).
// RUN: head -c 1000 %{models}/vww_96_int8.tflite > %t.truncated
// RUN: not mc-translate --import-tflite %t.truncated 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: {{.*}}.truncated:0:0: error: corrupted flatbuffer at buffer 0: {{.*}}Invalid offset
// TRUNCATED-NOT: error

// This text file is not a model (its bytes 4..8 are "ad i" of "// Bad input").
// RUN: not mc-translate --import-tflite %s 2>&1 | FileCheck %s --check-prefix=NOT-TFLITE
// NOT-TFLITE: import-errors.mlir:0:0: error: not a TFLite file: bytes 4..8 are "ad i", not the TFLite file identifier "TFL3"

// RUN: not mc-translate --import-tflite %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: mc-translate: error: could not open input file '{{.*}}.does-not-exist': No such file or directory

// RUN: not mc-translate --import-tflite %S/Inputs/custom-op.tflite 2>&1 | FileCheck %s --check-prefix=CUSTOM
// A custom operator mc compiles, but with one input and one output (it takes three and writes four).
// CUSTOM: custom-op.tflite:0:0: error: subgraph 0, operator 0 (custom "TFLite_Detection_PostProcess" v1) writing tensor 1 'y': TFLite_Detection_PostProcess takes 3 inputs and writes 4 outputs, but the operator lists 1 and 1

// RUN: not mc-translate --import-tflite %S/Inputs/out-of-order.tflite 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: out-of-order.tflite:0:0: error: subgraph 0, operator 0 (ADD v1) writing tensor 1 'y': tensor 2 't' is read before any operator writes it (the graph is cyclic or out of order)

// Imported, rejected by the graph verifier.
// RUN: not mc-translate --import-tflite %S/Inputs/add-shape-mismatch.tflite 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY:      add-shape-mismatch.tflite:0:0: error: 'graph.add' op result shape [1, 5] does not match the inferred shape [1, 4]
// VERIFY-NEXT: add-shape-mismatch.tflite:0:0: note: subgraph 0, operator 1 (ADD v1) writing tensor 2 'z'
// VERIFY-NOT:  error
