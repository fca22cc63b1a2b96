/* semihost.h: the semihosting calls mc's board support and harnesses use to talk to the test
 * running QEMU: files in QEMU's working directory, console text on QEMU's stderr, and the exit
 * status. One trap per architecture (semihost_trap), everything else shared (semihost.c). */
#ifndef MC_SEMIHOST_H
#define MC_SEMIHOST_H

#include <stdint.h>

/* Operation numbers (Arm semihosting specification, also used by RISC-V). */
enum {
    SEMIHOST_SYS_OPEN = 0x01,
    SEMIHOST_SYS_CLOSE = 0x02,
    SEMIHOST_SYS_WRITE0 = 0x04,
    SEMIHOST_SYS_WRITE = 0x05,
    SEMIHOST_SYS_READ = 0x06,
    SEMIHOST_SYS_FLEN = 0x0C,
    SEMIHOST_SYS_EXIT_EXTENDED = 0x20,
};

/* SYS_OPEN modes (the index of the fopen mode string). */
#define SEMIHOST_OPEN_READ 1u  /* "rb" */
#define SEMIHOST_OPEN_WRITE 5u /* "wb" */

/* The architecture's trap: r0/a0 = op, r1/a1 = argument; returns r0/a0. */
uintptr_t semihost_trap(uint32_t op, void *arg);

/* A handle (>= 0) or -1. `path` is relative to QEMU's working directory. */
int32_t semihost_open(const char *path, uint32_t mode);
/* 0 or -1. */
int32_t semihost_close(int32_t handle);
/* The number of bytes NOT read (0: all of them), or -1. */
int32_t semihost_read(int32_t handle, void *buffer, uint32_t bytes);
/* The number of bytes NOT written (0: all of them). */
int32_t semihost_write(int32_t handle, const void *buffer, uint32_t bytes);
/* The file's length in bytes, or -1. */
int32_t semihost_flen(int32_t handle);
/* Writes a NUL-terminated string to the console. */
void semihost_write0(const char *text);
/* Ends the emulation: QEMU exits with `status` (0..255 reach the host). */
__attribute__((noreturn)) void semihost_exit(int32_t status);

/* A console line from a tiny format: %s, %c, %d (int), %u, %x (unsigned, hex without prefix),
 * %% — no widths or length modifiers (cast int32_t to int). The line is built in a buffer and written at once (at most 255 characters). */
void semihost_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
