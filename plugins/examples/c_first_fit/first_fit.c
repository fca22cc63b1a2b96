/* An example mc planner plugin in C: first fit in buffer order. Each buffer goes at the lowest
 * offset, aligned, that shares no byte with any earlier buffer live at a common step. It ignores
 * allowances (a disjoint plan is always valid) and uses no memory of its own beyond the stack.
 *
 *   cc -shared -fPIC -I plugins/api/include plugins/examples/c_first_fit/first_fit.c -o first_fit.so
 *   mc-plan problem.csv --load-plugin=./first_fit.so --algorithm c_first_fit
 */
#include "mc_planner.h"

#include <stdio.h>

static int live_together(const McBuffer *a, const McBuffer *b) {
    return a->live_start <= b->live_end && b->live_start <= a->live_end;
}

static uint64_t align_up(uint64_t value, uint64_t alignment) {
    return alignment <= 1 ? value : (value + alignment - 1) / alignment * alignment;
}

static McStatus plan(const McProblem *problem, McSolution *solution, char *message, uint64_t message_capacity) {
    if (solution->offset_count != problem->buffer_count) {
        snprintf(message, message_capacity, "%llu offset slots for %llu buffers",
                 (unsigned long long)solution->offset_count, (unsigned long long)problem->buffer_count);
        return MC_STATUS_ERROR;
    }
    for (uint64_t i = 0; i < problem->buffer_count; i++) {
        const McBuffer *b = &problem->buffers[i];
        uint64_t offset = 0;
        /* Move above every earlier live-together buffer it hits until none does: each move is
         * to the end of a placed buffer, so this ends after at most i moves per buffer. */
        for (int moved = 1; moved;) {
            moved = 0;
            offset = align_up(offset, b->alignment);
            for (uint64_t j = 0; j < i; j++) {
                const McBuffer *p = &problem->buffers[j];
                uint64_t at = solution->offsets[j];
                if (p->size != 0 && b->size != 0 && live_together(b, p) && offset < at + p->size &&
                    at < offset + b->size) {
                    offset = align_up(at + p->size, b->alignment);
                    moved = 1;
                }
            }
        }
        solution->offsets[i] = offset;
    }
    return MC_STATUS_OK;
}

static const McPlanner planners[] = {{"c_first_fit", plan}};

static const McPlannerPlugin plugin = {MC_PLANNER_ABI_VERSION, 1, planners};

const McPlannerPlugin *mc_planner_plugin_v1(void) { return &plugin; }
