// Vector types, fixed and scalable, in the syntax upstream's Vector dialect tests use.
func.func @vector_types(%a: vector<8xi64>, %b: vector<[8]xi64>, %c: vector<2x[4]xf32>, %d: vector<f32>) -> vector<4x4xindex> {
  %0 = "test.vector_op"(%a, %b, %c, %d) : (vector<8xi64>, vector<[8]xi64>, vector<2x[4]xf32>, vector<f32>) -> vector<4x4xindex>
  return %0 : vector<4x4xindex>
}

// -----

func.func @vector_arith(%a: vector<4xi32>, %b: vector<4xi32>, %f: vector<[4]xf32>) -> vector<4xi32> {
  %0 = arith.addi %a, %b : vector<4xi32>
  %1 = arith.muli %0, %b : vector<4xi32>
  %2 = arith.addf %f, %f : vector<[4]xf32>
  %3 = arith.constant dense<1> : vector<4xi32>
  %4 = arith.subi %1, %3 : vector<4xi32>
  return %4 : vector<4xi32>
}

// -----

"test.vectors"() {t = vector<1x2x3x4xf16>, s = vector<[1]x[2]xi1>, m = vector<3x[16]xbf16>,
  d = dense<[1.0, 2.0]> : vector<2xf32>, i = dense<7> : vector<2x2xi8>} : () -> ()
