/* planlens plan --trace: one record per expansion (as many as the JSON's
 * statistics.expansions) for A* with blind, h_max and LM-cut and greedy
 * search with h_FF and h_add, and the path to the goal is the plan. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "search_replay.h"
#include "test_support.h"

#define TASK PLANLENS_SOURCE_DIR "/tests/pddl/ipc/blocksworld-upper-"

static char trace_path[64];

static int make_trace_path(void **state)
{
    (void)state;
    snprintf(trace_path, sizeof trace_path, "/tmp/pl-trace-%ld.jsonl", (long)getpid());
    return 0;
}

static int remove_trace(void **state)
{
    (void)state;
    unlink(trace_path);
    return 0;
}

/* Runs plan with `search` and --trace; the JSON output (owned). */
static cJSON *plan_traced(const char *search)
{
    char cmd[1024];
    int status;
    snprintf(cmd, sizeof cmd, "'%s' plan '%sdomain.pddl' '%sproblem.pddl' --search %s --json --trace %s 2>/dev/null",
             PLANLENS_BIN, TASK, TASK, search, trace_path);
    char *out = pl_test_shell(cmd, &status);
    assert_non_null(out);
    assert_int_equal(status, 0);
    cJSON *j = cJSON_Parse(out);
    free(out);
    assert_non_null(j);
    return j;
}

static void check_search(const char *search)
{
    cJSON *j = plan_traced(search);
    long expansions = (long)cJSON_GetObjectItem(cJSON_GetObjectItem(j, "statistics"), "expansions")->valuedouble;
    pl_search_replay r;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_replay_read(trace_path, &r, &err), PL_OK);
    assert_true(expansions > 0);
    assert_int_equal(r.nrecords, expansions);
    assert_string_equal(r.end, "solved");
    assert_string_equal(r.search, search);
    assert_true(r.goal_generated > 0);
    /* the path to the goal node is the plan */
    const char **path;
    int len = pl_replay_plan(&r, &path);
    const cJSON *plan = cJSON_GetObjectItem(j, "plan");
    assert_int_equal(len, cJSON_GetArraySize(plan));
    for (int i = 0; i < len; i++)
        assert_string_equal(path[i], cJSON_GetArrayItem(plan, i)->valuestring);
    /* g along the records is the cost of the path (unit costs here), and
     * A* expands in order of f */
    for (long k = 0; k < r.nrecords; k++) {
        const char **p;
        assert_int_equal(pl_replay_path(&r, k + 1, &p), r.records[k].g);
        free(p);
        if (strncmp(search, "astar", 5) == 0 && k > 0)
            assert_true(r.records[k].f >= r.records[k - 1].f);
        /* closed: every state expanded so far, less those reopened */
        assert_true(r.records[k].closed <= k + 1 && r.records[k].closed > 0 && r.records[k].open >= 0);
        if (!strcmp(search, "astar-blind"))
            assert_int_equal(r.records[k].closed, k + 1);
    }
    free(path);
    pl_replay_free(&r);
    cJSON_Delete(j);
}

static void astar_blind(void **state) { (void)state; check_search("astar-blind"); }
static void astar_hmax(void **state) { (void)state; check_search("astar-hmax"); }
static void astar_lmcut(void **state) { (void)state; check_search("astar-lmcut"); }
static void gbfs_ff(void **state) { (void)state; check_search("gbfs-ff"); }
static void gbfs_add(void **state) { (void)state; check_search("gbfs-add"); }

/* Each record's fields as docs/PLANNER.md lists them. */
static void record_fields(void **state)
{
    (void)state;
    cJSON_Delete(plan_traced("astar-blind"));
    cJSON *lines = pl_test_read_jsonl(trace_path);
    assert_non_null(lines);
    int n = cJSON_GetArraySize(lines);
    static const char *const keys[] = {"n", "id", "state", "g", "h", "f", "parent", "action", "open", "closed",
                                       "successors"};
    for (int i = 0; i < n - 1; i++)
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
            assert_non_null(cJSON_GetObjectItem(cJSON_GetArrayItem(lines, i), keys[k]));
    const cJSON *first = cJSON_GetArrayItem(lines, 0);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(first, "parent")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(first, "action")));
    assert_non_null(cJSON_GetObjectItem(cJSON_GetArrayItem(lines, n - 1), "end"));
    cJSON_Delete(lines);
}

/* A trace is refused over the task's own files and with the lazy searches. */
static void refusals(void **state)
{
    (void)state;
    char cmd[1024];
    int status;
    snprintf(cmd, sizeof cmd, "'%s' plan '%sdomain.pddl' '%sproblem.pddl' --trace '%sproblem.pddl' 2>&1",
             PLANLENS_BIN, TASK, TASK, TASK);
    char *out = pl_test_shell(cmd, &status);
    assert_int_equal(status, 2);
    assert_non_null(strstr(out, "would overwrite the task"));
    free(out);
    snprintf(cmd, sizeof cmd, "'%s' plan '%sdomain.pddl' '%sproblem.pddl' --search sat --trace %s 2>&1",
             PLANLENS_BIN, TASK, TASK, trace_path);
    out = pl_test_shell(cmd, &status);
    assert_int_equal(status, 2);
    assert_non_null(strstr(out, "--trace"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(astar_blind), cmocka_unit_test(astar_hmax), cmocka_unit_test(astar_lmcut),
        cmocka_unit_test(gbfs_ff),     cmocka_unit_test(gbfs_add),   cmocka_unit_test(record_fields),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, make_trace_path, remove_trace);
}
