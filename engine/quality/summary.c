/* The plan-quality summary (summary.h): duplicates dropped, cases grouped by
 * domain × model × prompt type, missing cases counted or left out, and the
 * counts behind the paper's tables and figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quality/summary.h"
#include "base/sort.h"

/* ---- duplicates ---------------------------------------------------------- */

static bool known(const char *s)
{
    return s && strcmp(s, "-");
}

static int key_cmp(const pl_qfacts *a, const pl_qfacts *b)
{
    bool ia = known(a->instance_id), ib = known(b->instance_id);
    if (ia != ib)
        return ia ? -1 : 1;
    if (!ia)
        return strcmp(a->case_id, b->case_id);
    int c = strcmp(a->domain, b->domain);
    if (!c)
        c = strcmp(a->model, b->model);
    if (!c)
        c = strcmp(a->prompt_type, b->prompt_type);
    return c ? c : strcmp(a->instance_id, b->instance_id);
}

/* Pointers into one array: the address order is the input order. */
static int ptr_cmp(const void *x, const void *y)
{
    const pl_qfacts *a = *(const pl_qfacts *const *)x, *b = *(const pl_qfacts *const *)y;
    int c = key_cmp(a, b);
    return c ? c : (a > b) - (a < b);
}

/* The authors' analysis keeps the row with the highest final score. */
static bool better(const pl_qfacts *a, const pl_qfacts *b)
{
    if (a->evaluated != b->evaluated)
        return a->evaluated;
    return a->evaluated && a->final_score > b->final_score;
}

/* keep[i]: fact i is the one counted for its key.  Returns the number dropped, -1 out of memory. */
static int mark_kept(const pl_qfacts_list *l, bool *keep)
{
    const pl_qfacts **order = malloc(((size_t)l->count + 1) * sizeof *order);
    if (!order)
        return -1;
    for (int i = 0; i < l->count; i++)
        order[i] = &l->items[i];
    pl_sort(order, (size_t)l->count, sizeof *order, ptr_cmp);
    int dropped = 0;
    for (int i = 0; i < l->count;) {
        const pl_qfacts *best = order[i];
        int j = i + 1;
        for (; j < l->count && !key_cmp(order[i], order[j]); j++)
            if (better(order[j], best))
                best = order[j];
        dropped += j - i - 1;
        keep[best - l->items] = true;
        i = j;
    }
    free(order);
    return dropped;
}

/* ---- groups -------------------------------------------------------------- */

static pl_qgt_row *gt_row(pl_qgroup *g, int m)
{
    int at = 0;
    while (at < g->nby_gt && g->by_gt[at].m < m)
        at++;
    if (at < g->nby_gt && g->by_gt[at].m == m)
        return &g->by_gt[at];
    pl_qgt_row *rows = realloc(g->by_gt, ((size_t)g->nby_gt + 1) * sizeof *rows);
    if (!rows)
        return NULL;
    g->by_gt = rows;
    memmove(&rows[at + 1], &rows[at], (size_t)(g->nby_gt - at) * sizeof *rows);
    memset(&rows[at], 0, sizeof *rows);
    rows[at].m = m;
    g->nby_gt++;
    return &rows[at];
}

int pl_qtenth(int i, int n)
{
    return (int)(10L * i / n);
}

int pl_qlea_bin(int lea, int n)
{
    if (lea <= 0)
        return 0;
    if (lea >= n)
        return PL_QLEA_BINS - 1;
    return 1 + (int)(10.0 * lea / n);
}

/* A missing case under PL_QMISSING_FAIL: every metric 0, StV = 2·|π_GT|. */
static int add_missing(pl_qgroup *g, int m, pl_qmissing rule)
{
    g->missing++;
    if (rule == PL_QMISSING_OMIT)
        return 0;
    g->cases++;
    if (m < 0)
        return 0;
    g->stv_sum += 2.0 * m;
    g->stv_cases++;
    pl_qgt_row *row = gt_row(g, m);
    if (!row)
        return -1;
    row->cases++;
    return 0;
}

