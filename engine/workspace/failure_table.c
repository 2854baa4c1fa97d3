/* Failure modes counted per column of records (failure_table.h). */
#include "workspace/failure_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/sort.h"

/* Does the record count as a wrong answer with a failure? */
static const pl_failure *wrong_failure(const pl_ws_record *rec)
{
    if (!rec->graded || rec->error || rec->resp->error || rec->sound_score)
        return NULL;
    return pl_ws_record_failure(rec);
}

static int row_index(pl_ws_failure_table *t, int *cap, pl_failure_kind kind, const char *key)
{
    for (int r = 0; r < t->nrows; r++)
        if (t->rows[r].kind == kind &&
            (key ? t->rows[r].key && !strcmp(t->rows[r].key, key) : !t->rows[r].key))
            return r;
    if (t->nrows == *cap) {
        int ncap = *cap ? 2 * *cap : 16;
        pl_ws_failure_row *rows = realloc(t->rows, (size_t)ncap * sizeof *rows);
        if (!rows)
            return -1;
        t->rows = rows;
        *cap = ncap;
    }
    pl_ws_failure_row *row = &t->rows[t->nrows];
    row->kind = kind;
    row->key = key ? pl_strdup(key) : NULL;
    row->count = calloc((size_t)t->ncolumns, sizeof *row->count);
    if ((key && !row->key) || !row->count) {
        free(row->key);
        free(row->count);
        return -1;
    }
    return t->nrows++;
}

static int total(const pl_ws_failure_row *row, int ncolumns)
{
    int n = 0;
    for (int c = 0; c < ncolumns; c++)
        n += row->count[c];
    return n;
}

/* What the rows are sorted by (larger first). */
static double weight(const pl_ws_failure_table *t, int r, pl_ws_failure_order order)
{
    if (order == PL_WS_FAILURE_BY_DIFF && t->ncolumns >= 2)
        return fabs(pl_ws_failure_share(t, r, 0) - pl_ws_failure_share(t, r, 1));
    return total(&t->rows[r], t->ncolumns);
}

typedef struct {
    const pl_ws_failure_table *t;
    pl_ws_failure_order order;
    const int *kind_row;    /* per kind: its row */
} sort_ctx;

/* qsort has no context argument: the table being sorted (one sort at a time
 * per thread). */
static _Thread_local const sort_ctx *sorting;

static int compare_rows(const void *pa, const void *pb)
{
    const sort_ctx *s = sorting;
    int a = *(const int *)pa, b = *(const int *)pb;
    const pl_ws_failure_row *ra = &s->t->rows[a], *rb = &s->t->rows[b];
    if (ra->kind != rb->kind) { /* kinds by their own rows' weight, then enum order */
        double wa = weight(s->t, s->kind_row[ra->kind], s->order), wb = weight(s->t, s->kind_row[rb->kind], s->order);
        if (wa != wb)
            return wa > wb ? -1 : 1;
        return ra->kind < rb->kind ? -1 : 1;
    }
    if (!ra->key || !rb->key) /* the kind's row first */
        return ra->key ? 1 : rb->key ? -1 : 0;
    double wa = weight(s->t, a, s->order), wb = weight(s->t, b, s->order);
    if (wa != wb)
        return wa > wb ? -1 : 1;
    return strcmp(ra->key, rb->key);
}

static int sort_rows(pl_ws_failure_table *t, pl_ws_failure_order order)
{
    int kind_row[PL_FAIL_NKINDS];
    int *perm = malloc(((size_t)t->nrows + 1) * sizeof *perm);
    pl_ws_failure_row *sorted = malloc(((size_t)t->nrows + 1) * sizeof *sorted);
    if (!perm || !sorted) {
        free(perm);
        free(sorted);
        return -1;
    }
    for (int r = 0; r < t->nrows; r++) {
        perm[r] = r;
        if (!t->rows[r].key)
            kind_row[t->rows[r].kind] = r;
    }
    sort_ctx ctx = {t, order, kind_row};
    sorting = &ctx;
    pl_sort(perm, (size_t)t->nrows, sizeof *perm, compare_rows);
    sorting = NULL;
    for (int r = 0; r < t->nrows; r++)
        sorted[r] = t->rows[perm[r]];
    free(t->rows);
    t->rows = sorted;
    free(perm);
    return 0;
}

static int count_record(pl_ws_failure_table *t, int *cap, int c, const pl_failure *f)
{
    static const pl_failure unclassified = {.kind = PL_FAIL_OTHER, .key = "unclassified"};
    if (f->kind == PL_FAIL_NONE) /* a wrong answer its grader gave no kind: shown, not hidden */
        f = &unclassified;
    int r = row_index(t, cap, f->kind, NULL);
    if (r < 0)
        return -1;
    t->rows[r].count[c]++;
    if (f->key) {
        r = row_index(t, cap, f->kind, f->key);
        if (r < 0)
            return -1;
        t->rows[r].count[c]++;
    }
    return 0;
}

int pl_ws_failure_table_build(const pl_workspace *ws, const int *const *columns, const int *ncolumn, int ncolumns,
                              pl_ws_failure_order order, pl_ws_failure_table *out)
{
    memset(out, 0, sizeof *out);
    out->ncolumns = ncolumns;
    out->answers = calloc((size_t)ncolumns + 1, sizeof *out->answers);
    out->wrong = calloc((size_t)ncolumns + 1, sizeof *out->wrong);
    if (!out->answers || !out->wrong)
        goto oom;
    int cap = 0;
    for (int c = 0; c < ncolumns; c++)
        for (int i = 0; i < ncolumn[c]; i++) {
            const pl_ws_record *rec = pl_workspace_record(ws, columns[c][i]);
            if (!rec->graded || rec->error || rec->resp->error)
                continue;
            out->answers[c]++;
            const pl_failure *f = wrong_failure(rec);
            if (!f)
                continue;
            out->wrong[c]++;
            if (count_record(out, &cap, c, f) < 0)
                goto oom;
        }
    if (sort_rows(out, order) == 0)
        return 0;
oom:
    pl_ws_failure_table_free(out);
    return -1;
}

double pl_ws_failure_share(const pl_ws_failure_table *t, int r, int c)
{
    return t->wrong[c] ? (double)t->rows[r].count[c] / t->wrong[c] : 0.0;
}

bool pl_ws_failure_row_has(const pl_ws_failure_table *t, int row, const pl_ws_record *rec)
{
    const pl_failure *f = wrong_failure(rec);
    const pl_ws_failure_row *r = &t->rows[row];
    if (f && f->kind == PL_FAIL_NONE)
        return r->kind == PL_FAIL_OTHER && (!r->key || !strcmp(r->key, "unclassified"));
    return f && f->kind == r->kind && (!r->key || (f->key && !strcmp(f->key, r->key)));
}

void pl_ws_failure_table_free(pl_ws_failure_table *t)
{
    for (int r = 0; r < t->nrows; r++) {
        free(t->rows[r].key);
        free(t->rows[r].count);
    }
    free(t->rows);
    free(t->answers);
    free(t->wrong);
    memset(t, 0, sizeof *t);
}
