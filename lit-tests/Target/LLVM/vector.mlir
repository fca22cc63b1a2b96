// The vector dialect as LLVM vector code: vector<16xi8> is <16 x i8>, loads and stores are
// vector loads and stores at the first element's address, a masked load is llvm.masked.load, a
// mask from a run-time count compares the lane numbers with it (a constant count gives a constant
// mask), from_elements and extract are insertelement and extractelement, and widening_dot is
// MVE's vmlava (llvm.arm.mve.vmldava: signed, adding, not
// exchanging) on the Cortex-M55, acc + reduce.add(sext · sext) elsewhere.

// RUN: mc-translate --mlir-to-llvmir %s --target cortex-m55 --no-c-api | FileCheck %s --check-prefixes=CHECK,MVE
// RUN: mc-translate --mlir-to-llvmir %s --target host --no-c-api | FileCheck %s --check-prefixes=CHECK,HOST

// CHECK-LABEL: define {{.*}} @model_dot(
// CHECK: %[[X:.*]] = load <16 x i8>, ptr %{{.*}}, align 1
// CHECK: %[[MASK:.*]] = icmp slt <16 x i{{32|64}}> <i{{32|64}} 0, i{{32|64}} 1, {{.*}}>, %{{.*}}
// CHECK: %[[SPLAT:.*]] = shufflevector <16 x i8> %{{.*}}, <16 x i8> {{undef|poison}}, <16 x i32> zeroinitializer
// CHECK: %[[T:.*]] = call <16 x i8> @llvm.masked.load.v16i8.p0(ptr {{.*}}, <16 x i1> %[[MASK]], <16 x i8> %[[SPLAT]])
// MVE: %[[D:.*]] = call i32 @llvm.arm.mve.vmldava.v16i8(i32 0, i32 0, i32 0, i32 %{{.*}}, <16 x i8> %[[X]], <16 x i8> %[[T]])
// HOST: sext <16 x i8> %[[X]] to <16 x i32>
// HOST: sext <16 x i8> %[[T]] to <16 x i32>
// HOST: %[[P:.*]] = mul <16 x i32>
// HOST: %[[S:.*]] = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %[[P]])
// HOST: %[[D:.*]] = add i32 %{{.*}}, %[[S]]
// CHECK: store <16 x i8> %[[T]], ptr %{{.*}}, align 1
// CHECK: ret i32 %[[D]]
func.func @dot(%b: !buffer<2x40xi8>, %n: index, %s: i8, %acc: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %x = vector.load %b[%c1, %c16] : !buffer<2x40xi8>, vector<16xi8>
  %m = vector.create_mask %n : vector<16xi1>
  %p = vector.broadcast %s : i8 to vector<16xi8>
  %t = vector.maskedload %b[%c0, %c16], %m, %p : !buffer<2x40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %r = vector.widening_dot %x, %t, %acc : vector<16xi8>, vector<16xi8> into i32
  vector.store %t, %b[%c1, %c0] : !buffer<2x40xi8>, vector<16xi8>
  return %r : i32
}

// A constant count: a constant mask (the first 3 lanes).
// CHECK-LABEL: define {{.*}} @model_constant_mask(
// CHECK: call <16 x i8> @llvm.masked.load.v16i8.p0(ptr {{.*}}, <16 x i1> <i1 true, i1 true, i1 true, i1 false, {{.*}}>,
func.func @constant_mask(%b: !buffer<40xi8>, %acc: i32) -> vector<16xi8> {
  %c3 = arith.constant 3 : index
  %c0_i8 = arith.constant 0 : i8
  %m = vector.create_mask %c3 : vector<16xi1>
  %p = vector.broadcast %c0_i8 : i8 to vector<16xi8>
  %t = vector.maskedload %b[%c3], %m, %p : !buffer<40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  return %t : vector<16xi8>
}

// from_elements is one insertelement per lane, extract an extractelement.
// CHECK-LABEL: define {{.*}} @model_lanes(
// CHECK: %[[V0:.*]] = insertelement <4 x i32> undef, i32 %{{.*}}, i32 0
// CHECK: %[[V1:.*]] = insertelement <4 x i32> %[[V0]], i32 %{{.*}}, i32 1
// CHECK: %[[V2:.*]] = insertelement <4 x i32> %[[V1]], i32 %{{.*}}, i32 2
// CHECK: %[[V3:.*]] = insertelement <4 x i32> %[[V2]], i32 %{{.*}}, i32 3
// CHECK: extractelement <4 x i32> %[[V3]], i32 2
func.func @lanes(%a: i32, %b: i32) -> i32 {
  %v = vector.from_elements %a, %b, %b, %a : vector<4xi32>
  %x = vector.extract %v[2] : i32 from vector<4xi32>
  return %x : i32
}
