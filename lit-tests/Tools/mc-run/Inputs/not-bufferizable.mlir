// A graph-level function graph-to-buffer cannot convert (its transpose's perm is not a constant).
func.func @main(%x: tensor<2x3xf32>, %perm: tensor<2xi32>) -> tensor<3x2xf32> {
  %t = "graph.transpose"(%x, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}
