/* Plan-quality inputs: the case JSONL (bad records skipped), a PlanBench
 * result file with its instance PDDL found under a directory, and a
 * published CSV of the paper's repository (Python list literals, quoted
 * fields, the published values kept). */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "quality/inputs.h"
#include "test_support.h"

static char dir[64];

static void put(const char *rel, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const char *path_of(const char *rel)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    return path;
}

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/planlens-quality-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    char sub[128];
    snprintf(sub, sizeof sub, "%s/generated_basic_3", dir);
    mkdir(sub, 0700);
    put("generated_domain.pddl", "(define (domain d) (:action a :parameters (?x) :precondition (and) :effect (and)))");
    put("generated_basic_3/instance-7.pddl", "(define (problem p) (:domain d) (:objects o1) (:init) (:goal (and)))");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    const char *rels[] = {"generated_basic_3/instance-7.pddl", "generated_domain.pddl", "cases.jsonl",
                          "task_1_plan_generation_pddl.json", "pub.csv", "generated_basic_3"};
    for (size_t i = 0; i < sizeof rels / sizeof rels[0]; i++)
        remove(path_of(rels[i]));
    rmdir(dir);
    return 0;
}

static void test_pylist(void **state)
{
    (void)state;
    char **items;
    int n;
    assert_int_equal(pl_quality_parse_pylist("['(a b)', \"(it's)\", '(c\\'d)']", &items, &n), 0);
    assert_int_equal(n, 3);
    assert_string_equal(items[0], "(a b)");
    assert_string_equal(items[1], "(it's)");
    assert_string_equal(items[2], "(c'd)");
    for (int i = 0; i < n; i++)
        free(items[i]);
    free(items);
    assert_int_equal(pl_quality_parse_pylist("[]", &items, &n), 0);
    assert_int_equal(n, 0);
    assert_int_equal(pl_quality_parse_pylist("['(a b)'", &items, &n), -1);
}

static void test_jsonl_cases(void **state)
{
    (void)state;
    put("cases.jsonl", "{\"case_id\": \"x/1\", \"domain_pddl\": \"D\", \"problem_pddl\": \"P\", "
                       "\"gt_plan\": [\"(a o1)\"], \"llm_plan\": [\"(a o1)\", \"(a  o1)\"], \"llm_correct\": false}\n"
                       "{\"case_id\": \"x/2\", \"domain_pddl\": \"D\"}\n"
                       "not json\n");
    pl_quality_cases cs = {0};
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_read_file(path_of("cases.jsonl"), NULL, &cs, &w, &err), PL_OK);
    assert_int_equal(cs.count, 1);
    assert_int_equal((int)w.count, 2);
    assert_int_equal(w.items[0].line, 2);
    assert_string_equal(cs.items[0].id, "x/1");
    assert_int_equal(cs.items[0].nllm, 2);
    assert_string_equal(cs.items[0].llm[1], "(a  o1)");
    assert_int_equal(cs.items[0].llm_correct, 0);
    pl_quality_cases_free(&cs);
    pl_diags_clear(&w);
}

static void test_planbench_json(void **state)
{
    (void)state;
    put("task_1_plan_generation_pddl.json",
        "{\"domain\": \"obfuscated_randomized_logistics\", \"engine\": \"m\", \"instances\": ["
        "{\"instance_id\": 7, \"extracted_llm_plan\": \"(a o1)\\n\\n(a o12 xo1)\\n\", "
        "\"ground_truth_plan\": \"(a o1)\\n; cost = 1 (unit cost)\\n\", \"llm_correct\": true},"
        "{\"instance_id\": 8, \"extracted_llm_plan\": \"(a o1)\", \"ground_truth_plan\": \"(a o1)\"},"
        "{\"extracted_llm_plan\": 3}]}");
    pl_quality_cases cs = {0};
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_read_file(path_of("task_1_plan_generation_pddl.json"), dir, &cs, &w, &err), PL_OK);
    assert_int_equal(cs.count, 2);
    assert_int_equal((int)w.count, 1);
    const pl_quality_case *c = &cs.items[0];
    assert_string_equal(c->id, "obfuscated_randomized_logistics/m/pddl/7");
    assert_int_equal(c->ngt, 1); /* the cost line of a pddl prompt is dropped */
    assert_int_equal(c->nllm, 2);
    assert_string_equal(c->llm[0], "(a object_1)");
    assert_string_equal(c->llm[1], "(a object_12 xo1)");
    assert_int_equal(c->llm_correct, 1);
    assert_null(c->load_error);
    assert_non_null(strstr(c->problem_text, "(:objects o1)"));
    assert_non_null(cs.items[1].load_error); /* instance-8.pddl is absent: reported, kept */
    pl_quality_cases_free(&cs);
    pl_diags_clear(&w);
}

static void test_published_csv(void **state)
{
    (void)state;
    put("pub.csv", "model,domain,task,instance_id,gt_plan,curr_plan,plan_trace,curr_score\n"
                   "m,blocksworld_3,_one_shot,7,['(a o1)'],\"['(a o1)', \"\"(a o1)\"\"]\",\"{0: 'position', 1: "
                   "'redundant'}\",1.25\n"
                   "m,blocksworld_3,_one_shot,9,not a list,[],{},0\n");
    pl_quality_cases cs = {0};
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_read_file(path_of("pub.csv"), dir, &cs, &w, &err), PL_OK);
    assert_int_equal(cs.count, 1);
    assert_int_equal((int)w.count, 1);
    const pl_quality_case *c = &cs.items[0];
    assert_string_equal(c->id, "blocksworld_3/m/one_shot/7");
    assert_int_equal(c->nllm, 2);
    assert_string_equal(c->llm[1], "(a o1)");
    assert_null(c->load_error); /* found as <dir>/generated_basic_3/instance-7.pddl */
    assert_string_equal(cJSON_GetObjectItem(c->published, "curr_score")->valuestring, "1.25");
    pl_quality_cases_free(&cs);
    pl_diags_clear(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pylist),
        cmocka_unit_test(test_jsonl_cases),
        cmocka_unit_test(test_planbench_json),
        cmocka_unit_test(test_published_csv),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
