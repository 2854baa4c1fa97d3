/* Which run an answer belongs to (issue 38): run files that name no model
 * are each a run of their own, named by their path from the folder opened
 * (the same names however that folder was given), with a warning; and an
 * Inspect sample whose model answered with an empty completion before its
 * scorer raised is an answer (wrong), only a failed model call is not
 * (tests/data/runs/inspect-empty, written by make_empty_completion_fixture.py). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "runs/runs.h"
#include "test_support.h"

#define RUNS PLANLENS_SOURCE_DIR "/tests/data/runs/"
#define EMPTY_LOG RUNS "inspect-empty/2025-07-04T09-00-00+00-00_acp-prog-bool_empty.eval"

typedef struct {
    char root[80];  /* /tmp/…/data: questions.json, a/responses.jsonl, b/responses.jsonl, c/named.jsonl, top.jsonl */
    char parent[64];
} tree;

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const char *at(const tree *t, const char *rel)
{
    static char paths[4][PATH_MAX];
    static int next;
    char *p = paths[next++ % 4];
    snprintf(p, PATH_MAX, "%s/%s", t->root, rel);
    return p;
}

static int setup(void **state)
{
    tree *t = calloc(1, sizeof *t);
    strcpy(t->parent, "/tmp/planlens-test-identity-XXXXXX");
    if (!t || !mkdtemp(t->parent))
        return -1;
    snprintf(t->root, sizeof t->root, "%s/data", t->parent);
    mkdir(t->root, 0700);
    mkdir(at(t, "a"), 0700);
    mkdir(at(t, "b"), 0700);
    mkdir(at(t, "c"), 0700);
    write_file(at(t, "questions.json"),
               "[{\"id\": 1, \"group\": \"progression_bool\", \"context\": \"c\", \"question\": \"Is it so?\", "
               "\"answer\": \"yes\"}]\n");
    write_file(at(t, "a/responses.jsonl"), "{\"id\": 1, \"group\": \"progression_bool\", \"response\": \"yes\"}\n");
    write_file(at(t, "b/responses.jsonl"), "{\"id\": 1, \"group\": \"progression_bool\", \"response\": \"no\"}\n");
    write_file(at(t, "c/named.jsonl"),
               "{\"id\": 1, \"group\": \"progression_bool\", \"response\": \"yes\", \"model\": \"x\"}\n");
    write_file(at(t, "top.jsonl"), "{\"id\": 1, \"group\": \"progression_bool\", \"response\": \"no\"}\n");
    *state = t;
    return 0;
}

static int teardown(void **state)
{
    tree *t = *state;
    const char *files[] = {"questions.json", "a/responses.jsonl", "b/responses.jsonl", "c/named.jsonl", "top.jsonl"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        remove(at(t, files[i]));
    rmdir(at(t, "a"));
    rmdir(at(t, "b"));
    rmdir(at(t, "c"));
    rmdir(t->root);
    rmdir(t->parent);
    free(t);
    return 0;
}

/* The workspace's runs, "|"-joined in group order, and how many warnings say
 * a file was named by its path. */
static char *runs_of(const char *const *paths, int n, int *named_warnings)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, n, &warnings);
    assert_non_null(ws);
    *named_warnings = 0;
    for (size_t i = 0; i < warnings.count; i++)
        *named_warnings += strstr(warnings.items[i].message, "names no model") != NULL;
    char *out = pl_strdup("");
    for (int g = 0; g < pl_workspace_ngroups(ws); g++) {
        char *grown = pl_strdup_printf("%s%s%s", out, g ? "|" : "", pl_workspace_group_model(ws, g));
        free(out);
        out = grown;
    }
    pl_workspace_close(ws);
    pl_diags_clear(&warnings);
    return out;
}

#define EXPECTED "a/responses.jsonl|b/responses.jsonl|top.jsonl|x"

/* Two responses.jsonl without a model were one run "responses.jsonl". */
static void test_each_file_a_run(void **state)
{
    const tree *t = *state;
    const char *paths[] = {t->root};
    int warned;
    char *runs = runs_of(paths, 1, &warned);
    assert_string_equal(runs, EXPECTED);
    assert_int_equal(warned, 2); /* top.jsonl keeps its file name: nothing to say */
    free(runs);
}

/* The names do not depend on how the folder was given. */
static void test_names_do_not_depend_on_the_path_given(void **state)
{
    const tree *t = *state;
    char cwd[PATH_MAX], slash[PATH_MAX];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(slash, sizeof slash, "%s/", t->root);
    int warned;
    const char *with_slash[] = {slash};
    char *runs = runs_of(with_slash, 1, &warned);
    assert_string_equal(runs, EXPECTED);
    free(runs);
    assert_int_equal(chdir(t->parent), 0);
    const char *relative[] = {"data"};
    runs = runs_of(relative, 1, &warned);
    assert_string_equal(runs, EXPECTED);
    free(runs);
    assert_int_equal(chdir(t->root), 0);
    const char *dot[] = {"."};
    runs = runs_of(dot, 1, &warned);
    assert_string_equal(runs, EXPECTED);
    free(runs);
    /* each file given by itself: their names alike, each takes its folder */
    const char *files[] = {"questions.json", "a/responses.jsonl", "b/responses.jsonl", "c/named.jsonl", "top.jsonl"};
    runs = runs_of(files, 5, &warned);
    assert_string_equal(runs, EXPECTED);
    assert_int_equal(warned, 2);
    free(runs);
    assert_int_equal(chdir(cwd), 0);
}

