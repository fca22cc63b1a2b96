/* model_main.c: the generic harness that runs one mc-generated model on an emulated board.
 *
 * Build with -DMC_PREFIX=<prefix> -DMC_PREFIX_UPPER=<PREFIX> -DMC_HEADER="<prefix>.h"
 * (optionally -DMC_RUNS=<n>, default 1). It reads input_<i>.bin (exactly <P>_INPUT_BYTES[i]
 * bytes) from QEMU's working directory, initialises the model (binding every region itself when
 * <P>_ALLOCATE_ARENAS is 0), runs it MC_RUNS times with bench_mark() called right before and
 * after each <prefix>_model_run, writes output_<i>.bin and prints one console line per stage.
 *
 * Streaming models: -DMC_INVOCATIONS=<n> (default 1) invokes the model n times on one context,
 * its state carried over; invocation k reads input_<k>_<i>.bin and writes output_<k>_<i>.bin
 * (with n = 1 the names stay input_<i>.bin and output_<i>.bin). -DMC_RESET_BETWEEN=1 calls
 * <prefix>_model_reset_state before every invocation after the first.
 *
 * Exit status: 0 success; 2 a file error; 3 the board's free RAM cannot hold the buffers;
 * 10 + status when an API call returns a non-zero status.
 *
 * The harness's buffers (arenas, inputs, outputs) are carved, aligned, from the RAM the board's
 * linker script leaves free (__mc_free_ram_start .. __mc_free_ram_end): their sizes come from
 * the header's initializer lists, which C cannot use as array sizes at compile time.
 *
 * Per-layer profiles: -DMC_PROFILE=1 for an object compiled with `mcc --profile`: bench_mark()
 * also calls <prefix>_layer_hook(-1), so an instruction counter marking the hook's entries sees
 * the inference's two ends as well as every layer's start (mc-emu --profile).
 *
 * For testing a model's binding checks: -DMC_BIND_BYTES_ADJUST=<n> binds every region with n
 * more (negative: fewer) bytes than it needs, -DMC_BIND_BASE_OFFSET=<n> binds it n bytes past
 * an aligned address. */
#include <stddef.h>
#include <stdint.h>

#include "semihost.h"
#include MC_HEADER

#define MC_CAT_(a, b) a##b
#define MC_CAT(a, b) MC_CAT_(a, b)
#define MC_STR_(x) #x
#define MC_STR(x) MC_STR_(x)
/* MC_API(_model_run) is <prefix>_model_run; MC_CONST(_INPUT_COUNT) is <P>_INPUT_COUNT. */
#define MC_API(name) MC_CAT(MC_PREFIX, name)
#define MC_CONST(name) MC_CAT(MC_PREFIX_UPPER, name)

#ifndef MC_RUNS
#define MC_RUNS 1
#endif
#ifndef MC_INVOCATIONS
#define MC_INVOCATIONS 1
#endif
#ifndef MC_RESET_BETWEEN
#define MC_RESET_BETWEEN 0
#endif
#ifndef MC_PROFILE
#define MC_PROFILE 0
#endif
#ifndef MC_BIND_BYTES_ADJUST
#define MC_BIND_BYTES_ADJUST 0
#endif
#ifndef MC_BIND_BASE_OFFSET
#define MC_BIND_BASE_OFFSET 0
#endif

/* The alignment of input and output buffers. */
#define MC_IO_ALIGNMENT 16u

enum { EXIT_OK = 0, EXIT_FILE = 2, EXIT_NO_RAM = 3, EXIT_STATUS_BASE = 10 };

typedef MC_API(_context_t) mc_context_t;
typedef MC_API(_status_t) mc_status_t;

#define INPUT_COUNT MC_CONST(_INPUT_COUNT)
#define OUTPUT_COUNT MC_CONST(_OUTPUT_COUNT)
#define ARENA_COUNT MC_CONST(_ARENA_COUNT)

static const uint32_t input_bytes[] = MC_CONST(_INPUT_BYTES);
static const uint32_t output_bytes[] = MC_CONST(_OUTPUT_BYTES);
_Static_assert(sizeof input_bytes / sizeof input_bytes[0] == INPUT_COUNT, "_INPUT_BYTES has _INPUT_COUNT entries");
_Static_assert(sizeof output_bytes / sizeof output_bytes[0] == OUTPUT_COUNT, "_OUTPUT_BYTES has _OUTPUT_COUNT entries");
#if ARENA_COUNT > 0 && !MC_CONST(_ALLOCATE_ARENAS)
static const uint32_t arena_bytes[] = MC_CONST(_ARENA_BYTES);
static const uint32_t arena_alignment[] = MC_CONST(_ARENA_ALIGNMENT);
_Static_assert(sizeof arena_bytes / sizeof arena_bytes[0] == ARENA_COUNT, "_ARENA_BYTES has _ARENA_COUNT entries");
_Static_assert(sizeof arena_alignment / sizeof arena_alignment[0] == ARENA_COUNT,
               "_ARENA_ALIGNMENT has _ARENA_COUNT entries");
