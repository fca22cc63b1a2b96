// Vector dialect ops in upstream's syntax: transfers, n-D memory ops, masks, contractions,
// shuffles, reductions, scalable vectors and the vector attributes.
func.func @transfers(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %i: index, %v: memref<?x?xvector<4x3xf32>>) -> tensor<?x?xf32> {
  %f0 = arith.constant 0.0 : f32
  %mask = vector.create_mask %i, %i : vector<3x7xi1>
  %0 = vector.transfer_read %m[%i, %i], %f0 {permutation_map = affine_map<(d0, d1)->(d1, d0)>} : memref<?x?xf32>, vector<3x7xf32>
  %1 = vector.transfer_read %m[%i, %i], %f0, %mask {in_bounds = [true, false]} : memref<?x?xf32>, vector<3x7xf32>
  %2 = vector.transfer_read %m[%i, %i], %f0 {permutation_map = affine_map<(d0, d1)->(0)>} : memref<?x?xf32>, vector<8xf32>
  vector.transfer_write %0, %m[%i, %i] {permutation_map = affine_map<(d0, d1)->(d1, d0)>} : vector<3x7xf32>, memref<?x?xf32>
  %3 = vector.transfer_write %1, %t[%i, %i] : vector<3x7xf32>, tensor<?x?xf32>
  %vf = vector.broadcast %f0 : f32 to vector<4x3xf32>
  %4 = vector.transfer_read %v[%i, %i], %vf : memref<?x?xvector<4x3xf32>>, vector<1x1x4x3xf32>
  return %3 : tensor<?x?xf32>
}

func.func @memory(%m: memref<200x100xf32>, %s: memref<?xf32, strided<[1], offset: ?>>, %i: index, %j: index, %v8: vector<8xf32>, %sv: vector<[4]xf32>) {
  %0 = vector.load %m[%i, %j] : memref<200x100xf32>, vector<4x8xf32>
  vector.store %0, %m[%i, %j] : memref<200x100xf32>, vector<4x8xf32>
  %1 = vector.load %s[%i] {nontemporal = true} : memref<?xf32, strided<[1], offset: ?>>, vector<[4]xf32>
  vector.store %sv, %s[%i] {nontemporal = false} : memref<?xf32, strided<[1], offset: ?>>, vector<[4]xf32>
  %2 = vector.load %m[%i, %j] {alignment = 16} : memref<200x100xf32>, vector<8xf32>
  vector.store %2, %m[%i, %j] {alignment = 32 : i64, nontemporal = true} : memref<200x100xf32>, vector<8xf32>
  %mask = vector.constant_mask [3] : vector<8xi1>
  %a2 = vector.maskedload %s[%i], %mask, %v8 {alignment = 8} : memref<?xf32, strided<[1], offset: ?>>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %3 = vector.maskedload %s[%i], %mask, %v8 : memref<?xf32, strided<[1], offset: ?>>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %s[%i], %mask, %3 : memref<?xf32, strided<[1], offset: ?>>, vector<8xi1>, vector<8xf32>
  %idx = arith.constant dense<[0, 2, 4, 6, 8, 10, 12, 14]> : vector<8xi32>
  %4 = vector.gather %m[%i, %j] [%idx], %mask, %v8 : memref<200x100xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %m[%i, %j] [%idx], %mask, %4 : memref<200x100xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %5 = vector.expandload %s[%i], %mask, %v8 : memref<?xf32, strided<[1], offset: ?>>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.compressstore %s[%i], %mask, %5 : memref<?xf32, strided<[1], offset: ?>>, vector<8xi1>, vector<8xf32>
  %tc = vector.type_cast %m : memref<200x100xf32> to memref<vector<200x100xf32>>
  return
}

