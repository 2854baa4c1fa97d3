/* Fact landmarks of the delete relaxation and the landmark-count heuristic
 * (LAMA's, as Fast Downward's landmark_sum with unit costs), for the
 * satisficing search (lazy.c).
 *
 * Landmarks are found as Richter, Helmert and Westphal's backchaining finds
 * them, without its disjunctive landmarks: the goal atoms are landmarks;
 * for a landmark p not true initially, the achievers of p that can come
 * first are those applicable in the relaxed exploration that never makes p
 * true, and every precondition they all share is a landmark, ordered
 * greedy-necessarily before p.  Atoms are the heuristics' relaxed atoms, so
 * a "not p" atom (heuristic.h) can be a landmark.  The initial state's
 * landmarks are exact (each one holds in every plan from it); the reached
 * sets below carry them along a path.
 *
 * Along a path, a landmark is reached once it held in some state of it.
 * A state's value counts the landmarks not reached, and the reached ones
 * needed again: goals that no longer hold, and landmarks that no longer hold
 * but must hold before a landmark not reached yet (a greedy-necessary
 * ordering).  It is 0 exactly when every landmark is reached and the goal
 * holds. */
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
/* The uint64 words of a reached set. */
int pl_landmarks_words(const pl_landmarks *l);
/* The reached set of a path that starts in `state` (the search's start). */
void pl_landmarks_initial(const pl_landmarks *l, const uint64_t *state, uint64_t *reached);
/* The reached set after a step into `state` from a state whose path reached `parent`. */
void pl_landmarks_progress(const pl_landmarks *l, const uint64_t *parent, const uint64_t *state, uint64_t *reached);
/* The landmark-count value of `state` reached by a path with `reached`. */
int pl_landmarks_value(const pl_landmarks *l, const uint64_t *reached, const uint64_t *state);
/* Is relaxed atom `atom` (the heuristics' numbering) a landmark? */
bool pl_landmarks_has(const pl_landmarks *l, int atom);

#endif
