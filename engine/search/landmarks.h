/* Fact landmarks of the delete relaxation, their orderings, and the
 * landmark-count heuristic (LAMA's, as Fast Downward's landmark_sum with
 * unit costs), for the satisficing search (lazy.c).
 *
 * Landmarks are found as Richter, Helmert and Westphal's backchaining finds
 * them, without its disjunctive landmarks: the goal atoms are landmarks;
 * for a landmark p not true initially, the achievers of p that can come
 * first are those applicable in the relaxed exploration that never makes p
 * true, and every precondition they all share is a landmark, ordered
 * greedy-necessarily before p.  Atoms are the heuristics' relaxed atoms, so
 * a "not p" atom (heuristic.h) can be a landmark, and so can the atom of a
 * disjunction or a universal quantifier (it holds where its condition
 * does).  The initial state's landmarks are exact (each one holds in every
 * plan from it); the statuses below carry them along a path.
 *
 * Along a path each landmark is past (it held in some state of the path)
 * or not, and future (it must still be achieved) or not, as Fast
 * Downward's landmark status manager keeps them: a landmark not past is
 * future; a future one stops being so when a step adds it; and one
 * becomes future again when it is a goal that does not hold, when it must
 * hold again before a greedy-necessary child not past yet, or when a
 * reasonable parent (landmark_orders.h) is not past yet: achieved too
 * early, it will be destroyed and achieved again.  A state's value counts
 * its future landmarks: 0 exactly when every landmark is past and none is
 * needed again, the goal included. */
#ifndef PL_SEARCH_LANDMARKS_H
#define PL_SEARCH_LANDMARKS_H

#include "search/heuristic.h"

typedef struct pl_landmarks pl_landmarks;

/* The landmarks of the task's goal from `init`.  Backchaining stops after
 * about `budget` operator visits (0: no bound): a task that large keeps the
 * landmarks found so far, which are landmarks all the same.  NULL on out of
 * memory. */
pl_landmarks *pl_landmarks_new(const pl_relaxed *r, const uint64_t *init, long budget);
void pl_landmarks_free(pl_landmarks *l);
int pl_landmarks_count(const pl_landmarks *l);
/* The number of reasonable orderings found. */
int pl_landmarks_reasonable_count(const pl_landmarks *l);
/* The uint64 words of a status (the past set, then the future set). */
int pl_landmarks_words(const pl_landmarks *l);
/* The status of a path that starts in `state` (the search's start). */
void pl_landmarks_initial(const pl_landmarks *l, const uint64_t *state, uint64_t *status);
/* The status after a step from `parent_state`, whose path has status
 * `parent`, into `state` (status may be parent). */
void pl_landmarks_progress(const pl_landmarks *l, const uint64_t *parent, const uint64_t *parent_state,
                           const uint64_t *state, uint64_t *status);
/* The landmark-count value of a state with `status`: its future landmarks. */
int pl_landmarks_value(const pl_landmarks *l, const uint64_t *status);
/* Is relaxed atom `atom` (the heuristics' numbering) a landmark? */
bool pl_landmarks_has(const pl_landmarks *l, int atom);

#endif
