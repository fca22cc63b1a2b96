/* semihost_trap.c (Arm M-profile): the semihosting trap is `bkpt 0xab`, r0 = op, r1 = argument. */
#include "semihost.h"

uintptr_t semihost_trap(uint32_t op, void *arg) {
    register uintptr_t r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
