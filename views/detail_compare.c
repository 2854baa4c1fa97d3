/* Ground truth and answer of an ACPBench set question, item by item, for the
 * detail screen.  Items are compared exactly as the official grader compares
 * them (the parsed strings against the stored answer); answer-only items are
 * resolved against the grounded task, so the engine says which name nothing
 * of the task (hallucinated) and why. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "task/load.h"
#include "views.h"

void pl_detail_cache_free(pl_detail_cache *c)
{
    if (c->loaded)
        pl_loaded_task_free(&c->lt);
    memset(c, 0, sizeof *c);
}

/* The question's grounded task, kept for the next call; NULL when its PDDL
 * does not load (the items then keep the role "wrong", without a reason). */
static const pl_task *task_of(const pl_acp_question *q, pl_detail_cache *cache)
{
    if (!cache || !q->domain_pddl || !q->problem_pddl)
        return NULL;
    if (cache->question == q)
        return cache->loaded ? cache->lt.task : NULL;
    pl_detail_cache_free(cache);
    cache->question = q;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    cache->loaded = pl_load_task_texts(q->domain_pddl, strlen(q->domain_pddl), "PDDL_domain", q->problem_pddl,
                                       strlen(q->problem_pddl), "PDDL_problem", &cache->lt, &warnings, &err) == PL_OK;
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return cache->loaded ? cache->lt.task : NULL;
}

/* The strings of a JSON list (borrowed); NULL list → none. */
static char **strings_of(const cJSON *list, int *n)
{
    *n = 0;
    char **out = calloc((size_t)(cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0) + 1, sizeof *out);
    const cJSON *it;
    if (out && cJSON_IsArray(list))
        cJSON_ArrayForEach(it, list) {
            if (cJSON_IsString(it))
                out[(*n)++] = it->valuestring;
        }
    return out;
}

typedef enum { ITEMS_APPLICABLE, ITEMS_ADDED, ITEMS_DELETED } item_kind;

/* The items against the truth, the answer-only ones explained in the
 * question's state (the problem's initial state). */
static int compare_part(pl_compare_part *part, const char *title, const cJSON *answer, const cJSON *truth,
                        const pl_task *t, item_kind kind)
{
    int na, nt;
    char **a = strings_of(answer, &na), **tr = strings_of(truth, &nt);
    int rc = a && tr ? pl_set_compare(a, na, tr, nt, &part->cmp) : -1;
    free(a);
    free(tr);
    part->title = title;
    if (rc == 0 && t &&
        (kind == ITEMS_APPLICABLE ? pl_set_explain_applicable(t, t->init, &part->cmp)
                                  : pl_set_explain_effects(t, t->init, kind == ITEMS_ADDED, &part->cmp)) < 0) {
        pl_set_comparison_free(&part->cmp);
        rc = -1;
    }
    return rc;
}

int pl_detail_compare(const pl_ws_record *r, pl_detail_cache *cache, pl_compare_part parts[2], int *nparts)
{
    *nparts = 0;
    const pl_acp_question *q = r->acp;
    if (!q || !r->graded || r->error || q->format != PL_ACP_GEN || (q->task != PL_ACP_APP && q->task != PL_ACP_PROG))
        return 0;
    const cJSON *parsed = r->acp_v.parsed;
    const pl_task *t = task_of(q, cache);
    if (q->task == PL_ACP_APP) {
        if (compare_part(&parts[0], "applicable actions", cJSON_IsArray(parsed) ? parsed : NULL, q->answer, t, ITEMS_APPLICABLE) < 0)
            return -1;
        *nparts = 1;
        return 1;
    }
    /* prog: [[positive], [negative]]; one list when the answer repeated it
     * (the official visitor keeps one; the grader reads the negatives as empty) */
    const cJSON *pos = cJSON_IsArray(parsed) ? cJSON_GetArrayItem(parsed, 0) : NULL;
    const cJSON *neg = cJSON_IsArray(parsed) ? cJSON_GetArrayItem(parsed, 1) : NULL;
    if (compare_part(&parts[0], "positive effects", pos, cJSON_GetObjectItemCaseSensitive(q->answer, "pos"), t, ITEMS_ADDED) < 0)
        return -1;
    if (compare_part(&parts[1], "negative effects", neg, cJSON_GetObjectItemCaseSensitive(q->answer, "neg"), t, ITEMS_DELETED) <
        0) {
        pl_set_comparison_free(&parts[0].cmp);
        return -1;
    }
    *nparts = 2;
    return 1;
}

/* Appends [start, end) of every parsed item found in the response, in order
 * (case-insensitive; an item not found is skipped). */
static void mark_items(const cJSON *parsed, const char *response, size_t *from, size_t *marks, int *n, int max)
{
    if (cJSON_IsArray(parsed)) {
        const cJSON *it;
        cJSON_ArrayForEach(it, parsed) mark_items(it, response, from, marks, n, max);
        return;
    }
    if (!cJSON_IsString(parsed) || !*parsed->valuestring || *n >= max)
        return;
    size_t len = strlen(parsed->valuestring);
    for (const char *s = response + *from; *s; s++)
        if (!strncasecmp(s, parsed->valuestring, len)) {
            marks[2 * *n] = (size_t)(s - response);
            marks[2 * *n + 1] = *from = (size_t)(s - response) + len;
            ++*n;
            return;
        }
}

int pl_detail_marks(const pl_ws_record *r, size_t *marks, int max)
{
    if (!r->graded)
        return 0;
    if (r->iou) {
        if (!r->iou_v.list.ok || max < 1)
            return 0;
        marks[0] = r->iou_v.list.span_start;
        marks[1] = r->iou_v.list.span_end;
        return marks[1] > marks[0] && marks[1] <= strlen(r->resp->response);
    }
    int n = 0;
    size_t from = 0;
    mark_items(r->acp_v.parsed, r->resp->response, &from, marks, &n, max);
    return n;
}

void pl_detail_officials(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o)
{
    const char *bar = o->ascii ? "|" : "│";
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HALLUCINATED, "  the official graders differ: %s", r->official_rule);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "    lm-eval ");
    pl_vm_span(vm, r->score ? ROLE_CORRECT : ROLE_WRONG, "%d", r->score);
    pl_vm_span(vm, ROLE_DIM, "  %s  Inspect ", bar);
    if (r->inspect_score < 0)
        pl_vm_span(vm, ROLE_ERROR, "raises (score null)");
    else
        pl_vm_span(vm, r->inspect_score ? ROLE_CORRECT : ROLE_WRONG, "%d", r->inspect_score);
}
