/* The facts of one plan-quality case (summary.h): from a pipeline result or
 * from the published values a case file carries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"
#include "base/text_lines.h"
#include "quality/summary.h"

static char *text_or_dash(const char *s)
{
    return pl_strdup(s ? s : "-");
}

static int case_names(const pl_quality_case *c, pl_qfacts *f)
{
    f->case_id = text_or_dash(c->id);
    f->domain = text_or_dash(c->domain);
    f->model = text_or_dash(c->model);
    f->prompt_type = text_or_dash(c->prompt_type);
    f->instance_id = text_or_dash(c->instance_id);
    f->m = c->ngt;
    f->pi4_len = f->complementary_len = -1;
    return f->case_id && f->domain && f->model && f->prompt_type && f->instance_id ? 0 : -1;
}

/* trace_score's weights (spec §6.4) on any label list. */
static double weighted(const pl_qlabel *l, int n)
{
    static const double w[PL_QLABELS] = {0, 4, 2, 1, 0.5, 0};
    double s = 0;
    for (int i = 0; i < n; i++)
        s += w[l[i]];
    return n ? s / n : 0;
}

static pl_qlabel *copy_labels(const pl_qlabel *l, int n)
{
    pl_qlabel *c = malloc(((size_t)n + 1) * sizeof *c);
    if (c && n)
        memcpy(c, l, (size_t)n * sizeof *c);
    return c;
}

int pl_qfacts_from_result(const pl_quality_case *c, const pl_quality_result *r, pl_qfacts *out)
{
    memset(out, 0, sizeof *out);
    if (case_names(c, out) < 0)
        goto oom;
    if (!r)
        return 0;
    out->evaluated = true;
    out->n = r->n;
    out->m = r->m;
    bool pi4_is_gt = r->pi4_done && r->npi4 == r->m && !memcmp(r->pi4, r->gt, (size_t)r->m * sizeof *r->gt);
    bool valid[PL_QSR_PLANS] = {r->validity, r->pi1.valid, r->pi2.valid, r->pi3.valid,
                                (r->pi4_done && r->pi4_valid) || pi4_is_gt};
    memcpy(out->valid, valid, sizeof valid);
    out->executable = r->executability && r->n > 0;
    out->lea = r->lea;
    out->stv = r->stv;
    out->curr_score = r->curr_score;
    out->final_score = r->final_score;
    out->aqm = r->trace_score;
    out->np_aqm = weighted(r->np_aqm, r->n);
    if (r->pi4_done) {
        out->pi4_len = r->npi4;
        out->complementary_len = r->ncomplementary;
    }
    if (!(out->labels = copy_labels(r->aqm, r->n)) || !(out->np_labels = copy_labels(r->np_aqm, r->n)))
        goto oom;
    return 0;
oom:
    pl_qfacts_clear(out);
    return -1;
}

static pl_qlabel label_named(const char *s)
{
    for (int l = PL_QL_POSITION; l < PL_QLABELS; l++)
        if (!strcmp(s, pl_qlabel_code_name((pl_qlabel)l)))
            return (pl_qlabel)l;
    return PL_QL_NONE;
}

/* {"0": "position", ...}: every index of π0 labelled. */
static pl_qlabel *labels_of(const cJSON *o, int n)
{
    if (!cJSON_IsObject(o) || cJSON_GetArraySize(o) != n)
        return NULL;
    pl_qlabel *l = calloc((size_t)n + 1, sizeof *l);
    char key[24];
    for (int i = 0; l && i < n; i++) {
        snprintf(key, sizeof key, "%d", i);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
        if (!cJSON_IsString(v) || !(l[i] = label_named(v->valuestring))) {
            free(l);
            return NULL;
        }
    }
    return l;
}

static bool flag(const cJSON *e, const char *key, bool *ok)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, key);
    *ok &= cJSON_IsBool(v);
    return cJSON_IsTrue(v);
}

static double number(const cJSON *e, const char *key, bool *ok)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, key);
    *ok &= cJSON_IsNumber(v);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static bool plan_is(const cJSON *plan, char *const *actions, int n)
{
    if (cJSON_GetArraySize(plan) != n)
        return false;
    for (int i = 0; i < n; i++) {
        const cJSON *a = cJSON_GetArrayItem(plan, i);
        if (!cJSON_IsString(a) || strcmp(a->valuestring, actions[i]))
            return false;
    }
    return true;
}

