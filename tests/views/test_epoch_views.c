/* The explorer on a run with epochs and an errored sample (Inspect's zstd
 * log of tests/data/runs): the dashboard's accuracy is reduced over epochs
 * and says how many epochs and errored samples there were; the detail names
 * the sample and epoch, lists every epoch's answer and shows the error; the
 * list marks the errored sample. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"
#include "views.h"

#define RUNS PLANLENS_SOURCE_DIR "/tests/data/runs/"

static int setup(void **state)
{
    const char *paths[] = {RUNS "questions.json", RUNS "inspect/2025-07-01T09-00-00+00-00_acp-app-gen_zstd.eval"};
    *state = pl_test_open_graded(paths, 2);
    return *state ? 0 : -1;
}

/* All lines of a view model as one text. */
static char *vm_text(const pl_view_model *vm)
{
    size_t n = 1;
    char **lines = malloc((size_t)vm->nlines * sizeof *lines + 1);
    for (int i = 0; i < vm->nlines; i++)
        n += strlen(lines[i] = pl_vm_line_text(&vm->lines[i])) + 1;
    char *all = calloc(n, 1);
    for (int i = 0; i < vm->nlines; i++) {
        strcat(strcat(all, lines[i]), "\n");
        free(lines[i]);
    }
    free(lines);
    return all;
}

static void expect(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("expected '%s' in:\n%s", part, text);
}

static void test_dashboard_epochs(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, NULL, 160, false, NULL, &vm, &rows);
    char *text = vm_text(&vm);
    /* 6 answers: q1 right in 2 of 3 epochs, q2 in 2 of 2 (one errored):
     * (2/3 + 1) / 2, not the 4/5 of the answers */
    expect(text, "openai/gpt-4o-mini app      6/6    83.3%  83.3%");
    expect(text, "stored!= ins!=lm epochs errored official 95% CI\n"); /* columns shown only for such runs (ins!=lm: ACPBench) */
    /* the epochs and their reducer (Inspect's default), then the interval
     * over the 2 questions' means 2/3 and 1: 5/6 ± 1.96 · 1/6, clipped */
    expect(text, " 3 mean       1   [50.7, 100.0]\n");
    free(text);
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
}

/* A JSONL that answers one question several times holds separate samples,
 * not epochs: the accuracy is the mean over its answers, as the official
 * evaluate_gen.py reports it, and the detail numbers the answers. */
static void test_repeated_answers_are_samples(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-samples-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/run.jsonl", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    const char *q1 = "{\"id\": 1234567890123456789, \"group\": \"applicable_actions_gen\", \"model\": \"m\", ";
    fprintf(f, "%s\"response\": \"[(sail l0 l1)]\"}\n", q1);
    fprintf(f, "%s\"response\": \"[(sail l0 l1)]\"}\n", q1);
    fprintf(f, "%s\"response\": \"[(sail l0 l0)]\"}\n", q1);
    fprintf(f, "{\"id\": -42, \"group\": \"applicable_actions_gen\", \"model\": \"m\", "
               "\"response\": \"[(sail l1 l0)]\"}\n");
    fclose(f);
    const char *paths[] = {RUNS "questions.json", path};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    assert_non_null(ws);
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, NULL, 160, false, NULL, &vm, &rows);
    char *text = vm_text(&vm);
    expect(text, "m   app      4/4    75.0%  75.0%"); /* 3 of 4 answers; per question it would be 83.3% */
    free(text);
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
    int third = -1;
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (strstr(pl_workspace_record(ws, i)->resp->response, "l0 l0"))
            third = i;
    assert_true(third >= 0);
    pl_detail_opts o = {.width = 100};
    pl_view_detail(ws, third, &o, NULL, &vm);
    text = vm_text(&vm);
    expect(text, "Answers of this run (Enter opens one, J/K step)\n");
    expect(text, "  answer 1   official 1  [(sail l0 l1)]");
    expect(text, "> answer 3   official 0  [(sail l0 l0)]");
    if (strstr(text, "epoch"))
        fail_msg("answers of a file without epochs are not epochs:\n%s", text);
    free(text);
    pl_vm_free(&vm);
    pl_workspace_close(ws);
    remove(path);
    rmdir(dir);
}

static void test_detail_epochs_and_error(void **state)
{
    pl_workspace *ws = *state;
    int errored = -1, first = -1;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (r->resp->error)
            errored = i;
        else if (!strcmp(r->id, "1234567890123456789") && r->epoch == 2)
            first = i;
    }
    assert_true(errored >= 0 && first >= 0);
    assert_string_equal(pl_workspace_record(ws, errored)->id, "-42"); /* the question's id, not the sample's 2 */

    pl_view_model vm;
    pl_view_detail(ws, first, &(pl_detail_opts){100, false, false}, NULL, &vm);
    char *text = vm_text(&vm);
    expect(text, "1234567890123456789 · epoch 2 · sample 1");
    expect(text, "Epochs");
    expect(text, "  epoch 1   official 1  (sail l0 l1)");
    expect(text, "> epoch 2   official 0  (sail l0 l0)");
    expect(text, "  epoch 3   official 1  (sail l0 l1)");
    free(text);
    pl_vm_free(&vm);

    pl_view_detail(ws, errored, &(pl_detail_opts){100, false, false}, NULL, &vm);
    text = vm_text(&vm);
    expect(text, "Sample error");
    expect(text, "RateLimitError: too many requests");
    expect(text, "> epoch 2   errored     RateLimitError: too many requests");
    free(text);
    pl_vm_free(&vm);
}

/* The list marks the errored sample instead of showing a score of 0. */
static void test_list_errored(void **state)
{
    pl_workspace *ws = *state;
    pl_selection sel = {0};
    pl_view_model vm;
    pl_view_list(ws, &sel, SORT_ID, false, 140, false, &vm);
    pl_view_list_fill(ws, &vm, 0, vm.nlines);
    char *text = vm_text(&vm);
    /* the answer column tells the two rows of one sample apart; the errored
     * one has no verdict, so no failure either ("-") */
    expect(text, "ferry      -     -     - -     -                   RateLimitError: too many requests");
    expect(text, "errored (epoch 2)");
    free(text);
    pl_vm_free(&vm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dashboard_epochs),
        cmocka_unit_test(test_repeated_answers_are_samples),
        cmocka_unit_test(test_detail_epochs_and_error),
        cmocka_unit_test(test_list_errored),
    };
    return cmocka_run_group_tests(tests, setup, pl_test_close_workspace);
}
