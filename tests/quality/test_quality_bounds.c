/* Bounded plan-quality cases (issue 37 §2): a case over the limits of
 * pipeline.h is refused with a message naming both plan lengths and the
 * limit (and the CLI names the case), and a 6,000-action plan within them
 * (with a 666-action GT: the most pairs allowed)
 * is computed in at most 300 MB, measured as the peak RSS of a child
 * process (getrusage), never by timing. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, fork */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "quality/pipeline.h"
#include "test_support.h"

#define BLOCKS_DOMAIN                                                                                              \
    "(define (domain blocksworld-4ops) (:requirements :strips)"                                                    \
    " (:predicates (clear ?x) (ontable ?x) (handempty) (holding ?x) (on ?x ?y))"                                   \
    " (:action pick-up :parameters (?ob) :precondition (and (clear ?ob) (ontable ?ob) (handempty))"                \
    "  :effect (and (holding ?ob) (not (clear ?ob)) (not (ontable ?ob)) (not (handempty))))"                       \
    " (:action put-down :parameters (?ob) :precondition (holding ?ob)"                                             \
    "  :effect (and (clear ?ob) (handempty) (ontable ?ob) (not (holding ?ob))))"                                   \
    " (:action stack :parameters (?ob ?underob) :precondition (and (clear ?underob) (holding ?ob))"                \
    "  :effect (and (handempty) (clear ?ob) (on ?ob ?underob) (not (clear ?underob)) (not (holding ?ob))))"        \
    " (:action unstack :parameters (?ob ?underob) :precondition (and (on ?ob ?underob) (clear ?ob) (handempty))"   \
    "  :effect (and (holding ?ob) (clear ?underob) (not (on ?ob ?underob)) (not (clear ?ob)) (not (handempty)))))"
#define BLOCKS_PROBLEM                                                                                             \
    "(define (problem bw3) (:domain blocksworld-4ops) (:objects a b c)"                                            \
    " (:init (handempty) (ontable a) (ontable b) (ontable c) (clear a) (clear b) (clear c))"                       \
    " (:goal (and (on a c))))"

/* n actions: (pick-up a) (put-down a) repeated, then the two-step plan. */
static char **long_plan(int n)
{
    char **p = malloc((size_t)n * sizeof *p);
    assert_non_null(p);
    for (int i = 0; i < n; i++)
        p[i] = i == n - 2 ? "(pick-up a)" : i == n - 1 ? "(stack a c)" : i % 2 ? "(put-down a)" : "(pick-up a)";
    return p;
}

/* Runs the case; returns pl_quality_run's result, err filled. */
static int run_case(int n, int m, pl_error *err)
{
    pl_loaded_task lt;
    pl_test_load_texts(BLOCKS_DOMAIN, BLOCKS_PROBLEM, "blocks", &lt);
    char **llm = long_plan(n), **gt = long_plan(m);
    pl_quality_options opt = pl_quality_defaults();
    pl_quality_result r;
    int rc = pl_quality_run(lt.task, NULL, gt, m, llm, n, -1, &opt, &r, err);
    if (rc == 0) {
        assert_int_equal(r.n, n);
        assert_true(r.validity);
        pl_quality_result_clear(&r);
    }
    free(llm);
    free(gt);
    pl_loaded_task_free(&lt);
    return rc;
}

static void test_over_the_pair_limit_is_refused(void **state)
{
    (void)state;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(run_case(6000, 6000, &err), -1);
    assert_int_equal(err.code, PL_ERR_LIMIT);
    assert_non_null(strstr(err.message, "plan of 6000 actions, ground truth of 6000"));
    assert_non_null(strstr(err.message, "36000000 action pairs, more than the 4000000"));
    pl_error_clear(&err);
    assert_int_equal(run_case(PL_QUALITY_MAX_ACTIONS + 1, 2, &err), -1);
    assert_non_null(strstr(err.message, "more than the 10000 actions per plan"));
    pl_error_clear(&err);
}

/* The 6,000-action plan within the limits, in a child: its peak RSS. */
static void test_long_plan_fits_the_memory_bound(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        pl_error err = PL_ERROR_INIT;
        _exit(run_case(6000, 666, &err) == 0 ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    struct rusage ru;
    assert_int_equal(getrusage(RUSAGE_CHILDREN, &ru), 0);
    print_message("6000-action plan x 666-action GT (the most pairs allowed): peak RSS %ld KB\n", ru.ru_maxrss);
    assert_true(ru.ru_maxrss <= 300L * 1024);
}

/* The CLI names the refused case on stderr and exits 3. */
static void test_cli_names_the_refused_case(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-qbounds-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], cmd[1024];
    snprintf(path, sizeof path, "%s/case.jsonl", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "{\"case_id\": \"huge/1\", \"domain_pddl\": \"%s\", \"problem_pddl\": \"%s\", \"gt_plan\": [",
            BLOCKS_DOMAIN, BLOCKS_PROBLEM);
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 3000; i++)
            fprintf(f, "%s\"(pick-up a)\", \"(put-down a)\"", i ? ", " : "");
        fprintf(f, k ? "]}\n" : "], \"llm_plan\": [");
    }
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s quality %s --format jsonl 2>&1 >/dev/null", PLANLENS_BIN, path);
    int status;
    char *out = pl_test_shell(cmd, &status);
    assert_non_null(out);
    assert_int_equal(status, 3);
    assert_non_null(strstr(out, "huge/1: plan of 6000 actions, ground truth of 6000"));
    assert_non_null(strstr(out, "more than the 4000000"));
    free(out);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_over_the_pair_limit_is_refused),
        cmocka_unit_test(test_long_plan_fits_the_memory_bound),
        cmocka_unit_test(test_cli_names_the_refused_case),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
