/* Plan potential: π1 by renaming and shifting, π2/π3 by sub-plans. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "quality/potential.h"
#include "quality/score.h"

/* A set of int rows of one width with a value per row: memo of candidate
 * plans (width n) and the set of renamings (width = number of tokens). */
typedef struct {
    int width;
    int *rows;
    double *raw;       /* per row: the evaluated raw score */
    unsigned char *valid;
    int count, cap;
    int *slots;        /* row + 1, 0 = empty */
    uint32_t nslots;
} rowset;

static uint32_t row_hash(const int *r, int w)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < w; i++)
        h = (h ^ (uint32_t)r[i]) * 16777619u;
    return h;
}

static int rowset_grow(rowset *s)
{
    uint32_t n = s->nslots ? s->nslots * 2 : 256;
    int *slots = calloc(n, sizeof *slots);
    if (!slots)
        return -1;
    for (int r = 0; r < s->count; r++) {
        uint32_t k = row_hash(s->rows + (size_t)r * s->width, s->width) & (n - 1);
        while (slots[k])
            k = (k + 1) & (n - 1);
        slots[k] = r + 1;
    }
    free(s->slots);
    s->slots = slots;
    s->nslots = n;
    return 0;
}

/* The row index of r; *fresh when just added.  -1 on out of memory. */
static int rowset_put(rowset *s, const int *r, bool *fresh)
{
    *fresh = false;
    if ((uint32_t)(s->count + 1) * 2 > s->nslots && rowset_grow(s) < 0)
        return -1;
    size_t w = (size_t)s->width;
    uint32_t k = row_hash(r, s->width) & (s->nslots - 1);
    for (; s->slots[k]; k = (k + 1) & (s->nslots - 1))
        if (!memcmp(s->rows + (size_t)(s->slots[k] - 1) * w, r, w * sizeof *r))
            return s->slots[k] - 1;
    if (s->count == s->cap) {
        int cap = s->cap ? s->cap * 2 : 64;
        int *rows = realloc(s->rows, (size_t)cap * (w ? w : 1) * sizeof *rows);
        if (rows)
            s->rows = rows;
        double *raw = realloc(s->raw, (size_t)cap * sizeof *raw);
        if (raw)
            s->raw = raw;
        unsigned char *valid = realloc(s->valid, (size_t)cap);
        if (valid)
            s->valid = valid;
        if (!rows || !raw || !valid)
            return -1;
        s->cap = cap;
    }
    memcpy(s->rows + (size_t)s->count * w, r, w * sizeof *r);
    s->slots[k] = s->count + 1;
    *fresh = true;
    return s->count++;
}

static void rowset_free(rowset *s)
{
    free(s->rows);
    free(s->raw);
    free(s->valid);
    free(s->slots);
}

typedef struct {
    pl_qvocab *v;
    const int *gt;
    int m, n;
    rowset memo;      /* candidate plan -> raw score after evaluate_(valid_)plan, VAL verdict */
    bool any_valid;
} search;

/* A fresh Plan of `plan`, evaluated as search_optimal_* do; memoised.
 * Returns the memo row, or -1 on out of memory. */
static int evaluate(search *s, const int *plan, double *raw, bool *valid)
{
    bool fresh;
    int r = rowset_put(&s->memo, plan, &fresh);
    if (r < 0)
        return -1;
    if (fresh) {
        pl_qplan p;
        if (pl_qplan_eval(s->v, plan, s->n, s->gt, s->m, false, &p) < 0)
            return -1;
        if (p.exec.valid)
            pl_qplan_add_valid_terms(&p, s->m);
        else
            pl_qplan_add_invalid_terms(&p, s->m);
        s->memo.raw[r] = p.raw;
        s->memo.valid[r] = p.exec.valid;
        pl_qplan_clear(&p);
    }
    *raw = s->memo.raw[r];
    *valid = s->memo.valid[r];
    s->any_valid |= *valid; /* EvaluatePlanPerAction.valid_plan is set */
    return r;
}

static void rotate(const int *plan, int n, int offset, int *out)
{
    for (int i = 0; i < n; i++)
        out[i] = plan[(i + offset) % n];
}

/* search_optimal_offset: offsets ranked (stably) by how many rotated action
 * names match the GT's at the same index; the first max(7, min(15, n)) are
 * scored minus offset/2 and must beat 1.0; a valid rotation wins outright.
 * Returns the offset, or -1 on out of memory. */
