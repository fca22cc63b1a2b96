// The arith ops upstream has beyond the ones mc lowers (ceildivsi, floordivsi, ceildivui, maxnumf,
// minnumf, addui_extended, mulsi_extended, mului_extended, bitcast), on scalars and vectors.
func.func @arith_new(%a: i32, %b: i32, %f: f32, %v: vector<4xi32>) -> (i32, i32, i32, f32, f32, i1, i32, i32, i32, i32, f32, vector<4xi32>) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b : i32
  %2 = arith.floordivsi %a, %b : i32
  %3 = arith.maxnumf %f, %f : f32
  %4 = arith.minnumf %f, %f : f32
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mulsi_extended %a, %b : i32
  %ulow, %uhigh = arith.mului_extended %a, %b : i32
  %5 = arith.bitcast %f : f32 to i32
  %6 = arith.bitcast %5 : i32 to f32
  %7 = arith.ceildivsi %v, %v : vector<4xi32>
  return %0, %1, %2, %3, %4, %overflow, %low, %uhigh, %sum, %5, %6, %7 : i32, i32, i32, f32, f32, i1, i32, i32, i32, i32, f32, vector<4xi32>
}
func.func @fold() -> (i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, f32, f32, i32, i32) {
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
  return %0, %1, %2, %3, %4, %overflow, %sum, %low, %high, %ulow, %6, %7, %uhigh, %5 : i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, f32, f32, i32, i32
}
