/* planlens quality output: JSONL records, official-layout CSV, tables. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "quality_output.h"
#include "csv_out.h"

static cJSON *plan_array(const pl_quality_result *r, const int *ids, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(pl_quality_action_text(r, ids[i])));
    return a;
}

static cJSON *labels_object(const pl_qlabel *l, int n, bool paper)
{
    cJSON *o = cJSON_CreateObject();
    char key[16];
    for (int i = 0; o && i < n; i++) {
        snprintf(key, sizeof key, "%d", i);
        cJSON_AddStringToObject(o, key, paper ? pl_qlabel_paper_name(l[i]) : pl_qlabel_code_name(l[i]));
    }
    return o;
}

static cJSON *steps_array(const pl_quality_result *r, const pl_qstep *s, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "step", pl_qstep_name(s[i].kind));
        cJSON_AddStringToObject(o, "action", pl_quality_action_text(r, s[i].action));
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static void add_sub(cJSON *o, const char *prefix, const pl_quality_result *r, const pl_qsub *s)
{
    char key[32];
    snprintf(key, sizeof key, "%s_plan", prefix);
    cJSON_AddItemToObject(o, key, plan_array(r, s->plan, s->n));
    snprintf(key, sizeof key, "%s_score", prefix);
    cJSON_AddNumberToObject(o, key, s->score);
    snprintf(key, sizeof key, "%s_stv", prefix);
    cJSON_AddNumberToObject(o, key, s->stv);
    snprintf(key, sizeof key, "%s_lea", prefix);
    cJSON_AddNumberToObject(o, key, s->lea);
    snprintf(key, sizeof key, "%s_validity", prefix);
    cJSON_AddBoolToObject(o, key, s->valid);
}

static void print_json(FILE *out, cJSON *o)
{
    char *s = cli_json_text(o, false);
    if (s) {
        fputs(s, out);
        fputc('\n', out);
    }
    free(s);
    cJSON_Delete(o);
}

static void add_text(cJSON *o, const char *key, const char *v)
{
    if (v)
        cJSON_AddStringToObject(o, key, v);
    else
        cJSON_AddNullToObject(o, key);
}

/* Fields of a published CSV row that the recomputation does not reproduce. */
static cJSON *published_differences(const pl_quality_case *c, const pl_quality_result *r);

/* The plan's failure (cli_failure_json), or null for a valid plan. */
static void add_failure(cJSON *o, const pl_failure *f)
{
    if (!f || f->kind == PL_FAIL_NONE)
        cJSON_AddNullToObject(o, "failure");
    else
        cJSON_AddItemToObject(o, "failure", cli_failure_json(f));
}

