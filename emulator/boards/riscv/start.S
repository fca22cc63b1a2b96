/* start.S (RISC-V virt): the first instructions at 0x80000000 (QEMU's `-bios none` jumps there
 * whatever the ELF entry says) and the trap entry. Sets gp (without relaxation, which would
 * compute gp from gp), the stack, mtvec, and mstatus.FS on cores with F, then calls
 * mc_board_start in startup.c. */
    .option arch, +zicsr /* the CSR instructions: binutils 2.40 wants Zicsr named */
    .section .text.init, "ax", @progbits
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la t0, mc_trap_entry
    csrw mtvec, t0
#if defined(__riscv_flen)
    li t0, 0x2000 /* mstatus.FS = Initial */
    csrs mstatus, t0
    csrw fcsr, zero
#endif
    call mc_board_start
1:  j 1b
    .size _start, . - _start

/* Direct-mode trap vector (4-byte aligned). Nothing returns from it: a fresh stack, then report. */
    .section .text.mc_trap_entry, "ax", @progbits
    .globl mc_trap_entry
    .type mc_trap_entry, @function
    .balign 4
mc_trap_entry:
    mv a3, sp
    la sp, __stack_top
    csrr a0, mcause
    csrr a1, mepc
    csrr a2, mtval
    call mc_trap_report
1:  j 1b
    .size mc_trap_entry, . - mc_trap_entry
