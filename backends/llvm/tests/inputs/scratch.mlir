// Two scratch buffers (stack slots unplanned, views of one pool once usmp planned them), a
// transposing view with strides, and a constant table read in place.
buffer.global @table {role = "constant"} : !buffer<4xi32> = dense<[3, -5, 7, 11]> : tensor<4xi32>

func.func @main(%in: !buffer<6x4xi8>, %out: !buffer<4x6xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %table = buffer.get_global @table : !buffer<4xi32>
  %tmp = buffer.alloc() {alignment = 32 : i64, role = "scratch"} : !buffer<6x4xi32>
  loop.for %i = %c0 to %c6 step %c1 {
    loop.for %j = %c0 to %c4 step %c1 {
      %v = loop.load %in[%i, %j] : !buffer<6x4xi8>
      %w = arith.extsi %v : i8 to i32
      %k = loop.load %table[%j] : !buffer<4xi32>
      %p = arith.muli %w, %k : i32
      loop.store %p, %tmp[%i, %j] : !buffer<6x4xi32>
    }
  }
  %t = buffer.view %tmp : !buffer<6x4xi32> to !buffer<4x6xi32, strides: [1, 4], offset: 0>
  %acc = buffer.alloc() {role = "scratch"} : !buffer<4x6xi32>
  loop.for %j = %c0 to %c4 step %c1 {
    loop.for %i = %c0 to %c6 step %c1 {
      %x = loop.load %t[%j, %i] : !buffer<4x6xi32, strides: [1, 4], offset: 0>
      %y = arith.addi %x, %x : i32
      loop.store %y, %acc[%j, %i] : !buffer<4x6xi32>
    }
  }
  loop.for %j = %c0 to %c4 step %c1 {
    loop.for %i = %c0 to %c6 step %c1 {
      %x = loop.load %acc[%j, %i] : !buffer<4x6xi32>
      loop.store %x, %out[%j, %i] : !buffer<4x6xi32>
    }
  }
  return
}
