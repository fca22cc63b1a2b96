/* semihost.c: the architecture-independent semihosting calls on top of semihost_trap. */
#include "semihost.h"

#include <stdarg.h>
#include <stddef.h>

static uint32_t length_of(const char *text) {
    uint32_t n = 0;
    while (text[n] != '\0') {
        n++;
    }
    return n;
}

int32_t semihost_open(const char *path, uint32_t mode) {
    uintptr_t block[3] = {(uintptr_t)path, mode, length_of(path)};
    return (int32_t)semihost_trap(SEMIHOST_SYS_OPEN, block);
}

int32_t semihost_close(int32_t handle) {
    uintptr_t block[1] = {(uintptr_t)handle};
    return (int32_t)semihost_trap(SEMIHOST_SYS_CLOSE, block);
}

int32_t semihost_read(int32_t handle, void *buffer, uint32_t bytes) {
    uintptr_t block[3] = {(uintptr_t)handle, (uintptr_t)buffer, bytes};
    return (int32_t)semihost_trap(SEMIHOST_SYS_READ, block);
}

int32_t semihost_write(int32_t handle, const void *buffer, uint32_t bytes) {
    uintptr_t block[3] = {(uintptr_t)handle, (uintptr_t)buffer, bytes};
    return (int32_t)semihost_trap(SEMIHOST_SYS_WRITE, block);
}

int32_t semihost_flen(int32_t handle) {
    uintptr_t block[1] = {(uintptr_t)handle};
    return (int32_t)semihost_trap(SEMIHOST_SYS_FLEN, block);
}

void semihost_write0(const char *text) {
    semihost_trap(SEMIHOST_SYS_WRITE0, (void *)text);
}

void semihost_exit(int32_t status) {
    /* ADP_Stopped_ApplicationExit with a status: plain SYS_EXIT only reports 0/1 on 32-bit. */
    uintptr_t block[2] = {0x20026, (uintptr_t)status};
    semihost_trap(SEMIHOST_SYS_EXIT_EXTENDED, block);
    for (;;) {
    }
}

struct line {
    char text[256];
    uint32_t length;
};

static void put(struct line *line, char c) {
    if (line->length + 1 < sizeof line->text) {
        line->text[line->length++] = c;
    }
}

static void put_unsigned(struct line *line, uint32_t value, uint32_t base) {
    char digits[10];
    uint32_t n = 0;
    do {
        uint32_t digit = value % base;
        digits[n++] = (char)(digit < 10 ? '0' + digit : 'a' + digit - 10);
        value /= base;
    } while (value != 0);
    while (n > 0) {
        put(line, digits[--n]);
    }
}

void semihost_printf(const char *format, ...) {
    struct line line = {.length = 0};
    va_list args;
    va_start(args, format);
    for (const char *p = format; *p != '\0'; p++) {
        if (*p != '%') {
            put(&line, *p);
            continue;
        }
        p++;
        switch (*p) {
        case 's':
            for (const char *s = va_arg(args, const char *); s != NULL && *s != '\0'; s++) {
                put(&line, *s);
            }
            break;
        case 'c':
            put(&line, (char)va_arg(args, int));
            break;
        case 'd': {
            int value = va_arg(args, int);
            if (value < 0) {
                put(&line, '-');
            }
            put_unsigned(&line, value < 0 ? 0u - (uint32_t)value : (uint32_t)value, 10);
            break;
        }
        case 'u':
            put_unsigned(&line, va_arg(args, unsigned), 10);
            break;
        case 'x':
            put_unsigned(&line, va_arg(args, unsigned), 16);
            break;
        case '%':
            put(&line, '%');
            break;
        default: /* an unknown conversion (or the format's end) is printed as it stands */
            put(&line, '%');
            if (*p == '\0') {
                p--;
            } else {
                put(&line, *p);
            }
            break;
        }
    }
    va_end(args);
    line.text[line.length] = '\0';
    semihost_write0(line.text);
}
