/* The public plan-quality cases (../shared/data/plan-quality/dev.jsonl):
 * every case the current official code reproduces (repro.per_plan_v2) must
 * give the published AQM, NP-AQM, trace_score, curr_score (1e-6), StV, LEA
 * and validity; π1 its published plan and score; π4 a plan of the published
 * length, valid when the published one is.  Needs the data and WordNet
 * (prints SKIP without them).  A disagreement is printed with its case id. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quality/pipeline.h"
#include "test_support.h"

static char **strings(const cJSON *a, int *n)
{
    *n = cJSON_GetArraySize(a);
    char **s = calloc((size_t)*n + 1, sizeof *s);
    for (int i = 0; i < *n; i++)
        s[i] = cJSON_GetArrayItem(a, i)->valuestring;
    return s;
}

static bool labels_equal(const cJSON *want, const pl_qlabel *got, int n)
{
    if (cJSON_GetArraySize(want) != n)
        return false;
    char key[16];
    for (int i = 0; i < n; i++) {
        snprintf(key, sizeof key, "%d", i);
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(want, key);
        if (!cJSON_IsString(w) || strcmp(w->valuestring, pl_qlabel_code_name(got[i])))
            return false;
    }
    return true;
}

static bool plan_equal(const pl_quality_result *r, const cJSON *want, const int *ids, int n)
{
    if (cJSON_GetArraySize(want) != n)
        return false;
    for (int i = 0; i < n; i++)
        if (strcmp(cJSON_GetArrayItem(want, i)->valuestring, pl_quality_action_text(r, ids[i])))
            return false;
    return true;
}

static double num(const cJSON *e, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(e, k)->valuedouble;
}

static bool flag(const cJSON *e, const char *k)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, k));
}

/* A valid π0 reaches the goal in its own states, so the official π4 is a
 * prefix of it with no complementary plan; a published row saying otherwise
 * carries results of another run (spec §12). */
static bool pi4_consistent(const cJSON *e)
{
    return !flag(e, "validity") || cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(e, "complementary_plan")) == 0;
}

/* π1's variables: distinct 1st and 2nd arguments of the LLM plan (spec §8.1). */
static int plan_variables(char *const *plan, int n)
{
    char seen[64][64];
    int nseen = 0;
    for (int i = 0; i < n; i++) {
        char name[64], a[2][64];
        int k = sscanf(plan[i], " (%63s %63s %63[^ )]", name, a[0], a[1]) - 1;
        for (int j = 0; j < k && j < 2; j++) {
            bool known = false;
            for (int v = 0; v < nseen && !known; v++)
                known = !strcmp(seen[v], a[j]);
            if (!known && nseen < 64)
                strcpy(seen[nseen++], a[j]);
        }
    }
    return nseen;
}

/* Returns the number of fields that disagree, printing them.  With 7 or more
 * variables the official π1 candidates come out of a Python set, in an
 * arbitrary order (spec §8.2), and ties and the first valid candidate follow
 * that order: π1 disagreements there are counted in *order_dependent. */
static int check_case(const cJSON *c, const pl_quality_result *r, int nvars, int *order_dependent)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(c, "expected");
    const char *id = cJSON_GetObjectItemCaseSensitive(c, "case_id")->valuestring;
    const struct {
        const char *name;
        bool ok;
    } fields[] = {
        {"aqm", labels_equal(cJSON_GetObjectItemCaseSensitive(e, "aqm_code_labels"), r->aqm, r->n)},
        {"np_aqm", labels_equal(cJSON_GetObjectItemCaseSensitive(e, "np_aqm_code_labels"), r->np_aqm, r->n)},
        {"trace_score", fabs(num(e, "trace_score") - r->trace_score) < 1e-6},
        {"curr_score", fabs(num(e, "curr_score") - r->curr_score) < 1e-6},
        {"stv", (int)num(e, "stv") == r->stv},
        {"lea", (int)num(e, "lea") == r->lea},
        {"validity", flag(e, "validity") == r->validity},
        {"pi1_plan", plan_equal(r, cJSON_GetObjectItemCaseSensitive(e, "pi1_plan"), r->pi1.plan, r->pi1.n)},
        {"pi1_score", fabs(num(e, "pi1_score") - r->pi1.score) < 1e-6},
        {"pi4_length", !pi4_consistent(e) || cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(e, "pi4_plan")) == r->npi4},
        {"pi4_validity", !flag(e, "pi4_validity") || r->pi4_valid},
    };
    if (!pi4_consistent(e))
        printf("NOTE %s: published pi4 contradicts its own validity (a valid plan reaches the goal, so nothing "
               "is replanned); pi4 length not compared\n", id);
    int bad = 0, order = 0;
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        if (fields[k].ok)
            continue;
        bool pi1 = !strncmp(fields[k].name, "pi1_", 4);
        printf("%s %s: %s\n", pi1 && nvars >= 7 ? "ORDER-DEPENDENT" : "MISMATCH", id, fields[k].name);
        if (pi1 && nvars >= 7)
            order = 1;
        else
            bad++;
    }
    *order_dependent += order;
    return bad;
}

static void test_dev_cases(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality dev cases"))
        return;
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    if (!sim) {
        printf("SKIP: plan-quality dev cases: WordNet not available (%s)\n", err.message ? err.message : "?");
        pl_error_clear(&err);
        return;
    }
    cJSON *cases = pl_test_read_jsonl(pl_test_data_path("plan-quality/dev.jsonl"));
    pl_quality_options opt = pl_quality_defaults();
    int checked = 0, failed = 0, order_dependent = 0, many_vars = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cases) {
        const cJSON *repro = cJSON_GetObjectItemCaseSensitive(c, "repro");
        if (!flag(repro, "per_plan_v2"))
            continue;
        const char *id = cJSON_GetObjectItemCaseSensitive(c, "case_id")->valuestring;
        pl_loaded_task lt;
        pl_test_load_texts(cJSON_GetObjectItemCaseSensitive(c, "domain_pddl")->valuestring,
                           cJSON_GetObjectItemCaseSensitive(c, "problem_pddl")->valuestring, id, &lt);
        int m, n;
        char **gt = strings(cJSON_GetObjectItemCaseSensitive(c, "gt_plan"), &m);
        char **llm = strings(cJSON_GetObjectItemCaseSensitive(c, "llm_plan"), &n);
        pl_quality_result r;
        assert_int_equal(pl_quality_run(lt.task, sim, gt, m, llm, n, -1, &opt, &r, &err), 0);
        int nvars = plan_variables(llm, n);
        failed += check_case(c, &r, nvars, &order_dependent) > 0;
        many_vars += nvars >= 7;
        checked++;
        pl_quality_result_clear(&r);
        free(gt);
        free(llm);
        pl_loaded_task_free(&lt);
    }
    printf("plan-quality dev cases: %d checked, %d with a disagreement; pi1 differs on %d of the %d cases with 7 or "
           "more variables (arbitrary official order)\n",
           checked, failed, order_dependent, many_vars);
    assert_true(checked > 800);
    assert_int_equal(failed, 0);
    /* the arbitrary order may only matter where there are ties: a few cases, not a systematic difference */
    assert_true(order_dependent * 20 <= many_vars);
    cJSON_Delete(cases);
    pl_name_sim_close(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dev_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
