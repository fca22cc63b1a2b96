// loop.while to LLVM IR: a branch to a while.cond block that computes the condition (the
// before region) and branches to while.body or while.end; the body (the after region) branches
// back to while.cond. A loop.if nested in the body gets its blocks inside the loop, joining
// before the back edge; a loop.while nested in the body gets its own header, back edge and exit.

// RUN: mc-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: mc-translate --mlir-to-llvmir %s --target cortex-m4 --prefix kws | FileCheck %s --check-prefix=M4

// CHECK-LABEL: define internal void @model_main(ptr noalias %pool.sram_scratch, ptr noalias %0, ptr noalias %1)
// CHECK:       br label %while.cond
// CHECK:       while.cond:
// CHECK-SAME:    ; preds = %[[INNER_END:while.end[0-9]+]], %entry
// CHECK-NEXT:    %[[N_AT:.*]] = getelementptr inbounds i8, ptr %0, i64 0
// CHECK-NEXT:    %[[N:.*]] = load i32, ptr %[[N_AT]], align 4
// CHECK-NEXT:    %[[MORE:.*]] = icmp sgt i32 %[[N]], 0
// CHECK-NEXT:    br i1 %[[MORE]], label %while.body, label %while.end
// CHECK:       while.body:
// CHECK:         %[[LESS:.*]] = sub i32 %{{.*}}, 1
// CHECK:         store i32 %[[LESS]], ptr %{{.*}}, align 4
// CHECK:         br i1 %{{.*}}, label %if.then, label %if.else
// CHECK:       while.end:
// CHECK-NEXT:    ret void
// CHECK:       if.then:
// CHECK:         store i32 %{{.*}}, ptr %{{.*}}, align 4
// CHECK-NEXT:    br label %if.end
// CHECK:       if.end:
// CHECK:         br label %[[INNER:while.cond[0-9]+]]
// CHECK:       [[INNER]]:
// CHECK:         br i1 %{{.*}}, label %[[INNER_BODY:while.body[0-9]+]], label %[[INNER_END]]
// CHECK:       [[INNER_BODY]]:
// CHECK:         br label %[[INNER]]
// CHECK:       [[INNER_END]]:
// CHECK-NEXT:    br label %while.cond

// The condition is an i1 whatever the target's index width.
// M4-LABEL: define internal void @kws_main(
// M4: while.cond:
// M4: br i1 %{{.*}}, label %while.body, label %while.end

module {
  buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 16 : i64, alignment = 16 : i64}
  func.func @main(%n: !buffer<i32>, %out: !buffer<i32>) {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %ten = arith.constant 10 : i32
    %tmp = buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<i32>
    "loop.while"() ({
      %v = loop.load %n[] : !buffer<i32>
      %c = arith.cmpi sgt, %v, %zero : i32
      loop.condition(%c) : i1
    }, {
      %v = loop.load %n[] : !buffer<i32>
      %w = arith.subi %v, %one : i32
      loop.store %w, %n[] : !buffer<i32>
      %odd = arith.andi %w, %one : i32
      %is_odd = arith.cmpi ne, %odd, %zero : i32
      loop.if %is_odd {
        %s = loop.load %out[] : !buffer<i32>
        %t = arith.addi %s, %w : i32
        loop.store %t, %out[] : !buffer<i32>
      } else {
      }
      loop.store %zero, %tmp[] : !buffer<i32>
      "loop.while"() ({
        %k = loop.load %tmp[] : !buffer<i32>
        %again = arith.cmpi slt, %k, %ten : i32
        loop.condition(%again) : i1
      }, {
        %k = loop.load %tmp[] : !buffer<i32>
        %k1 = arith.addi %k, %one : i32
        loop.store %k1, %tmp[] : !buffer<i32>
        loop.yield
      }) : () -> ()
      loop.yield
    }) : () -> ()
    return
  }
}