static int best_offset(search *s, const int *plan, int *scratch)
{
    int n = s->n, lim = n < s->m ? n : s->m;
    int *order = malloc(3 * (size_t)n * sizeof *order);
    if (!order)
        return -1;
    int *heur = order + n, *seen = order + 2 * n;
    for (int o = 0; o < n; o++) {
        heur[o] = 0;
        for (int i = 0; i < lim; i++)
            heur[o] += pl_qvocab_get(s->v, plan[(i + o) % n])->name == pl_qvocab_get(s->v, s->gt[i])->name;
        int k = o; /* stable insertion by descending heuristic */
        while (k > 0 && heur[order[k - 1]] < heur[o]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = o;
    }
    int beam = n < 7 ? 7 : n > 15 ? 15 : n, top = beam < n ? beam : n;
    int nseen = 0, optimal = 0, valid_offset = -1;
    double best = 1.0; /* the unevaluated plan: score n / n */
    for (int t = 0; t < top; t++) {
        int o = order[t];
        rotate(plan, n, o, scratch);
        double raw;
        bool valid, dup = false;
        int r = evaluate(s, scratch, &raw, &valid);
        if (r < 0) {
            free(order);
            return -1;
        }
        for (int k = 0; k < nseen; k++)
            dup |= seen[k] == r;
        if (dup) /* an equal rotation was scored in this call: skipped */
            continue;
        seen[nseen++] = r;
        if (valid && valid_offset < 0)
            valid_offset = o;
        double score = (raw - o / 2.0) / n;
        if (score > best) {
            best = score;
            optimal = o;
        }
    }
    free(order);
    return valid_offset >= 0 ? valid_offset : optimal;
}

/* get_variable_lists: distinct 1st and 2nd parameters in order of appearance.
 * Returns the count, or -1 for a 0-ary action (the official code raises). */
static int collect_variables(pl_qvocab *v, const int *plan, int n, int *vars)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        const pl_qaction *a = pl_qvocab_get(v, plan[i]);
        if (a->nparams < 1)
            return -1;
        for (int p = 0; p < 2 && p < a->nparams; p++) {
            int t = a->params[p], j = 0;
            while (j < k && vars[j] != t)
                j++;
            if (j == k)
                vars[k++] = t;
        }
    }
    return k;
}

/* Renamings for 7 or more variables: one per (GT action, π0 action) pair of
 * equal name and arity, args zipped, identity elsewhere; duplicates dropped.
 * (The official code iterates a Python set, in no fixed order; this keeps
 * the order of first appearance.)  Rows of `ntok` ints, -1 = not a key. */
static int gt_match_mappings(pl_qvocab *v, const int *plan, int n, const int *gt, int m, const int *vars, int nvars,
                             int ntok, rowset *out)
{
    int *map = malloc((size_t)ntok * sizeof *map);
    if (!map)
        return -1;
    for (int g = 0; g < m; g++) {
        const pl_qaction *ga = pl_qvocab_get(v, gt[g]);
        for (int i = 0; i < n; i++) {
            const pl_qaction *a = pl_qvocab_get(v, plan[i]);
            if (a->name != ga->name || a->nparams != ga->nparams)
                continue;
            for (int t = 0; t < ntok; t++)
                map[t] = -1;
            for (int p = 0; p < a->nparams; p++)
                map[a->params[p]] = ga->params[p];
            for (int k = 0; k < nvars; k++)
                if (map[vars[k]] < 0)
                    map[vars[k]] = vars[k];
            bool fresh;
            if (rowset_put(out, map, &fresh) < 0) {
                free(map);
                return -1;
            }
        }
    }
    free(map);
    return 0;
}

static bool next_permutation(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return false;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--)
        t = a[l], a[l] = a[r], a[r] = t;
    return true;
}

/* One renaming (map over tokens, -1 = unchanged): the candidate at its best
 * shift, scored; updates the best.  Returns -1 on out of memory. */
static int try_mapping(search *s, pl_qpotential *out, const int *plan, const int *map, int ntok, int nvars,
                       rowset *done, int *buf)
{
    int n = s->n, *remapped = buf, *rotated = buf + n, *scratch = buf + 2 * n, swaps = 0;
    for (int t = 0; t < ntok; t++)
        swaps += map[t] >= 0 && map[t] != t;
    for (int i = 0; i < n; i++) {
        const pl_qaction *a = pl_qvocab_get(s->v, plan[i]);
        int toks[a->nparams + 1];
        toks[0] = a->name < ntok && map[a->name] >= 0 ? map[a->name] : a->name;
        for (int p = 0; p < a->nparams; p++)
            toks[p + 1] = a->params[p] < ntok && map[a->params[p]] >= 0 ? map[a->params[p]] : a->params[p];
        remapped[i] = pl_qvocab_action_from_tokens(s->v, toks, a->nparams + 1);
        if (remapped[i] < 0)
            return -1;
    }
    out->mappings++;
    bool fresh;
    int row = rowset_put(done, remapped, &fresh);
    if (row < 0)
        return -1;
    if (fresh) {
        int offset = best_offset(s, remapped, scratch);
        if (offset < 0)
            return -1;
        rotate(remapped, n, offset, rotated);
        if (offset != 0)
            out->optimal_offset = offset;
        double raw;
        bool valid;
        if (evaluate(s, rotated, &raw, &valid) < 0)
            return -1;
        raw -= (double)swaps / nvars;
        done->raw[row] = raw / n;
        done->valid[row] = valid;
        if (raw / n > out->best_score) {
            out->best_score = raw / n;
            memcpy(out->plan, rotated, (size_t)n * sizeof *rotated);
            out->improved = true;
            out->best_valid = valid;
        }
    }
    return 0;
}

