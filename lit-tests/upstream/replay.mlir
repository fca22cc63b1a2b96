// Replays MLIR inputs written in upstream's test syntax (Inputs/, see README.md there): every
// top-level op upstream accepts goes mlir-opt-22 -> mc-opt -> mlir-opt-22 and must come back
// as the same text.
//
// RUN: %python %S/replay.py --mc-opt mc-opt --mlir-opt mlir-opt-22 --classes %S/Inputs | FileCheck %s
//
// Every file of the directory is replayed, each reported with its share.
// CHECK: file {{.*}}affine.mlir: [[A:[0-9]+]]/[[A]]
// CHECK: file {{.*}}vector.mlir: [[V:[0-9]+]]/[[V]]
// CHECK-NOT: FAIL
// CHECK-NOT: class
// CHECK: replayed [[N:[0-9]+]]/[[N]] top-level ops (100.0%)