int pl_qfacts_from_published(const pl_quality_case *c, const cJSON *e, pl_qfacts *out)
{
    memset(out, 0, sizeof *out);
    if (case_names(c, out) < 0)
        goto bad;
    bool ok = cJSON_IsObject(e);
    out->evaluated = out->published = true;
    out->n = c->nllm;
    static const char *const valid_keys[PL_QSR_PLANS] = {"validity", "pi1_validity", "pi2_validity",
                                                         "pi3_validity", "pi4_validity"};
    for (int k = 0; k < PL_QSR_PLANS; k++)
        out->valid[k] = flag(e, valid_keys[k], &ok);
    const cJSON *pi4 = cJSON_GetObjectItemCaseSensitive(e, "pi4_plan");
    const cJSON *comp = cJSON_GetObjectItemCaseSensitive(e, "complementary_plan");
    if (cJSON_IsArray(pi4) && cJSON_IsArray(comp) && c->ngt > 0) {
        out->valid[4] |= plan_is(pi4, c->gt, c->ngt); /* the analysis' improved_validity rule */
        out->pi4_len = cJSON_GetArraySize(pi4);
        out->complementary_len = cJSON_GetArraySize(comp);
    }
    out->executable = flag(e, "executability", &ok) && c->nllm > 0;
    out->lea = (int)number(e, "lea", &ok);
    out->stv = (int)number(e, "stv", &ok);
    out->aqm = number(e, "trace_score", &ok);
    out->curr_score = number(e, "curr_score", &ok);
    out->final_score = number(e, "final_score", &ok);
    out->labels = labels_of(cJSON_GetObjectItemCaseSensitive(e, "aqm_code_labels"), c->nllm);
    out->np_labels = labels_of(cJSON_GetObjectItemCaseSensitive(e, "np_aqm_code_labels"), c->nllm);
    if (!ok || !out->labels || !out->np_labels)
        goto bad;
    out->np_aqm = weighted(out->np_labels, out->n);
    return 0;
bad:
    pl_qfacts_clear(out);
    return -1;
}

int pl_qfacts_push(pl_qfacts_list *l, pl_qfacts *f)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 256;
        pl_qfacts *items = realloc(l->items, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        l->items = items;
        l->cap = cap;
    }
    l->items[l->count++] = *f;
    memset(f, 0, sizeof *f);
    return 0;
}

void pl_qfacts_clear(pl_qfacts *f)
{
    free(f->case_id);
    free(f->domain);
    free(f->model);
    free(f->prompt_type);
    free(f->instance_id);
    free(f->labels);
    free(f->np_labels);
    memset(f, 0, sizeof *f);
}

void pl_qfacts_list_free(pl_qfacts_list *l)
{
    for (int i = 0; i < l->count; i++)
        pl_qfacts_clear(&l->items[i]);
    free(l->items);
    memset(l, 0, sizeof *l);
}

pl_error_code pl_qpublished_read(const char *path, cJSON **by_id, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return err->code;
    *by_id = cJSON_CreateObject();
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    pl_error_code rc = *by_id ? PL_OK : pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    while (rc == PL_OK && pl_next_line(&lr, &s, &n)) {
        cJSON *o = pl_is_blank(s, n) ? NULL : pl_json_parse_exact(s, n, path, NULL);
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "case_id");
        cJSON *e = cJSON_DetachItemFromObjectCaseSensitive(o, "expected");
        /* a malformed line is the case reader's warning; a repeated id keeps its values in file order */
        if (cJSON_IsString(id) && cJSON_IsObject(e)) {
            cJSON *list = cJSON_GetObjectItemCaseSensitive(*by_id, id->valuestring);
            if (!list && (!(list = cJSON_CreateArray()) || !cJSON_AddItemToObject(*by_id, id->valuestring, list))) {
                cJSON_Delete(list);
                list = NULL;
            }
            if (!list || !cJSON_AddItemToArray(list, e))
                rc = pl_error_set(err, PL_ERR_LIMIT, path, lr.line, 0, "out of memory");
            else
                e = NULL;
        }
        cJSON_Delete(e);
        cJSON_Delete(o);
    }
    free(text);
    if (rc != PL_OK) {
        cJSON_Delete(*by_id);
        *by_id = NULL;
    }
    return rc;
}

cJSON *pl_qpublished_take(cJSON *by_id, const char *case_id)
{
    cJSON *list = cJSON_GetObjectItemCaseSensitive(by_id, case_id);
    return cJSON_GetArraySize(list) ? cJSON_DetachItemFromArray(list, 0) : NULL;
}
