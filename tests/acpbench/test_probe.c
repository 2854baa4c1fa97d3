/* Grader probes on the ACPBench dev questions: perturbations of the correct
 * answers graded officially and soundly.  They must surface the official
 * grader's known quirks (spec acpbench-grading.md) and nothing where the
 * official grader is sound. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "acpbench/grade.h"
#include "acpbench/probe.h"
#include "probe_view.h"
#include "test_support.h"

/* The dev questions of `tasks` into qs, and a list of pointers to them. */
static const pl_acp_question **load_dev(const char *const *tasks, size_t ntasks, pl_acp_questions *qs)
{
    pl_error err = PL_ERROR_INIT;
    for (size_t t = 0; t < ntasks; t++)
        assert_int_equal(pl_acp_questions_load(qs, pl_test_acpbench_path(tasks[t], "dev"), NULL, &err), PL_OK);
    const pl_acp_question **list = malloc((size_t)qs->count * sizeof *list);
    for (int i = 0; i < qs->count; i++)
        list[i] = &qs->items[i];
    return list;
}

/* The blocksworld sample's questions (in the repository: no data needed). */
static const pl_acp_question **load_sample(pl_acp_questions *qs)
{
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_questions_load(qs, PLANLENS_SOURCE_DIR "/sample-runs/acpbench/blocksworld.gen.json", NULL,
                                           &err),
                     PL_OK);
    const pl_acp_question **list = malloc((size_t)qs->count * sizeof *list);
    for (int i = 0; i < qs->count; i++)
        list[i] = &qs->items[i];
    return list;
}

static void test_probe_dev(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    static const char *const tasks[] = {"app", "prog", "reach", "areach", "val", "land", "nexta"};
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    const pl_acp_question **list = load_dev(tasks, sizeof tasks / sizeof *tasks, &qs);
    static pl_probe_report report;
    assert_int_equal(pl_probe_run(list, qs.count, (1u << PL_PROBE_COUNT) - 1, &report), 0);
    assert_int_equal(report.questions, qs.count);
    pl_probe_cell(*cells)[PL_PROBE_COUNT] = report.cells;
    /* where the official grader is exact, no probe separates it from the sound one */
    for (int k = 0; k < PL_PROBE_COUNT; k++) {
        assert_int_equal(cells[PL_ACP_APP][k].accepts_wrong + cells[PL_ACP_APP][k].rejects_right, 0);
        assert_int_equal(cells[PL_ACP_VAL][k].accepts_wrong + cells[PL_ACP_VAL][k].rejects_right, 0);
    }
    assert_true(cells[PL_ACP_APP][PL_PROBE_HALLUCINATE].n == 40);
    /* every question behind a cell is listed, once, in probe order */
    int listed = 0;
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        for (int k = 0; k < PL_PROBE_COUNT; k++) {
            const pl_probe_cell *c = &cells[t][k];
            assert_int_equal(c->ndiffer, c->accepts_wrong + c->rejects_right);
            assert_ptr_equal(c->example, c->ndiffer ? c->differ[0] : NULL);
            for (int i = 0; i < c->ndiffer; i++) {
                assert_int_equal(c->differ[i]->task, t);
                assert_true(i == 0 || c->differ[i] > c->differ[i - 1]); /* distinct: the list is in load order */
            }
            listed += c->ndiffer;
        }
    assert_true(cells[PL_ACP_LAND][PL_PROBE_EXACT].ndiffer > 1); /* more than the first */
    /* the quirks: stored landmark labels that are not landmarks (accepted although wrong),
     * case-sensitive atom matching in reach (rejected although right), an equivalent
     * reachable action with swapped arguments in areach (rejected although right) */
    assert_true(cells[PL_ACP_LAND][PL_PROBE_EXACT].accepts_wrong > 0);
    assert_true(cells[PL_ACP_REACH][PL_PROBE_CASE].rejects_right > 0);
    assert_true(cells[PL_ACP_AREACH][PL_PROBE_SWAP_ARGS].rejects_right > 0);
    /* ... and an atom over objects that do not exist handed to the planner
     * unchecked: "unreachable", accepted although it names nothing */
    assert_true(cells[PL_ACP_REACH][PL_PROBE_HALLUCINATE].accepts_wrong > 0);
    printf("probe: land exact accepts %d wrong, reach case rejects %d right, areach swap-args rejects %d right, "
           "reach hallucinate accepts %d wrong\n",
           cells[PL_ACP_LAND][PL_PROBE_EXACT].accepts_wrong, cells[PL_ACP_REACH][PL_PROBE_CASE].rejects_right,
           cells[PL_ACP_AREACH][PL_PROBE_SWAP_ARGS].rejects_right, cells[PL_ACP_REACH][PL_PROBE_HALLUCINATE].accepts_wrong);
    printf("probe: %d questions listed behind the cells\n", listed);
    pl_probe_report_free(&report);
    free(list);
    pl_acp_questions_free(&qs);
}

