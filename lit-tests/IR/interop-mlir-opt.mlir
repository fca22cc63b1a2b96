// Interoperation with upstream MLIR 22 in both directions, in the generic and in the custom form:
// mlir-opt reads mc's output, mc reads mlir-opt's output, and both give ops and block arguments
// the same locations.
//
// RUN: split-file --leading-lines %s %t
//
// Generic form. mc -> mlir-opt -> mc: upstream adds its default properties; nothing else changes.
// RUN: mc-opt %t/generic.mlir --allow-unregistered-dialect --print-generic | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect --print-generic | FileCheck %s --check-prefix=MC-UP-MC
//
// mlir-opt -> mc, from the generic form and from upstream's pretty syntax.
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect --print-generic | FileCheck %s --check-prefix=MC-UP-MC
// RUN: mlir-opt-22 %t/pretty.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect --print-generic | FileCheck %s --check-prefix=PRETTY
//
// Custom form: each tool reads the other's default output, and mc prints it as upstream does.
// mc -> mlir-opt: upstream gets the IR it gets from the sources (with its default properties).
// RUN: mc-opt %t/generic.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect --print-generic | FileCheck %s --check-prefix=MC-UP-MC
// RUN: mc-opt %t/pretty.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect --print-generic | FileCheck %s --check-prefix=PRETTY
// mlir-opt -> mc: the custom form leaves default properties out, so mc gets the IR it gets from
// the sources.
// RUN: mc-opt %t/generic.mlir --allow-unregistered-dialect --print-generic > %t/generic.mc.mlir
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect | mc-opt --allow-unregistered-dialect --print-generic | diff %t/generic.mc.mlir -
// RUN: mc-opt %t/pretty.mlir --allow-unregistered-dialect --print-generic > %t/pretty.generic.mc.mlir
// RUN: mlir-opt-22 %t/pretty.mlir --allow-unregistered-dialect | mc-opt --allow-unregistered-dialect --print-generic | diff %t/pretty.generic.mc.mlir -
// RUN: mc-opt %t/pretty.mlir --allow-unregistered-dialect > %t/pretty.mc.mlir
// RUN: mlir-opt-22 %t/pretty.mlir --allow-unregistered-dialect > %t/pretty.upstream.mlir
// RUN: diff -I '^$' %t/pretty.mc.mlir %t/pretty.upstream.mlir
// RUN: FileCheck %s --check-prefix=PRETTY-CUSTOM < %t/pretty.mc.mlir
//
// mc's printing of upstream's output is a fixed point of the round trip through both tools, in
// either form.
// RUN: mlir-opt-22 %t/pretty.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect --print-generic > %t/once.mlir
// RUN: mlir-opt-22 %t/once.mlir --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --allow-unregistered-dialect --print-generic > %t/twice.mlir
// RUN: diff %t/once.mlir %t/twice.mlir
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect | mc-opt --allow-unregistered-dialect > %t/once-custom.mlir
// RUN: mlir-opt-22 %t/once-custom.mlir --allow-unregistered-dialect | mc-opt --allow-unregistered-dialect > %t/twice-custom.mlir
// RUN: diff %t/once-custom.mlir %t/twice-custom.mlir
//
// Locations: mc and upstream locate ops and block arguments alike, and locations survive the
// trip through upstream, which prints them as `#loc` aliases at the end of the file.
// RUN: mc-opt %t/generic.mlir --allow-unregistered-dialect --print-debuginfo --print-generic > %t/mc-locs.mlir
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | FileCheck %s --check-prefix=UP-LOCS
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | mc-opt --allow-unregistered-dialect --print-debuginfo --print-generic > %t/up-locs.mlir
// RUN: FileCheck %s --check-prefix=LOCS < %t/mc-locs.mlir
// RUN: FileCheck %s --check-prefix=LOCS < %t/up-locs.mlir
// RUN: mlir-opt-22 %t/mc-locs.mlir --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | mc-opt --allow-unregistered-dialect --print-debuginfo --print-generic | FileCheck %s --check-prefix=LOCS
// In the custom form, block argument locations go in the function signature, as upstream.
// RUN: mc-opt %t/generic.mlir --allow-unregistered-dialect --print-debuginfo | FileCheck %s --check-prefix=LOCS-CUSTOM
// RUN: mlir-opt-22 %t/generic.mlir --allow-unregistered-dialect --mlir-print-debuginfo | mc-opt --allow-unregistered-dialect --print-debuginfo | FileCheck %s --check-prefix=LOCS-CUSTOM