static int add_evaluated(pl_qgroup *g, const pl_qfacts *f)
{
    g->cases++;
    g->evaluated++;
    g->published += f->published;
    for (int k = 0; k < PL_QSR_PLANS; k++)
        g->valid[k] += f->valid[k];
    g->executable += f->executable;
    g->lea_sum += f->lea;
    g->stv_sum += f->stv;
    g->stv_cases++;
    g->aqm_sum += f->aqm;
    g->np_aqm_sum += f->np_aqm;
    g->curr_sum += f->curr_score;
    g->final_sum += f->final_score;
    for (int i = 0; i < f->n; i++) {
        int tenth = pl_qtenth(i, f->n);
        g->labels[f->labels[i]]++;
        g->np_labels[f->np_labels[i]]++;
        g->by_tenth[tenth][f->labels[i]]++;
        g->np_by_tenth[tenth][f->np_labels[i]]++;
    }
    if (f->n > 0) {
        int b = pl_qlea_bin(f->lea, f->n);
        g->lea_ratio[b]++;
        g->lea_ratio_valid[b] += f->valid[0];
    }
    if (f->complementary_len > 0 && f->pi4_len > 0) {
        g->replanned++;
        g->complementary_is_gt_len += f->complementary_len == f->m;
        int llm = f->pi4_len - f->complementary_len;
        if (llm > 0) {
            g->llm_part++;
            g->share[10 * llm / f->pi4_len]++;
        }
    }
    if (f->m < 0)
        return 0;
    pl_qgt_row *row = gt_row(g, f->m);
    if (!row)
        return -1;
    row->cases++;
    for (int k = 0; k < PL_QSR_PLANS; k++)
        row->valid[k] += f->valid[k];
    return 0;
}

static pl_qgroup *find_group(pl_qsummary *s, const pl_qfacts *f)
{
    for (int i = 0; i < s->ngroups; i++) {
        pl_qgroup *g = &s->groups[i];
        if (!strcmp(g->domain, f->domain) && !strcmp(g->model, f->model) && !strcmp(g->prompt_type, f->prompt_type))
            return g;
    }
    pl_qgroup *gs = realloc(s->groups, ((size_t)s->ngroups + 1) * sizeof *gs);
    if (!gs)
        return NULL;
    s->groups = gs;
    pl_qgroup *g = &gs[s->ngroups];
    memset(g, 0, sizeof *g);
    g->domain = pl_strdup(f->domain);
    g->model = pl_strdup(f->model);
    g->prompt_type = pl_strdup(f->prompt_type);
    s->ngroups++; /* counted before the check: pl_qsummary_free releases a partial group */
    return g->domain && g->model && g->prompt_type ? g : NULL;
}

/* ---- the instance range -------------------------------------------------- */

/* An instance id of the range, or -1. */
static int range_index(const pl_qsummary_options *o, const char *id)
{
    char *end;
    long v = strtol(id, &end, 10);
    return *end || end == id || v < o->first_instance || v > o->last_instance ? -1 : (int)(v - o->first_instance);
}

/* |π_GT| of an instance, from any case of the same domain (-1: unknown). */
static int gt_length(const pl_qfacts_list *l, const char *domain, const pl_qsummary_options *o, int idx)
{
    for (int i = 0; i < l->count; i++)
        if (l->items[i].m >= 0 && !strcmp(l->items[i].domain, domain) && range_index(o, l->items[i].instance_id) == idx)
            return l->items[i].m;
    return -1;
}

/* Adds, per group, the instances of the range none of its kept cases has. */
static int add_absent_instances(pl_qsummary *s, const pl_qfacts_list *l, const bool *keep)
{
    int span = s->opt.last_instance - s->opt.first_instance + 1;
    bool *seen = malloc((size_t)span);
    int *gt_len = malloc((size_t)span * sizeof *gt_len);
    int rc = seen && gt_len ? 0 : -1;
    for (int gi = 0; rc == 0 && gi < s->ngroups; gi++) {
        pl_qgroup *g = &s->groups[gi];
        memset(seen, 0, (size_t)span);
        for (int i = 0; i < l->count; i++) {
            const pl_qfacts *f = &l->items[i];
            int idx = keep[i] ? range_index(&s->opt, f->instance_id) : -1;
            if (idx >= 0 && !strcmp(f->domain, g->domain) && !strcmp(f->model, g->model) &&
                !strcmp(f->prompt_type, g->prompt_type))
                seen[idx] = true;
        }
        bool same_domain = gi > 0 && !strcmp(s->groups[gi - 1].domain, g->domain);
        for (int idx = 0; rc == 0 && idx < span; idx++) {
            if (!same_domain)
                gt_len[idx] = gt_length(l, g->domain, &s->opt, idx);
            if (!seen[idx]) {
                s->missing++;
                rc = add_missing(g, gt_len[idx], s->opt.missing);
            }
        }
    }
    free(seen);
    free(gt_len);
    return rc;
}

