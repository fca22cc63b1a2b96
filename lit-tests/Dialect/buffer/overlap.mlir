// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// RUN: mc-opt %s --print-generic | mc-opt | FileCheck %s

// The planning hint prints and reads back in both forms.
// CHECK-LABEL: func.func @hint
// CHECK: buffer.overlap %{{.*}}, %{{.*}} {max_delta = -96 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
// GENERIC: "buffer.overlap"(%{{.*}}, %{{.*}}) <{max_delta = -96 : i64}> : (!buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>) -> ()
func.func @hint() {
  %in = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x8xi8>
  %out = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x8xi8>
  buffer.overlap %out, %in {max_delta = -96 : i64} : !buffer<1x4x4x8xi8>, !buffer<1x6x6x8xi8>
  return
}
