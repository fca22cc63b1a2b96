// graph-canonicalize: the graph dialect's folds and canonicalization patterns. They are the ops'
// fold/canonicalize hooks, so the generic canonicalize gives the same results (second RUN line);
// graph-canonicalize leaves other dialects' patterns out (last case).

// RUN: mc-opt --print-generic %s --split-input-file --graph-canonicalize | FileCheck %s --check-prefixes=CHECK,GRAPH
// RUN: mc-opt --print-generic %s --split-input-file --canonicalize | FileCheck %s --check-prefixes=CHECK,CANON
// RUN: mc-opt --print-generic %s --split-input-file --pass-pipeline='builtin.module(func.func(graph-canonicalize{test-convergence top-down=false}))' | FileCheck %s --check-prefixes=CHECK,GRAPH
// RUN: mc-opt --print-generic %s --split-input-file --graph-canonicalize=disable-patterns=RemoveAdjacentReshape | FileCheck %s --check-prefix=NOCHAIN
// Upstream MLIR reads the result.
// RUN: mc-opt --print-generic %s --split-input-file --graph-canonicalize | mlir-opt-22 --allow-unregistered-dialect --split-input-file > /dev/null

// A keyword-spotting tail: pool, reshape to 8x8, reshape to [1, -1] by a constant shape operand.
// The chain collapses to one reshape of the pool, the shape becomes `new_shape` (verbatim, -1
// included), the constant goes, and every type keeps its int8 quantization.
// CHECK-LABEL: sym_name = "reshape_chain"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x5x5x64x!quant.uniform<i8:f32, 2.350000e-02:-128>>):
// CHECK-NEXT:    %[[POOL:.*]] = "graph.avg_pool_2d"(%[[X]])
// CHECK-NEXT:    %[[FLAT:.*]] = "graph.reshape"(%[[POOL]]) <{new_shape = array<i64: 1, -1>}> : (tensor<1x1x1x64x!quant.uniform<i8:f32, 2.350000e-02:-128>>) -> tensor<1x64x!quant.uniform<i8:f32, 2.350000e-02:-128>>
// CHECK-NEXT:    "func.return"(%[[FLAT]])
// Without RemoveAdjacentReshape the chain stays; the shape operand still becomes an attribute.
// NOCHAIN-LABEL: sym_name = "reshape_chain"
// NOCHAIN:         %[[R0:.*]] = "graph.reshape"(%{{.*}}) <{new_shape = array<i64: 1, 8, 8>}>
// NOCHAIN-NEXT:    %[[R1:.*]] = "graph.reshape"(%[[R0]]) <{new_shape = array<i64: 1, -1>}>
// NOCHAIN-NEXT:    "func.return"(%[[R1]])
!q = !quant.uniform<i8:f32, 0.0235:-128>
"func.func"() <{function_type = (tensor<1x5x5x64x!q>) -> tensor<1x64x!q>, sym_name = "reshape_chain"}> ({
^bb0(%x: tensor<1x5x5x64x!q>):
  %shape = "graph.const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %pool = "graph.avg_pool_2d"(%x) <{filter_h = 5 : i64, filter_w = 5 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x5x5x64x!q>) -> tensor<1x1x1x64x!q>
  %0 = "graph.reshape"(%pool) <{new_shape = array<i64: 1, 8, 8>}> : (tensor<1x1x1x64x!q>) -> tensor<1x8x8x!q>
  %1 = "graph.reshape"(%0, %shape) : (tensor<1x8x8x!q>, tensor<2xi32>) -> tensor<1x64x!q>
  "func.return"(%1) : (tensor<1x64x!q>) -> ()
}) : () -> ()

// -----

