// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{algorithm=exact residency-report=%t.exact.json})' -o /dev/null
// RUN: FileCheck %s --check-prefix=EXACT --input-file=%t.exact.json
// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{algorithm=exact exact-max-nodes=1 residency-report=%t.nodes.json})' -o /dev/null
// RUN: FileCheck %s --check-prefix=LIMITED --input-file=%t.nodes.json
// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{algorithm=exact exact-time-limit-ms=0 residency-report=%t.time.json})' -o /dev/null
// RUN: FileCheck %s --check-prefix=LIMITED --input-file=%t.time.json

// The exact search's limits: six buffers (live steps as the comments say, sizes 8, 5, 8, 2, 1,
// 2 bytes, alignment 1) where every greedy order needs 11 bytes and the optimum is the lower
// bound, 10. The search finds it; stopped after one node or at once, it returns the best
// greedy plan it started from (still valid, not optimal). The pool's report says whether its
// plan is proven optimal, and how far above the lower bound it is when not.
// EXACT: "occupied": 10,
// EXACT-NEXT: "lower_bound": 10,
// EXACT: "proven_optimal": true
// EXACT-NOT: "gap_to_lower_bound"
// LIMITED: "occupied": 11,
// LIMITED-NEXT: "lower_bound": 10,
// LIMITED: "proven_optimal": false,
// LIMITED-NEXT: "gap_to_lower_bound": 1

func.func @trap() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i8
  %b0 = buffer.alloc() {role = "scratch", alignment = 1 : i64} : !buffer<8xi8>
  %b1 = buffer.alloc() {role = "scratch", alignment = 1 : i64} : !buffer<5xi8>
  %b2 = buffer.alloc() {role = "scratch", alignment = 1 : i64} : !buffer<8xi8>
  %b3 = buffer.alloc() {role = "scratch", alignment = 1 : i64} : !buffer<2xi8>
  %b4 = buffer.alloc() {role = "scratch", alignment = 1 : i64} : !buffer<1xi8>
  %b5 = buffer.alloc() {role = "scratch", alignment = 1 : i64} : !buffer<2xi8>
  // step 1: b2, b3
  loop.for %i = %c0 to %c1 step %c1 {
    loop.store %v, %b2[%i] : !buffer<8xi8>
    loop.store %v, %b3[%i] : !buffer<2xi8>
  }
  // step 2: b2, b3
  loop.for %i = %c0 to %c1 step %c1 {
    loop.store %v, %b2[%i] : !buffer<8xi8>
    loop.store %v, %b3[%i] : !buffer<2xi8>
  }
  // step 3: b1, b3, b4, b5
  loop.for %i = %c0 to %c1 step %c1 {
    loop.store %v, %b1[%i] : !buffer<5xi8>
    loop.store %v, %b3[%i] : !buffer<2xi8>
    loop.store %v, %b4[%i] : !buffer<1xi8>
    loop.store %v, %b5[%i] : !buffer<2xi8>
  }
  // step 4: b0, b4
  loop.for %i = %c0 to %c1 step %c1 {
    loop.store %v, %b0[%i] : !buffer<8xi8>
    loop.store %v, %b4[%i] : !buffer<1xi8>
  }
  // step 5: b0, b4
  loop.for %i = %c0 to %c1 step %c1 {
    loop.store %v, %b0[%i] : !buffer<8xi8>
    loop.store %v, %b4[%i] : !buffer<1xi8>
  }
  // step 6: b0
  loop.for %i = %c0 to %c1 step %c1 {
    loop.store %v, %b0[%i] : !buffer<8xi8>
  }
  return
}
