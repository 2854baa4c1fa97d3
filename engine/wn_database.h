/* Read access to the WordNet 3.0 database files (Debian's wordnet-base:
 * index.{noun,verb}, data.{noun,verb}, {noun,verb}.exc), with the lookups
 * NLTK's WordNet reader performs: lemma → synset offsets in index order,
 * NLTK's own morphological base forms (`_morphy`, not libwordnet's
 * morphstr), and per synset its hypernyms and canonical name. */
#ifndef PL_WN_DATABASE_H
#define PL_WN_DATABASE_H

#include "pl_error.h"

typedef enum { WN_NOUN = 0, WN_VERB = 1 } wn_pos;

typedef struct wn_database wn_database;

typedef struct {
    wn_pos pos;
    long offset;
    char name[128];      /* "pick.v.01": first lemma, pos, sense number of that lemma */
    int nhypernyms;
    int hypernyms[16];   /* synset ids (hypernym and instance-hypernym pointers, file order) */
} wn_synset;

/* Opens dict_dir (NULL: $WNSEARCHDIR, else /usr/share/wordnet). */
wn_database *wn_open(const char *dict_dir, pl_error *err);
void wn_close(wn_database *db);

/* NLTK's synsets(lemma, pos): ids of the synsets of each morphological base
 * form of the lemma, in NLTK's order.  Returns the count (up to max). */
int wn_synsets(wn_database *db, const char *lemma, wn_pos pos, int *ids, int max);
/* The synset with this id (stable for the database's life). */
const wn_synset *wn_synset_get(const wn_database *db, int id);

#endif
