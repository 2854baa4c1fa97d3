/* The search replay's model (views/search_replay.h): reading a trace,
 * the jumps, each successor's later expansion, the path, the screens. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "search_replay.h"

/* A* on a tiny task: the start (h 2) has successors by a and b; a's state
 * generates the start again (a duplicate) and the goal by c. */
static const char trace[] =
    "{\"n\":1,\"id\":0,\"state\":[\"(p)\"],\"g\":0,\"h\":2,\"f\":2,\"parent\":null,\"action\":null,\"open\":2,"
    "\"closed\":1,\"successors\":[{\"id\":1,\"action\":\"(a)\",\"g\":1,\"h\":1,\"f\":2,\"goal\":false,\"fate\":\"new\"},"
    "{\"id\":2,\"action\":\"(b)\",\"g\":1,\"h\":null,\"f\":null,\"goal\":false,\"fate\":\"pruned\"}]}\n"
    "{\"n\":2,\"id\":1,\"state\":[\"(q)\",\"(r)\"],\"g\":1,\"h\":1,\"f\":2,\"parent\":1,\"action\":\"(a)\",\"open\":1,"
    "\"closed\":2,\"successors\":[{\"id\":0,\"action\":\"(back)\",\"g\":2,\"h\":2,\"f\":4,\"goal\":false,\"fate\":"
    "\"duplicate\"},{\"id\":3,\"action\":\"(c)\",\"g\":2,\"h\":0,\"f\":2,\"goal\":true,\"fate\":\"new\"}]}\n"
    "{\"end\":\"solved\",\"search\":\"astar-blind\",\"goal\":{\"id\":3,\"g\":2,\"parent\":2,\"action\":\"(c)\"}}\n";

static pl_search_replay load(const char *text)
{
    pl_search_replay r;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_replay_parse(text, strlen(text), "t.jsonl", &r, &err), PL_OK);
    return r;
}

/* Whether some line of the screen holds `text`. */
static bool shows(const pl_view_model *vm, const char *text)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *line = pl_vm_line_text(&vm->lines[i]);
        bool yes = line && strstr(line, text);
        free(line);
        if (yes)
            return true;
    }
    return false;
}

static void reads_records(void **state)
{
    (void)state;
    pl_search_replay r = load(trace);
    assert_int_equal(r.nrecords, 2);
    assert_string_equal(r.end, "solved");
    assert_string_equal(r.search, "astar-blind");
    assert_int_equal(r.records[1].parent, 1);
    assert_int_equal(r.records[1].natoms, 2);
    assert_int_equal(r.records[0].successors[1].h, PL_REPLAY_INF);
    /* (a)'s state is expanded next, (b)'s never; the start is not again */
    assert_int_equal(r.records[0].successors[0].expanded_at, 2);
    assert_int_equal(r.records[0].successors[1].expanded_at, 0);
    assert_int_equal(r.records[1].successors[0].expanded_at, 0);
    assert_int_equal(r.goal_generated, 2);
    pl_replay_free(&r);
}

static void jumps(void **state)
{
    (void)state;
    pl_search_replay r = load(trace);
    assert_int_equal(r.at, 0);
    pl_replay_step(&r, 1);
    assert_int_equal(r.at, 1);
    pl_replay_step(&r, 1);
    assert_int_equal(r.at, 2); /* the end */
    pl_replay_step(&r, 1);
    assert_int_equal(r.at, 2);
    pl_replay_step(&r, -10);
    assert_int_equal(r.at, 0);
    assert_true(pl_replay_go_first_goal(&r));
    assert_int_equal(r.at, 1);
    assert_true(pl_replay_go_goal(&r));
    assert_int_equal(r.at, 2);
    pl_replay_go(&r, 1);
    assert_int_equal(r.at, 0);
    pl_replay_go(&r, 99);
    assert_int_equal(r.at, 2);
    pl_replay_free(&r);
}

