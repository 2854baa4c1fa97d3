/* The hand-written IPC-style fixtures of tests/pddl/ipc (see its README.md):
 * every domain/problem pair loads from files, its valid plan is valid, and its
 * invalid plan fails exactly at the step named by its `; fails-at: K` header
 * with at least one unmet precondition.  road-delivery also checks the plan's
 * total cost against road-delivery-plan-cost.txt. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/file.h"
#include "plans/plan.h"
#include "test_support.h"

typedef struct {
    const char *name;
    int plan_length; /* as documented in tests/pddl/ipc/README.md */
} fixture;

static const fixture fixtures[] = {
    {"gripper", 9},      {"logistics", 11},     {"briefcase", 7},
    {"depot-either", 10}, {"handshake", 7},     {"lab-security", 11},
    {"road-delivery", 9}, {"blocksworld-upper", 6}, {"elevator", 8},
};

static const char *fixture_path(char *buf, size_t size, const char *name, const char *suffix)
{
    snprintf(buf, size, "%s/tests/pddl/ipc/%s-%s", PLANLENS_SOURCE_DIR, name, suffix);
    return buf;
}

static char *read_text(const char *path)
{
    pl_error err = PL_ERROR_INIT;
    size_t len = 0;
    char *text = pl_read_file(path, &len, &err);
    if (!text) {
        print_error("cannot read %s: %s\n", path, err.message ? err.message : "?");
        pl_error_clear(&err);
        fail();
    }
    return text;
}

static void load_fixture(const char *name, pl_loaded_task *lt)
{
    char dpath[4096], ppath[4096];
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    int rc = pl_load_task_files(fixture_path(dpath, sizeof dpath, name, "domain.pddl"),
                                fixture_path(ppath, sizeof ppath, name, "problem.pddl"), lt, &warnings, &err);
    if (rc != PL_OK) {
        char *msg = pl_error_format(&err);
        print_error("%s: %s\n", name, msg);
        free(msg);
        pl_error_clear(&err);
        pl_diags_clear(&warnings);
        fail();
    }
    /* The fixtures are clean PDDL: nothing should need a lenient reading. */
    for (size_t i = 0; i < warnings.count; i++)
        print_error("%s: unexpected warning: %s\n", name, warnings.items[i].message);
    assert_int_equal(warnings.count, 0);
    pl_diags_clear(&warnings);
    assert_non_null(lt->task);
}

/* Reads a plan file into steps and simulates it. */
static pl_trace *simulate(const pl_task *t, const char *path, pl_plan_steps *steps, char **text_out)
{
    char *text = read_text(path);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(text, steps, &err), PL_OK);
    pl_error_clear(&err);
    pl_trace *tr = pl_trace_new(t, steps->steps, steps->count);
    assert_non_null(tr);
    *text_out = text;
    return tr;
}

/* Both checks record their verdicts, free everything, then assert, so a
 * failure reports what went wrong without leaking under the sanitizers. */
static void check_valid_plan(const fixture *fx, const pl_task *t)
{
    char path[4096];
    pl_plan_steps steps;
    char *text;
    pl_trace *tr = simulate(t, fixture_path(path, sizeof path, fx->name, "plan.txt"), &steps, &text);
    for (int i = 0; i < tr->nsteps; i++)
        if (tr->steps[i].ref.status != PL_REF_OK || !tr->steps[i].executed)
            print_error("%s: step %d %s: %s\n", fx->name, i, steps.steps[i],
                        tr->steps[i].ref.detail ? tr->steps[i].ref.detail : "not applicable");
    for (int i = 0; i < tr->nunmet_goals; i++)
        print_error("%s: unmet goal %s\n", fx->name, tr->unmet_goals[i]);
    int nsteps = steps.count, lea = tr->lea, failed = tr->failed_step, nunmet_goals = tr->nunmet_goals;
    int nwarnings = tr->nwarnings;
    bool executable = tr->executable, goal = tr->goal_reached, valid = tr->valid;
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    free(text);
    assert_int_equal(nsteps, fx->plan_length);
    assert_int_equal(failed, -1);
    assert_true(executable);
    assert_true(goal);
    assert_true(valid);
    assert_int_equal(lea, fx->plan_length);
    assert_int_equal(nunmet_goals, 0);
    assert_int_equal(nwarnings, 0);
}

