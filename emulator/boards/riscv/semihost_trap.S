/* semihost_trap.S (RISC-V): the semihosting trap is the uncompressed sequence
 * `slli x0, x0, 0x1f; ebreak; srai x0, x0, 7`, which must not straddle a page (16-byte aligned
 * here); a0 = op, a1 = argument, result in a0. */
    .section .text.semihost_trap, "ax", @progbits
    .globl semihost_trap
    .type semihost_trap, @function
    .balign 16
semihost_trap:
    .option push
    .option norvc
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    .option pop
    ret
    .size semihost_trap, . - semihost_trap