// MC-UP-MC-LABEL: "builtin.module"() ({
// MC-UP-MC:         "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "add"}> ({
// MC-UP-MC-NEXT:    ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// MC-UP-MC-NEXT:      %[[SUM:.*]] = "arith.addi"(%[[A]], %[[B]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// MC-UP-MC-NEXT:      %[[PROD:.*]] = "arith.muli"(%[[SUM]], %[[B]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// MC-UP-MC-NEXT:      %[[CMP:.*]] = "arith.cmpi"(%[[SUM]], %[[PROD]]) <{predicate = 2 : i64}> : (i32, i32) -> i1
// MC-UP-MC-NEXT:      %[[SEL:.*]] = "arith.select"(%[[CMP]], %[[SUM]], %[[PROD]]) : (i1, i32, i32) -> i32
// MC-UP-MC-NEXT:      %[[F:.*]] = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// MC-UP-MC-NEXT:      %{{.*}} = "arith.addf"(%[[F]], %[[F]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// MC-UP-MC-NEXT:      %[[CALL:.*]] = "func.call"(%[[SEL]], %[[A]]) <{callee = @add}> : (i32, i32) -> i32
// MC-UP-MC-NEXT:      "func.return"(%[[CALL]]) : (i32) -> ()
// MC-UP-MC-NEXT:    }) : () -> ()
// MC-UP-MC-NEXT:    "func.func"() <{function_type = (tensor<2x2xf32>) -> (), sym_name = "regions", sym_visibility = "private"}> ({
// MC-UP-MC-NEXT:    ^bb0(%[[X:.*]]: tensor<2x2xf32>):
// MC-UP-MC-NEXT:      %[[D:.*]] = "arith.constant"() <{value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
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
// PRETTY-NEXT:      %[[H:.*]] = "arith.constant"() <{value = -2.500000e-01 : f16}> : () -> f16
// PRETTY-NEXT:      %{{.*}} = "arith.constant"() <{value = dense<{{\[}}1, 2, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
// PRETTY-NEXT:      %{{.*}} = "func.call"(%[[W]]) <{callee = @decl}> : (i64) -> i64
// PRETTY-NEXT:      "foo.use"(%[[AND]], %[[F]], %[[H]]) : (i1, f32, f16) -> ()
// PRETTY-NEXT:      "func.return"(%[[W]]) : (i64) -> ()
// PRETTY-NEXT:    }) : () -> ()
// PRETTY-NEXT:    "func.func"() <{function_type = (i64) -> i64, sym_name = "decl", sym_visibility = "private"}> ({
// PRETTY-NEXT:    }) : () -> ()
// PRETTY-NEXT:  }) : () -> ()

// What users see: mc prints pretty.mlir exactly as upstream does (checked by the diff above).
// PRETTY-CUSTOM:      {{^}}module {
// PRETTY-CUSTOM-NEXT:   func.func @pretty(%arg0: i32, %arg1: i1) -> i64 {
// PRETTY-CUSTOM-NEXT:     %c7_i32 = arith.constant 7 : i32
// PRETTY-CUSTOM-NEXT:     %0 = arith.subi %arg0, %c7_i32 : i32
// PRETTY-CUSTOM-NEXT:     %1 = arith.cmpi slt, %0, %c7_i32 : i32
// PRETTY-CUSTOM-NEXT:     %2 = arith.select %arg1, %1, %arg1 : i1
// PRETTY-CUSTOM-NEXT:     %3 = arith.extsi %0 : i32 to i64
// PRETTY-CUSTOM-NEXT:     %4 = arith.sitofp %0 : i32 to f32
// PRETTY-CUSTOM-NEXT:     %cst = arith.constant -2.500000e-01 : f16
// PRETTY-CUSTOM-NEXT:     %cst_0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// PRETTY-CUSTOM-NEXT:     %5 = call @decl(%3) : (i64) -> i64
// PRETTY-CUSTOM-NEXT:     "foo.use"(%2, %4, %cst) : (i1, f32, f16) -> ()
// PRETTY-CUSTOM-NEXT:     return %3 : i64
// PRETTY-CUSTOM-NEXT:   }
// PRETTY-CUSTOM-NEXT:   func.func private @decl(i64) -> i64
// PRETTY-CUSTOM-NEXT: {{^}}}

// LOCS-CUSTOM:      func.func @add(%arg0: i32 loc("{{.*}}generic.mlir":[[# @LINE + 21]]:8), %arg1: i32 loc("{{.*}}generic.mlir":[[# @LINE + 21]]:17)) -> i32 {
// LOCS-CUSTOM-NEXT:   arith.addi {{.*}} loc("{{.*}}generic.mlir":[[# @LINE + 21]]:10)
// LOCS-CUSTOM:        return {{.*}} loc("{{.*}}generic.mlir":[[# @LINE + 27]]:5)
// LOCS-CUSTOM-NEXT: } loc("{{.*}}generic.mlir":[[# @LINE + 17]]:3)
// LOCS-CUSTOM:      }) {arr = {{.*}} loc(fused<"meta">["a.mlir":1:2, callsite("callee"("b.mlir":3:4) at "c.mlir":5:6)])
// LOCS-CUSTOM:      "foo.br"{{.*}} loc("named")
// LOCS-CUSTOM:      "foo.use"{{.*}} loc("from-alias.mlir":9:9)

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
