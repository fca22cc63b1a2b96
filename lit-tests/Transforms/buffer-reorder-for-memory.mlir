// RUN: mc-opt %s --buffer-reorder-for-memory --verify-each | FileCheck %s
// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-reorder-for-memory{exact-states=0})' | FileCheck %s --check-prefix=GREEDY
// The residency report names the reordered functions with both peaks.
// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-reorder-for-memory,buffer-to-loop,usmp{residency-report=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --check-prefix=REPORT
// REPORT: "operator_orders": [
// REPORT-NEXT: {
// REPORT-NEXT: "function": "branches",
// REPORT-NEXT: "original_peak": 348,
// REPORT-NEXT: "peak": 312
// REPORT-NEXT: }
// REPORT-NEXT: ]
// Running it again changes nothing.
// RUN: mc-opt %s --buffer-reorder-for-memory | mc-opt --buffer-reorder-for-memory | FileCheck %s
// Independent branches run in the order that keeps the fewest scratch bytes live (each alloc
// live from its first user to its last); ops only naming storage move to their first user.

// Two branches read %a (100 bytes) and join: the first makes %r (48), the second %p (200),
// shrunk to %q (12). Given order: %a, %r and %p live together, 348 bytes. Running the second
// branch first frees %p before %r exists: 312 bytes at most.
// CHECK-LABEL: func.func @branches(
// CHECK-SAME: attributes {operator_order = {original_peak = 348 : i64, peak = 312 : i64}}
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x25xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<1x25xf32>) outs(%[[A]] : !buffer<1x25xf32>)
// CHECK-NEXT: %[[P:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x50xf32>
// CHECK-NEXT: buffer.kernel fully_connected ins(%[[A]], %arg2 : {{.*}}) outs(%[[P]] : !buffer<1x50xf32>)
// CHECK-NEXT: %[[Q:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
// CHECK-NEXT: buffer.kernel fully_connected ins(%[[P]], %arg3 : {{.*}}) outs(%[[Q]] : !buffer<1x3xf32>)
// CHECK-NEXT: %[[R:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
// CHECK-NEXT: buffer.kernel fully_connected ins(%[[A]], %arg1 : {{.*}}) outs(%[[R]] : !buffer<1x12xf32>)
// CHECK-NEXT: buffer.kernel concatenation ins(%[[R]], %[[Q]] : {{.*}}) outs(%arg4 : !buffer<1x15xf32>)
// CHECK-NEXT: return
// The greedy order (cheapest step first) finds nothing better and keeps the given one.
// GREEDY-LABEL: func.func @branches(
// GREEDY-NOT: operator_order
// GREEDY: buffer.kernel relu
// GREEDY-NEXT: %[[R:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
func.func @branches(%x: !buffer<1x25xf32>, %w1: !buffer<12x25xf32>, %w2: !buffer<50x25xf32>, %w3: !buffer<3x50xf32>, %out: !buffer<1x15xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x25xf32>
  buffer.kernel relu ins(%x : !buffer<1x25xf32>) outs(%a : !buffer<1x25xf32>)
  %r = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
  buffer.kernel fully_connected ins(%a, %w1 : !buffer<1x25xf32>, !buffer<12x25xf32>) outs(%r : !buffer<1x12xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %p = buffer.alloc() {role = "scratch"} : !buffer<1x50xf32>
  buffer.kernel fully_connected ins(%a, %w2 : !buffer<1x25xf32>, !buffer<50x25xf32>) outs(%p : !buffer<1x50xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %q = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
  buffer.kernel fully_connected ins(%p, %w3 : !buffer<1x50xf32>, !buffer<3x50xf32>) outs(%q : !buffer<1x3xf32>) {fused_activation = "NONE", keep_num_dims = false}
  buffer.kernel concatenation ins(%r, %q : !buffer<1x12xf32>, !buffer<1x3xf32>) outs(%out : !buffer<1x15xf32>) {axis = 1 : i64, fused_activation = "NONE"}
  return
}

// The given order is already the best (the large branch first): nothing moves and the function
// gets no attribute, with either search.
// CHECK-LABEL: func.func @kept(
// CHECK-NOT: operator_order
// CHECK: outs(%[[P:.*]] : !buffer<1x50xf32>)
// CHECK-NEXT: buffer.alloc
// CHECK-NEXT: buffer.kernel fully_connected ins(%[[P]]
// CHECK-NEXT: buffer.alloc
// CHECK-NEXT: buffer.kernel fully_connected ins(%{{.*}}, %arg1
// GREEDY-LABEL: func.func @kept(
// GREEDY-NOT: operator_order
// GREEDY: outs(%[[P:.*]] : !buffer<1x50xf32>)
// GREEDY-NEXT: buffer.alloc
// GREEDY-NEXT: buffer.kernel fully_connected ins(%[[P]]
func.func @kept(%x: !buffer<1x25xf32>, %w1: !buffer<12x25xf32>, %w2: !buffer<50x25xf32>, %w3: !buffer<3x50xf32>, %out: !buffer<1x15xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x25xf32>
  buffer.kernel relu ins(%x : !buffer<1x25xf32>) outs(%a : !buffer<1x25xf32>)
  %p = buffer.alloc() {role = "scratch"} : !buffer<1x50xf32>
  buffer.kernel fully_connected ins(%a, %w2 : !buffer<1x25xf32>, !buffer<50x25xf32>) outs(%p : !buffer<1x50xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %q = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
  buffer.kernel fully_connected ins(%p, %w3 : !buffer<1x50xf32>, !buffer<3x50xf32>) outs(%q : !buffer<1x3xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %r = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
  buffer.kernel fully_connected ins(%a, %w1 : !buffer<1x25xf32>, !buffer<12x25xf32>) outs(%r : !buffer<1x12xf32>) {fused_activation = "NONE", keep_num_dims = false}
  buffer.kernel concatenation ins(%r, %q : !buffer<1x12xf32>, !buffer<1x3xf32>) outs(%out : !buffer<1x15xf32>) {axis = 1 : i64, fused_activation = "NONE"}
  return
}

// @branches with variables: the first branch ends by assigning variable "u", the second starts
// by reading variable "v" (its weights). Steps touching persistent buffers keep their order,
// so the second branch cannot start first, although no data flows between them.
// CHECK-LABEL: func.func @variables(
// CHECK-NOT: operator_order
// CHECK: buffer.kernel relu
// CHECK-NEXT: %[[R:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
// CHECK-NEXT: buffer.kernel fully_connected {{.*}} outs(%[[R]]
// CHECK-NEXT: buffer.copy %[[R]], %[[U:.*]] :
// CHECK-NEXT: %[[P:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x50xf32>
// CHECK-NEXT: buffer.kernel fully_connected {{.*}} outs(%[[P]]
func.func @variables(%x: !buffer<1x25xf32>, %w1: !buffer<12x25xf32>, %w3: !buffer<3x50xf32>, %out: !buffer<1x15xf32>) {
  %u = buffer.alloc() {name = "u", role = "persistent"} : !buffer<1x12xf32>
  %v = buffer.alloc() {name = "v", role = "persistent"} : !buffer<50x25xf32>
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x25xf32>
  buffer.kernel relu ins(%x : !buffer<1x25xf32>) outs(%a : !buffer<1x25xf32>)
  %r = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
  buffer.kernel fully_connected ins(%a, %w1 : !buffer<1x25xf32>, !buffer<12x25xf32>) outs(%r : !buffer<1x12xf32>) {fused_activation = "NONE", keep_num_dims = false}
  buffer.copy %r, %u : !buffer<1x12xf32>, !buffer<1x12xf32>
  %p = buffer.alloc() {role = "scratch"} : !buffer<1x50xf32>
  buffer.kernel fully_connected ins(%a, %v : !buffer<1x25xf32>, !buffer<50x25xf32>) outs(%p : !buffer<1x50xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %q = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
  buffer.kernel fully_connected ins(%p, %w3 : !buffer<1x50xf32>, !buffer<3x50xf32>) outs(%q : !buffer<1x3xf32>) {fused_activation = "NONE", keep_num_dims = false}
  buffer.kernel concatenation ins(%r, %q : !buffer<1x12xf32>, !buffer<1x3xf32>) outs(%out : !buffer<1x15xf32>) {axis = 1 : i64, fused_activation = "NONE"}
  return
}

// A kernel that reads its input last may write its output over it (relu: element by element),
// which the search counts: in the given order %p shares %a's bytes (peak 160 bytes, at the
// fully connected layer after it). Running the relu first would keep %a alive beside %p (200
// bytes), so nothing moves; counting no sharing, the given order would seem to need 248.
// CHECK-LABEL: func.func @overlap_kept(
// CHECK-NOT: operator_order
// CHECK: buffer.kernel relu ins(%arg0
// CHECK-NEXT: %[[R:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
// CHECK-NEXT: buffer.kernel fully_connected {{.*}} outs(%[[R]]
// CHECK-NEXT: %[[P:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x25xf32>
// CHECK-NEXT: buffer.kernel relu {{.*}} outs(%[[P]]
func.func @overlap_kept(%x: !buffer<1x25xf32>, %w1: !buffer<12x25xf32>, %w3: !buffer<3x25xf32>, %out: !buffer<1x15xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x25xf32>
  buffer.kernel relu ins(%x : !buffer<1x25xf32>) outs(%a : !buffer<1x25xf32>)
  %r = buffer.alloc() {role = "scratch"} : !buffer<1x12xf32>
  buffer.kernel fully_connected ins(%a, %w1 : !buffer<1x25xf32>, !buffer<12x25xf32>) outs(%r : !buffer<1x12xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %p = buffer.alloc() {role = "scratch"} : !buffer<1x25xf32>
  buffer.kernel relu ins(%a : !buffer<1x25xf32>) outs(%p : !buffer<1x25xf32>)
  %q = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
  buffer.kernel fully_connected ins(%p, %w3 : !buffer<1x25xf32>, !buffer<3x25xf32>) outs(%q : !buffer<1x3xf32>) {fused_activation = "NONE", keep_num_dims = false}
  buffer.kernel concatenation ins(%r, %q : !buffer<1x12xf32>, !buffer<1x3xf32>) outs(%out : !buffer<1x15xf32>) {axis = 1 : i64, fused_activation = "NONE"}
  return
}
