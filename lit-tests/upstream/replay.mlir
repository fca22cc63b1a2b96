// Replays MLIR inputs written in upstream's test syntax (Inputs/, see README.md there): every
// top-level op upstream accepts goes mlir-opt-22 -> mc-opt -> mlir-opt-22 and must come back
// as the same text.
//
// RUN: %python %S/replay.py --mc-opt mc-opt --mlir-opt mlir-opt-22 %S/Inputs/affine.mlir %S/Inputs/arith.mlir %S/Inputs/builtin.mlir %S/Inputs/elements.mlir %S/Inputs/floats.mlir %S/Inputs/memref.mlir %S/Inputs/vector.mlir | FileCheck %s
//
// CHECK: replayed [[N:[0-9]+]]/[[N]] top-level ops (100.0%)
