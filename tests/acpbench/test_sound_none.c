/* The sound grader and the answer None (docs/GRADING.md, "None"): on every
 * reach, areach and land question of ../shared/data/acpbench (dev and test)
 * every spelling of None gets one sound verdict, and None is never right
 * together with a concrete answer: not with a stored one, not with the right
 * answer the grader names when it calls None wrong (which must itself be
 * right). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/grade.h"
#include "acpbench/questions.h"
#include "base/error.h"
#include "test_support.h"

static const char *const none_spellings[] = {"None", "none", "NONE", "None.", " none ", "none!", "**None**"};
#define NSPELLINGS (int)(sizeof none_spellings / sizeof none_spellings[0])

static int sound_of(pl_acp_grader *g, const pl_acp_question *q, const char *response, char **witness)
{
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(g, q, response, &v, &err), 0);
    int s = v.sound_score;
    /* a wrong None names the right answer that proves it wrong: "(...)" */
    const char *d = v.failure.detail, *open = d ? strchr(d, '(') : NULL, *close = open ? strchr(open, ')') : NULL;
    if (witness && s == 0 && v.failure.kind == PL_FAIL_NONE_BUT_EXISTS && close)
        *witness = pl_strdup_printf("%.*s", (int)(close - open + 1), open);
    pl_acp_verdict_clear(&v);
    pl_error_clear(&err);
    return s;
}

/* The stored concrete answers as responses: reach atoms get their
 * parentheses back; land's yes and no facts are both answers to try. */
static int stored_answers(const pl_acp_question *q, char **out, int cap)
{
    int n = 0;
    const cJSON *lists[2] = {q->answer, NULL};
    if (q->task == PL_ACP_LAND) {
        lists[0] = cJSON_GetObjectItemCaseSensitive(q->answer, "yes");
        lists[1] = cJSON_GetObjectItemCaseSensitive(q->answer, "no");
    }
    for (int l = 0; l < 2; l++) {
        const cJSON *it;
        cJSON_ArrayForEach(it, lists[l])
        {
            if (n < cap && cJSON_IsString(it))
                out[n++] = pl_strdup_printf(q->task == PL_ACP_REACH ? "(%s)" : "%s", it->valuestring);
        }
    }
    return n;
}

typedef struct {
    int questions, none_right, none_wrong, concrete;
} tally;

static void check_question(pl_acp_grader *g, const pl_acp_question *q, tally *t)
{
    char *witness = NULL;
    int none = sound_of(g, q, none_spellings[0], &witness);
    for (int i = 1; i < NSPELLINGS; i++) {
        int s = sound_of(g, q, none_spellings[i], NULL);
        if (s != none)
            print_message("%s %s: sound(\"%s\") = %d, sound(\"None\") = %d\n", q->group, q->id, none_spellings[i], s,
                          none);
        assert_int_equal(s, none);
    }
    char *answers[64];
    int n = stored_answers(q, answers, 63);
    if (witness)
        answers[n++] = witness;
    for (int i = 0; i < n; i++) {
        int s = sound_of(g, q, answers[i], NULL);
        if (none && s)
            print_message("%s %s: None and %s both score 1\n", q->group, q->id, answers[i]);
        assert_false(none && s);
        if (answers[i] == witness) {
            if (!s)
                print_message("%s %s: None is called wrong by %s, which scores 0\n", q->group, q->id, witness);
            assert_int_equal(s, 1);
        }
        free(answers[i]);
    }
    t->questions++;
    t->none_right += none;
    t->none_wrong += !none;
    t->concrete += n;
    pl_acp_grader_forget(g, q);
}

static void test_every_question(void **state)
{
    (void)state;
    if (!pl_test_data_dir("sound None"))
        return;
    static const char *const tasks[] = {"reach", "areach", "land"}, *const splits[] = {"dev", "test"};
    pl_acp_grader *g = pl_acp_grader_new(NULL);
    assert_non_null(g);
    tally t = {0};
    for (int f = 0; f < 6; f++) {
        pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
        pl_diags warnings = PL_DIAGS_INIT;
        pl_error err = PL_ERROR_INIT;
        assert_int_equal(pl_acp_questions_load(&qs, pl_test_acpbench_path(tasks[f / 2], splits[f % 2]), &warnings, &err), PL_OK);
        assert_true(qs.count > 0);
        for (int i = 0; i < qs.count; i++)
            check_question(g, &qs.items[i], &t);
        pl_acp_questions_free(&qs);
        pl_diags_clear(&warnings);
    }
    print_message("sound None: %d questions (None right on %d, wrong on %d), %d concrete answers\n", t.questions,
                  t.none_right, t.none_wrong, t.concrete);
    assert_int_equal(t.questions, 3 * (40 + 130));
    pl_acp_grader_free(g);
}

/* The two questions of issue 38. */
static void test_issue_examples(void **state)
{
    (void)state;
    if (!pl_test_data_dir("sound None examples"))
        return;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_questions_load(&qs, pl_test_acpbench_path("reach", "dev"), &warnings, &err),
                     PL_OK);
    assert_int_equal(pl_acp_questions_load(&qs, pl_test_acpbench_path("land", "dev"), &warnings, &err),
                     PL_OK);
    pl_acp_grader *g = pl_acp_grader_new(NULL);
    assert_non_null(g);
    /* land: the stored yes list is empty, but (at-robot loc-x2-y1) is a
     * landmark: None scored 0, none and NONE 1 */
    const pl_acp_question *land = pl_acp_questions_find(&qs, "landmarks_gen", "374220601309851534");
    assert_non_null(land);
    for (int i = 0; i < NSPELLINGS; i++)
        assert_int_equal(sound_of(g, land, none_spellings[i], NULL), 0);
    assert_int_equal(sound_of(g, land, "(at-robot loc-x2-y1)", NULL), 1);
    /* reach (floor-tile): stored None, but a painted tile is never clear
     * again: None and (painted tile_7 white) both scored 1 */
    const pl_acp_question *reach = pl_acp_questions_find(&qs, "reachable_atom_gen", "-8682376828094741291");
    assert_non_null(reach);
    for (int i = 0; i < NSPELLINGS; i++)
        assert_int_equal(sound_of(g, reach, none_spellings[i], NULL), 0);
    assert_int_equal(sound_of(g, reach, "(painted tile_7 white)", NULL), 1);
    assert_int_equal(sound_of(g, reach, "(clear tile_4)", NULL), 1);
    /* officially only the exact keyword parses, and it is right */
    pl_acp_verdict v;
    assert_int_equal(pl_acp_grade(g, reach, "None", &v, &err), 0);
    assert_int_equal(v.score, 1);
    assert_non_null(v.sound_reason);
    pl_acp_verdict_clear(&v);
    assert_int_equal(pl_acp_grade(g, reach, "none", &v, &err), 0);
    assert_int_equal(v.score, 0);
    assert_string_equal(v.path, "parse-error");
    pl_acp_verdict_clear(&v);
    pl_acp_grader_free(g);
    pl_acp_questions_free(&qs);
    pl_diags_clear(&warnings);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_issue_examples),
        cmocka_unit_test(test_every_question),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