void quality_print_jsonl(FILE *out, const pl_quality_case *c, const pl_quality_result *r, const pl_failure *f,
                         const char *error, pl_similarity_version v)
{
    cJSON *o = cJSON_CreateObject();
    add_text(o, "case_id", c->id);
    add_text(o, "model", c->model);
    add_text(o, "prompt_type", c->prompt_type);
    add_text(o, "domain", c->domain);
    add_text(o, "instance_id", c->instance_id);
    if (!r) {
        cJSON_AddStringToObject(o, "error", error);
        print_json(out, o);
        return;
    }
    cJSON_AddStringToObject(o, "similarity_version", pl_similarity_version_name(v));
    cJSON_AddItemToObject(o, "gt_plan", plan_array(r, r->gt, r->m));
    cJSON_AddItemToObject(o, "llm_plan", plan_array(r, r->llm, r->n));
    cJSON_AddItemToObject(o, "aqm", labels_object(r->aqm, r->n, true));
    cJSON_AddItemToObject(o, "np_aqm", labels_object(r->np_aqm, r->n, true));
    cJSON_AddItemToObject(o, "aqm_code_labels", labels_object(r->aqm, r->n, false));
    cJSON_AddItemToObject(o, "np_aqm_code_labels", labels_object(r->np_aqm, r->n, false));
    cJSON *pairs = cJSON_AddArrayToObject(o, "pairs");
    for (int i = 0; i < r->n; i++) {
        cJSON *p = cJSON_CreateObject();
        if (r->paired_gt[i] >= 0)
            cJSON_AddNumberToObject(p, "gt_index", r->paired_gt[i]);
        else
            cJSON_AddNullToObject(p, "gt_index");
        cJSON_AddNumberToObject(p, "similarity", r->pair_sim[i]);
        cJSON_AddItemToArray(pairs, p);
    }
    cJSON_AddNumberToObject(o, "pair_term", r->pair_term);
    cJSON_AddNumberToObject(o, "lcs_subsequence", r->lcs_seq_len);
    cJSON_AddNumberToObject(o, "lcs_substring", r->lcs_str_len);
    cJSON_AddNumberToObject(o, "similarity", r->similarity);
    cJSON_AddNumberToObject(o, "length_penalty", r->length_penalty);
    cJSON_AddNumberToObject(o, "trace_score", r->trace_score);
    cJSON_AddNumberToObject(o, "curr_score", r->curr_score);
    cJSON_AddNumberToObject(o, "potential", r->potential);
    cJSON_AddNumberToObject(o, "final_score", r->final_score);
    cJSON_AddBoolToObject(o, "llm_correct", r->llm_correct);
    cJSON_AddBoolToObject(o, "validity", r->validity);
    cJSON_AddBoolToObject(o, "executability", r->executability);
    cJSON_AddNumberToObject(o, "lea", r->lea);
    cJSON_AddNumberToObject(o, "true_lea", r->true_lea);
    add_failure(o, f);
    cJSON_AddStringToObject(o, "val_verdict", pl_qx_verdict_name(r->verdict));
    cJSON_AddNumberToObject(o, "stv", r->stv);
    cJSON_AddItemToObject(o, "stv_steps", steps_array(r, r->steps, r->stv));
    add_sub(o, "pi1", r, &r->pi1);
    cJSON_AddNumberToObject(o, "pi1_variables", r->nvariables);
    cJSON_AddNumberToObject(o, "pi1_mappings", r->mappings_evaluated);
    cJSON_AddNumberToObject(o, "optimal_offset", r->optimal_offset);
    if (r->pi1_error)
        cJSON_AddStringToObject(o, "pi1_note", "0-ary action: the official code raises here; pi1 = pi0");
    add_sub(o, "pi2", r, &r->pi2);
    add_sub(o, "pi3", r, &r->pi3);
    if (r->pi4_done) {
        cJSON_AddItemToObject(o, "pi4_plan", plan_array(r, r->pi4, r->npi4));
        cJSON_AddBoolToObject(o, "pi4_validity", r->pi4_valid);
        cJSON_AddItemToObject(o, "complementary_plan", plan_array(r, r->complementary, r->ncomplementary));
        cJSON_AddItemToObject(o, "correct_part", plan_array(r, r->correct_part, r->ncorrect_part));
    }
    if (r->pi4_note)
        cJSON_AddStringToObject(o, "pi4_note", r->pi4_note);
    if (c->published)
        cJSON_AddItemToObject(o, "published_differs", published_differences(c, r));
    print_json(out, o);
}

