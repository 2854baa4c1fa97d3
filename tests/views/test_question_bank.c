/* The question bank (views/question_bank.h): question files opened without
 * a run list their questions (group, domain, id, text) and show each one's
 * question, stored answer and context, with no verdict. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "question_bank.h"
#include "test_support.h"

static const char *questions_path(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/inspect-rules/questions.json", PLANLENS_SOURCE_DIR);
    return path;
}

/* The first line from `from` on that holds `text`, or -1. */
static int line_with(const pl_view_model *vm, int from, const char *text)
{
    for (int i = from; i < vm->nlines; i++) {
        char *line = pl_vm_line_text(&vm->lines[i]);
        bool yes = line && strstr(line, text);
        free(line);
        if (yes)
            return i;
    }
    return -1;
}

static void test_bank_lists_every_question(void **state)
{
    (void)state;
    const char *paths[] = {questions_path()};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    assert_int_equal(pl_workspace_count(ws), 0); /* no run: no records */
    const pl_acp_questions *qs = pl_workspace_acp_questions(ws);
    assert_int_equal(qs->count, 10);

    pl_view_model vm;
    pl_view_question_bank(ws, 200, false, &vm);
    assert_false(vm.oom);
    assert_int_equal(vm.nfixed, 1);
    char *header = pl_vm_line_text(&vm.lines[0]);
    assert_non_null(strstr(header, "group"));
    assert_non_null(strstr(header, "domain"));
    assert_non_null(strstr(header, "question"));
    assert_null(strstr(header, "score")); /* nothing answers them: no verdict columns */
    assert_null(strstr(header, "sound"));
    free(header);
    assert_int_equal(vm.nlines, 1 + qs->count);
    for (int i = 0; i < qs->count; i++) {
        assert_int_equal(vm.lines[1 + i].target, i);
        char *line = pl_vm_line_text(&vm.lines[1 + i]);
        assert_non_null(strstr(line, qs->items[i].group));
        assert_non_null(strstr(line, qs->items[i].id));
        free(line);
    }
    /* a gen question's domain comes from its PDDL; its text on one line */
    assert_true(line_with(&vm, 1, "ferry") == 1);
    assert_true(line_with(&vm, 1, "Generate the list of all ground actions") == 1);
    assert_true(line_with(&vm, 0, "2000000000000000001") > 1);
    assert_non_null(strstr(vm.status, "10 questions"));
    pl_vm_free(&vm);
    pl_workspace_close(ws);
}

static void test_bank_question_shows_its_stored_answer(void **state)
{
    (void)state;
    const char *paths[] = {questions_path()};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    const pl_acp_questions *qs = pl_workspace_acp_questions(ws);
    int bool_q = -1, mcq_q = -1;
    for (int i = 0; i < qs->count; i++) {
        if (qs->items[i].format == PL_ACP_BOOL && bool_q < 0)
            bool_q = i;
        if (qs->items[i].format == PL_ACP_MCQ && mcq_q < 0)
            mcq_q = i;
    }
    assert_true(bool_q >= 0 && mcq_q >= 0);

    pl_view_model vm;
    pl_view_bank_question(ws, bool_q, 100, false, &vm);
    int question = line_with(&vm, 0, "Question"), truth = line_with(&vm, 0, "Ground truth (stored answer)");
    assert_true(question > 0 && truth > question);
    assert_true(line_with(&vm, question, "Will car c0 be at l1") > question);
    char want[32];
    snprintf(want, sizeof want, "%s", qs->items[bool_q].answer->valuestring);
    assert_true(line_with(&vm, truth + 1, want) == truth + 1); /* the stored answer right under its heading */
    assert_true(line_with(&vm, 0, "Context") > truth);
    assert_int_equal(line_with(&vm, 0, "Verdict"), -1);
    assert_int_equal(line_with(&vm, 0, "official"), -1);
    pl_vm_free(&vm);

    pl_view_bank_question(ws, mcq_q, 100, false, &vm);
    assert_true(line_with(&vm, 0, "Choices") > 0);
    pl_vm_free(&vm);
    pl_view_bank_question(ws, qs->count, 100, false, &vm); /* past the end */
    assert_true(line_with(&vm, 0, "no such question") >= 0);
    pl_vm_free(&vm);
    pl_workspace_close(ws);
}

/* ACPBench's own dev split, when the data is there. */
static void test_bank_of_acpbench_dev(void **state)
{
    (void)state;
    if (!pl_test_data_dir("ACPBench dev questions for the question bank"))
        skip();
    const char *paths[] = {pl_test_acpbench_path("app", "dev")};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    const pl_acp_questions *qs = pl_workspace_acp_questions(ws);
    assert_true(qs->count > 0);
    pl_view_model vm;
    pl_view_question_bank(ws, 80, true, &vm);
    assert_int_equal(vm.nlines, 1 + qs->count);
    assert_int_equal(line_with(&vm, 1, "?"), -1); /* every gen question names its domain */
    pl_vm_free(&vm);
    pl_view_bank_question(ws, qs->count - 1, 80, true, &vm);
    assert_true(line_with(&vm, 0, "Ground truth (stored answer)") > 0);
    pl_vm_free(&vm);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bank_lists_every_question),
        cmocka_unit_test(test_bank_question_shows_its_stored_answer),
        cmocka_unit_test(test_bank_of_acpbench_dev),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