int pl_qsummary_build(const pl_qfacts_list *l, const pl_qsummary_options *opt, pl_qsummary *out, pl_error *err)
{
    memset(out, 0, sizeof *out);
    out->opt = *opt;
    out->input_cases = l->count;
    bool *keep = calloc((size_t)l->count + 1, sizeof *keep);
    int rc = keep ? mark_kept(l, keep) : -1;
    out->duplicates = rc;
    for (int i = 0; rc >= 0 && i < l->count; i++) {
        const pl_qfacts *f = &l->items[i];
        if (!keep[i])
            continue;
        pl_qgroup *g = find_group(out, f);
        if (!g) {
            rc = -1;
        } else if (f->evaluated) {
            out->published += f->published;
            out->computed += !f->published;
            rc = add_evaluated(g, f);
        } else {
            out->missing++;
            rc = add_missing(g, f->m, opt->missing);
        }
    }
    if (rc >= 0 && opt->last_instance >= opt->first_instance && opt->last_instance > 0)
        rc = add_absent_instances(out, l, keep);
    free(keep);
    if (rc < 0) {
        pl_qsummary_free(out);
        return pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory"), -1;
    }
    return 0;
}

void pl_qgroup_clear(pl_qgroup *g)
{
    free(g->domain);
    free(g->model);
    free(g->prompt_type);
    free(g->by_gt);
    memset(g, 0, sizeof *g);
}

void pl_qsummary_free(pl_qsummary *s)
{
    for (int i = 0; i < s->ngroups; i++)
        pl_qgroup_clear(&s->groups[i]);
    free(s->groups);
    memset(s, 0, sizeof *s);
}

/* ---- merging and means --------------------------------------------------- */

static int merge_into(pl_qgroup *to, const pl_qgroup *g)
{
    to->cases += g->cases;
    to->evaluated += g->evaluated;
    to->missing += g->missing;
    to->published += g->published;
    to->executable += g->executable;
    to->lea_sum += g->lea_sum;
    to->aqm_sum += g->aqm_sum;
    to->np_aqm_sum += g->np_aqm_sum;
    to->curr_sum += g->curr_sum;
    to->final_sum += g->final_sum;
    to->stv_sum += g->stv_sum;
    to->stv_cases += g->stv_cases;
    to->replanned += g->replanned;
    to->llm_part += g->llm_part;
    to->complementary_is_gt_len += g->complementary_is_gt_len;
    for (int k = 0; k < PL_QSR_PLANS; k++)
        to->valid[k] += g->valid[k];
    for (int l = 0; l < PL_QLABELS; l++) {
        to->labels[l] += g->labels[l];
        to->np_labels[l] += g->np_labels[l];
        for (int t = 0; t < PL_QTENTHS; t++) {
            to->by_tenth[t][l] += g->by_tenth[t][l];
            to->np_by_tenth[t][l] += g->np_by_tenth[t][l];
        }
    }
    for (int b = 0; b < PL_QLEA_BINS; b++) {
        to->lea_ratio[b] += g->lea_ratio[b];
        to->lea_ratio_valid[b] += g->lea_ratio_valid[b];
    }
    for (int b = 0; b < PL_QSHARE_BINS; b++)
        to->share[b] += g->share[b];
    for (int i = 0; i < g->nby_gt; i++) {
        pl_qgt_row *row = gt_row(to, g->by_gt[i].m);
        if (!row)
            return -1;
        row->cases += g->by_gt[i].cases;
        for (int k = 0; k < PL_QSR_PLANS; k++)
            row->valid[k] += g->by_gt[i].valid[k];
    }
    return 0;
}

int pl_qsummary_total(const pl_qsummary *s, pl_qgroup *out)
{
    memset(out, 0, sizeof *out);
    bool ok = (out->domain = pl_strdup("*")) && (out->model = pl_strdup("*")) && (out->prompt_type = pl_strdup("*"));
    for (int i = 0; ok && i < s->ngroups; i++)
        ok = merge_into(out, &s->groups[i]) == 0;
    if (!ok)
        pl_qgroup_clear(out);
    return ok ? 0 : -1;
}

