// Tensor, Affine, MemRef and SCF ops in upstream's syntax.
func.func @tensor_ops(%t: tensor<?x?xf32>, %i: index, %s: f32, %u: tensor<4x4xf32, #foo.enc<1>>) -> tensor<?x?xf32> {
  %0 = tensor.extract_slice %t[0, %i] [4, %i] [1, 2] : tensor<?x?xf32> to tensor<4x?xf32>
  %1 = tensor.insert_slice %0 into %t[0, %i] [4, %i] [1, 2] : tensor<4x?xf32> into tensor<?x?xf32>
  %2 = tensor.empty(%i) : tensor<?x8xf32>
  %3 = tensor.dim %t, %i : tensor<?x?xf32>
  %4 = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  %5 = tensor.pad %t low[1, %i] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %s : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %6 = tensor.generate %i, %i {
  ^bb0(%a: index, %b: index):
    tensor.yield %s : f32
  } : tensor<?x?xf32>
  %7 = tensor.collapse_shape %0 [[0, 1]] : tensor<4x?xf32> into tensor<?xf32>
  %8 = tensor.expand_shape %7 [[0, 1]] output_shape [2, %i] : tensor<?xf32> into tensor<2x?xf32>
  %9 = tensor.from_elements %s, %s : tensor<2xf32>
  %10 = tensor.splat %s[%i] : tensor<?x4xf32>
  %11 = tensor.rank %t : tensor<?x?xf32>
  %12 = tensor.extract %t[%i, %i] : tensor<?x?xf32>
  %13 = tensor.insert %s into %t[%i, %i] : tensor<?x?xf32>
  %p = tensor.empty() : tensor<4x4x8x8xf32>
  %15 = tensor.concat dim(0) %t, %t : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %16 = tensor.bitcast %t : tensor<?x?xf32> to tensor<?x?xi32>
  return %13 : tensor<?x?xf32>
}

#map = affine_map<(d0)[s0] -> (d0 + s0, d0 - s0 floordiv 4, (d0 * 3) mod 7, -d0 ceildiv 2)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0, -d0 + 10 >= 0)>
func.func @affine_ops(%m: memref<100x100xf32>, %n: index, %s: f32) {
  affine.for %i = 0 to 10 step 2 {
    affine.for %j = max affine_map<(d0) -> (d0, 4)>(%i) to min affine_map<(d0)[s0] -> (d0 + 8, s0)>(%i)[%n] {
      %v = affine.load %m[%i + 1, %j * 2] : memref<100x100xf32>
      affine.store %v, %m[%j, symbol(%n)] : memref<100x100xf32>
      %a = affine.apply affine_map<(d0)[s0] -> ((d0 * 3) mod 7 + s0 floordiv 4)>(%i)[%n]
      %z = "test.map"() {m = #map} : () -> index
      affine.if #set(%i)[%n] {
        affine.yield
      } else {
      }
    }
  }
  %r = affine.for %i = 0 to %n iter_args(%acc = %s) -> (f32) {
    %x = affine.load %m[%i, %i] : memref<100x100xf32>
    %y = arith.addf %acc, %x : f32
    affine.yield %y : f32
  }
  affine.parallel (%i, %j) = (0, 0) to (10, symbol(%n)) step (2, 1) reduce ("addf") -> (f32) {
    %x = affine.load %m[%i, %j] : memref<100x100xf32>
    affine.yield %x : f32
  }
  %d:2 = affine.delinearize_index %n into (10, 10) : index, index
  %l = affine.linearize_index [%d#0, %d#1] by (10, 10) : index
  %mn = affine.min affine_map<(d0)[s0] -> (1000, d0 + 512, s0)>(%n)[%n]
  affine.prefetch %m[%n, %n], read, locality<3>, data : memref<100x100xf32>
  %vv = affine.vector_load %m[%n, %n] : memref<100x100xf32>, vector<8xf32>
  return
}

func.func @memref_ops(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %i: index, %u: memref<*xf32>, %g: memref<4xi8, 1>, %h: memref<8x16xf32, #gpu.address_space<private>>) {
  %0 = memref.alloc(%i) {alignment = 64} : memref<?x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %1 = memref.subview %m[0, %i] [4, 4] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  %2 = memref.cast %1 : memref<4x4xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %3 = memref.reinterpret_cast %u to offset: [0], sizes: [10, %i], strides: [%i, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1]>>
  %4 = memref.alloca() : memref<2xf32, #gpu.address_space<workgroup>>
  %5 = memref.view %g[%i][] : memref<4xi8, 1> to memref<1xi8, 1>
  %b, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<?x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %gg = memref.get_global @glob2 : memref<2x2xf32, strided<[2, 1], offset: 0>>
  %6 = memref.collapse_shape %h [[0, 1]] : memref<8x16xf32, #gpu.address_space<private>> into memref<128xf32, #gpu.address_space<private>>
  memref.dealloc %0 : memref<?x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %ff = arith.constant 1.0 : f32
  %7 = memref.atomic_rmw addf %ff, %m[%i, %i] : (f32, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> f32
  return
}

memref.global "private" constant @glob2 : memref<2x2xf32, strided<[2, 1], offset: 0>> = dense<[[1.0, 2.0], [3.0, 4.0]]>
memref.global @uninit : memref<4xi8, 3> = uninitialized
memref.global "private" constant @glob : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 16}

func.func @scf_ops(%n: index, %c: i1, %t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %f) -> (f32) {
    %b = arith.addf %a, %a : f32
    scf.yield %b : f32
  }
  %1 = scf.if %c -> f32 {
    scf.yield %0 : f32
  } else {
    scf.yield %f : f32
  }
  %2 = scf.while (%x = %0) : (f32) -> f32 {
    %cond = arith.cmpf olt, %x, %f : f32
    scf.condition(%cond) %x : f32
  } do {
  ^bb0(%x: f32):
    scf.yield %x : f32
  }
  %3 = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.thread<x>]}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    scf.reduce
  }
  %4 = scf.index_switch %n -> f32
  case 2 {
    scf.yield %f : f32
  }
  default {
    scf.yield %0 : f32
  }
  %5 = scf.execute_region -> f32 {
    scf.yield %f : f32
  }
  return %4 : f32
}
