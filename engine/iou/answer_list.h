/* Reading the list a model wrote in answer to a set question of the IoU
 * paper ("provide ... within [] separated by commas"): ground actions or
 * atoms, in whatever shape models produce them — prose around the list,
 * markdown, numbering, `name(a, b)` / `(name a b)` / `name a b`.
 *
 * Items are normalised as ../shared/specs/iou-metrics.md decides: lower
 * case, single spaces, one pair of outer parentheses, no commas between
 * arguments; so `Pick-Up(A)`, `(pick-up a)` and `pick-up a` are one item. */
#ifndef PL_IOU_ANSWER_LIST_H
#define PL_IOU_ANSWER_LIST_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    PL_LIST_BRACKETS,    /* the last non-nested [...] in the text */
    PL_LIST_PARENTHESES, /* no brackets: every top-level (...) group, in order */
    PL_LIST_NONE         /* nothing list-like: a parse failure */
} pl_list_source;

typedef struct {
    bool ok;              /* false: no list found (the answer is a parse failure) */
    pl_list_source source;
    size_t span_start;    /* the part of the response the items were read from, */
    size_t span_end;      /* as byte offsets [start, end) into the response */
    char **items;         /* owned, normalised, in the order written (duplicates kept) */
    int count;
} pl_answer_list;

/* Reads the list; returns 0, or -1 when out of memory (out is then empty). */
int pl_answer_list_parse(const char *response, pl_answer_list *out);
void pl_answer_list_free(pl_answer_list *l);

/* The normalised form of one item (a new string), or NULL when out of
 * memory.  An empty item normalises to "". */
char *pl_answer_item_normalise(const char *text, size_t len);

#endif
