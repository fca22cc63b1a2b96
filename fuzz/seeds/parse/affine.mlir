"t.op"() {m = affine_map<(d0, d1)[s0] -> (d0 + s0 * 2, d1 floordiv 4, (d0 + d1) mod 8, d0 ceildiv s0, -(d0 - 1))>, s = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0, d0 == 3)>} : () -> ()
"t.bad"() {m = affine_map<(d0) -> (d0 * d0)>} : () -> ()