#define BIND_ARENAS 1
#else
#define BIND_ARENAS 0
#endif

/* From the board's linker script. */
extern uint8_t __mc_free_ram_start[], __mc_free_ram_end[];

static mc_context_t context;
static uint8_t *inputs[INPUT_COUNT + 1];
static uint8_t *outputs[OUTPUT_COUNT + 1];

/* icount's mark: a call right before and right after each inference. Never inlined, cloned or
 * merged with another function, so its symbol's first instruction runs once per call. */
#if MC_PROFILE
void MC_API(_layer_hook)(int32_t layer);
#endif

__attribute__((noipa)) void bench_mark(void) {
#if MC_PROFILE
    MC_API(_layer_hook)(-1);
#endif
    __asm__ volatile("" ::: "memory");
}

static uintptr_t free_next;

/* `bytes` from the free RAM at a multiple of `alignment` (a power of two), or NULL. */
static uint8_t *carve(uint32_t bytes, uint32_t alignment) {
    uintptr_t base = (free_next + alignment - 1) & ~(uintptr_t)(alignment - 1);
    if (base < free_next || base > (uintptr_t)__mc_free_ram_end || (uintptr_t)__mc_free_ram_end - base < bytes) {
        return NULL;
    }
    free_next = base + bytes;
    return (uint8_t *)base;
}

static int carve_or_report(uint8_t **buffer, const char *what, uint32_t index, uint32_t bytes, uint32_t alignment) {
    *buffer = carve(bytes, alignment);
    if (*buffer == NULL) {
        semihost_printf("mc: %s %u: %u bytes do not fit in the board's free RAM (%u bytes from 0x%x)\n", what,
                        (unsigned)index, (unsigned)bytes, (unsigned)(__mc_free_ram_end - __mc_free_ram_start),
                        (unsigned)(uintptr_t)__mc_free_ram_start);
        return 0;
    }
    return 1;
}

static int check(const char *stage, mc_status_t status) {
    if (status != 0) {
        semihost_printf("mc: %s failed: status %d\n", stage, (int)status);
        return 0;
    }
    return 1;
}

static int exit_for(mc_status_t status) {
    return status > 0 && status <= 245 ? EXIT_STATUS_BASE + (int)status : 255;
}

/* The decimal digits of `value` at `name + at`; returns the position after them. */
static uint32_t put_number(char *name, uint32_t at, uint32_t value) {
    char digits[10];
    uint32_t n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (n > 0) {
        name[at++] = digits[--n];
    }
    return at;
}

/* "input_<index>.bin", or "input_<invocation>_<index>.bin" when the harness runs several
 * invocations, into `name` (at least FILE_NAME_BYTES bytes). */
#define FILE_NAME_BYTES 40
static void file_name(char *name, const char *stem, uint32_t invocation, uint32_t index) {
    uint32_t at = 0;
    for (const char *s = stem; *s != '\0'; s++) {
        name[at++] = *s;
    }
    name[at++] = '_';
    if ((MC_INVOCATIONS) > 1) {
        at = put_number(name, at, invocation);
        name[at++] = '_';
    }
    at = put_number(name, at, index);
    for (const char *s = ".bin"; *s != '\0'; s++) {
        name[at++] = *s;
    }
    name[at] = '\0';
}

static int read_input(uint32_t invocation, uint32_t index) {
    char name[FILE_NAME_BYTES];
    file_name(name, "input", invocation, index);
    int32_t handle = semihost_open(name, SEMIHOST_OPEN_READ);
    if (handle < 0) {
        semihost_printf("mc: cannot open %s\n", name);
        return 0;
    }
    int32_t length = semihost_flen(handle);
    if (length < 0 || (uint32_t)length != input_bytes[index]) {
        semihost_printf("mc: %s has %d bytes, the model's input %u takes %u\n", name, (int)length, (unsigned)index,
                        (unsigned)input_bytes[index]);
        semihost_close(handle);
        return 0;
    }
    int32_t unread = semihost_read(handle, inputs[index], input_bytes[index]);
    semihost_close(handle);
    if (unread != 0) {
        semihost_printf("mc: cannot read %s (%d bytes unread)\n", name, (int)unread);
        return 0;
    }
    semihost_printf("mc: read %s (%u bytes)\n", name, (unsigned)input_bytes[index]);
    return 1;
}