// Ops that do nothing fold to their input: a reshape to the same type, a transpose by the
// identity permutation (attribute or constant operand), a pad by zeros (splat constant).
// CHECK-LABEL: sym_name = "identities"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x49x10x8x!quant.uniform<i8:f32, 1.000000e-01:-5>>):
// CHECK-NEXT:    "func.return"(%[[X]], %[[X]]) :
// NOCHAIN-LABEL: sym_name = "identities"
// NOCHAIN-NEXT:  ^bb0(%[[X:.*]]: tensor
// NOCHAIN-NEXT:    "func.return"(%[[X]], %[[X]]) :
!q = !quant.uniform<i8:f32, 0.1:-5>
"func.func"() <{function_type = (tensor<1x49x10x8x!q>) -> (tensor<1x49x10x8x!q>, tensor<1x49x10x8x!q>), sym_name = "identities"}> ({
^bb0(%x: tensor<1x49x10x8x!q>):
  %perm = "graph.const"() <{value = dense<[0, 1, 2, 3]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %zeros = "graph.const"() <{value = dense<0> : tensor<4x2xi32>}> : () -> tensor<4x2xi32>
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 1, 49, 10, 8>}> : (tensor<1x49x10x8x!q>) -> tensor<1x49x10x8x!q>
  %1 = "graph.transpose"(%0, %perm) : (tensor<1x49x10x8x!q>, tensor<4xi32>) -> tensor<1x49x10x8x!q>
  %2 = "graph.transpose"(%1) <{perm = array<i64: 0, 1, 2, 3>}> : (tensor<1x49x10x8x!q>) -> tensor<1x49x10x8x!q>
  %3 = "graph.pad"(%x, %zeros) : (tensor<1x49x10x8x!q>, tensor<4x2xi32>) -> tensor<1x49x10x8x!q>
  %4 = "graph.pad"(%3) <{paddings = array<i64: 0, 0, 0, 0, 0, 0, 0, 0>}> : (tensor<1x49x10x8x!q>) -> tensor<1x49x10x8x!q>
  "func.return"(%2, %4) : (tensor<1x49x10x8x!q>, tensor<1x49x10x8x!q>) -> ()
}) : () -> ()

// -----