/* Python's repr of a str and of a float (shortest round trip, "1.0"). */
static void py_str(FILE *out, const char *s)
{
    char q = strchr(s, '\'') && !strchr(s, '"') ? '"' : '\'';
    fputc(q, out);
    for (; *s; s++) {
        if (*s == q || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
    fputc(q, out);
}

static void py_float(char *buf, size_t n, double v)
{
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, n, "%.*g", p, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    if (!strpbrk(buf, ".eni"))
        strncat(buf, ".0", n - strlen(buf) - 1);
}


static void csv_plan(FILE *out, const pl_quality_result *r, const int *ids, int n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    fputc('[', m);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", m);
        py_str(m, pl_quality_action_text(r, ids[i]));
    }
    fputc(']', m);
    fclose(m);
    fputc(',', out);
    pl_csv_put(out, buf);
    free(buf);
}

static void csv_labels(FILE *out, const pl_qlabel *l, int n)
{
    fputs(",\"{", out); /* a Python literal of label names: no text of the input */
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%d: '%s'", i ? ", " : "", i, pl_qlabel_code_name(l[i]));
    fputs("}\"", out);
}

static void csv_num(FILE *out, double v)
{
    char buf[40];
    py_float(buf, sizeof buf, v);
    fprintf(out, ",%s", buf);
}

static void csv_text(FILE *out, const char *s, bool first)
{
    if (!first)
        fputc(',', out);
    pl_csv_put(out, s);
}

static void csv_sub(FILE *out, const pl_quality_result *r, const pl_qsub *s)
{
    csv_plan(out, r, s->plan, s->n);
    csv_num(out, s->score);
    fprintf(out, ",%d,%d,%s", s->stv, s->lea, s->valid ? "True" : "False");
}

void quality_print_csv_header(FILE *out)
{
    fputs("model,domain,task,instance_id,gt_plan,curr_plan,plan_trace,nr_plan_trace,trace_score,"
          "complementary_plan,correct_part,executability,final_score,curr_score,curr_steps,curr_last_act,"
          "curr_validity,cdt_plan,cdt_score,cdt_steps,cdt_last_act,cdt_validity,subseq_plan,subseq_score,"
          "subseq_steps,subseq_last_act,subseq_validity,cdt_subseq_plan,cdt_subseq_score,cdt_subseq_steps,"
          "cdt_subseq_last_act,cdt_subseq_validity,improved_plan,improved_validity,case_id,true_lea,error,"
          "failure_kind,failure_key,failure_step\n",
          out);
}

/* failure_kind, failure_key, failure_step: empty for a valid plan. */
static void csv_failure(FILE *out, const pl_failure *f)
{
    if (!f || f->kind == PL_FAIL_NONE) {
        fputs(",,,\n", out);
        return;
    }
    fprintf(out, ",%s", pl_failure_kind_name(f->kind));
    csv_text(out, f->key, false);
    fprintf(out, ",%d\n", f->step);
}

void quality_print_csv(FILE *out, const pl_quality_case *c, const pl_quality_result *r, const pl_failure *f,
                       const char *error)
{
    csv_text(out, c->model, true);
    csv_text(out, c->domain, false);
    csv_text(out, c->prompt_type, false);
    csv_text(out, c->instance_id, false);
    if (!r) {
        fputs(",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,", out);
        csv_text(out, c->id, false);
        fputc(',', out);
        csv_text(out, error, false);
        csv_failure(out, NULL);
        return;
    }
    csv_plan(out, r, r->gt, r->m);
    csv_plan(out, r, r->llm, r->n);
    csv_labels(out, r->aqm, r->n);
    csv_labels(out, r->np_aqm, r->n);
    csv_num(out, r->trace_score);
    csv_plan(out, r, r->complementary, r->ncomplementary);
    csv_plan(out, r, r->correct_part, r->ncorrect_part);
    fprintf(out, ",%s", r->executability ? "True" : "False");
    csv_num(out, r->final_score);
    csv_num(out, r->curr_score);
    fprintf(out, ",%d,%d,%s", r->stv, r->lea, r->validity ? "True" : "False");
    csv_sub(out, r, &r->pi1);
    csv_sub(out, r, &r->pi2);
    csv_sub(out, r, &r->pi3);
    csv_plan(out, r, r->pi4, r->npi4);
    fprintf(out, ",%s", r->pi4_valid ? "True" : "False");
    csv_text(out, c->id, false);
    fprintf(out, ",%d,", r->true_lea);
    csv_failure(out, f);
}

static cJSON *published_differences(const pl_quality_case *c, const pl_quality_result *r)
{
    cJSON *d = cJSON_CreateArray();
    const struct {
        const char *col;
        double mine;
    } nums[] = {{"trace_score", r->trace_score}, {"curr_score", r->curr_score}, {"final_score", r->final_score},
                {"curr_steps", r->stv},          {"curr_last_act", r->lea},     {"cdt_score", r->pi1.score},
                {"cdt_steps", r->pi1.stv}};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(c->published, nums[i].col);
        if (cJSON_IsString(v) && *v->valuestring && fabs(strtod(v->valuestring, NULL) - nums[i].mine) > 1e-9)
            cJSON_AddItemToArray(d, cJSON_CreateString(nums[i].col));
    }
    const struct {
        const char *col;
        bool mine;
    } flags[] = {{"curr_validity", r->validity}, {"executability", r->executability}};
    for (size_t i = 0; i < 2; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(c->published, flags[i].col);
        if (cJSON_IsString(v) && *v->valuestring && (strcmp(v->valuestring, "True") == 0) != flags[i].mine)
            cJSON_AddItemToArray(d, cJSON_CreateString(flags[i].col));
    }
    const cJSON *pt = cJSON_GetObjectItemCaseSensitive(c->published, "plan_trace");
    if (cJSON_IsString(pt)) { /* "{2: 'position', 0: 'same_act', ...}" in any key order */
        bool same = true;
        int seen = 0;
        for (const char *s = pt->valuestring; (s = strchr(s, ':')) != NULL; s++) {
            const char *k = s;
            while (k > pt->valuestring && k[-1] >= '0' && k[-1] <= '9')
                k--;
            int idx = atoi(k);
            const char *q = strchr(s, '\'');
            size_t len = q ? strcspn(q + 1, "'") : 0;
            same &= q && idx < r->n && strlen(pl_qlabel_code_name(r->aqm[idx])) == len &&
                    !strncmp(q + 1, pl_qlabel_code_name(r->aqm[idx]), len);
            seen++;
        }
        if (!same || seen != r->n)
            cJSON_AddItemToArray(d, cJSON_CreateString("plan_trace"));
    }
    return d;
}
