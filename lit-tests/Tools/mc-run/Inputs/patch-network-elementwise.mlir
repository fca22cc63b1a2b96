// The network of patch-network.mlir with standalone elementwise kernels after two of its
// windowed layers: a hard_swish after the strided convolution (whose RELU is gone; it
// requantizes, so it runs in place through a view of another quantization) and a relu after
// the depthwise convolution (in place on the same buffer). A patch runs them per tile.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!w1 = !quant.uniform<i8<-127:127>:f32:0, {1.000000e-02, 2.000000e-02, 1.500000e-02, 5.000000e-03}>
!b1 = !quant.uniform<i32:f32:0, {5.000000e-04, 1.000000e-03, 7.500000e-04, 2.500000e-04}>
!q1 = !quant.uniform<i8:f32, 1.000000e-01:4>
!w2 = !quant.uniform<i8<-127:127>:f32:3, {2.000000e-02, 1.000000e-02, 3.000000e-02, 2.500000e-02}>
!q2 = !quant.uniform<i8:f32, 1.500000e-01:-2>
!w4 = !quant.uniform<i8<-127:127>:f32:0, {1.000000e-02, 2.000000e-02, 1.500000e-02}>
!q4 = !quant.uniform<i8:f32, 2.000000e-01:1>
!qh = !quant.uniform<i8:f32, 6.000000e-02:-20>
func.func @main(%x: tensor<1x11x13x2x!q>) -> tensor<1x6x7x3x!q4> {
  %w1 = "graph.const"() <{value = dense<[[[[-45, 115], [-89, -26], [39, -115]], [[-109, 83], [10, -103], [-34, 22]], [[-113, 105], [2, -73], [-118, -105]]], [[[-16, -20], [-110, -66], [-104, 14]], [[-19, -112], [84, 17], [-96, 115]], [[-70, 34], [33, 22], [115, -112]]], [[[20, 22], [-26, -115], [122, -71]], [[-116, 15], [92, -93], [-53, -20]], [[-91, 11], [-97, 19], [-49, 16]]], [[[81, 47], [-81, -101], [21, 19]], [[36, -79], [-32, -103], [13, 55]], [[-111, 17], [-112, 31], [-75, 0]]]]> : tensor<4x3x3x2xi8>}> : () -> tensor<4x3x3x2x!w1>
  %b1 = "graph.const"() <{value = dense<[21, 48, 58, 208]> : tensor<4xi32>}> : () -> tensor<4x!b1>
  %w2 = "graph.const"() <{value = dense<[[[[47, 9, -18, 71], [-47, -8, 22, 109], [-11, -35, -51, -64]], [[76, -81, 51, 72], [-65, -107, 20, -51], [7, -1, 97, -40]], [[59, -13, -54, 28], [123, -109, -97, 4], [-20, -85, 66, -40]]]]> : tensor<1x3x3x4xi8>}> : () -> tensor<1x3x3x4x!w2>
  %w4 = "graph.const"() <{value = dense<[[[[-89, 111, -2, -20]]], [[[-117, 119, 44, -108]]], [[[68, 15, 19, 75]]]]> : tensor<3x1x1x4xi8>}> : () -> tensor<3x1x1x4x!w4>
  %a = "graph.conv_2d"(%x, %w1, %b1) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x11x13x2x!q>, tensor<4x3x3x2x!w1>, tensor<4x!b1>) -> tensor<1x6x7x4x!q1>
  %h = "graph.hard_swish"(%a) : (tensor<1x6x7x4x!q1>) -> tensor<1x6x7x4x!qh>
  %b = "graph.depthwise_conv_2d"(%h, %w2) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 2 : i64, dilation_w = 2 : i64, depth_multiplier = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x6x7x4x!qh>, tensor<1x3x3x4x!w2>) -> tensor<1x6x7x4x!q2>
  %r = "graph.relu"(%b) : (tensor<1x6x7x4x!q2>) -> tensor<1x6x7x4x!q2>
  %c = "graph.max_pool_2d"(%r) <{filter_h = 3 : i64, filter_w = 2 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x6x7x4x!q2>) -> tensor<1x6x7x4x!q2>
  %d = "graph.conv_2d"(%c, %w4) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x6x7x4x!q2>, tensor<3x1x1x4x!w4>) -> tensor<1x6x7x3x!q4>
  return %d : tensor<1x6x7x3x!q4>
}
