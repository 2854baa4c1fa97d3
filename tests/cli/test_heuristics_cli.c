/* planlens heuristics and rpg (issue 39 §1, §2) and the start-state
 * options of applicable and progress (§5), run as a user runs them, on the
 * line task with action costs (tests/teach/test_heuristic_explain.c counts
 * its values by hand: h_max 4, h_add 5, h_FF 4, LM-cut 4, h* 4). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

static char dir[] = "/tmp/planlens-heuristics-XXXXXX";

static void put(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    put("d.pddl", "(define (domain line)\n"
                  " (:requirements :strips :typing :action-costs)\n"
                  " (:types place)\n"
                  " (:predicates (at ?p - place) (road ?a ?b - place) (visited ?p - place))\n"
                  " (:functions (total-cost) - number (len ?a ?b - place) - number)\n"
                  " (:action move :parameters (?a ?b - place)\n"
                  "  :precondition (and (at ?a) (road ?a ?b))\n"
                  "  :effect (and (not (at ?a)) (at ?b) (visited ?b) (increase (total-cost) (len ?a ?b)))))\n");
    put("p.pddl", "(define (problem three) (:domain line)\n"
                  " (:objects a b c d - place)\n"
                  " (:init (at a) (road a b) (road b c) (road a c) (road c d)\n"
                  "  (= (len a b) 1) (= (len b c) 1) (= (len a c) 3) (= (len c d) 2) (= (total-cost) 0))\n"
                  " (:goal (and (visited b) (at d)))\n"
                  " (:metric minimize (total-cost)))\n");
    put("plan.txt", "(move a b)\n(move b c)\n(move c d)\n");
    put("state.txt", "; stuck at d\n(at d)\n");
    put("answers.txt", "level (at b) 1\nlevel (at c) 2\nplan (move a b)\nplan (move b c)\nplan (move c d)\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    const char *files[] = {"d.pddl", "p.pddl", "plan.txt", "state.txt", "answers.txt"};
    char path[256];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    rmdir(dir);
    return 0;
}

/* planlens ARGS in the task's folder: stdout (stderr too when `errors`). */
static char *run(const char *args, bool errors, int *status)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s %s", dir, PLANLENS_BIN, args, errors ? "2>&1" : "2>/dev/null");
    return pl_test_shell(cmd, status);
}

static void expect(const char *out, const char *want)
{
    if (!strstr(out, want))
        fail_msg("expected '%s' in:\n%s", want, out);
}

static void test_heuristics_text(void **state)
{
    (void)state;
    int status;
    char *out = run("heuristics d.pddl p.pddl", false, &status);
    assert_int_equal(status, 0);
    expect(out, "costs: action costs, 1 to 3\n");
    expect(out, "blind    1\nhmax     4\nhadd     5\nhff      4\nlmcut    4\nhstar    4\ndead_end no\n");
    expect(out, "critical path, from the goal down: (at d) 4 <- (move c d) <- (at c) 2 <- (move b c) <- (at b) 1");
    expect(out, "(at d) = 4 = (move c d) 2 + (at c) 2\n");
    expect(out, "  layer 3:\n    (move c d) (cost 2), the achiever chosen for (at d)\n");
    expect(out, "  cut 1: cost 2 removed from (move c d)\n  cut 2: cost 1 removed from (move a c) (move b c)\n");
    expect(out, "  step 0: (move a b)\n  step 1: (move b c)\n  step 2: (move c d)\n");
    free(out);
    out = run("heuristics d.pddl p.pddl --plan plan.txt --step 2", false, &status);
    assert_int_equal(status, 0);
    expect(out, "state: after 2 of the 3 actions of plan.txt (steps 0-1; step 0 is the first action), cost 2\n");
    expect(out, "hmax     2\n");
    free(out);
    out = run("heuristics d.pddl p.pddl --state state.txt", false, &status);
    assert_int_equal(status, 0);
    expect(out, "hmax     inf\n");
    expect(out, "dead_end yes\n");
    expect(out, "a dead end, proven by the relaxation (h_max = inf); goal conditions that can never hold: (visited b)");
    free(out);
}

static void test_heuristics_json(void **state)
{
    (void)state;
    int status;
    char *out = run("heuristics d.pddl p.pddl --format json", false, &status);
    assert_int_equal(status, 0);
    cJSON *j = cJSON_Parse(out);
    assert_non_null(j);
    static const char *const names[] = {"blind", "hmax", "hadd", "hff", "lmcut", "hstar"};
    static const int values[] = {1, 4, 5, 4, 4, 4};
    for (int i = 0; i < 6; i++)
        assert_int_equal(cJSON_GetObjectItem(j, names[i])->valueint, values[i]);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(j, "dead_end")));
    cJSON *why = cJSON_GetObjectItem(j, "why");
    cJSON *cuts = cJSON_GetObjectItem(cJSON_GetObjectItem(why, "lmcut"), "cuts");
    assert_int_equal(cJSON_GetArraySize(cuts), 3);
    assert_int_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(cuts, 0), "cost")->valueint, 2);
    cJSON *layers = cJSON_GetObjectItem(cJSON_GetObjectItem(why, "hff"), "relaxed_plan");
    assert_int_equal(cJSON_GetArraySize(layers), 3);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(why, "hmax"), "critical_path")), 4);
    cJSON_Delete(j);
    free(out);
    out = run("heuristics d.pddl p.pddl --state state.txt --json", false, &status);
    j = cJSON_Parse(out);
    assert_non_null(j);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "hmax")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "hstar")));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(j, "dead_end")));
    cJSON *hs = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "why"), "hstar");
    assert_string_equal(cJSON_GetObjectItem(hs, "by")->valuestring, "relaxation");
    cJSON_Delete(j);
    free(out);
}

