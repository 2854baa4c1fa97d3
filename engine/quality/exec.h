/* What the official plan-quality code learns from VAL, emulated on the
 * engine's simulator (spec plan-quality.md §1.1, §7): validity,
 * executability, the LEA as `get_ind_last_exec` defines it, and the states
 * `simulate_states` replays.  VAL's reading of a plan is reproduced: lines
 * without a parenthesised action are dropped, an unknown action name
 * anywhere rejects the whole plan, too few arguments anywhere aborts VAL
 * without a verdict, and the failing action is echoed lower-case without
 * surplus arguments and then looked up verbatim in the plan. */
#ifndef PL_QUALITY_EXEC_H
#define PL_QUALITY_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "quality/vocab.h"

typedef enum {
    PL_QX_EXECUTED,      /* every action applied ("Plan executed successfully") */
    PL_QX_PRECONDITION,  /* an action failed and VAL's echo was found in the plan */
    PL_QX_ECHO_MISMATCH, /* an action failed but its echo is not in the plan verbatim */
    PL_QX_BAD_OPERATOR,  /* an unknown action name: nothing executed */
    PL_QX_CRASH          /* too few arguments: VAL aborts without a verdict */
} pl_qx_verdict;

const char *pl_qx_verdict_name(pl_qx_verdict v);

typedef struct {
    pl_qx_verdict verdict;
    bool valid;
    bool executable;
    int lea;               /* the official LEA (§7) */
    bool simulation_possible;
    int nstates;           /* with want_states: the states simulate_states keeps */
    uint64_t *states;      /* nstates states of task->words words, owned */
} pl_qexec;

/* Runs the emulation on plan[0..n) (action ids of v).  With want_states the
 * replayed states are kept.  Returns 0, or -1 when out of memory. */
int pl_qexec_run(pl_qvocab *v, const int *plan, int n, bool want_states, pl_qexec *out);
void pl_qexec_clear(pl_qexec *e);
static inline const uint64_t *pl_qexec_state(const pl_qexec *e, const pl_task *t, int i)
{
    return e->states + (size_t)i * (size_t)t->words;
}

#endif
