/* startup.c (RISC-V virt): zero .bss, run constructors, call main and exit through semihosting
 * with its value; the trap report that start.S's trap entry calls, which exits with
 * MC_FAULT_EXIT instead of spinning until the test's timeout. QEMU loads .data straight into
 * RAM, so there is nothing to copy. */
#include <stdint.h>
#include <string.h>

#include "semihost.h"

/* The exit status of a fault (the emulator crate's FAULT_EXIT_STATUS). */
#define MC_FAULT_EXIT 99

int main(void);

extern uint8_t __bss_start[], __bss_end[];
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);

__attribute__((noreturn, used)) void mc_board_start(void) {
    memset(__bss_start, 0, (size_t)(__bss_end - __bss_start));
    for (void (**init)(void) = __init_array_start; init < __init_array_end; init++) {
        (*init)();
    }
    semihost_exit(main());
}

__attribute__((noreturn, used)) void mc_trap_report(uint32_t mcause, uint32_t mepc, uint32_t mtval, uint32_t sp) {
    static const char *const names[16] = {
        "instruction address misaligned", "instruction access fault", "illegal instruction", "breakpoint",
        "load address misaligned", "load access fault", "store/AMO address misaligned", "store/AMO access fault",
        "environment call from U-mode", "environment call from S-mode", "reserved 10", "environment call from M-mode",
        "instruction page fault", "load page fault", "reserved 14", "store/AMO page fault",
    };
    if (mcause & 0x80000000u) {
        semihost_printf("FAULT: unexpected interrupt %u\n", (unsigned)(mcause & 0x7fffffffu));
    } else if (mcause < 16) {
        semihost_printf("FAULT: %s (mcause %u)\n", names[mcause], (unsigned)mcause);
    } else {
        semihost_printf("FAULT: exception (mcause %u)\n", (unsigned)mcause);
    }
    semihost_printf("FAULT: pc=0x%x mtval=0x%x sp=0x%x\n", (unsigned)mepc, (unsigned)mtval, (unsigned)sp);
    semihost_exit(MC_FAULT_EXIT);
}
