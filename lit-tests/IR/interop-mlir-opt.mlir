// Interoperation with upstream MLIR 22 in both directions: mlir-opt reads mc's generic output, mc
// reads mlir-opt's generic output, and both give ops and block arguments the same locations.
//
// RUN: split-file --leading-lines %s %t
//
// mc -> mlir-opt -> mc: upstream adds its default properties; nothing else changes.
// RUN: mc-opt %t/generic.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=MC-UP-MC
//
// mlir-opt -> mc, from the generic form and from upstream's pretty syntax.
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=MC-UP-MC
// RUN: mlir-opt-22 %t/pretty.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=PRETTY
//
// mc's printing of upstream's output is a fixed point of the round trip through both tools.
// RUN: mlir-opt-22 %t/pretty.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect > %t/once.mlir
// RUN: mlir-opt-22 %t/once.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect > %t/twice.mlir
// RUN: diff %t/once.mlir %t/twice.mlir
//
// Locations: mc and upstream locate ops and block arguments alike, and locations survive the
// trip through upstream, which prints them as `#loc` aliases at the end of the file.
// RUN: mc-opt %t/generic.mlir --allow-unregistered-dialect --print-debuginfo > %t/mc-locs.mlir
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | FileCheck %s --check-prefix=UP-LOCS
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | mc-opt --allow-unregistered-dialect --print-debuginfo > %t/up-locs.mlir
// RUN: FileCheck %s --check-prefix=LOCS < %t/mc-locs.mlir
// RUN: FileCheck %s --check-prefix=LOCS < %t/up-locs.mlir
// RUN: mlir-opt-22 %t/mc-locs.mlir --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | mc-opt --allow-unregistered-dialect --print-debuginfo | FileCheck %s --check-prefix=LOCS

// MC-UP-MC-LABEL: "builtin.module"() ({
// MC-UP-MC:         "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "add"}> ({
// MC-UP-MC-NEXT:    ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// MC-UP-MC-NEXT:      %[[SUM:.*]] = "arith.addi"(%[[A]], %[[B]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// MC-UP-MC-NEXT:      %[[PROD:.*]] = "arith.muli"(%[[SUM]], %[[B]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// MC-UP-MC-NEXT:      %[[CMP:.*]] = "arith.cmpi"(%[[SUM]], %[[PROD]]) <{predicate = 2 : i64}> : (i32, i32) -> i1
// MC-UP-MC-NEXT:      %[[SEL:.*]] = "arith.select"(%[[CMP]], %[[SUM]], %[[PROD]]) : (i1, i32, i32) -> i32
// MC-UP-MC-NEXT:      %[[F:.*]] = "arith.constant"() <{value = 1.5e0 : f32}> : () -> f32
// MC-UP-MC-NEXT:      %{{.*}} = "arith.addf"(%[[F]], %[[F]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// MC-UP-MC-NEXT:      %[[CALL:.*]] = "func.call"(%[[SEL]], %[[A]]) <{callee = @add}> : (i32, i32) -> i32
// MC-UP-MC-NEXT:      "func.return"(%[[CALL]]) : (i32) -> ()
// MC-UP-MC-NEXT:    }) : () -> ()
// MC-UP-MC-NEXT:    "func.func"() <{function_type = (tensor<2x2xf32>) -> (), sym_name = "regions", sym_visibility = "private"}> ({
// MC-UP-MC-NEXT:    ^bb0(%[[X:.*]]: tensor<2x2xf32>):
// MC-UP-MC-NEXT:      %[[D:.*]] = "arith.constant"() <{value = dense<{{\[\[}}1.0e0, 2.0e0], [3.0e0, 4.0e0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
// MC-UP-MC-NEXT:      %[[S:.*]] = "arith.addf"(%[[X]], %[[D]]) <{fastmath = #arith.fastmath<none>}> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// MC-UP-MC-NEXT:      %{{.*}} = "arith.constant"() <{value = dense_resource<weights> : tensor<4xi8>}> : () -> tensor<4xi8>
// MC-UP-MC-NEXT:      %{{.*}} = "arith.constant"() <{value = dense<"0x{{(00010203)+}}"> : tensor<80xi8>}> : () -> tensor<80xi8>
// MC-UP-MC-NEXT:      "foo.cond_br"(%[[S]]) [^bb1, ^bb2] : (tensor<2x2xf32>) -> ()
// MC-UP-MC-NEXT:    ^bb1:
// MC-UP-MC-NEXT:      "foo.region"() ({
// MC-UP-MC-NEXT:      ^bb0(%[[I:.*]]: index):
// MC-UP-MC-NEXT:        "foo.yield"(%[[I]]) : (index) -> ()
// MC-UP-MC-NEXT:      }, {
// MC-UP-MC-NEXT:      }) {arr = array<i32: 1, 2>, splat = dense<7> : tensor<4xi16>, sym = @add, t = tensor<3xi1>, u} : () -> ()
// MC-UP-MC-NEXT:      "foo.br"() [^bb2] : () -> ()
// MC-UP-MC-NEXT:    ^bb2:
// MC-UP-MC-NEXT:      "foo.graph"() ({
// MC-UP-MC-NEXT:        "foo.use"(%[[LATER:.*]]) : (!foo.opaque<"x", [1]>) -> ()
// MC-UP-MC-NEXT:        %[[LATER]] = "foo.def"() {o = #foo.attr<{a = 1}>} : () -> !foo.opaque<"x", [1]>
// MC-UP-MC-NEXT:      }) : () -> ()
// MC-UP-MC-NEXT:      "func.return"() : () -> ()
// MC-UP-MC-NEXT:    }) : () -> ()
// MC-UP-MC-NEXT:  }) : () -> ()
// MC-UP-MC:       {-#
// MC-UP-MC-NEXT:    dialect_resources: {
// MC-UP-MC-NEXT:      builtin: {
// MC-UP-MC-NEXT:        weights: "0x0400000001020304"

