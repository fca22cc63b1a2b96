/* mc_planner.h: the ABI of mc's memory-planner plugins, version 2 (DESIGN.md section 7).
 *
 * A plugin is a shared library exporting `mc_planner_plugin_v1`, which returns a descriptor:
 * the ABI version it was built for and its planners (a name and an entry point each). mc calls
 * an entry point with a problem and a solution holding one offset slot per buffer; the planner
 * fills the offsets and returns MC_STATUS_OK, or writes a NUL-terminated message of at most
 * `message_capacity` bytes (terminator included) and returns MC_STATUS_ERROR. mc validates every
 * plan and never uses an invalid one.
 *
 * The same types are defined in Rust by the mc-plugin-api crate (plugins/api/src/abi.rs); a test
 * of that crate compiles this header and checks every size and field offset against them.
 */
#ifndef MC_PLANNER_H
#define MC_PLANNER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MC_PLANNER_ABI_VERSION 2u

typedef int32_t McStatus;
#define MC_STATUS_OK 0
#define MC_STATUS_ERROR 1
#define MC_STATUS_PANIC 2

/* One buffer to place: live at steps live_start..=live_end. */
typedef struct McBuffer {
    uint64_t size;
    uint64_t alignment; /* a power of two; the offset must be a multiple */
    uint32_t live_start;
    uint32_t live_end;
} McBuffer;

/* McAllowance.side: offset(output) - offset(input) <= delta (rows computed in increasing
 * order), or >= delta (rows in decreasing order). */
#define MC_ALLOWANCE_AT_MOST 0u
#define MC_ALLOWANCE_AT_LEAST 1u

/* Buffers `output` and `input` may share bytes although both are live together, when
 * offset(output) - offset(input) is on the allowed side of `delta`; a planner may ignore
 * allowances (a disjoint plan is always valid). Version 1 had no side (always AT_MOST). */
typedef struct McAllowance {
    uint64_t output;
    uint64_t input;
    int64_t delta;
    uint32_t side;     /* MC_ALLOWANCE_AT_MOST or MC_ALLOWANCE_AT_LEAST */
    uint32_t reserved; /* 0 */
} McAllowance;

typedef struct McProblem {
    const McBuffer *buffers;
    uint64_t buffer_count;
    const McAllowance *allowances;
    uint64_t allowance_count;
    uint64_t capacity; /* bytes available, a hint; 0: unbounded */
} McProblem;

typedef struct McSolution {
    uint64_t *offsets; /* offset_count slots, allocated by mc */
    uint64_t offset_count;
} McSolution;

typedef McStatus (*McPlanFn)(const McProblem *problem, McSolution *solution, char *message,
                             uint64_t message_capacity);

typedef struct McPlanner {
    const char *name; /* NUL-terminated UTF-8, selected by usmp{algorithm=NAME} */
    McPlanFn plan;
} McPlanner;

typedef struct McPlannerPlugin {
    uint32_t abi_version; /* MC_PLANNER_ABI_VERSION */
    uint32_t planner_count;
    const McPlanner *planners;
} McPlannerPlugin;

/* The one symbol a plugin exports; the descriptor lives as long as the library. */
const McPlannerPlugin *mc_planner_plugin_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* MC_PLANNER_H */
