!t = tensor<2xi8>
#zero = 0 : i32
#arr = [#zero, !t]
"t.op"() {z = #zero, a = #arr} : () -> !t