// PRETTY-LABEL: "builtin.module"() ({
// PRETTY:         "func.func"() <{function_type = (i32, i1) -> i64, sym_name = "pretty"}> ({
// PRETTY-NEXT:    ^bb0(%[[A:.*]]: i32, %[[C:.*]]: i1):
// PRETTY-NEXT:      %[[K:.*]] = "arith.constant"() <{value = 7 : i32}> : () -> i32
// PRETTY-NEXT:      %[[SUB:.*]] = "arith.subi"(%[[A]], %[[K]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// PRETTY-NEXT:      %[[LT:.*]] = "arith.cmpi"(%[[SUB]], %[[K]]) <{predicate = 2 : i64}> : (i32, i32) -> i1
// PRETTY-NEXT:      %[[AND:.*]] = "arith.select"(%[[C]], %[[LT]], %[[C]]) : (i1, i1, i1) -> i1
// PRETTY-NEXT:      %[[W:.*]] = "arith.extsi"(%[[SUB]]) : (i32) -> i64
// PRETTY-NEXT:      %[[F:.*]] = "arith.sitofp"(%[[SUB]]) : (i32) -> f32
// PRETTY-NEXT:      %[[H:.*]] = "arith.constant"() <{value = -2.5e-1 : f16}> : () -> f16
// PRETTY-NEXT:      %{{.*}} = "arith.constant"() <{value = dense<{{\[}}1, 2, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
// PRETTY-NEXT:      %{{.*}} = "func.call"(%[[W]]) <{callee = @decl}> : (i64) -> i64
// PRETTY-NEXT:      "foo.use"(%[[AND]], %[[F]], %[[H]]) : (i1, f32, f16) -> ()
// PRETTY-NEXT:      "func.return"(%[[W]]) : (i64) -> ()
// PRETTY-NEXT:    }) : () -> ()
// PRETTY-NEXT:    "func.func"() <{function_type = (i64) -> i64, sym_name = "decl", sym_visibility = "private"}> ({
// PRETTY-NEXT:    }) : () -> ()
// PRETTY-NEXT:  }) : () -> ()

