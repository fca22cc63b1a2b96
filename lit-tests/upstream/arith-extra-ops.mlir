// The arith ops upstream has beyond mc's lowering set: they print in upstream's custom form and
// fold their constants as upstream's canonicalize does (the values below are mlir-opt-22's).
//
// RUN: mc-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: mc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// RUN: mc-opt %s | mlir-opt-22 --mlir-print-op-generic > %t.via-mc
// RUN: mlir-opt-22 %s --mlir-print-op-generic > %t.upstream
// RUN: diff %t.via-mc %t.upstream

// ROUND-LABEL: func.func @forms
// ROUND: arith.ceildivsi %arg0, %arg1 : i32
// ROUND: arith.ceildivui %arg0, %arg1 : i32
// ROUND: arith.floordivsi %arg0, %arg1 : i32
// ROUND: arith.maxnumf %arg2, %arg2 : f32
// ROUND: arith.minnumf %arg2, %arg2 : f32
// ROUND: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// ROUND: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// ROUND: %low_0, %high_1 = arith.mului_extended %arg0, %arg1 : i32
// ROUND: arith.bitcast %arg2 : f32 to i32
// ROUND: arith.ceildivsi %arg3, %arg3 : vector<4xi32>

// An extended multiplication whose high half is unused becomes `arith.muli`; maxnumf/minnumf of
// a value and itself fold to the value.
// FOLD-LABEL: func.func @forms
// FOLD-NOT: arith.maxnumf
// FOLD: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// FOLD-NEXT: %[[LOW:.*]] = arith.muli %arg0, %arg1 : i32
// FOLD-NEXT: %low, %high = arith.mului_extended %arg0, %arg1 : i32
func.func @forms(%a: i32, %b: i32, %f: f32, %v: vector<4xi32>) -> (i32, i32, i32, f32, f32, i1, i32, i32, i32, i32, vector<4xi32>) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b : i32
  %2 = arith.floordivsi %a, %b : i32
  %3 = arith.maxnumf %f, %f : f32
  %4 = arith.minnumf %f, %f : f32
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mulsi_extended %a, %b : i32
  %ulow, %uhigh = arith.mului_extended %a, %b : i32
  %5 = arith.bitcast %f : f32 to i32
  %6 = arith.ceildivsi %v, %v : vector<4xi32>
  return %0, %1, %2, %3, %4, %overflow, %low, %uhigh, %sum, %5, %6 : i32, i32, i32, f32, f32, i1, i32, i32, i32, i32, vector<4xi32>
}

// FOLD-LABEL: func.func @folds
// FOLD-DAG: %[[M3:.*]] = arith.constant -3 : i32
// FOLD-DAG: %[[M4:.*]] = arith.constant -4 : i32
// FOLD-DAG: %[[C4:.*]] = arith.constant 4 : i32
// FOLD-DAG: %[[C3:.*]] = arith.constant 3 : i32
// FOLD-DAG: %[[C1:.*]] = arith.constant 1 : i32
// FOLD-DAG: %[[TRUE:.*]] = arith.constant true
// FOLD-DAG: %[[C7:.*]] = arith.constant 7 : i32
// FOLD-DAG: %[[C0:.*]] = arith.constant 0 : i32
// FOLD-DAG: %[[CM7:.*]] = arith.constant -7 : i32
// FOLD-DAG: %[[C6:.*]] = arith.constant 6 : i32
// FOLD-DAG: %[[BITS:.*]] = arith.constant 1069547520 : i32
// FOLD-DAG: %[[F:.*]] = arith.constant 1.500000e+00 : f32
// FOLD: return %[[M3]], %[[M4]], %[[C4]], %[[C4]], %[[C3]], %[[TRUE]], %[[C1]], %[[C7]], %[[C0]], %[[CM7]], %[[F]], %[[F]], %[[C6]], %[[BITS]], %arg0
func.func @folds(%x: f32) -> (i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, f32, f32, i32, i32, f32) {
  %c7 = arith.constant 7 : i32
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %cmax = arith.constant -1 : i32
  %f = arith.constant 1.5 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.ceildivsi %cm7, %c2 : i32
  %1 = arith.floordivsi %cm7, %c2 : i32
  %2 = arith.ceildivui %c7, %c2 : i32
  %3 = arith.ceildivsi %c7, %c2 : i32
  %4 = arith.floordivsi %c7, %c2 : i32
  %sum, %overflow = arith.addui_extended %cmax, %c2 : i32, i1
  %low, %high = arith.mulsi_extended %cmax, %cm7 : i32
  %ulow, %uhigh = arith.mului_extended %cmax, %c7 : i32
  %5 = arith.bitcast %f : f32 to i32
  %6 = arith.maxnumf %f, %nan : f32
  %7 = arith.minnumf %nan, %f : f32
  %8 = arith.bitcast %x : f32 to i32
  %9 = arith.bitcast %8 : i32 to f32
  return %0, %1, %2, %3, %4, %overflow, %sum, %low, %high, %ulow, %6, %7, %uhigh, %5, %9 : i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, f32, f32, i32, i32, f32
}

