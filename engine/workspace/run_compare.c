#include "workspace/run_compare.h"
#include "base/sort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A response of run A or B under its pairing key. */
typedef struct {
    const char *task, *group, *id; /* group: the ACPBench question's ("" otherwise) */
    int record, epoch;
} keyed;

static int by_key(const void *x, const void *y)
{
    const keyed *a = x, *b = y;
    int c = strcmp(a->task, b->task);
    if (!c)
        c = strcmp(a->group, b->group);
    if (!c)
        c = strcmp(a->id, b->id);
    return c ? c : (a->record > b->record) - (a->record < b->record); /* the first response first */
}

static int by_record_a(const void *x, const void *y)
{
    const pl_cmp_pair *a = x, *b = y;
    return (a->a > b->a) - (a->a < b->a);
}

static int by_name(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

pl_cmp_diff pl_paired_diff(const double *a, const double *b, int n)
{
    pl_cmp_diff d = {n, 0, 0, 0, NAN, {NAN, NAN}};
    if (n == 0)
        return d;
    for (int i = 0; i < n; i++) {
        d.mean_a += a[i];
        d.mean_b += b[i];
    }
    d.mean_a /= n;
    d.mean_b /= n;
    d.diff = d.mean_a - d.mean_b;
    if (n < 2)
        return d;
    double ss = 0;
    for (int i = 0; i < n; i++) {
        double dev = a[i] - b[i] - d.diff;
        ss += dev * dev;
    }
    d.se = sqrt(ss / (n - 1) / n);
    d.ci95 = pl_normal95(d.diff, d.se);
    return d;
}

char *pl_workspace_run_names(const pl_workspace *ws)
{
    char *names = pl_strdup("");
    const char *last = NULL;
    for (int g = 0; names && g < pl_workspace_ngroups(ws); g++) {
        const char *model = pl_workspace_group_model(ws, g); /* groups are ordered by model */
        if (last && !strcmp(last, model))
            continue;
        char *longer = pl_strdup_printf("%s%s%s", names, last ? ", " : "", model);
        free(names);
        names = longer;
        last = model;
    }
    return names;
}

static bool has_run(const pl_workspace *ws, const char *model)
{
    for (int g = 0; g < pl_workspace_ngroups(ws); g++)
        if (!strcmp(pl_workspace_group_model(ws, g), model))
            return true;
    return false;
}

static int unknown_run(const pl_workspace *ws, const char *model, pl_error *err)
{
    char *names = pl_workspace_run_names(ws);
    if (has_run(ws, model))
        pl_error_set(err, PL_ERR_SEMANTIC, NULL, 0, 0, "run '%s' has no responses among those selected (runs: %s)",
                     model, names ? names : "?");
    else
        pl_error_set(err, PL_ERR_SEMANTIC, NULL, 0, 0, "no run named '%s' (runs: %s)", model,
                     names && *names ? names : "none");
    free(names);
    return PL_ERR_SEMANTIC;
}

/* Both runs' responses under their keys, sorted. */
static void collect(const pl_workspace *ws, const int *records, int n, const char *model_a, const char *model_b,
                    keyed *ka, int *na, keyed *kb, int *nb)
{
    *na = *nb = 0;
    for (int i = 0; i < n; i++) {
        int rec = records ? records[i] : i;
        const pl_ws_record *r = pl_workspace_record(ws, rec);
        const char *group = r->acp ? r->acp->group : "";
        if (!strcmp(r->model, model_a))
            ka[(*na)++] = (keyed){r->task, group, r->pair_id ? r->pair_id : r->id, rec, r->epoch};
        else if (!strcmp(r->model, model_b))
            kb[(*nb)++] = (keyed){r->task, group, r->pair_id ? r->pair_id : r->id, rec, r->epoch};
    }
    pl_sort(ka, (size_t)*na, sizeof *ka, by_key);
    pl_sort(kb, (size_t)*nb, sizeof *kb, by_key);
}

static bool same_key(const keyed *x, const keyed *y)
{
    return !strcmp(x->task, y->task) && !strcmp(x->group, y->group) && !strcmp(x->id, y->id);
}

/* The responses to k[i]'s key (k[i] and those after it), one per epoch
 * (a second response in the same epoch is a duplicate, left out), into
 * c->members; their number. */
static int take_members(const keyed *k, int n, int i, pl_run_comparison *c, int *nmembers)
{
    int first = *nmembers;
    for (int j = i; j < n && same_key(&k[i], &k[j]); j++) {
        bool seen = false; /* an earlier response of the epoch (itself taken, or one before it was) */
        for (int e = i; e < j && !seen; e++)
            seen = k[e].epoch == k[j].epoch;
        if (!seen)
            c->members[(*nmembers)++] = k[j].record;
    }
    return *nmembers - first;
}

/* Walks both sorted lists at once: pairs (with every response to their
 * question), one-sided keys, duplicates. */
static void pair_up(const keyed *ka, int na, const keyed *kb, int nb, pl_run_comparison *c)
{
    int i = 0, j = 0, nmembers = 0;
    while (i < na || j < nb) {
        if (i > 0 && i < na && same_key(&ka[i - 1], &ka[i])) {
            c->dup_a++, i++;
            continue;
        }
        if (j > 0 && j < nb && same_key(&kb[j - 1], &kb[j])) {
            c->dup_b++, j++;
            continue;
        }
        int cmp = i == na ? 1 : j == nb ? -1 : strcmp(ka[i].task, kb[j].task);
        if (!cmp)
            cmp = strcmp(ka[i].id, kb[j].id);
        if (cmp < 0) {
            c->only_a++, i++;
        } else if (cmp > 0) {
            c->only_b++, j++;
        } else {
            pl_cmp_pair *p = &c->pairs[c->npairs++];
            *p = (pl_cmp_pair){.a = ka[i].record, .b = kb[j].record, .first_a = nmembers};
            p->count_a = take_members(ka, na, i, c, &nmembers);
            p->first_b = nmembers;
            p->count_b = take_members(kb, nb, j, c, &nmembers);
            i++, j++;
        }
    }
}

/* The distinct tasks of the pairs, sorted; each pair gets its index. */
static int number_tasks(const pl_workspace *ws, pl_run_comparison *c)
{
    const char **names = malloc((size_t)(c->npairs + 1) * sizeof *names);
    c->tasks = calloc((size_t)c->npairs + 1, sizeof *c->tasks);
    if (!names || !c->tasks) {
        free(names);
        return -1;
    }
    for (int p = 0; p < c->npairs; p++)
        names[p] = pl_workspace_record(ws, c->pairs[p].a)->task;
    pl_sort(names, (size_t)c->npairs, sizeof *names, by_name);
    for (int p = 0; p < c->npairs; p++)
        if (!c->ntasks || strcmp(c->tasks[c->ntasks - 1].task, names[p]))
            c->tasks[c->ntasks++].task = names[p];
    free(names);
    for (int p = 0; p < c->npairs; p++) {
        const char *task = pl_workspace_record(ws, c->pairs[p].a)->task;
        while (strcmp(c->tasks[c->pairs[p].task].task, task)) /* a few tasks: a linear search */
            c->pairs[p].task++;
    }
    return 0;
}

/* The mean official score of the responses members[first .. first + count)
 * that have a verdict (an errored sample has none: left out, as Inspect
 * leaves it out), and their number in *epochs. */
static double reduced_score(const pl_workspace *ws, const pl_run_comparison *c, int first, int count, int *epochs)
{
    double sum = 0;
    *epochs = 0;
    for (int m = first; m < first + count; m++) {
        const pl_ws_record *r = pl_workspace_record(ws, c->members[m]);
        if (!r->error && !r->resp->error) {
            sum += r->score;
            ++*epochs;
        }
    }
    return *epochs ? sum / *epochs : 0;
}

/* Is every response of the pair's question graded? */
static bool all_graded(const pl_run_comparison *c, const pl_cmp_pair *pair, int graded)
{
    for (int m = pair->first_a; m < pair->first_b + pair->count_b; m++) /* A's members, then B's */
        if (c->members[m] >= graded)
            return false;
    return true;
}

/* Copies the verdicts of graded pairs into them. */
static void read_verdicts(const pl_workspace *ws, pl_run_comparison *c)
{
    int graded = pl_workspace_graded(ws);
    for (int p = 0; p < c->npairs; p++) {
        pl_cmp_pair *pair = &c->pairs[p];
        if (!all_graded(c, pair, graded)) {
            c->pending++;
            continue;
        }
        const pl_ws_record *ra = pl_workspace_record(ws, pair->a), *rb = pl_workspace_record(ws, pair->b);
        if (ra->error || rb->error) {
            c->errors++;
            continue;
        }
        pair->ready = true;
        pair->score_a = ra->score;
        pair->score_b = rb->score;
        pair->has_value = ra->has_value && rb->has_value;
        pair->value_a = ra->has_value ? ra->value : 0;
        pair->value_b = rb->has_value ? rb->value : 0;
        pair->delta = pair->has_value ? pair->value_a - pair->value_b : pair->score_a - pair->score_b;
        pair->reduced_a = reduced_score(ws, c, pair->first_a, pair->count_a, &pair->epochs_a);
        pair->reduced_b = reduced_score(ws, c, pair->first_b, pair->count_b, &pair->epochs_b);
    }
}

static bool is_binary(double x)
{
    return x == 0 || x == 1;
}

/* The statistics of the ready pairs of one task (task < 0: all of them). */
static int summarize(const pl_workspace *ws, pl_run_comparison *c, int task, pl_cmp_task *out)
{
    /* calloc: GCC -O2 cannot see that only the ns (nv) filled entries are read */
    size_t n = (size_t)c->npairs + 1;
    double *sa = calloc(n, sizeof *sa), *sb = calloc(n, sizeof *sb), *va = calloc(n, sizeof *va), *vb = calloc(n, sizeof *vb);
    int rc = sa && sb && va && vb ? 0 : -1, ns = 0, nv = 0;
    bool distance = false, iou = false;
    for (int p = 0; rc == 0 && p < c->npairs; p++) {
        const pl_cmp_pair *pair = &c->pairs[p];
        if (task >= 0 && pair->task != task)
            continue;
        out->pairs++;
        if (!pair->ready)
            continue;
        sa[ns] = pair->reduced_a;
        sb[ns++] = pair->reduced_b;
        out->fractional |= !is_binary(pair->reduced_a) || !is_binary(pair->reduced_b);
        out->a_only += pair->reduced_a == 1 && pair->reduced_b == 0;
        out->b_only += pair->reduced_a == 0 && pair->reduced_b == 1;
        if (pair->has_value) {
            bool d = pl_workspace_record(ws, pair->a)->is_distance;
            distance |= d;
            iou |= !d;
            va[nv] = pair->value_a;
            vb[nv++] = pair->value_b;
        }
    }
    if (rc == 0) {
        out->accuracy = pl_paired_diff(sa, sb, ns);
        out->mcnemar_p = out->fractional ? NAN : pl_mcnemar_exact_p(out->a_only, out->b_only);
        /* a difference of two accuracies lies in [−1, 1] whatever the normal approximation says */
        if (pl_interval_defined(out->accuracy.ci95)) {
            out->accuracy.ci95.low = out->accuracy.ci95.low < -1 ? -1 : out->accuracy.ci95.low;
            out->accuracy.ci95.high = out->accuracy.ci95.high > 1 ? 1 : out->accuracy.ci95.high;
        }
        out->is_distance = distance && !iou;
        out->mixed_values = distance && iou;
        out->value = pl_paired_diff(va, vb, out->mixed_values ? 0 : nv);
    }
    free(sa);
    free(sb);
    free(va);
    free(vb);
    return rc;
}

int pl_run_compare(const pl_workspace *ws, const int *records, int n, const char *model_a, const char *model_b,
                   pl_run_comparison *out, pl_error *err)
{
    memset(out, 0, sizeof *out);
    if (!records)
        n = pl_workspace_count(ws);
    if (!strcmp(model_a, model_b))
        return pl_error_set(err, PL_ERR_SEMANTIC, NULL, 0, 0, "runs A and B are both '%s': name two runs", model_a);
    keyed *ka = malloc((size_t)(n + 1) * sizeof *ka), *kb = malloc((size_t)(n + 1) * sizeof *kb);
    out->pairs = calloc((size_t)n + 1, sizeof *out->pairs);
    out->members = calloc((size_t)n + 1, sizeof *out->members);
    int na = 0, nb = 0, rc = ka && kb && out->pairs && out->members ? PL_OK : PL_ERR_LIMIT;
    if (rc == PL_OK)
        collect(ws, records, n, model_a, model_b, ka, &na, kb, &nb);
    if (rc == PL_OK && (!na || !nb))
        rc = unknown_run(ws, na ? model_b : model_a, err);
    if (rc == PL_OK) {
        pair_up(ka, na, kb, nb, out);
        pl_sort(out->pairs, (size_t)out->npairs, sizeof *out->pairs, by_record_a);
        if (number_tasks(ws, out) < 0)
            rc = PL_ERR_LIMIT;
    }
    if (rc == PL_OK) {
        read_verdicts(ws, out);
        out->total.task = "all";
        for (int t = 0; rc == PL_OK && t < out->ntasks; t++)
            rc = summarize(ws, out, t, &out->tasks[t]) < 0 ? PL_ERR_LIMIT : PL_OK;
        if (rc == PL_OK && summarize(ws, out, -1, &out->total) < 0)
            rc = PL_ERR_LIMIT;
    }
    if (rc == PL_ERR_LIMIT)
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory while comparing runs");
    free(ka);
    free(kb);
    return rc;
}

int pl_run_compare_histograms(const pl_workspace *ws, const pl_run_comparison *c, int task, double bin_width,
                               pl_histogram h[2], pl_error *err)
{
    int n = c->tasks[task].value.n, k = 0, successes[2] = {0, 0};
    double *values = malloc((size_t)(2 * n + 1) * sizeof *values);
    unsigned char *failed = malloc((size_t)(2 * n + 1));
    if (!values || !failed) {
        free(values);
        free(failed);
        return pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    }
    for (int p = 0; p < c->npairs; p++) {
        const pl_cmp_pair *pair = &c->pairs[p];
        if (pair->task != task || !pair->ready || !pair->has_value)
            continue;
        values[k] = pair->value_a;
        values[n + k] = pair->value_b;
        failed[k] = pl_workspace_record(ws, pair->a)->parse_failed;
        failed[n + k++] = pl_workspace_record(ws, pair->b)->parse_failed;
        successes[0] += pair->score_a;
        successes[1] += pair->score_b;
    }
    bool higher_better = !c->tasks[task].is_distance;
    int rc = pl_histogram_build(values, failed, n, bin_width, higher_better, &h[0], err);
    if (rc == PL_OK && (rc = pl_histogram_build(values + n, failed + n, n, bin_width, higher_better, &h[1], err)))
        pl_histogram_free(&h[0]);
    /* binary success is the verdict's (a valid plan may have AD > 0) */
    for (int side = 0; rc == PL_OK && side < 2; side++)
        h[side].n_success = successes[side];
    free(values);
    free(failed);
    return rc;
}

void pl_run_comparison_free(pl_run_comparison *c)
{
    free(c->pairs);
    free(c->members);
    free(c->tasks);
    memset(c, 0, sizeof *c);
}
