// Planned loop-level IR to LLVM IR: pools become zeroed globals in their bank's .bss section
// with the pool's alignment (which only the C API's context_init refers to), constants private
// globals in .rodata.<prefix>.flash, the entry the internal <prefix>_main taking each pool's base
// then its buffers (all noalias), loop.for a header with phis (the induction variable and each
// iter_arg), loop.if branches joined by a phi, and loads/stores byte offsets into their buffers.

// RUN: mc-translate --mlir-to-llvmir %s | FileCheck %s --check-prefix=HOST
// RUN: mc-translate --mlir-to-llvmir %s --target cortex-m4 --prefix kws | FileCheck %s --check-prefix=M4
// RUN: mc-translate --mlir-to-llvmir %s --target rv32imac --prefix kws -o %t.ll
// RUN: FileCheck %s --check-prefix=RV < %t.ll

// HOST: target triple = "x86_64-unknown-linux-gnu"
// HOST: @model_pool_sram_scratch = internal global [64 x i8] zeroinitializer, section ".bss.model.sram", align 32
// HOST: @model_const_0 = private unnamed_addr constant [16 x i8] c"\01\00\00\00\02\00\00\00\03\00\00\00\04\00\00\00", section ".rodata.model.flash", align 16
// HOST-LABEL: define internal void @model_main(ptr noalias %pool.sram_scratch, ptr noalias %0, ptr noalias %1)
// HOST-SAME: section ".text.model_main"
// HOST-NEXT: entry:
// HOST-NEXT: %[[TMP:.*]] = getelementptr inbounds i8, ptr %pool.sram_scratch, i64 16
// HOST: for.header:
// HOST-NEXT: %[[IV:.*]] = phi i64 [ 0, %entry ], [ %[[NEXT:.*]], %for.body ]
// HOST-NEXT: %[[ACC:.*]] = phi i32 [ 0, %entry ], [ %[[SUM:.*]], %for.body ]
// HOST-NEXT: %[[MORE:.*]] = icmp slt i64 %[[IV]], 4
// HOST-NEXT: br i1 %[[MORE]], label %for.body, label %for.exit
// HOST: for.body:
// HOST: %[[OFF:.*]] = mul i64 %[[IV]], 4
// HOST: getelementptr inbounds i8, ptr @model_const_0,
// HOST: getelementptr inbounds i8, ptr %[[TMP]],
// HOST: store i32 %{{.*}}, ptr %{{.*}}, align 4
// HOST: %[[SUM]] = add i32 %[[ACC]], %{{.*}}
// HOST: %[[NEXT]] = add i64 %[[IV]], 1
// HOST-NEXT: br label %for.header
// HOST: br i1 %{{.*}}, label %if.then, label %if.else
// HOST: ret void
// HOST: if.then:
// HOST-NEXT: %[[THEN:.*]] = add i32 %{{.*}}, %[[ACC]]
// HOST-NEXT: br label %if.end
// HOST: if.end:
// HOST-NEXT: %if.result = phi i32 [ %[[THEN]], %if.then ], [ 0, %if.else ]

// The index type follows the target's pointers; names carry the prefix.
// The triple is normalized: LLVM reads an environment (the hard-float eabihf) only there.
// M4: target triple = "thumbv7em-unknown-none-eabihf"
// M4: @kws_pool_sram_scratch = internal global [64 x i8] zeroinitializer, section ".bss.kws.sram", align 32
// M4: section ".rodata.kws.flash", align 16
// M4-LABEL: define internal void @kws_main(ptr noalias %pool.sram_scratch, ptr noalias %0, ptr noalias %1)
// M4: %iv = phi i32 [ 0, %entry ]
// M4: icmp slt i32 %iv, 4

// RV: target datalayout = "e-m:e-p:32:32
// RV: target triple = "riscv32-unknown-none-elf"
// RV: define internal void @kws_main(ptr noalias %pool.sram_scratch, ptr noalias %0, ptr noalias %1)
// RV: phi i32

module {
  buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 64 : i64, alignment = 32 : i64}
  buffer.global @w {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 3, 4]> : tensor<4xi32>
  func.func @main(%in: !buffer<4xi32>, %out: !buffer<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %w = buffer.get_global @w : !buffer<4xi32>
    %tmp = buffer.pool_view @sram_scratch {offset = 16 : i64} : !buffer<4xi32>
    %sum = loop.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
      %x = loop.load %in[%i] : !buffer<4xi32>
      %y = loop.load %w[%i] : !buffer<4xi32>
      %p = arith.muli %x, %y : i32
      loop.store %p, %tmp[%i] : !buffer<4xi32>
      %n = arith.addi %acc, %p : i32
      loop.yield %n : i32
    }
    loop.for %i = %c0 to %c4 step %c1 {
      %t = loop.load %tmp[%i] : !buffer<4xi32>
      %pos = arith.cmpi sgt, %t, %zero : i32
      %r = loop.if %pos -> (i32) {
        %s = arith.addi %t, %sum : i32
        loop.yield %s : i32
      } else {
        loop.yield %zero : i32
      }
      loop.store %r, %out[%i] : !buffer<4xi32>
    }
    return
  }
}
