// Lane-wise vector code as LLVM IR: arith on vector<4xi32> is the same instructions on
// <4 x i32> (shift amounts masked to the lane width, as scalar shifts are), a masked store is
// llvm.masked.store, and the fixed-point ops are MVE's intrinsics on the Cortex-M55 (vqrdmulh;
// vrshl by the negated amount) and their definitions on 64-bit lanes elsewhere.

// RUN: mc-translate --mlir-to-llvmir %s --target cortex-m55 --no-c-api | FileCheck %s --check-prefixes=CHECK,MVE
// RUN: mc-translate --mlir-to-llvmir %s --target host --no-c-api | FileCheck %s --check-prefixes=CHECK,HOST

// CHECK-LABEL: define {{.*}} @model_lanes(
// CHECK: %[[X:.*]] = load <4 x i8>, ptr %{{.*}}, align 1
// CHECK: %[[W:.*]] = sext <4 x i8> %[[X]] to <4 x i32>
// CHECK: %[[P:.*]] = mul <4 x i32> %[[W]], %[[W]]
// CHECK: %[[A:.*]] = and <4 x i32> %{{.*}}, splat (i32 31)
// CHECK: %[[S:.*]] = ashr <4 x i32> %[[P]], %[[A]]
// CHECK: %[[C:.*]] = icmp slt <4 x i32> %[[S]], %[[P]]
// CHECK: %[[M:.*]] = select <4 x i1> %[[C]], <4 x i32> %[[S]], <4 x i32> %[[P]]
// CHECK: %[[L:.*]] = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %[[M]],
// MVE: %[[H:.*]] = call <4 x i32> @llvm.arm.mve.vqrdmulh.v4i32(<4 x i32> %[[L]], <4 x i32> %[[P]])
// HOST: %[[LW:.*]] = sext <4 x i32> %[[L]] to <4 x i64>
// HOST: %[[PW:.*]] = sext <4 x i32> %[[P]] to <4 x i64>
// HOST: %[[PR:.*]] = mul <4 x i64> %[[LW]], %[[PW]]
// HOST: %[[NU:.*]] = add <4 x i64> %[[PR]], splat (i64 1073741824)
// HOST: %[[HI:.*]] = ashr <4 x i64> %[[NU]], splat (i64 31)
// HOST: %[[SAT:.*]] = call <4 x i64> @llvm.smin.v4i64(<4 x i64> %[[HI]], <4 x i64> splat (i64 2147483647))
// HOST: %[[H:.*]] = trunc <4 x i64> %[[SAT]] to <4 x i32>
// CHECK: %[[R:.*]] = and <4 x i32> %{{.*}}, splat (i32 31)
// MVE: %[[NEG:.*]] = sub <4 x i32> zeroinitializer, %[[R]]
// MVE: %[[Q:.*]] = call <4 x i32> @llvm.arm.mve.vshl.vector.v4i32.v4i32(<4 x i32> %[[H]], <4 x i32> %[[NEG]], i32 0, i32 1, i32 0)
// HOST: %[[HW:.*]] = sext <4 x i32> %[[H]] to <4 x i64>
// HOST: %[[RW:.*]] = zext <4 x i32> %[[R]] to <4 x i64>
// HOST: %[[POW:.*]] = shl <4 x i64> splat (i64 1), %[[RW]]
// HOST: %[[HALF:.*]] = lshr <4 x i64> %[[POW]], splat (i64 1)
// HOST: %[[ROUNDED:.*]] = add <4 x i64> %[[HW]], %[[HALF]]
// HOST: %[[SH:.*]] = ashr <4 x i64> %[[ROUNDED]], %[[RW]]
// HOST: %[[Q:.*]] = trunc <4 x i64> %[[SH]] to <4 x i32>
// CHECK: %[[N:.*]] = trunc <4 x i32> %[[Q]] to <4 x i8>
// CHECK: call void @llvm.masked.store.v4i8.p0(<4 x i8> %[[N]], ptr {{.*}}, <4 x i1> <i1 true, i1 true, i1 false, i1 false>)
func.func @lanes(%b: !buffer<8xi8>, %shift: vector<4xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %x = vector.load %b[%c0] : !buffer<8xi8>, vector<4xi8>
  %w = arith.extsi %x : vector<4xi8> to vector<4xi32>
  %p = arith.muli %w, %w : vector<4xi32>
  %s = arith.shrsi %p, %shift : vector<4xi32>
  %c = arith.cmpi slt, %s, %p : vector<4xi32>
  %m = arith.select %c, %s, %p : vector<4xi1>, vector<4xi32>
  %l = arith.maxsi %m, %w : vector<4xi32>
  %h = vector.rounding_doubling_high_mul %l, %p : vector<4xi32>
  %q = vector.rounding_shift_right %h, %shift : vector<4xi32>
  %n = arith.trunci %q : vector<4xi32> to vector<4xi8>
  %mask = vector.create_mask %c2 : vector<4xi1>
  vector.maskedstore %b[%c4], %mask, %n : !buffer<8xi8>, vector<4xi1>, vector<4xi8>
  return
}
