func.func @v(%m: memref<200x100xf32>, %s: memref<?xf32, strided<[1], offset: ?>>, %i: index, %j: index, %x: vector<8xf32>) {
  %mask = vector.create_mask %i, %j : vector<4x8xi1>
  %scalable = vector.create_mask %i : vector<[4]xi1>
  %l = vector.load %m[%i, %j] {nontemporal = true} : memref<200x100xf32>, vector<4x8xf32>
  %b = vector.broadcast %x : vector<8xf32> to vector<4x8xf32>
  %c = vector.broadcast %i : index to vector<2x[4]xindex>
  %ml = vector.maskedload %m[%i, %j], %mask, %b : memref<200x100xf32>, vector<4x8xi1>, vector<4x8xf32> into vector<4x8xf32>
  vector.maskedstore %m[%i, %j], %mask, %ml : memref<200x100xf32>, vector<4x8xi1>, vector<4x8xf32>
  vector.store %x, %s[%i] : memref<?xf32, strided<[1], offset: ?>>, vector<8xf32>
  %g = "vector.load"(%s, %i) : (memref<?xf32, strided<[1], offset: ?>>, index) -> vector<1x1xf32>
  %e = "vector.broadcast"(%x) : (vector<8xf32>) -> vector<[8]xf32>
  %z = "vector.create_mask"(%i, %i) : (index, index) -> vector<i1>
  return
}
