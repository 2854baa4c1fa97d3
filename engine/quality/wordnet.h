/* Read access to the WordNet 3.0 database files (Debian's wordnet-base:
 * index.{noun,verb}, data.{noun,verb}, {noun,verb}.exc), with the lookups
 * NLTK's WordNet reader performs: lemma → synsets in index order through
 * NLTK's own morphological base forms (`_morphy`, not libwordnet's
 * morphstr), and per synset its canonical name and hypernyms.  Synsets are
 * parsed on first use, each together with all its hypernym ancestors. */
#ifndef PL_QUALITY_WORDNET_H
#define PL_QUALITY_WORDNET_H

#include "base/error.h"

typedef enum { WN_NOUN = 0, WN_VERB = 1 } wn_pos;

typedef struct wn_database wn_database;

typedef struct {
    int id;
    int dist; /* edges on the shortest hypernym path */
} wn_ancestor;

typedef struct {
    wn_pos pos;
    long offset;
    char *name;      /* "pick.v.01": first lemma, pos, that lemma's sense number */
    int *hypernyms;  /* synset ids: hypernym and instance-hypernym pointers */
    int nhypernyms;
    /* Caches filled on demand by wup.c (-1 / NULL: not computed yet). */
    int min_depth, max_depth;
    wn_ancestor *ancestors; /* itself and every hypernym ancestor, sorted by id */
    int nancestors, farthest;
} wn_synset;

/* A growable list of synset ids. */
typedef struct {
    int *ids;
    int n, cap;
} wn_ids;

/* Opens dict_dir (NULL or "": $WNSEARCHDIR, else /usr/share/wordnet).
 * NULL with `err` set (PL_ERR_IO naming the file) when a file is missing. */
wn_database *wn_open(const char *dict_dir, pl_error *err);
void wn_close(wn_database *db);

/* NLTK's synsets(lemma, pos): appends to `out` the synsets of each base form
 * of the lower-cased lemma, in NLTK's order (forms as _morphy returns them,
 * then index-file order).  Returns 0, or -1 when out of memory. */
int wn_synsets(wn_database *db, const char *lemma, wn_pos pos, wn_ids *out);
void wn_ids_free(wn_ids *l);

/* The synset with this id.  The pointer stays valid until the next
 * wn_synsets call (which may load synsets); the synset's ancestors are
 * always loaded already. */
wn_synset *wn_synset_at(const wn_database *db, int id);

#endif