// Constant shape-like operands become attributes: transpose perm, mean axes, pad paddings
// (flattened [before0, after0, ...]), strided_slice begin/end/strides (only when all three are
// constant). Ops that do something stay, with their types.
// CHECK-LABEL: sym_name = "lists_to_attributes"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x49x10x8x{{.*}}>, %[[B:.*]]: tensor<4xi32>):
// CHECK-NEXT:    %[[END:.*]] = "graph.const"() <{value = dense<[1, 48, 10, 8]> : tensor<4xi32>}>
// CHECK-NEXT:    %[[ONES:.*]] = "graph.const"() <{value = dense<1> : tensor<4xi32>}>
// CHECK-NEXT:    %[[T:.*]] = "graph.transpose"(%[[X]]) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x49x10x8x!quant.uniform<i8:f32, 1.000000e-01:-5>>) -> tensor<1x8x49x10x!quant.uniform<i8:f32, 1.000000e-01:-5>>
// CHECK-NEXT:    %[[M:.*]] = "graph.mean"(%[[X]]) <{axes = array<i64: 1, 2>, keep_dims = true}> : ({{.*}}) -> tensor<1x1x1x8x!quant.uniform<i8:f32, 2.000000e-01:3>>
// CHECK-NEXT:    %[[P:.*]] = "graph.pad"(%[[X]]) <{paddings = array<i64: 0, 0, 1, 2, 0, 1, 0, 0>}> : ({{.*}}) -> tensor<1x52x11x8x!quant.uniform<i8:f32, 1.000000e-01:-5>>
// CHECK-NEXT:    %[[S:.*]] = "graph.strided_slice"(%[[X]]) <{begin = array<i64: 0, 1, 0, 0>, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end = array<i64: 1, 48, 10, 8>, end_mask = 0 : i64, new_axis_mask = 0 : i64, offset = false, shrink_axis_mask = 0 : i64, strides = array<i64: 1, 1, 1, 1>}> : ({{.*}}) -> tensor<1x47x10x8x!quant.uniform<i8:f32, 1.000000e-01:-5>>
// CHECK-NEXT:    %[[S2:.*]] = "graph.strided_slice"(%[[X]], %[[B]], %[[END]], %[[ONES]])
// CHECK-NEXT:    "func.return"(%[[T]], %[[M]], %[[P]], %[[S]], %[[S2]])
!q = !quant.uniform<i8:f32, 0.1:-5>
!qm = !quant.uniform<i8:f32, 0.2:3>
"func.func"() <{function_type = (tensor<1x49x10x8x!q>, tensor<4xi32>) -> (tensor<1x8x49x10x!q>, tensor<1x1x1x8x!qm>, tensor<1x52x11x8x!q>, tensor<1x47x10x8x!q>, tensor<1x47x10x8x!q>), sym_name = "lists_to_attributes"}> ({
^bb0(%x: tensor<1x49x10x8x!q>, %dynamic_begin: tensor<4xi32>):
  %perm = "graph.const"() <{value = dense<[0, 3, 1, 2]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %axes = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %pads = "graph.const"() <{value = dense<[[0, 0], [1, 2], [0, 1], [0, 0]]> : tensor<4x2xi32>}> : () -> tensor<4x2xi32>
  %begin = "graph.const"() <{value = dense<[0, 1, 0, 0]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %end = "graph.const"() <{value = dense<[1, 48, 10, 8]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %strides = "graph.const"() <{value = dense<1> : tensor<4xi32>}> : () -> tensor<4xi32>
  %t = "graph.transpose"(%x, %perm) : (tensor<1x49x10x8x!q>, tensor<4xi32>) -> tensor<1x8x49x10x!q>
  %m = "graph.mean"(%x, %axes) <{keep_dims = true}> : (tensor<1x49x10x8x!q>, tensor<2xi32>) -> tensor<1x1x1x8x!qm>
  %p = "graph.pad"(%x, %pads) : (tensor<1x49x10x8x!q>, tensor<4x2xi32>) -> tensor<1x52x11x8x!q>
  %s = "graph.strided_slice"(%x, %begin, %end, %strides) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x49x10x8x!q>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<1x47x10x8x!q>
  %s2 = "graph.strided_slice"(%x, %dynamic_begin, %end, %strides) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x49x10x8x!q>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<1x47x10x8x!q>
  "func.return"(%t, %m, %p, %s, %s2) : (tensor<1x8x49x10x!q>, tensor<1x1x1x8x!qm>, tensor<1x52x11x8x!q>, tensor<1x47x10x8x!q>, tensor<1x47x10x8x!q>) -> ()
}) : () -> ()

// -----

// reduce_max and reduce_min take constant axes as attributes as mean does.
// CHECK-LABEL: sym_name = "extremum_axes_to_attributes"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<2x3x4xf32>):
// CHECK-NEXT:    %[[MAX:.*]] = "graph.reduce_max"(%[[X]]) <{axes = array<i64: 0, -1>, keep_dims = false}> : (tensor<2x3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[MIN:.*]] = "graph.reduce_min"(%[[X]]) <{axes = array<i64: 1>, keep_dims = true}> : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT:    "func.return"(%[[MAX]], %[[MIN]])
"func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<3xf32>, tensor<2x1x4xf32>), sym_name = "extremum_axes_to_attributes"}> ({
^bb0(%x: tensor<2x3x4xf32>):
  %axes = "graph.const"() <{value = dense<[0, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %axis = "graph.const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %max = "graph.reduce_max"(%x, %axes) <{keep_dims = false}> : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  %min = "graph.reduce_min"(%x, %axis) <{keep_dims = true}> : (tensor<2x3x4xf32>, tensor<1xi32>) -> tensor<2x1x4xf32>
  "func.return"(%max, %min) : (tensor<3xf32>, tensor<2x1x4xf32>) -> ()
}) : () -> ()

// -----

// A reshape of a constant to another quantization folds to the same stored values under the
// result's quantization (TFLite Micro's RESHAPE copies the bytes).
// CHECK-LABEL: sym_name = "requantized_constant_reshape"
// CHECK-NEXT:    %[[C:.*]] = "graph.const"() <{value = dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>}> : () -> tensor<6x!quant.uniform<i8:f32, 2.000000e-02:17>>
// CHECK-NEXT:    "func.return"(%[[C]])
"func.func"() <{function_type = () -> tensor<6x!quant.uniform<i8:f32, 0.02:17>>, sym_name = "requantized_constant_reshape"}> ({
  %c = "graph.const"() <{value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>}> : () -> tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
  %0 = "graph.reshape"(%c) <{new_shape = array<i64: 6>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<6x!quant.uniform<i8:f32, 0.02:17>>
  "func.return"(%0) : (tensor<6x!quant.uniform<i8:f32, 0.02:17>>) -> ()
}) : () -> ()

// -----

// A slice, a gather and a reverse of a constant to another quantization fold to the stored
// values they pick, under the result's quantization (TFLite Micro's SLICE, GATHER and REVERSE_V2
// copy bytes).
// CHECK-LABEL: sym_name = "requantized_constant_slice_and_gather"
// CHECK-DAG:     %[[G:.*]] = "graph.const"() <{value = dense<{{\[\[}}4, 5, 6]]> : tensor<1x3xi8>}> : () -> tensor<1x3x!quant.uniform<i8:f32, 2.000000e-02:17>>
// CHECK-DAG:     %[[S:.*]] = "graph.const"() <{value = dense<{{\[\[}}5, 6]]> : tensor<1x2xi8>}> : () -> tensor<1x2x!quant.uniform<i8:f32, 2.000000e-02:17>>
// CHECK-DAG:     %[[R:.*]] = "graph.const"() <{value = dense<{{\[\[}}3, 2, 1], [6, 5, 4]]> : tensor<2x3xi8>}> : () -> tensor<2x3x!quant.uniform<i8:f32, 2.000000e-02:17>>
// CHECK:         "func.return"(%[[S]], %[[G]], %[[R]])
"func.func"() <{function_type = () -> (tensor<1x2x!quant.uniform<i8:f32, 0.02:17>>, tensor<1x3x!quant.uniform<i8:f32, 0.02:17>>, tensor<2x3x!quant.uniform<i8:f32, 0.02:17>>), sym_name = "requantized_constant_slice_and_gather"}> ({
  %c = "graph.const"() <{value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>}> : () -> tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
  %0 = "graph.slice"(%c) <{begin = array<i64: 1, 1>, size = array<i64: 1, 2>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x2x!quant.uniform<i8:f32, 0.02:17>>
  %i = "graph.const"() <{value = dense<[1]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %1 = "graph.gather"(%c, %i) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<1xi32>) -> tensor<1x3x!quant.uniform<i8:f32, 0.02:17>>
  %2 = "graph.reverse_v2"(%c) <{axes = array<i64: 1>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.02:17>>
  "func.return"(%0, %1, %2) : (tensor<1x2x!quant.uniform<i8:f32, 0.02:17>>, tensor<1x3x!quant.uniform<i8:f32, 0.02:17>>, tensor<2x3x!quant.uniform<i8:f32, 0.02:17>>) -> ()
}) : () -> ()

// -----

// reduce_all takes constant axes as attributes as mean does.
// CHECK-LABEL: sym_name = "reduce_all_axes_to_attribute"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<2x3x4xi1>):
// CHECK-NEXT:    %[[ALL:.*]] = "graph.reduce_all"(%[[X]]) <{axes = array<i64: 2, 0>, keep_dims = true}> : (tensor<2x3x4xi1>) -> tensor<1x3x1xi1>
// CHECK-NEXT:    "func.return"(%[[ALL]])
"func.func"() <{function_type = (tensor<2x3x4xi1>) -> tensor<1x3x1xi1>, sym_name = "reduce_all_axes_to_attribute"}> ({
^bb0(%x: tensor<2x3x4xi1>):
  %axes = "graph.const"() <{value = dense<[2, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %all = "graph.reduce_all"(%x, %axes) <{keep_dims = true}> : (tensor<2x3x4xi1>, tensor<2xi32>) -> tensor<1x3x1xi1>
  "func.return"(%all) : (tensor<1x3x1xi1>) -> ()
}) : () -> ()

// -----

// sum takes constant axes as attributes as mean does.
// CHECK-LABEL: sym_name = "sum_axes_to_attributes"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<2x3x4xf32>):
// CHECK-NEXT:    %[[SUM:.*]] = "graph.sum"(%[[X]]) <{axes = array<i64: 2, 0>, keep_dims = true}> : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT:    "func.return"(%[[SUM]])
"func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>, sym_name = "sum_axes_to_attributes"}> ({
^bb0(%x: tensor<2x3x4xf32>):
  %axes = "graph.const"() <{value = dense<[2, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %sum = "graph.sum"(%x, %axes) <{keep_dims = true}> : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  "func.return"(%sum) : (tensor<1x3x1xf32>) -> ()
}) : () -> ()

// -----

// Transpose chains compose (perm[i] = inner[outer[i]]); NHWC -> NCHW -> NHWC cancels entirely.
// CHECK-LABEL: sym_name = "transpose_chains"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x4x6x8x{{.*}}>):
// CHECK-NEXT:    %[[T:.*]] = "graph.transpose"(%[[X]]) <{perm = array<i64: 3, 0, 1, 2>}> : ({{.*}}) -> tensor<8x1x4x6x!quant.uniform<i8:f32, 5.000000e-02>>
// CHECK-NEXT:    "func.return"(%[[X]], %[[T]])
!q = !quant.uniform<i8:f32, 0.05:0>
"func.func"() <{function_type = (tensor<1x4x6x8x!q>) -> (tensor<1x4x6x8x!q>, tensor<8x1x4x6x!q>), sym_name = "transpose_chains"}> ({
^bb0(%x: tensor<1x4x6x8x!q>):
  %to_nchw = "graph.const"() <{value = dense<[0, 3, 1, 2]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %nchw = "graph.transpose"(%x, %to_nchw) : (tensor<1x4x6x8x!q>, tensor<4xi32>) -> tensor<1x8x4x6x!q>
  %nhwc = "graph.transpose"(%nchw) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x8x4x6x!q>) -> tensor<1x4x6x8x!q>
  %cnhw = "graph.transpose"(%nchw) <{perm = array<i64: 1, 0, 2, 3>}> : (tensor<1x8x4x6x!q>) -> tensor<8x1x4x6x!q>
  "func.return"(%nhwc, %cnhw) : (tensor<1x4x6x8x!q>, tensor<8x1x4x6x!q>) -> ()
}) : () -> ()

// -----

// A reshape of constant weights folds to a constant of the new shape over the same blob (no
// copy); the quantized type comes from the reshape. A reshape whose shape is not constant keeps
// its operand.
// CHECK-LABEL: sym_name = "reshape_constant"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x16x{{.*}}>, %[[SHAPE:.*]]: tensor<2xi32>):
// CHECK-NEXT:    %[[W:.*]] = "graph.const"() <{value = dense_resource<fc_w> : tensor<2x16xi8>}> : () -> tensor<2x16x!quant.uniform<i8<-127:127>:f32, 3.000000e-03>>
// CHECK-NEXT:    %[[B:.*]] = "graph.const"() <{value = dense<[-3, 7]> : tensor<2xi32>}>
// CHECK-NEXT:    %[[R:.*]] = "graph.reshape"(%[[X]], %[[SHAPE]]) : (tensor<1x16x{{.*}}>, tensor<2xi32>) -> tensor<4x4x{{.*}}>
// CHECK-NEXT:    %[[FC:.*]] = "graph.fully_connected"(%[[X]], %[[W]], %[[B]])
// CHECK-NEXT:    "func.return"(%[[FC]], %[[R]])
// CHECK:       fc_w: "0x10000000
!q = !quant.uniform<i8:f32, 0.5:-128>
!qw = !quant.uniform<i8<-127:127>:f32, 0.003>
!qb = !quant.uniform<i32:f32, 0.0015>
!qo = !quant.uniform<i8:f32, 0.25:10>
"func.func"() <{function_type = (tensor<1x16x!q>, tensor<2xi32>) -> (tensor<1x2x!qo>, tensor<4x4x!q>), sym_name = "reshape_constant"}> ({
^bb0(%x: tensor<1x16x!q>, %shape: tensor<2xi32>):
  %w = "graph.const"() <{value = dense_resource<fc_w> : tensor<32xi8>}> : () -> tensor<32x!qw>
  %w2 = "graph.reshape"(%w) <{new_shape = array<i64: 2, 16>}> : (tensor<32x!qw>) -> tensor<2x16x!qw>
  %b = "graph.const"() <{value = dense<[-3, 7]> : tensor<2xi32>}> : () -> tensor<2x!qb>
  %r = "graph.reshape"(%x, %shape) : (tensor<1x16x!q>, tensor<2xi32>) -> tensor<4x4x!q>
  %fc = "graph.fully_connected"(%x, %w2, %b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x16x!q>, tensor<2x16x!qw>, tensor<2x!qb>) -> tensor<1x2x!qo>
  "func.return"(%fc, %r) : (tensor<1x2x!qo>, tensor<4x4x!q>) -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      fc_w: "0x100000000102030405060708090A0B0C0D0E0F10F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF00"
    }
  }
#-}

// -----

// Chains are not shortened when the end types drift apart: each reshape keeps its input's scale
// within the verifier's tolerance (1e-6 relative), the ends do not.
// CHECK-LABEL: sym_name = "scale_drift"
// CHECK:         "graph.reshape"
// CHECK-NEXT:    "graph.reshape"
!a = !quant.uniform<i8:f32, 0.5:0>
!b = !quant.uniform<i8:f32, 0.5000004:0>
!c = !quant.uniform<i8:f32, 0.5000008:0>
"func.func"() <{function_type = (tensor<4x!a>) -> tensor<4x!c>, sym_name = "scale_drift"}> ({
^bb0(%x: tensor<4x!a>):
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 2, 2>}> : (tensor<4x!a>) -> tensor<2x2x!b>
  %1 = "graph.reshape"(%0) <{new_shape = array<i64: 4>}> : (tensor<2x2x!b>) -> tensor<4x!c>
  "func.return"(%1) : (tensor<4x!c>) -> ()
}) : () -> ()

// -----

// graph-canonicalize folds every op (the greedy driver's folding is generic) but applies only
// graph patterns: arith's reassociation of (x + 1) + 2 is canonicalize's alone.
// CHECK-LABEL: sym_name = "only_graph_patterns"
// GRAPH:         %[[ONE:.*]] = "arith.constant"() <{value = 1 : i32}>
// GRAPH:         %[[S:.*]] = "arith.addi"(%{{.*}}, %[[ONE]])
// GRAPH:         "arith.addi"(%[[S]], %{{.*}})
// CANON:         %[[THREE:.*]] = "arith.constant"() <{value = 3 : i32}>
// CANON-NEXT:    %[[S:.*]] = "arith.addi"(%{{.*}}, %[[THREE]])
// CANON-NEXT:    "func.return"(%[[S]])
"func.func"() <{function_type = (i32) -> i32, sym_name = "only_graph_patterns"}> ({
^bb0(%x: i32):
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %0 = "arith.addi"(%x, %c1) : (i32, i32) -> i32
  %1 = "arith.addi"(%0, %c2) : (i32, i32) -> i32
  "func.return"(%1) : (i32) -> ()
}) : () -> ()

// -----

// The math functions and the f32 arithmetic of the elementwise family fold on dense f32
// constants, as TFLite Micro computes them: round is RoundToNearest (-0.25 gives +0.0, 2.5
// gives 2), div clamps to its activation, floor_div floors the double quotient, floor_mod
// takes the divisor's sign, operands broadcast. A floor_div by a constant zero stays (the
// lowering reports it, as TFLM fails on it).
// CHECK-LABEL: sym_name = "elementwise_folds"
// CHECK-DAG: "graph.const"() <{value = dense<[0.000000e+00, 2.000000e+00, -2.000000e+00, 3.000000e+00]> : tensor<4xf32>}>
// CHECK-DAG: "graph.const"() <{value = dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>}>
// CHECK-DAG: "graph.const"() <{value = dense<{{\[}}[6.000000e+00, 1.250000e+00], [6.000000e+00, 2.500000e+00]]> : tensor<2x2xf32>}>
// CHECK-DAG: "graph.const"() <{value = dense<[-3.000000e+00, 2.000000e+00]> : tensor<2xf32>}>
// CHECK-DAG: "graph.const"() <{value = dense<{{\[1.000000e\+00, 1.000000e\+00\]|1.000000e\+00}}> : tensor<2xf32>}>
// CHECK-DAG: "graph.const"() <{value = dense<[3.600000e+01, 9.000000e+00]> : tensor<2xf32>}>
// CHECK-DAG: "graph.const"() <{value = dense<[6.000000e+00, 9.000000e+00]> : tensor<2xf32>}>
// CHECK-DAG: "graph.floor_div"(%{{.*}}, %{{.*}}) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NOT: "graph.round"
// CHECK-NOT: "graph.sqrt"
// CHECK-NOT: "graph.div"
// CHECK-NOT: "graph.floor_mod"
// CHECK-NOT: "graph.squared_difference"
// CHECK-NOT: "graph.add_n"
"func.func"() <{function_type = () -> (tensor<4xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>), sym_name = "elementwise_folds"}> ({
  %r = "graph.const"() <{value = dense<[-0.25, 2.5, -2.5, 2.6]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %0 = "graph.round"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "graph.const"() <{value = dense<[4.0, 9.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %1 = "graph.sqrt"(%s) : (tensor<2xf32>) -> tensor<2xf32>
  %a = "graph.const"() <{value = dense<[[10.0, 5.0], [30.0, 10.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %b = "graph.const"() <{value = dense<[1.0, 4.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %2 = "graph.div"(%a, %b) <{fused_activation = "RELU6"}> : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %x = "graph.const"() <{value = dense<[-5.0, 7.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %y = "graph.const"() <{value = dense<[2.0, 3.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %z = "graph.const"() <{value = dense<[2.0, 0.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %3 = "graph.floor_div"(%x, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %4 = "graph.floor_mod"(%x, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %5 = "graph.squared_difference"(%x, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %6 = "graph.add_n"(%y, %y, %y) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %7 = "graph.floor_div"(%x, %z) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7) : (tensor<4xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
}) : () -> ()

// -----

// ELU of a constant folds as TFLite's float kernel computes it: expm1 below zero (-inf gives
// -1), the input elsewhere (-0.0 stays -0.0).
// CHECK-LABEL: sym_name = "elu_folds"
// CHECK: "graph.const"() <{value = dense<[-1.000000e+00, -0.000000e+00, 2.500000e+00]> : tensor<3xf32>}>
// CHECK-NOT: "graph.elu"
"func.func"() <{function_type = () -> tensor<3xf32>, sym_name = "elu_folds"}> ({
  %c = "graph.const"() <{value = dense<[0xFF800000, -0.0, 2.5]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %0 = "graph.elu"(%c) : (tensor<3xf32>) -> tensor<3xf32>
  "func.return"(%0) : (tensor<3xf32>) -> ()
}) : () -> ()

// -----

// Data movement of constants folds: a slice, a gather and a gather_nd of constant tables
// become constants (quantized storage kept); a gather by run-time indices stays.
// CHECK-LABEL: sym_name = "constant_data_movement"
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[\[}}6, 7], [10, 11]]> : tensor<2x2xi8>}> : () -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:1>>
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[\[}}12, 13, 14, 15], [0, 1, 2, 3]]> : tensor<2x4xi8>}> : () -> tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:1>>
// CHECK-DAG:     "graph.const"() <{value = dense<[9, 4]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>
// CHECK:         "graph.gather"(%{{.*}}, %arg0)
// CHECK-NOT:     "graph.slice"
// CHECK-NOT:     "graph.gather_nd"
!qt = !quant.uniform<i8:f32, 0.5:1>
"func.func"() <{function_type = (tensor<2xi32>) -> (tensor<2x2x!qt>, tensor<2x4x!qt>, tensor<2x!qt>, tensor<2x4x!qt>), sym_name = "constant_data_movement"}> ({
^bb0(%i: tensor<2xi32>):
  %t = "graph.const"() <{value = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi8>}> : () -> tensor<4x4x!qt>
  %begin = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %size = "graph.const"() <{value = dense<[2, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "graph.slice"(%t, %begin, %size) : (tensor<4x4x!qt>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2x!qt>
  %rows = "graph.const"() <{value = dense<[3, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %1 = "graph.gather"(%t, %rows) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<4x4x!qt>, tensor<2xi32>) -> tensor<2x4x!qt>
  %pairs = "graph.const"() <{value = dense<[[2, 1], [1, 0]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %2 = "graph.gather_nd"(%t, %pairs) : (tensor<4x4x!qt>, tensor<2x2xi32>) -> tensor<2x!qt>
  %3 = "graph.gather"(%t, %i) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<4x4x!qt>, tensor<2xi32>) -> tensor<2x4x!qt>
  "func.return"(%0, %1, %2, %3) : (tensor<2x2x!qt>, tensor<2x4x!qt>, tensor<2x!qt>, tensor<2x4x!qt>) -> ()
}) : () -> ()

// -----

// Splits of constants fold to one constant per piece (quantized storage kept), whatever the
// element type; a split of a run-time value stays.
// CHECK-LABEL: sym_name = "constant_splits"
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[\[}}0, 1], [4, 5]]> : tensor<2x2xi8>}> : () -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:1>>
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[\[}}2, 3], [6, 7]]> : tensor<2x2xi8>}> : () -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:1>>
// CHECK-DAG:     "graph.const"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32>
// CHECK-DAG:     "graph.const"() <{value = dense<[3.000000e+00, 4.000000e+00, 5.000000e+00]> : tensor<3xf32>}> : () -> tensor<3xf32>
// CHECK-DAG:     "graph.const"() <{value = dense<[1, 5, 9]> : tensor<3xi32>}> : () -> tensor<3xi32>
// CHECK:         "graph.split"(%arg0)
// CHECK-NOT:     "graph.split_v"
// CHECK-NOT:     "graph.unpack"
!qs = !quant.uniform<i8:f32, 0.5:1>
"func.func"() <{function_type = (tensor<4xf32>) -> (tensor<2x2x!qs>, tensor<2x2x!qs>, tensor<2xf32>, tensor<3xf32>, tensor<3xi32>, tensor<2xf32>), sym_name = "constant_splits"}> ({
^bb0(%x: tensor<4xf32>):
  %t = "graph.const"() <{value = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi8>}> : () -> tensor<2x4x!qs>
  %0:2 = "graph.split"(%t) <{axis = array<i64: -1>, num_splits = 2 : i64}> : (tensor<2x4x!qs>) -> (tensor<2x2x!qs>, tensor<2x2x!qs>)
  %f = "graph.const"() <{value = dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>}> : () -> tensor<5xf32>
  %1:2 = "graph.split_v"(%f) <{size_splits = array<i64: 2, -1>, axis = array<i64: 0>, num_splits = 2 : i64}> : (tensor<5xf32>) -> (tensor<2xf32>, tensor<3xf32>)
  %i = "graph.const"() <{value = dense<[[0, 1], [4, 5], [8, 9]]> : tensor<3x2xi32>}> : () -> tensor<3x2xi32>
  %2:2 = "graph.unpack"(%i) <{axis = 1 : i64, num = 2 : i64}> : (tensor<3x2xi32>) -> (tensor<3xi32>, tensor<3xi32>)
  %3:2 = "graph.split"(%x) <{axis = array<i64: 0>, num_splits = 2 : i64}> : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  "func.return"(%0#0, %0#1, %1#0, %1#1, %2#1, %3#1) : (tensor<2x2x!qs>, tensor<2x2x!qs>, tensor<2xf32>, tensor<3xf32>, tensor<3xi32>, tensor<2xf32>) -> ()
}) : () -> ()

// -----

// Constant axis and size_splits operands of a split of a run-time value become attributes
// (SplitAxisToAttr, SplitVListsToAttr); the constants go.
// CHECK-LABEL: sym_name = "split_lists_to_attrs"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<4x6xf32>):
// CHECK-NEXT:    %{{.*}}:2 = "graph.split"(%[[X]]) <{axis = array<i64: -1>, num_splits = 2 : i64}> : (tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
// CHECK-NEXT:    %{{.*}}:2 = "graph.split_v"(%[[X]]) <{axis = array<i64: 0>, num_splits = 2 : i64, size_splits = array<i64: 1, -1>}> : (tensor<4x6xf32>) -> (tensor<1x6xf32>, tensor<3x6xf32>)
// CHECK-NEXT:    "func.return"
"func.func"() <{function_type = (tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<3x6xf32>), sym_name = "split_lists_to_attrs"}> ({
^bb0(%x: tensor<4x6xf32>):
  %axis = "graph.const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %0:2 = "graph.split"(%x, %axis) <{num_splits = 2 : i64}> : (tensor<4x6xf32>, tensor<i32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  %sizes = "graph.const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %first = "graph.const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %1:2 = "graph.split_v"(%x, %sizes, %first) <{num_splits = 2 : i64}> : (tensor<4x6xf32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<1x6xf32>, tensor<3x6xf32>)
  "func.return"(%0#1, %1#1) : (tensor<4x3xf32>, tensor<3x6xf32>) -> ()
}) : () -> ()