static void test_rpg(void **state)
{
    (void)state;
    int status;
    char *out = run("rpg d.pddl p.pddl --format json", false, &status);
    assert_int_equal(status, 0);
    cJSON *j = cJSON_Parse(out);
    assert_non_null(j);
    assert_int_equal(cJSON_GetObjectItem(j, "goal_level")->valueint, 2);
    cJSON *layers = cJSON_GetObjectItem(j, "layers");
    assert_int_equal(cJSON_GetArraySize(layers), 3);
    cJSON *facts = cJSON_GetObjectItem(cJSON_GetArrayItem(layers, 2), "facts");
    assert_string_equal(cJSON_GetArrayItem(facts, 0)->valuestring, "(at d)");
    cJSON_Delete(j);
    free(out);
    out = run("rpg d.pddl p.pddl", false, &status);
    expect(out, "action layer 0: *(move a b) (move a c)\n");
    expect(out, "goal level: 2 (the first fact layer holding every goal atom)\n");
    free(out);
    out = run("rpg d.pddl p.pddl --quiz", false, &status);
    assert_int_equal(status, 0);
    expect(out, "level (at d) \n");
    free(out);
    out = run("rpg d.pddl p.pddl --quiz --answers answers.txt", false, &status);
    assert_int_equal(status, 0);
    expect(out, "line 2: level (at c): 2 wrong, first level 1: (move a c) adds it in action layer 0");
    expect(out, "levels: 1 of 2 right, 4 unanswered; relaxed plan: right\n");
    free(out);
}

static void test_start_anywhere(void **state)
{
    (void)state;
    int status;
    /* through the front: applicable and progress with text output */
    char *out = run("applicable d.pddl p.pddl --plan plan.txt --step 2", false, &status);
    assert_int_equal(status, 0);
    assert_string_equal(out, "; state: after 2 of the 3 actions of plan.txt (steps 0-1; step 0 is the first action), "
                             "cost 2\n(move c d) ; cost 2\n");
    free(out);
    out = run("progress d.pddl p.pddl '(move c d)' --plan plan.txt --step 2", false, &status);
    assert_int_equal(status, 0);
    expect(out, "cost: 2\npositive effects: (at d) (visited d)\nnegative effects: (at c)\n");
    free(out);
    out = run("progress d.pddl p.pddl '(move c d)' --plan plan.txt --step 2 --json", false, &status);
    expect(out, "\"negative_effects\":[\"(at c)\"]");
    free(out);
    out = run("applicable d.pddl p.pddl --state state.txt", false, &status);
    assert_int_equal(status, 0);
    assert_string_equal(out, "; state: read from state.txt\n");
    free(out);
}

/* planlens prove: the method and the exit code of each kind of answer. */
static void test_prove(void **state)
{
    (void)state;
    int status;
    char *out = run("prove d.pddl p.pddl dead-end --state state.txt", false, &status);
    assert_int_equal(status, 0);
    expect(out, "a dead end: 1 atom is never reached even in the delete relaxation (h_max = infinity) (method: relaxed)");
    expect(out, "(visited b): no relaxed exploration from this state makes it true");
    free(out);
    out = run("prove d.pddl p.pddl never-applicable '(move b a)'", false, &status);
    assert_int_equal(status, 0);
    expect(out, "(method: static)");
    expect(out, "(road b a) is static (no action changes it) and false");
    free(out);
    out = run("prove d.pddl p.pddl landmark '(at b)'", false, &status);
    assert_int_equal(status, 0);
    expect(out, "achiever left out: (move a b)");
    free(out);
    out = run("prove d.pddl p.pddl never-applicable '(move b c)' --json", false, &status);
    assert_int_equal(status, 1);
    expect(out, "\"answer\":\"no\"");
    expect(out, "\"method\":\"witness\"");
    expect(out, "\"plan\":[\"(move a b)\"]");
    free(out);
    static const char *const usage[] = {"prove d.pddl p.pddl", "prove d.pddl p.pddl landmark",
                                        "prove d.pddl p.pddl dead-end extra", "prove d.pddl p.pddl guess x"};
    for (size_t i = 0; i < sizeof usage / sizeof *usage; i++) {
        out = run(usage[i], true, &status);
        if (status != 2)
            fail_msg("%s: exit %d, not 2: %s", usage[i], status, out);
        free(out);
    }
    out = run("prove d.pddl p.pddl landmark '(at z)'", true, &status);
    assert_int_equal(status, 3);
    free(out);
}

static void test_usage_errors(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "applicable d.pddl p.pddl extra",
        "progress d.pddl p.pddl '(move a b)' extra",
        "heuristics d.pddl p.pddl extra",
        "heuristics d.pddl p.pddl --bogus",
        "rpg d.pddl p.pddl extra",
        "rpg d.pddl p.pddl --answers answers.txt",
        "heuristics d.pddl p.pddl --step 1",
        "applicable d.pddl p.pddl --plan plan.txt --state state.txt",
        "rpg d.pddl p.pddl --step x --plan plan.txt",
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        int status;
        char *out = run(lines[i], true, &status);
        if (status != 2)
            fail_msg("%s: exit %d, not 2: %s", lines[i], status, out);
        free(out);
    }
    int status;
    char *out = run("applicable d.pddl p.pddl --plan plan.txt --step 9", true, &status);
    assert_int_equal(status, 3);
    expect(out, "the plan has 3 actions");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heuristics_text), cmocka_unit_test(test_heuristics_json), cmocka_unit_test(test_rpg),
        cmocka_unit_test(test_start_anywhere),  cmocka_unit_test(test_usage_errors), cmocka_unit_test(test_prove),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
