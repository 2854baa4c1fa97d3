/* NLTK's Synset.wup_similarity over wn_database synsets, with its defaults:
 * simulate_root=True (a fake root above every verb hierarchy: verbs have no
 * single top), the lowest common hypernym chosen by use_min_depth=True with
 * ties broken by synset name, depth = max_depth + 1, path lengths by
 * breadth-first search over hypernym and instance-hypernym pointers. */
#ifndef PL_WN_WUP_H
#define PL_WN_WUP_H

#include <stdbool.h>

#include "wn_database.h"

/* wup_similarity(a, b); false when NLTK returns None (no common hypernym). */
bool wn_wup(const wn_database *db, int a, int b, double *out);

#endif