static int write_output(uint32_t invocation, uint32_t index) {
    char name[FILE_NAME_BYTES];
    file_name(name, "output", invocation, index);
    int32_t handle = semihost_open(name, SEMIHOST_OPEN_WRITE);
    if (handle < 0) {
        semihost_printf("mc: cannot create %s\n", name);
        return 0;
    }
    int32_t unwritten = semihost_write(handle, outputs[index], output_bytes[index]);
    if (semihost_close(handle) != 0 || unwritten != 0) {
        semihost_printf("mc: cannot write %s\n", name);
        return 0;
    }
    semihost_printf("mc: wrote %s (%u bytes)\n", name, (unsigned)output_bytes[index]);
    return 1;
}

int main(void) {
    free_next = (uintptr_t)__mc_free_ram_start;
    semihost_printf("mc: model %s: %u inputs, %u outputs, %u regions, %s arenas, %u runs\n", MC_STR(MC_PREFIX),
                    (unsigned)INPUT_COUNT, (unsigned)OUTPUT_COUNT, (unsigned)ARENA_COUNT,
                    BIND_ARENAS ? "application-bound" : "model-allocated", (unsigned)MC_RUNS);
    if ((MC_INVOCATIONS) > 1) {
        semihost_printf("mc: %u invocations%s\n", (unsigned)(MC_INVOCATIONS),
                        (MC_RESET_BETWEEN) ? ", state reset between them" : "");
    }

    for (uint32_t i = 0; i < INPUT_COUNT; i++) {
        if (!carve_or_report(&inputs[i], "input", i, input_bytes[i], MC_IO_ALIGNMENT)) {
            return EXIT_NO_RAM;
        }
    }
    for (uint32_t i = 0; i < OUTPUT_COUNT; i++) {
        if (!carve_or_report(&outputs[i], "output", i, output_bytes[i], MC_IO_ALIGNMENT)) {
            return EXIT_NO_RAM;
        }
    }

    mc_status_t status = MC_API(_context_init)(&context);
    if (!check("context_init", status)) {
        return exit_for(status);
    }
    semihost_printf("mc: context_init ok\n");

#if BIND_ARENAS
    for (uint32_t r = 0; r < ARENA_COUNT; r++) {
        uint32_t bytes = (uint32_t)((int32_t)arena_bytes[r] + (MC_BIND_BYTES_ADJUST));
        uint8_t *arena;
        if (!carve_or_report(&arena, "region", r, bytes + (MC_BIND_BASE_OFFSET), arena_alignment[r])) {
            return EXIT_NO_RAM;
        }
        arena += MC_BIND_BASE_OFFSET;
        status = MC_API(_bind_arena)(&context, r, arena, bytes);
        if (status != 0) {
            semihost_printf("mc: bind_arena %u failed: status %d (%u bytes at 0x%x)\n", (unsigned)r, (int)status,
                            (unsigned)bytes, (unsigned)(uintptr_t)arena);
            return exit_for(status);
        }
        semihost_printf("mc: bind_arena %u ok (%u bytes at 0x%x)\n", (unsigned)r, (unsigned)bytes,
                        (unsigned)(uintptr_t)arena);
    }
#endif

    status = MC_API(_model_init)(&context);
    if (!check("model_init", status)) {
        return exit_for(status);
    }
    semihost_printf("mc: model_init ok\n");

    for (uint32_t i = 0; i < INPUT_COUNT; i++) {
        context.input[i] = inputs[i];
    }
    for (uint32_t i = 0; i < OUTPUT_COUNT; i++) {
        context.output[i] = outputs[i];
    }
    for (uint32_t invocation = 0; invocation < (MC_INVOCATIONS); invocation++) {
        for (uint32_t i = 0; i < INPUT_COUNT; i++) {
            if (!read_input(invocation, i)) {
                return EXIT_FILE;
            }
        }
#if MC_RESET_BETWEEN
        if (invocation > 0) {
            status = MC_API(_model_reset_state)(&context);
            if (!check("model_reset_state", status)) {
                return exit_for(status);
            }
            semihost_printf("mc: model_reset_state ok\n");
        }
#endif
        for (uint32_t run = 0; run < (MC_RUNS); run++) {
            bench_mark();
            status = MC_API(_model_run)(&context);
            bench_mark();
            if (!check("model_run", status)) {
                return exit_for(status);
            }
        }
        semihost_printf("mc: model_run ok (%u runs)\n", (unsigned)MC_RUNS);

        for (uint32_t i = 0; i < OUTPUT_COUNT; i++) {
            if (!write_output(invocation, i)) {
                return EXIT_FILE;
            }
        }
    }
    semihost_printf("mc: done\n");
    return EXIT_OK;
}
