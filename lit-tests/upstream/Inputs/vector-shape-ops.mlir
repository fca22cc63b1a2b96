// Vector ops mc defines, in upstream's syntax: extract and insert at mixed constant, SSA and
// poison positions, shuffles (0-D and n-D), transposes, reductions with accumulators and fast-math
// flags, shape casts and bitcasts (scalable and 0-D), fma, constant masks.
func.func @ops(%v: vector<2x3xf32>, %f: f32, %i: index, %a: vector<4xf32>, %b: vector<4xf32>, %w: vector<8xi32>, %acc: i32, %s: vector<[4]xf32>, %z: vector<f32>) -> f32 {
  %0 = vector.extract %v[1, %i] : f32 from vector<2x3xf32>
  %1 = vector.extract %v[0] : vector<3xf32> from vector<2x3xf32>
  %2 = vector.extract %v[-1, 2] : f32 from vector<2x3xf32>
  %3 = vector.insert %f, %v[1, 2] : f32 into vector<2x3xf32>
  %4 = vector.insert %1, %v[%i] : vector<3xf32> into vector<2x3xf32>
  %5 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %6 = vector.shuffle %a, %b [0, 7, -1, 2, 4] : vector<4xf32>, vector<4xf32>
  %7 = vector.reduction <add>, %a : vector<4xf32> into f32
  %8 = vector.reduction <maxsi>, %w, %acc : vector<8xi32> into i32
  %9 = vector.reduction <add>, %a fastmath<fast> : vector<4xf32> into f32
  %10 = vector.reduction <mul>, %s, %f fastmath<nnan,ninf> : vector<[4]xf32> into f32
  %11 = vector.shuffle %v, %v [3, 0] : vector<2x3xf32>, vector<2x3xf32>
  %12 = vector.shuffle %z, %z [0, 1] : vector<f32>, vector<f32>
  %13 = vector.extract %v[] : vector<2x3xf32> from vector<2x3xf32>
  %14 = vector.extract %z[] : f32 from vector<f32>
  %15 = vector.insert %f, %z[] : f32 into vector<f32>
  %16 = vector.reduction <minimumf>, %z : vector<f32> into f32
  %17 = vector.extract %v[0] {foo} : vector<3xf32> from vector<2x3xf32>
  return %0 : f32
}

// -----

func.func @ops2(%v: vector<4x2xf32>, %a: vector<8xf32>, %s: vector<4x[2]xf32>, %z: vector<f32>, %i: vector<2xindex>) {
  %0 = vector.shape_cast %v : vector<4x2xf32> to vector<8xf32>
  %1 = vector.shape_cast %s : vector<4x[2]xf32> to vector<[8]xf32>
  %2 = vector.shape_cast %z : vector<f32> to vector<1xf32>
  %3 = vector.bitcast %v : vector<4x2xf32> to vector<4x4xi16>
  %4 = vector.bitcast %z : vector<f32> to vector<i32>
  %5 = vector.bitcast %i : vector<2xindex> to vector<4xi32>
  %6 = vector.fma %a, %a, %a : vector<8xf32>
  %7 = vector.constant_mask [3, 2] : vector<4x3xi1>
  %8 = vector.constant_mask [0, 0] : vector<4x[3]xi1>
  %9 = vector.constant_mask [1] : vector<i1>
  %10 = vector.constant_mask [2, 3] {foo} : vector<4x[3]xi1>
  return
}