void pl_qpotential_clear(pl_qpotential *p)
{
    free(p->plan);
    memset(p, 0, sizeof *p);
}

int pl_qpotential_search(pl_qvocab *v, const int *plan, int n, const int *gt, int m, double curr_score,
                         pl_qpotential *out)
{
    memset(out, 0, sizeof *out);
    out->plan = malloc(((size_t)n + 1) * sizeof *out->plan);
    int *vars = malloc((2 * (size_t)n + 1) * sizeof *vars), *buf = malloc((3 * (size_t)n + 1) * sizeof *buf);
    int ntok = pl_qvocab_ntokens(v), *map = malloc(((size_t)ntok + 1) * sizeof *map);
    search s = {v, gt, m, n, {.width = n}, false};
    rowset done = {.width = n}, mappings = {.width = ntok};
    int rc = -1;
    if (!out->plan || !vars || !buf || !map)
        goto done;
    memcpy(out->plan, plan, (size_t)n * sizeof *plan);
    out->n = n;
    out->best_score = curr_score;
    int nvars = collect_variables(v, plan, n, vars);
    if (nvars < 0) {
        out->error = true;
        rc = 0;
        goto done;
    }
    out->nvariables = nvars;
    if (nvars < 7) {
        int perm[7];
        for (int k = 0; k < nvars; k++)
            perm[k] = k;
        do {
            for (int t = 0; t < ntok; t++)
                map[t] = -1;
            for (int k = 0; k < nvars; k++)
                map[vars[k]] = vars[perm[k]];
            if (try_mapping(&s, out, plan, map, ntok, nvars, &done, buf) < 0)
                goto done;
        } while (next_permutation(perm, nvars));
    } else {
        if (gt_match_mappings(v, plan, n, gt, m, vars, nvars, ntok, &mappings) < 0)
            goto done;
        if (mappings.count == 0) {
            for (int t = 0; t < ntok; t++)
                map[t] = -1;
            for (int k = 0; k < nvars; k++)
                map[vars[k]] = vars[k];
            if (try_mapping(&s, out, plan, map, ntok, nvars, &done, buf) < 0)
                goto done;
        }
        for (int r = 0; r < mappings.count; r++)
            if (try_mapping(&s, out, plan, mappings.rows + (size_t)r * ntok, ntok, nvars, &done, buf) < 0)
                goto done;
    }
    /* The official code then lets a valid candidate replace the best when
     * its score is higher: never, since every candidate was compared. */
    out->any_valid = s.any_valid;
    rc = pl_qvocab_failed(v) ? -1 : 0;
done:
    rowset_free(&s.memo);
    rowset_free(&done);
    rowset_free(&mappings);
    free(vars);
    free(buf);
    free(map);
    return rc;
}

static bool reaches_goal(const pl_task *t, const pl_qexec *e)
{
    for (int i = 0; i < e->nstates; i++)
        if (pl_task_goal_reached(t, pl_qexec_state(e, t, i)))
            return true;
    return false;
}

static int copy_plan(const int *plan, int n, int **out, int *nout)
{
    *out = malloc(((size_t)n + 1) * sizeof **out);
    if (!*out)
        return -1;
    if (n)
        memcpy(*out, plan, (size_t)n * sizeof *plan);
    *nout = n;
    return 0;
}

/* 1 when the plan is VAL-valid (or, with goal_ok, reaches the goal in a
 * replayed state), 0 when not, -1 on out of memory. */
static int check(pl_qvocab *v, const int *plan, int n, bool valid_ok, bool goal_ok)
{
    pl_qexec e;
    if (pl_qexec_run(v, plan, n, goal_ok, &e) < 0)
        return -1;
    int r = (valid_ok && e.valid) || (goal_ok && reaches_goal(pl_qvocab_task(v), &e));
    pl_qexec_clear(&e);
    return r;
}

int pl_qsubplan(pl_qvocab *v, const pl_qplan *p, int **out, int *nout)
{
    const pl_qtrace *t = &p->trace;
    const int *subset = p->plan + t->lcs_str_start;
    int r = check(v, subset, t->lcs_str_len, true, false);
    if (r != 0)
        return r < 0 ? -1 : copy_plan(subset, t->lcs_str_len, out, nout);
    /* (the official "LCSseq valid" test checks LCSstr again) */
    r = check(v, t->lcs_seq, t->lcs_seq_len, false, true);
    if (r != 0)
        return r < 0 ? -1 : copy_plan(t->lcs_seq, t->lcs_seq_len, out, nout);
    for (int i = 0; i < p->n; i++) {
        r = check(v, p->plan + i, p->n - i, true, true);
        if (r != 0)
            return r < 0 ? -1 : copy_plan(p->plan + i, p->n - i, out, nout);
    }
    return copy_plan(t->lcs_seq, t->lcs_seq_len, out, nout);
}