static void sleep_ms(long ms)
{
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

static char *status_of(const pl_probe_report *r, int total)
{
    pl_view_model vm;
    pl_view_probe(r, total, 120, false, &vm);
    char *status = pl_strdup(vm.status ? vm.status : "");
    pl_vm_free(&vm);
    return status;
}

/* The background run (the explorer's :probe) ends with exactly the report of
 * the synchronous one; on the way its counts only grow, and the screen says
 * how far it is.  A stop ends it early. */
static void test_probe_job(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    static const char *const tasks[] = {"app", "reach", "land"};
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    const pl_acp_question **list = load_dev(tasks, sizeof tasks / sizeof *tasks, &qs);
    unsigned all = (1u << PL_PROBE_COUNT) - 1;
    static pl_probe_report want, seen;
    assert_int_equal(pl_probe_run(list, qs.count, all, &want), 0);

    pl_probe_job *job = pl_probe_job_start(list, qs.count, all);
    assert_non_null(job);
    int done = 0, total = 0, last = 0, state_now, peeks = 0;
    while ((state_now = pl_probe_job_peek(job, &seen, &done, &total)) == 0) {
        assert_true(done >= last && done <= total);
        assert_int_equal(seen.questions, done);
        last = done;
        peeks++;
        sleep_ms(2);
    }
    assert_int_equal(state_now, 1);
    assert_int_equal(total, qs.count);
    assert_int_equal(done, total);
    assert_int_equal(seen.questions, want.questions);
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        for (int k = 0; k < PL_PROBE_COUNT; k++) {
            const pl_probe_cell *a = &seen.cells[t][k], *b = &want.cells[t][k];
            assert_true(a->n == b->n && a->official == b->official && a->sound == b->sound &&
                        a->accepts_wrong == b->accepts_wrong && a->rejects_right == b->rejects_right &&
                        a->example == b->example && a->ndiffer == b->ndiffer);
            for (int i = 0; i < a->ndiffer; i++)
                assert_ptr_equal(a->differ[i], b->differ[i]);
        }
    pl_probe_report_free(&want);
    char *status = status_of(&seen, total);
    assert_null(strstr(status, "probing"));
    free(status);
    seen.questions = total / 4; /* the screen of a run a quarter through */
    status = status_of(&seen, total);
    char want_status[64];
    snprintf(want_status, sizeof want_status, "probing: %d of %d questions (25%%)", total / 4, total);
    assert_non_null(strstr(status, want_status));
    free(status);
    pl_probe_job_free(job);
    printf("probe job: %d questions, %d peeks while running\n", total, peeks);

    /* told to stop, a run far longer than this test ends early: the
     * questions 50 times over would take a minute */
    enum { REPEAT = 50 };
    const pl_acp_question **many = malloc((size_t)qs.count * REPEAT * sizeof *many);
    for (int i = 0; i < qs.count * REPEAT; i++)
        many[i] = list[i % qs.count];
    job = pl_probe_job_start(many, qs.count * REPEAT, all);
    assert_non_null(job);
    pl_probe_job_stop(job);
    while ((state_now = pl_probe_job_peek(job, &seen, &done, &total)) == 0)
        sleep_ms(2);
    assert_int_equal(state_now, 1);
    assert_int_equal(total, qs.count * REPEAT);
    assert_true(done < total);
    pl_probe_job_free(job);
    free(many);
    /* freed while running: stops and waits */
    job = pl_probe_job_start(list, qs.count, all);
    assert_non_null(job);
    pl_probe_job_free(job);
    free(list);
    pl_acp_questions_free(&qs);
}

/* Enter on a probe line: the perturbed answer of its example question (or
 * of its first question when the rules agree), graded both ways, with no
 * run loaded. */
static void test_probe_answer(void **state)
{
    (void)state;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    const pl_acp_question **list = load_sample(&qs);
    static pl_probe_report r;
    unsigned kinds = 1u << PL_PROBE_HALLUCINATE | 1u << PL_PROBE_CASE;
    assert_int_equal(pl_probe_run(list, qs.count, kinds, &r), 0);
    const pl_probe_cell *quirk = &r.cells[PL_ACP_REACH][PL_PROBE_HALLUCINATE];
    assert_non_null(quirk->example); /* reach accepts an invented object */
    pl_probe_answer a;
    assert_int_equal(pl_probe_answer_make(&r, PL_ACP_REACH * PL_PROBE_COUNT + PL_PROBE_HALLUCINATE, &a), 0);
    assert_ptr_equal(a.q, quirk->example);
    assert_null(a.error);
    assert_int_equal(a.v.score, 1);
    assert_int_equal(a.v.sound_score, 0);
    pl_view_model vm;
    pl_view_probe_answer(&a, 100, &vm);
    bool said = false, response = false;
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        said |= strstr(text, "the official grader accepts a wrong answer") != NULL;
        response |= strstr(text, a.response) != NULL;
        free(text);
    }
    assert_true(said && response);
    pl_vm_free(&vm);
    pl_probe_answer_free(&a);
    /* a line where the rules agree opens its first question */
    const pl_probe_cell *agree = &r.cells[PL_ACP_REACH][PL_PROBE_CASE];
    assert_null(agree->example);
    assert_non_null(agree->first);
    assert_int_equal(pl_probe_answer_make(&r, PL_ACP_REACH * PL_PROBE_COUNT + PL_PROBE_CASE, &a), 0);
    assert_ptr_equal(a.q, agree->first);
    assert_int_equal(a.v.score, a.v.sound_score);
    pl_probe_answer_free(&a);
    /* a line never probed has nothing to open */
    assert_int_equal(pl_probe_answer_make(&r, PL_ACP_REACH * PL_PROBE_COUNT + PL_PROBE_DROP, &a), -1);
    pl_probe_report_free(&r);
    free(list);
    pl_acp_questions_free(&qs);
}

