/* The delete relaxation and what reads it: a domain, optionally followed by
 * "\n;;;;\n" and a problem, loaded; when it grounds to a small task, its
 * relaxation (negation, disjunctions, quantifiers, axioms), h_max, h_add,
 * h_FF with its helpful actions, LM-cut, and the landmarks with their
 * orderings and statuses along one step from the initial state. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_input.h"
#include "search/heuristic.h"
#include "search/landmarks.h"

enum { MAX_ATOMS = 2000, MAX_ACTIONS = 2000 };

static void heuristics(const pl_task *t, const pl_relaxed *r, const int *goal, int ngoal)
{
    static const pl_heuristic_kind kinds[] = {PL_H_MAX, PL_H_ADD, PL_H_FF, PL_H_LMCUT};
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        pl_heuristic *h = pl_heuristic_new(r, kinds[k], goal, ngoal, NULL);
        if (!h)
            continue;
        (void)pl_heuristic_eval(h, t->init);
        const int *helpful;
        (void)pl_heuristic_preferred(h, &helpful);
        pl_heuristic_free(h);
    }
}

static void landmarks(const pl_task *t, const pl_relaxed *r)
{
    pl_landmarks *lm = pl_landmarks_new(r, t->init, 100000);
    if (!lm)
        return;
    int words = pl_landmarks_words(lm);
    uint64_t *status = calloc((size_t)words + 1, sizeof *status);
    uint64_t *next = pl_state_new(t);
    if (status && next) {
        pl_landmarks_initial(lm, t->init, status);
        (void)pl_landmarks_value(lm, status);
        for (int a = 0; a < t->nactions; a++)
            if (pl_task_applicable(t, a, t->init)) {
                pl_task_apply(t, a, t->init, next);
                pl_landmarks_progress(lm, status, t->init, next, status);
                (void)pl_landmarks_value(lm, status);
                break;
            }
    }
    free(status);
    free(next);
    pl_landmarks_free(lm);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pl_loaded_task lt;
    if (!fuzz_load_task(data, size, &lt))
        return 0;
    const pl_task *t = lt.task;
    pl_relaxed *r = t->natoms <= MAX_ATOMS && t->nactions <= MAX_ACTIONS ? pl_relaxed_new(t) : NULL;
    int *goal = r ? malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal) : NULL;
    if (goal) {
        heuristics(t, r, goal, pl_relaxed_goal_atoms(r, t->goal, goal));
        landmarks(t, r);
    }
    free(goal);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
    return 0;
}
