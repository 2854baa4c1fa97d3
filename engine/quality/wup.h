/* NLTK's Synset.wup_similarity over wn_database synsets, with its defaults
 * (NLTK 3.8, nltk/corpus/reader/wordnet.py):
 *  - a simulated "*ROOT*" above everything when either synset is a verb
 *    (simulate_root=True and _needs_root(): nouns share entity.n.01);
 *  - the common hypernyms (both synsets and all their ancestors) with the
 *    greatest min_depth (use_min_depth=True), the first by synset name, or
 *    the first synset itself when it is one of them;
 *  - depth = max_depth(subsumer) + 1, and each synset's shortest_path_distance
 *    to the subsumer (breadth-first over hypernym and instance-hypernym
 *    pointers, the minimum over their common ancestors).
 * Depths and ancestor sets are cached in the synsets. */
#ifndef PL_QUALITY_WUP_H
#define PL_QUALITY_WUP_H

#include <stdbool.h>

#include "quality/wordnet.h"

/* wup_similarity(a, b); false when NLTK returns None (no common hypernym, or
 * out of memory). */
bool wn_wup(wn_database *db, int a, int b, double *out);

/* Synset.min_depth() / max_depth(): the shortest / longest hypernym path to
 * a top synset. */
int wn_min_depth(wn_database *db, int id);
int wn_max_depth(wn_database *db, int id);

#endif