/* The engine's naming alone, as `planlens report` uses it: the files'
 * names, widened by as many folders as tell alike names apart, never above
 * the folder a file was found under. */
static void test_name_runs(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_run_file files[5] = {{.source = "runs/x/a/responses.jsonl"},
                            {.source = "runs/y/a/responses.jsonl"},
                            {.source = "other.jsonl"},
                            {.source = "runs/z/solo.jsonl", .name_at = 5},
                            {.source = "runs/w/solo.jsonl", .name_at = 7}};
    pl_run_response items[6] = {{.file = 0}, {.file = 1}, {.file = 2}, {.file = 1, .model = pl_strdup("kept")},
                                {.file = 3}, {.file = 4}};
    /* files 0-2 given by themselves (name_at 0: any folder of the path as
     * given); 3 found under runs/, 4 under runs/w/: alike names, but 4 may
     * not take a folder above its own, so only 3 widens */
    rs.items = items;
    rs.count = 6;
    rs.files = files;
    rs.nfiles = 5;
    pl_diags warnings = PL_DIAGS_INIT;
    assert_int_equal(pl_run_responses_name_runs(&rs, &warnings), 0);
    assert_string_equal(items[0].model, "x/a/responses.jsonl");
    assert_string_equal(items[1].model, "y/a/responses.jsonl");
    assert_string_equal(items[2].model, "other.jsonl");
    assert_string_equal(items[3].model, "kept");
    assert_string_equal(items[4].model, "z/solo.jsonl");
    assert_string_equal(items[5].model, "solo.jsonl");
    assert_int_equal(warnings.count, 4); /* the files that were one run: two pairs */
    assert_non_null(strstr(warnings.items[0].message, "another file called responses.jsonl: its answers are the run "
                                                       "\"x/a/responses.jsonl\""));
    assert_non_null(strstr(warnings.items[1].message, "\"y/a/responses.jsonl\""));
    for (int i = 0; i < 6; i++)
        free(items[i].model);
    pl_diags_clear(&warnings);
}

/* Answers without a sample id are numbered per run and question in load
 * order ("#1", "#2"), "…_mc" and "…_mcq" being one group, so their keys
 * differ; a sample id names its answer itself. */
static void test_answers_numbered(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_run_file files[1] = {{.source = "r.jsonl"}};
    char g1[] = "reachable_atom_mc", g2[] = "reachable_atom_mcq", id7[] = "7", id8[] = "8", s5[] = "5";
    pl_run_response items[5] = {{.file = 0, .group = g1, .id = id7}, {.file = 0, .group = g1, .id = id8},
                                {.file = 0, .group = g2, .id = id7}, {.file = 0, .group = g1, .id = id7, .sample_id = s5},
                                {.file = 0, .group = g2, .id = id7}};
    rs.items = items;
    rs.count = 5;
    rs.files = files;
    rs.nfiles = 1;
    pl_diags warnings = PL_DIAGS_INIT;
    assert_int_equal(pl_run_responses_name_runs(&rs, &warnings), 0);
    const char *want[] = {"#1", "#1", "#2", "5", "#3"};
    for (int i = 0; i < 5; i++) {
        char buf[16];
        assert_string_equal(pl_run_response_sample(&items[i], buf, sizeof buf), want[i]);
        free(items[i].model);
    }
    pl_diags_clear(&warnings);
}

/* Epoch 1: an empty completion, then the scorer raised: an answer, graded
 * (wrong); epoch 2: the model call failed: no answer; epoch 3: "yes". */
static void test_empty_completion_is_an_answer(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_responses_load(&rs, EMPTY_LOG, &warnings, &err), PL_OK);
    assert_int_equal(rs.count, 3);
    const pl_run_response *empty = &rs.items[0], *failed = &rs.items[1], *yes = &rs.items[2];
    assert_int_equal(empty->epoch, 1);
    assert_null(empty->error);
    assert_string_equal(empty->response, "");
    assert_non_null(empty->scorer_error);
    assert_non_null(strstr(empty->scorer_error, "IndexError"));
    assert_int_equal(failed->epoch, 2);
    assert_non_null(failed->error);
    assert_non_null(strstr(failed->error, "RateLimitError"));
    assert_null(failed->scorer_error);
    assert_int_equal(yes->epoch, 3);
    assert_null(yes->error);
    assert_string_equal(yes->response, "yes");
    pl_run_responses_free(&rs);
    pl_diags_clear(&warnings);

    const char *paths[] = {RUNS "questions.json", EMPTY_LOG};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    assert_non_null(ws);
    assert_int_equal(pl_workspace_count(ws), 3);
    int all[3] = {0, 1, 2};
    pl_ws_aggregate s;
    pl_workspace_aggregate(ws, all, 3, &s);
    assert_int_equal(s.sample_errors, 1); /* the failed call alone */
    assert_int_equal(s.scorer_failures, 1);
    assert_int_equal(s.official, 1);      /* "yes"; the empty answer is wrong */
    assert_int_equal(s.questions, 1);
    assert_true(s.accuracy > 0.49 && s.accuracy < 0.51); /* (0 + 1) / 2 epochs answered */
    for (int i = 0; i < 3; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (r->epoch == 1) {
            assert_true(r->graded);
            assert_null(r->error);
            assert_int_equal(r->score, 0);
        }
    }
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_file_a_run),
        cmocka_unit_test(test_names_do_not_depend_on_the_path_given),
        cmocka_unit_test(test_name_runs),
        cmocka_unit_test(test_answers_numbered),
        cmocka_unit_test(test_empty_completion_is_an_answer),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