// Upstream prints the locations of generic.mlir as aliases, the same ones mc gives.
// UP-LOCS:     #loc{{[0-9]*}} = loc("{{.*}}generic.mlir":[[# @LINE + 13]]:10)

// LOCS:      ^bb0(%arg0: i32 loc("{{.*}}generic.mlir":[[# @LINE + 10]]:8), %arg1: i32 loc("{{.*}}generic.mlir":[[# @LINE + 10]]:17)):
// LOCS-NEXT: "arith.addi"{{.*}} loc("{{.*}}generic.mlir":[[# @LINE + 10]]:10)
// LOCS:      "func.return"{{.*}} loc("{{.*}}generic.mlir":[[# @LINE + 16]]:5)
// LOCS:      }) {arr = {{.*}} loc(fused<"meta">["a.mlir":1:2, callsite("callee"("b.mlir":3:4) at "c.mlir":5:6)])
// LOCS:      "foo.br"{{.*}} loc("named")
// LOCS:      "foo.use"{{.*}} loc("from-alias.mlir":9:9)

//--- generic.mlir
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32, %b: i32):
    %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
    %1 = "arith.muli"(%0, %b) : (i32, i32) -> i32
    %c = "arith.cmpi"(%0, %1) {predicate = 2 : i64} : (i32, i32) -> i1
    %2 = "arith.select"(%c, %0, %1) : (i1, i32, i32) -> i32
    %f = "arith.constant"() {value = 1.5 : f32} : () -> f32
    %g = "arith.addf"(%f, %f) : (f32, f32) -> f32
    %3 = "func.call"(%2, %a) {callee = @add} : (i32, i32) -> i32
    "func.return"(%3) : (i32) -> ()
  }) {sym_name = "add", function_type = (i32, i32) -> i32} : () -> ()
  "func.func"() ({
  ^bb0(%x: tensor<2x2xf32>):
    %d = "arith.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %s = "arith.addf"(%x, %d) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %r = "arith.constant"() {value = dense_resource<weights> : tensor<4xi8>} : () -> tensor<4xi8>
    %big = "arith.constant"() {value = dense<"0x0001020300010203000102030001020300010203000102030001020300010203000102030001020300010203000102030001020300010203000102030001020300010203000102030001020300010203"> : tensor<80xi8>} : () -> tensor<80xi8>
    "foo.cond_br"(%s) [^bb1, ^bb2] : (tensor<2x2xf32>) -> ()
  ^bb1:
    "foo.region"() ({
    ^bb0(%i: index):
      "foo.yield"(%i) : (index) -> ()
    }, {
    }) {splat = dense<7> : tensor<4xi16>, arr = array<i32: 1, 2>, t = tensor<3xi1>, sym = @add, u} : () -> () loc(fused<"meta">["a.mlir":1:2, callsite("callee"("b.mlir":3:4) at "c.mlir":5:6)])
    "foo.br"() [^bb2] : () -> () loc("named")
  ^bb2:
    "foo.graph"() ({
      "foo.use"(%later) : (!foo.opaque<"x", [1]>) -> () loc(#alias)
      %later = "foo.def"() {o = #foo.attr<{a = 1}>} : () -> !foo.opaque<"x", [1]>
    }) : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "regions", function_type = (tensor<2x2xf32>) -> (), sym_visibility = "private"} : () -> ()
}) : () -> ()
#alias = loc("from-alias.mlir":9:9)
{-#
  dialect_resources: {
    builtin: {
      weights: "0x0400000001020304"
    }
  }
#-}

//--- pretty.mlir
func.func @pretty(%a: i32, %c: i1) -> i64 {
  %k = arith.constant 7 : i32
  %sub = arith.subi %a, %k : i32
  %lt = arith.cmpi slt, %sub, %k : i32
  %and = arith.select %c, %lt, %c : i1
  %w = arith.extsi %sub : i32 to i64
  %f = arith.sitofp %sub : i32 to f32
  %h = arith.constant -0.25 : f16
  %d = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = func.call @decl(%w) : (i64) -> i64
  "foo.use"(%and, %f, %h) : (i1, f32, f16) -> ()
  return %w : i64
}
func.func private @decl(i64) -> i64