static bool same_key(const pl_qgroup *a, const pl_qgroup *b, pl_qby by)
{
    bool all = by == PL_QBY_GROUP;
    return ((!all && by != PL_QBY_DOMAIN) || !strcmp(a->domain, b->domain)) &&
           ((!all && by != PL_QBY_MODEL) || !strcmp(a->model, b->model)) &&
           ((!all && by != PL_QBY_PROMPT) || !strcmp(a->prompt_type, b->prompt_type));
}

static char *key_text(const char *s, bool kept)
{
    return pl_strdup(kept ? s : "*");
}

int pl_qsummary_regroup(const pl_qsummary *s, pl_qby by, pl_qgroup **out, int *n)
{
    *out = calloc((size_t)s->ngroups + 1, sizeof **out);
    *n = 0;
    for (int i = 0; *out && i < s->ngroups; i++) {
        const pl_qgroup *g = &s->groups[i];
        int j = 0;
        while (j < *n && !same_key(&(*out)[j], g, by))
            j++;
        pl_qgroup *to = &(*out)[j];
        if (j == *n) {
            (*n)++;
            to->domain = key_text(g->domain, by == PL_QBY_GROUP || by == PL_QBY_DOMAIN);
            to->model = key_text(g->model, by == PL_QBY_GROUP || by == PL_QBY_MODEL);
            to->prompt_type = key_text(g->prompt_type, by == PL_QBY_GROUP || by == PL_QBY_PROMPT);
            if (!to->domain || !to->model || !to->prompt_type)
                break;
        }
        if (merge_into(to, g) < 0)
            break;
        if (i + 1 == s->ngroups)
            return 0;
    }
    if (*out && s->ngroups == 0)
        return 0;
    pl_qgroups_free(*out, *n);
    *out = NULL;
    *n = 0;
    return -1;
}

void pl_qgroups_free(pl_qgroup *g, int n)
{
    for (int i = 0; i < n; i++)
        pl_qgroup_clear(&g[i]);
    free(g);
}

static double ratio(double a, double b)
{
    return b > 0 ? a / b : 0;
}

double pl_qgroup_sr(const pl_qgroup *g, int plan)
{
    return plan >= 0 && plan < PL_QSR_PLANS ? ratio(g->valid[plan], g->cases) : 0;
}

double pl_qgroup_executable(const pl_qgroup *g)
{
    return ratio(g->executable, g->cases);
}

double pl_qgroup_lea_mean(const pl_qgroup *g)
{
    return ratio(g->lea_sum, g->cases);
}

double pl_qgroup_stv_mean(const pl_qgroup *g)
{
    return ratio(g->stv_sum, g->stv_cases);
}

double pl_qgroup_aqm_mean(const pl_qgroup *g)
{
    return ratio(g->aqm_sum, g->cases);
}

double pl_qgroup_np_aqm_mean(const pl_qgroup *g)
{
    return ratio(g->np_aqm_sum, g->cases);
}

double pl_qgroup_curr_mean(const pl_qgroup *g)
{
    return ratio(g->curr_sum, g->cases);
}

double pl_qgroup_final_mean(const pl_qgroup *g)
{
    return ratio(g->final_sum, g->cases);
}

double pl_qgroup_label_share(const pl_qgroup *g, pl_qlabel l, bool np)
{
    const long *c = np ? g->np_labels : g->labels;
    long total = 0;
    for (int i = 1; i < PL_QLABELS; i++)
        total += c[i];
    return ratio((double)c[l], (double)total);
}

const char *pl_qlea_bin_name(int bin)
{
    static const char *const names[PL_QLEA_BINS] = {"0",         "(0,0.1)",   "[0.1,0.2)", "[0.2,0.3)",
                                                    "[0.3,0.4)", "[0.4,0.5)", "[0.5,0.6)", "[0.6,0.7)",
                                                    "[0.7,0.8)", "[0.8,0.9)", "[0.9,1)",   "1"};
    return bin >= 0 && bin < PL_QLEA_BINS ? names[bin] : "?";
}

const char *pl_qshare_bin_name(int bin)
{
    static const char *const names[PL_QSHARE_BINS] = {"(0,0.1)",   "[0.1,0.2)", "[0.2,0.3)", "[0.3,0.4)",
                                                      "[0.4,0.5)", "[0.5,0.6)", "[0.6,0.7)", "[0.7,0.8)",
                                                      "[0.8,0.9)", "[0.9,1)"};
    return bin >= 0 && bin < PL_QSHARE_BINS ? names[bin] : "?";
}