#contraction_accesses = [
  affine_map<(b0, f0, f1, c0, c1) -> (c0, b0, c1, f0)>,
  affine_map<(b0, f0, f1, c0, c1) -> (b0, c1, c0, f1)>,
  affine_map<(b0, f0, f1, c0, c1) -> (b0, f0, f1)>
]
#contraction_trait = {
  indexing_maps = #contraction_accesses,
  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]
}
func.func @contraction(%arg0 : vector<7x8x16x15xf32>, %arg1 : vector<8x16x7x5xf32>, %arg2 : vector<8x15x5xf32>) -> vector<8x15x5xf32> {
  %0 = vector.contract #contraction_trait %arg0, %arg1, %arg2 : vector<7x8x16x15xf32>, vector<8x16x7x5xf32> into vector<8x15x5xf32>
  %1 = vector.contract {indexing_maps = #contraction_accesses, iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], kind = #vector.kind<maxnumf>} %arg0, %arg1, %arg2 : vector<7x8x16x15xf32>, vector<8x16x7x5xf32> into vector<8x15x5xf32>
  return %1 : vector<8x15x5xf32>
}

func.func @shuffles(%a: vector<4xf32>, %b: vector<2x4xf32>, %c: vector<f32>, %i: index, %s: f32) -> f32 {
  %0 = vector.shuffle %a, %a[0, 1, 2, 3, 7, 6] : vector<4xf32>, vector<4xf32>
  %1 = vector.extract %b[1, 3] : f32 from vector<2x4xf32>
  %2 = vector.extract %b[%i] : vector<4xf32> from vector<2x4xf32>
  %3 = vector.insert %s, %b[0, %i] : f32 into vector<2x4xf32>
  %4 = vector.extract_strided_slice %b {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x4xf32> to vector<2x2xf32>
  %5 = vector.insert_strided_slice %4, %3 {offsets = [0, 2], strides = [1, 1]} : vector<2x2xf32> into vector<2x4xf32>
  %6 = vector.shape_cast %5 : vector<2x4xf32> to vector<8xf32>
  %7 = vector.bitcast %6 : vector<8xf32> to vector<16xf16>
  %8 = vector.transpose %b, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %9 = vector.from_elements %s, %s, %s, %s : vector<2x2xf32>
  %10:4 = vector.to_elements %a : vector<4xf32>
  %11 = vector.interleave %a, %a : vector<4xf32> -> vector<8xf32>
  %12, %13 = vector.deinterleave %11 : vector<8xf32> -> vector<4xf32>
  %14 = vector.step : vector<[4]xindex>
  %15 = vector.broadcast %s : f32 to vector<[8]x4xf32>
  %16 = vector.fma %a, %a, %a : vector<4xf32>
  %17 = vector.outerproduct %a, %a {kind = #vector<kind<add>>} : vector<4xf32>, vector<4xf32>
  %18 = vector.reduction <add>, %a : vector<4xf32> into f32
  %19 = vector.reduction <maximumf>, %a, %s {fastmath = #arith.fastmath<nnan, ninf>} : vector<4xf32> into f32
  %20 = vector.multi_reduction <add>, %b, %a [0] : vector<2x4xf32> to vector<4xf32>
  %21:2 = vector.scan <add>, %b, %a {inclusive = true, reduction_dim = 0} : vector<2x4xf32>, vector<4xf32>
  vector.print %a : vector<4xf32>
  vector.print str "hello\n"
  vector.print punctuation <comma>
  %vs = vector.vscale
  %22 = vector.extract %c[] : f32 from vector<f32>
  return %22 : f32
}

func.func @masks(%m: memref<?xf32>, %a: vector<16xf32>, %i: index) -> vector<16xf32> {
  %mask = vector.create_mask %i : vector<16xi1>
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %0 = vector.mask %mask { vector.transfer_read %m[%c0], %f0 : memref<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  %1 = vector.mask %mask { vector.reduction <add>, %0 : vector<16xf32> into f32 } : vector<16xi1> -> f32
  vector.mask %mask { vector.transfer_write %0, %m[%c0] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
  %cm = vector.constant_mask [2, 8] : vector<4x[8]xi1>
  return %0 : vector<16xf32>
}

func.func @constants() -> (vector<2x[4]xi8>, vector<4xf16>) {
  %0 = arith.constant dense<1> : vector<2x[4]xi8>
  %1 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf16>
  %2 = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi64>
  %3 = arith.addi %2, %2 : vector<2x2xi64>
  %4 = arith.cmpi slt, %3, %2 : vector<2x2xi64>
  %5 = arith.select %4, %3, %2 : vector<2x2xi1>, vector<2x2xi64>
  %6 = arith.sitofp %5 : vector<2x2xi64> to vector<2x2xf32>
  return %0, %1 : vector<2x[4]xi8>, vector<4xf16>
}

// -----

func.func @memory_forms(%m: memref<200x100xf32>, %vm: memref<200x100xvector<4x8xf32>>, %d: memref<?xi32>, %i: index, %j: index, %sv: vector<[4]xi32>) -> vector<[4]xi32> {
  %0 = vector.load %m[%i, %j] : memref<200x100xf32>, vector<f32>
  vector.store %0, %m[%i, %j] : memref<200x100xf32>, vector<f32>
  %1 = vector.load %vm[%i, %j] : memref<200x100xvector<4x8xf32>>, vector<4x8xf32>
  vector.store %1, %vm[%i, %j] : memref<200x100xvector<4x8xf32>>, vector<4x8xf32>
  %2 = vector.load %d[%i] : memref<?xi32>, vector<[4]xi32>
  vector.store %sv, %d[%i] : memref<?xi32>, vector<[4]xi32>
  %3 = vector.broadcast %0 : vector<f32> to vector<4xf32>
  %4 = vector.broadcast %3 : vector<4xf32> to vector<2x3x4xf32>
  %5 = vector.broadcast %i : index to vector<index>
  %6 = vector.broadcast %sv : vector<[4]xi32> to vector<2x[4]xi32>
  %c1 = vector.broadcast %0 : vector<f32> to vector<1x1xf32>
  %7 = vector.broadcast %c1 : vector<1x1xf32> to vector<3x5xf32>
  %m0 = vector.create_mask %i : vector<i1>
  %m3 = vector.create_mask %i, %j, %i : vector<2x[4]x8xi1>
  %8 = vector.scalable.insert %2, %sv[0] : vector<[4]xi32> into vector<[4]xi32>
  %9 = vector.scalable.extract %8[4] : vector<4xi32> from vector<[4]xi32>
  return %8 : vector<[4]xi32>
}

func.func @warp(%laneid: index, %v0: vector<4xi32>) -> vector<4xi32> {
  %2 = gpu.warp_execute_on_lane_0(%laneid)[32] args(%v0 : vector<4xi32>) -> (vector<4xi32>) {
  ^bb0(%arg0 : vector<128xi32>):
    %0 = arith.constant dense<2> : vector<128xi32>
    %1 = arith.addi %arg0, %0 : vector<128xi32>
    gpu.yield %1 : vector<128xi32>
  }
  return %2 : vector<4xi32>
}

func.func @mask_forms(%m0: vector<16xi1>, %a: vector<16xf32>, %M: vector<3x[8]x4xi1>, %A: vector<3x4xf32>, %B: vector<4x[8]xf32>, %C: vector<3x[8]xf32>) -> vector<3x[8]xf32> {
  vector.mask %m0 { } : vector<16xi1>
  %0 = vector.mask %m0 { vector.yield %a : vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  %1 = vector.mask %M { vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %A, %B, %C : vector<3x4xf32>, vector<4x[8]xf32> into vector<3x[8]xf32> } : vector<3x[8]x4xi1> -> vector<3x[8]xf32>
  %min = vector.reduction <minnumf>, %a fastmath<reassoc,nnan,ninf> : vector<16xf32> into f32
  return %1 : vector<3x[8]xf32>
}