/* Every question where the rules differ, found by grading each perturbation
 * here, one by one: a cell lists exactly those, in order; its screen shows
 * each, and each of its lines opens that question's perturbed answer. */
static void test_cell_questions(void **state)
{
    (void)state;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_error err = PL_ERROR_INIT;
    const pl_acp_question **list = load_sample(&qs);
    unsigned all = (1u << PL_PROBE_COUNT) - 1;
    static pl_probe_report r;
    assert_int_equal(pl_probe_run(list, qs.count, all, &r), 0);
    pl_acp_grade_options o = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&o);
    int cells_with_many = 0, total = 0;
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        for (int k = 0; k < PL_PROBE_COUNT; k++) {
            const pl_probe_cell *c = &r.cells[t][k];
            int found = 0;
            for (int i = 0; i < qs.count; i++) {
                const pl_acp_question *q = list[i];
                char *response = q->task == (pl_acp_task)t ? pl_probe_response(q, (pl_probe_kind)k) : NULL;
                pl_acp_verdict v;
                if (response && pl_acp_grade(g, q, response, &v, &err) == 0) {
                    if (v.score != v.sound_score) {
                        assert_true(found < c->ndiffer);
                        assert_ptr_equal(c->differ[found], q);
                        found++;
                    }
                    pl_acp_verdict_clear(&v);
                }
                pl_error_clear(&err);
                free(response);
            }
            assert_int_equal(found, c->ndiffer);
            assert_int_equal(c->ndiffer, c->accepts_wrong + c->rejects_right);
            cells_with_many += c->ndiffer > 1;
            total += c->ndiffer;
            if (!c->ndiffer)
                continue;
            /* the cell's screen: one line per question, its id shown, Enter on it that question */
            int cell = t * PL_PROBE_COUNT + k, lines = 0;
            pl_view_model vm;
            pl_view_probe_cell(&r, cell, 80, true, &vm);
            for (int i = 0; i < vm.nlines; i++) {
                int target = vm.lines[i].target;
                if (target < 0)
                    continue;
                int at = target / PL_PROBE_CELLS - 1;
                assert_int_equal(target % PL_PROBE_CELLS, cell);
                assert_int_equal(at, lines);
                char *text = pl_vm_line_text(&vm.lines[i]);
                assert_non_null(strstr(text, c->differ[at]->id));
                free(text);
                lines++;
            }
            assert_int_equal(lines, c->ndiffer);
            pl_probe_answer a;
            assert_int_equal(pl_probe_answer_make(&r, cell + PL_PROBE_CELLS * c->ndiffer, &a), 0);
            assert_ptr_equal(a.q, c->differ[c->ndiffer - 1]);
            assert_true(a.v.score != a.v.sound_score);
            pl_probe_answer_free(&a);
            assert_int_equal(pl_probe_answer_make(&r, cell + PL_PROBE_CELLS * (c->ndiffer + 1), &a), -1);
            pl_vm_free(&vm);
        }
    assert_true(cells_with_many > 0);
    printf("probe cells: %d questions where the rules differ, %d cells with more than one\n", total, cells_with_many);
    pl_acp_grader_free(g);
    pl_probe_report_free(&r);
    free(list);
    pl_acp_questions_free(&qs);
}

static void test_kinds(void **state)
{
    (void)state;
    unsigned mask;
    assert_int_equal(pl_probe_kinds_parse("drop,case", &mask), 0);
    assert_int_equal(mask, (1u << PL_PROBE_DROP) | (1u << PL_PROBE_CASE));
    assert_int_equal(pl_probe_kinds_parse("drop,shout", &mask), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_kinds), cmocka_unit_test(test_probe_dev),
                                       cmocka_unit_test(test_probe_job), cmocka_unit_test(test_probe_answer),
                                       cmocka_unit_test(test_cell_questions)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