static void paths(void **state)
{
    (void)state;
    pl_search_replay r = load(trace);
    const char **a;
    assert_int_equal(pl_replay_path(&r, 1, &a), 0);
    free(a);
    assert_int_equal(pl_replay_path(&r, 2, &a), 1);
    assert_string_equal(a[0], "(a)");
    free(a);
    assert_int_equal(pl_replay_plan(&r, &a), 2);
    assert_string_equal(a[0], "(a)");
    assert_string_equal(a[1], "(c)");
    free(a);
    assert_int_equal(pl_replay_path(&r, 3, &a), -1);
    pl_replay_free(&r);
}

static void screens(void **state)
{
    (void)state;
    pl_search_replay r = load(trace);
    pl_view_model vm;
    pl_replay_go(&r, 2);
    pl_replay_view(&r, false, &vm);
    assert_true(shows(&vm, "Expansion 2 of 2"));
    assert_true(shows(&vm, "open 1  closed 2"));
    assert_true(shows(&vm, "reached by (a) from expansion 1"));
    assert_true(shows(&vm, "(c)  new, goal"));
    assert_true(shows(&vm, "(back)  duplicate"));
    assert_true(shows(&vm, "goal: first generated at expansion 2"));
    assert_true(shows(&vm, "(r)"));
    pl_vm_free(&vm);
    pl_replay_go(&r, 1);
    pl_replay_view(&r, false, &vm);
    assert_true(shows(&vm, "(a)  new, expanded at 2"));
    assert_true(shows(&vm, "\u221e"));
    pl_vm_free(&vm);
    pl_replay_view(&r, true, &vm);
    assert_true(shows(&vm, "  1 inf inf  (b)  pruned"));
    pl_vm_free(&vm);
    pl_replay_go_goal(&r);
    pl_replay_view(&r, false, &vm);
    assert_true(shows(&vm, "End of the search after 2 expansions: solved"));
    assert_true(shows(&vm, "Plan: the path to the goal (2 actions)"));
    assert_true(shows(&vm, "taken after expansion 2 (g=2)"));
    pl_vm_free(&vm);
    pl_replay_free(&r);
}

/* Greedy search ends when it generates the goal: said so. */
static void greedy_end(void **state)
{
    (void)state;
    char text[sizeof trace];
    strcpy(text, trace);
    char *end = strstr(text, "{\"end\"");
    strcpy(end, "{\"end\":\"solved\",\"search\":\"gbfs-ff\",\"goal\":{\"id\":3,\"g\":2,\"parent\":2,\"action\":\"(c)\"}}\n");
    pl_search_replay r = load(text);
    pl_view_model vm;
    pl_replay_view(&r, false, &vm);
    assert_true(shows(&vm, "at expansion 2, where greedy search stops (g=2)"));
    pl_vm_free(&vm);
    pl_replay_free(&r);
}

static void refuses_malformed(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "{\"n\":2,\"id\":0,\"state\":[],\"g\":0,\"h\":0,\"f\":0,\"parent\":null,\"action\":null,\"open\":0,"
        "\"closed\":1,\"successors\":[]}\n", /* n out of order */
        "{\"n\":1,\"id\":0,\"state\":[],\"g\":0,\"h\":0,\"f\":0,\"parent\":1,\"action\":null,\"open\":0,"
        "\"closed\":1,\"successors\":[]}\n", /* its own parent */
        "{\"end\":\"solved\",\"goal\":null}\n{\"end\":\"solved\",\"goal\":null}\n", /* past the end */
        "{\"n\":1,\n",
        "",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        pl_search_replay r;
        pl_error err = PL_ERROR_INIT;
        assert_int_not_equal(pl_replay_parse(bad[i], strlen(bad[i]), "t.jsonl", &r, &err), PL_OK);
        assert_non_null(err.message);
        pl_error_clear(&err);
        pl_replay_free(&r);
    }
}

static void sniffs(void **state)
{
    (void)state;
    assert_true(pl_replay_sniff(trace, strlen(trace)));
    const char *other = "{\"id\":\"q1\",\"question\":\"x\"}\n";
    assert_false(pl_replay_sniff(other, strlen(other)));
    assert_false(pl_replay_sniff("(define", 7));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_records), cmocka_unit_test(jumps),      cmocka_unit_test(paths),
        cmocka_unit_test(screens),       cmocka_unit_test(greedy_end), cmocka_unit_test(refuses_malformed),
        cmocka_unit_test(sniffs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