static void check_invalid_plan(const fixture *fx, const pl_task *t)
{
    char path[4096];
    pl_plan_steps steps;
    char *text;
    pl_trace *tr = simulate(t, fixture_path(path, sizeof path, fx->name, "invalid-plan.txt"), &steps, &text);
    int k = -1;
    bool header = sscanf(text, "; fails-at: %d", &k) == 1 && k >= 0 && k < steps.count;
    bool prefix_executed = header;
    for (int i = 0; header && i < k; i++)
        prefix_executed = prefix_executed && tr->steps[i].executed;
    /* The failing step names a well-formed action; only its preconditions fail. */
    bool resolved = false, unmet_ok = false, executed = true;
    int nunmet = 0;
    if (header) {
        const pl_trace_step *bad = &tr->steps[k];
        executed = bad->executed;
        resolved = bad->ref.args != NULL;
        nunmet = bad->nunmet;
        unmet_ok = nunmet > 0;
        for (int i = 0; i < nunmet; i++) {
            unmet_ok = unmet_ok && bad->unmet[i] && bad->unmet[i][0] == '(';
        }
    }
    int lea = tr->lea, failed = tr->failed_step;
    bool executable = tr->executable, valid = tr->valid;
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    free(text);
    if (!header)
        fail_msg("%s: invalid plan does not start with '; fails-at: K' naming one of its steps", fx->name);
    assert_false(executable);
    assert_false(valid);
    assert_int_equal(failed, k);
    assert_int_equal(lea, k);
    assert_true(prefix_executed);
    assert_false(executed);
    assert_true(resolved);
    assert_true(nunmet > 0);
    assert_true(unmet_ok);
}

typedef struct {
    const fixture *fx;
    pl_loaded_task lt;
} context;

/* cmocka fixtures: the prestate is the fixture row; the state becomes a context. */
static int setup(void **state)
{
    context *c = calloc(1, sizeof *c);
    assert_non_null(c);
    c->fx = *state;
    *state = c;
    load_fixture(c->fx->name, &c->lt);
    return 0;
}

static int teardown(void **state)
{
    context *c = *state;
    pl_loaded_task_free(&c->lt);
    free(c);
    return 0;
}

static void test_valid_plan(void **state)
{
    context *c = *state;
    check_valid_plan(c->fx, c->lt.task);
}

static void test_invalid_plan(void **state)
{
    context *c = *state;
    check_invalid_plan(c->fx, c->lt.task);
}

static void test_road_delivery_cost(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_fixture("road-delivery", &lt);
    char path[4096];
    char *cost_text = read_text(fixture_path(path, sizeof path, "road-delivery", "plan-cost.txt"));
    char *end;
    double want = strtod(cost_text, &end);
    bool number = end != cost_text;
    free(cost_text);
    pl_plan_steps steps;
    char *text;
    pl_trace *tr = simulate(lt.task, fixture_path(path, sizeof path, "road-delivery", "plan.txt"), &steps, &text);
    bool valid = tr->valid, has_costs = lt.task->has_costs;
    double cost = tr->cost;
    int lea = tr->lea;
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    free(text);
    pl_loaded_task_free(&lt);
    assert_true(number);
    assert_true(want > 0);
    assert_true(has_costs);
    assert_true(valid);
    /* The plan mixes road-length costs and unit costs: a wrong reading of either
     * changes the sum, and a plain step count (9) differs from it. */
    if (cost != want)
        fail_msg("road-delivery: plan cost %g, expected %g", cost, want);
    assert_true(cost != (double)lea);
}

#define NFIXTURES (sizeof fixtures / sizeof fixtures[0])

int main(void)
{
    static char names[2 * NFIXTURES][96];
    struct CMUnitTest tests[2 * NFIXTURES + 1];
    for (size_t i = 0; i < NFIXTURES; i++) {
        snprintf(names[2 * i], sizeof names[0], "%s: valid plan", fixtures[i].name);
        snprintf(names[2 * i + 1], sizeof names[0], "%s: invalid plan", fixtures[i].name);
        tests[2 * i] = (struct CMUnitTest){names[2 * i], test_valid_plan, setup, teardown, (void *)&fixtures[i]};
        tests[2 * i + 1] =
            (struct CMUnitTest){names[2 * i + 1], test_invalid_plan, setup, teardown, (void *)&fixtures[i]};
    }
    tests[2 * NFIXTURES] = (struct CMUnitTest)cmocka_unit_test(test_road_delivery_cost);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
