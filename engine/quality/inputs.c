/* Plan-quality cases: the dev.jsonl case format and PlanBench result files. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/file.h"
#include "base/json.h"
#include "base/text_lines.h"
#include "quality/inputs_internal.h"

static char *json_text(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsString(v))
        return pl_strdup(v->valuestring);
    if (cJSON_IsNumber(v))
        return pl_strdup_printf("%.0f", v->valuedouble);
    return NULL;
}

static int json_actions(const cJSON *o, const char *key, char ***list, int *n)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsString(a))
        return pl_quality_split_plan(a->valuestring, list, n);
    if (!cJSON_IsArray(a))
        return -2;
    const cJSON *e;
    cJSON_ArrayForEach(e, a) {
        if (!cJSON_IsString(e))
            return -2;
        if (pl_quality_push_action(list, n, e->valuestring, strlen(e->valuestring)) < 0)
            return -1;
    }
    return 0;
}

static int json_bool(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsBool(v) ? cJSON_IsTrue(v) : -1;
}

static pl_error_code read_cases_jsonl(const char *path, const char *text, size_t len, pl_quality_cases *out,
                                      pl_diags *warnings, pl_error *err)
{
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    while (pl_next_line(&lr, &s, &n)) {
        if (pl_is_blank(s, n))
            continue;
        pl_error jerr = PL_ERROR_INIT;
        cJSON *o = pl_json_parse_exact(s, n, path, &jerr);
        if (!o || !cJSON_IsObject(o)) {
            pl_diags_add(warnings, path, lr.line, jerr.column, "skipped: %s",
                         jerr.message ? jerr.message : "expected a JSON object");
            pl_error_clear(&jerr);
            cJSON_Delete(o);
            continue;
        }
        pl_quality_case c = {0};
        c.llm_correct = json_bool(o, "llm_correct");
        c.id = json_text(o, "case_id");
        c.model = json_text(o, "model");
        c.prompt_type = json_text(o, "prompt_type");
        c.domain = json_text(o, "domain");
        c.instance_id = json_text(o, "instance_id");
        c.task = json_text(o, "task");
        c.prompt = json_text(o, "query");
        c.raw_response = json_text(o, "llm_raw_response");
        c.domain_text = json_text(o, "domain_pddl");
        c.problem_text = json_text(o, "problem_pddl");
        int g = json_actions(o, "gt_plan", &c.gt, &c.ngt), l = json_actions(o, "llm_plan", &c.llm, &c.nllm);
        cJSON_Delete(o);
        /* no PDDL at all (office_robot is not in PlanBench): kept, to be summarised from its published
         * values; the pipeline reports it as it does a case whose PDDL is not found */
        bool no_pddl = !c.domain_text && !c.problem_text;
        const char *missing = g == -2 ? "gt_plan (a list of strings)" : l == -2 ? "llm_plan (a list of strings)"
                              : no_pddl ? NULL : !c.domain_text ? "domain_pddl (a string)"
                              : !c.problem_text ? "problem_pddl (a string)" : NULL;
        if (g == -1 || l == -1 || (!c.id && !(c.id = pl_quality_make_id(&c)))) {
            pl_quality_case_free(&c);
            return pl_error_set(err, PL_ERR_LIMIT, path, lr.line, 0, "out of memory");
        }
        if (missing) {
            pl_diags_add(warnings, path, lr.line, 1, "skipped: expected %s", missing);
            pl_quality_case_free(&c);
            continue;
        }
        if (no_pddl) {
            c.load_error = pl_strdup_printf("%s:%d: no PDDL in the record (domain_pddl, problem_pddl)", path, lr.line);
        } else {
            c.domain_name = pl_strdup_printf("%s:%d: domain_pddl", path, lr.line);
            c.problem_name = pl_strdup_printf("%s:%d: problem_pddl", path, lr.line);
        }
        bool made = no_pddl ? c.load_error != NULL : c.domain_name && c.problem_name;
        if (!made || pl_quality_cases_push(out, &c) < 0) {
            pl_quality_case_free(&c);
            return pl_error_set(err, PL_ERR_LIMIT, path, lr.line, 0, "out of memory");
        }
    }
    return PL_OK;
}

static pl_error_code read_planbench(const char *path, const char *text, size_t len, const char *pddl_dir,
                                    pl_quality_cases *out, pl_diags *warnings, pl_error *err)
{
    cJSON *root = pl_json_parse_exact(text, len, path, err);
    if (!root)
        return err->code;
    const cJSON *insts = cJSON_GetObjectItemCaseSensitive(root, "instances");
    if (!cJSON_IsArray(insts)) {
        cJSON_Delete(root);
        return pl_error_set(err, PL_ERR_SYNTAX, path, 1, 1, "expected a PlanBench result object with \"instances\"");
    }
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *prompt = json_text(root, "prompt_type");
    if (!prompt) /* task_1_plan_generation_pddl.json -> pddl; plain task_1_plan_generation -> one_shot */
        prompt = pl_strdup(strstr(base, "_pddl") ? "pddl" : strstr(base, "zero_shot") ? "zero_shot"
                           : strstr(base, "state_tracking") ? "state_tracking" : "one_shot");
    int idx = 0;
    const cJSON *inst;
    pl_error_code rc = PL_OK;
    cJSON_ArrayForEach(inst, insts) {
        idx++;
        pl_quality_case c = {0};
        c.model = json_text(root, "engine");
        c.domain = json_text(root, "domain");
        c.prompt_type = pl_strdup(prompt);
        c.instance_id = json_text(inst, "instance_id");
        c.llm_correct = json_bool(inst, "llm_correct");
        c.prompt = json_text(inst, "query");
        c.raw_response = json_text(inst, "llm_raw_response");
        int l = json_actions(inst, "extracted_llm_plan", &c.llm, &c.nllm);
        int g = json_actions(inst, "ground_truth_plan", &c.gt, &c.ngt);
        if (l == -2 || g == -2 || !c.instance_id) {
            pl_diags_add(warnings, path, 0, 0, "instances[%d] skipped: expected instance_id, extracted_llm_plan "
                         "and ground_truth_plan", idx - 1);
            pl_quality_case_free(&c);
            continue;
        }
        c.id = pl_quality_make_id(&c);
        int attached = l < 0 || g < 0 || !c.id || pl_quality_official_rewrites(&c, true) < 0
                           ? -1
                           : pl_quality_attach_pddl(&c, pddl_dir);
        if (attached == 1) {
            pl_diags_add(warnings, path, 0, 0, "instances[%d] skipped: %s", idx - 1, c.load_error);
            pl_quality_case_free(&c);
            continue;
        }
        if (attached < 0 || pl_quality_cases_push(out, &c) < 0) {
            pl_quality_case_free(&c);
            rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
            break;
        }
    }
    free(prompt);
    cJSON_Delete(root);
    return rc;
}

pl_error_code pl_quality_read_file(const char *path, const char *pddl_dir, pl_quality_cases *out,
                                   pl_diags *warnings, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return err->code;
    size_t n = strlen(path);
    pl_error_code rc;
    if (n > 4 && !strcmp(path + n - 4, ".csv"))
        rc = pl_quality_read_csv(path, text, len, pddl_dir, out, warnings, err);
    else if (n > 5 && !strcmp(path + n - 5, ".json"))
        rc = read_planbench(path, text, len, pddl_dir, out, warnings, err);
    else
        rc = read_cases_jsonl(path, text, len, out, warnings, err);
    free(text);
    return rc;
}
