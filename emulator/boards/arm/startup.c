/* startup.c (Arm boards: MPS2, micro:bit): the vector table at address 0, the reset handler (FPU on, .data
 * copied from flash, .bss zeroed, constructors, main, semihosting exit with main's value) and
 * fault handlers that report through semihosting and exit with MC_FAULT_EXIT instead of
 * spinning until the test's timeout. */
#include <stdint.h>
#include <string.h>

#include "semihost.h"

/* The exit status of a fault (the emulator crate's FAULT_EXIT_STATUS). */
#define MC_FAULT_EXIT 99

int main(void);

/* From the linker script (arm/sections.ld). */
extern uint32_t __stack_top[];
extern uint8_t __data_start[], __data_end[], __data_load[];
extern uint8_t __bss_start[], __bss_end[];
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);

void Reset_Handler(void);
void mc_fault_entry(void);

__attribute__((noreturn, used)) void mc_fault_report(const uint32_t *frame, uint32_t exc_return) {
    static const char *const names[16] = {
        "thread", "reset", "NMI", "HardFault", "MemManage", "BusFault", "UsageFault", "reserved 7",
        "reserved 8", "reserved 9", "reserved 10", "SVCall", "DebugMonitor", "reserved 13", "PendSV", "SysTick",
    };
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    uint32_t exception = ipsr & 0x1ff;
#if defined(__ARM_ARCH_6M__)
    /* ARMv6-M has no fault status registers. */
    uint32_t cfsr = 0, hfsr = 0, mmfar = 0, bfar = 0;
#else
    volatile const uint32_t *scb = (volatile const uint32_t *)0xE000ED00;
    uint32_t cfsr = scb[0x28 / 4], hfsr = scb[0x2C / 4], mmfar = scb[0x34 / 4], bfar = scb[0x38 / 4];
#endif
    if (exception < 16) {
        semihost_printf("FAULT: %s (exception %u)\n", names[exception], (unsigned)exception);
    } else {
        semihost_printf("FAULT: unexpected interrupt (exception %u)\n", (unsigned)exception);
    }
    semihost_printf("FAULT: pc=0x%x lr=0x%x sp=0x%x exc_return=0x%x\n", (unsigned)frame[6], (unsigned)frame[5],
                    (unsigned)(uintptr_t)frame, (unsigned)exc_return);
    semihost_printf("FAULT: cfsr=0x%x hfsr=0x%x mmfar=0x%x bfar=0x%x\n", (unsigned)cfsr, (unsigned)hfsr,
                    (unsigned)mmfar, (unsigned)bfar);
    semihost_exit(MC_FAULT_EXIT);
}

/* Every exception but reset: find the stacked frame (MSP or PSP by EXC_RETURN bit 2) and report. */
__attribute__((naked)) void mc_fault_entry(void) {
    /* Thumb-1 only, so that ARMv6-M (Cortex-M0) runs it too. */
    __asm__ volatile(
        "movs r0, #4\n"
        "mov r1, lr\n"
        "tst r0, r1\n"
        "beq 1f\n"
        "mrs r0, psp\n"
        "b 2f\n"
        "1: mrs r0, msp\n"
        "2: ldr r2, =mc_fault_report\n"
        "bx r2\n");
}

/* 16 system exceptions + 32 interrupts (MPS2's CMSDK peripherals; none is enabled). */
__attribute__((section(".vectors"), used)) void (*const mc_vectors[48])(void) = {
    (void (*)(void))__stack_top,
    Reset_Handler,
    [2 ... 47] = mc_fault_entry,
};

__attribute__((noreturn)) void Reset_Handler(void) {
#if defined(__ARM_FP)
    /* Full access to CP10 and CP11 before any floating-point instruction. */
    *(volatile uint32_t *)0xE000ED88 |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    memcpy(__data_start, __data_load, (size_t)(__data_end - __data_start));
    memset(__bss_start, 0, (size_t)(__bss_end - __bss_start));
    for (void (**init)(void) = __init_array_start; init < __init_array_end; init++) {
        (*init)();
    }
    semihost_exit(main());
}
