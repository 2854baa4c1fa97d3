/* The explorer's background grading runs one worker per processor: every
 * record of sample-runs/ ends graded, records below pl_workspace_graded are
 * always final while the workers run, and each verdict is the one a single
 * grader gives the same response. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "test_support.h"
#include "workspace/workspace.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

static void test_parallel_grading_matches_one_grader(void **state)
{
    (void)state;
    const char *paths[] = {SAMPLES};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, 1, &warnings);
    assert_non_null(ws);
    pl_diags_clear(&warnings);
    int n = pl_workspace_count(ws);
    assert_true(n > 100);
    pl_workspace_grade_start(ws);
    int last = 0;
    while (last < n) {
        int graded = pl_workspace_graded(ws);
        assert_true(graded >= last); /* monotonic */
        for (int i = last; i < graded; i++)
            assert_true(pl_workspace_record(ws, i)->graded);
        last = graded;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    int acp = 0;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->acp)
            continue;
        pl_acp_verdict v;
        pl_error err = PL_ERROR_INIT;
        pl_acp_grade(g, r->acp, r->resp->response, &v, &err);
        assert_int_equal(r->score, v.score);
        assert_int_equal(r->sound_score, v.sound_score);
        assert_string_equal(r->acp_v.path, v.path);
        pl_acp_verdict_clear(&v);
        pl_error_clear(&err);
        acp++;
    }
    assert_true(acp > 50);
    pl_acp_grader_free(g);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parallel_grading_matches_one_grader),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
