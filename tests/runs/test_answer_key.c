/* Answer and question keys: every field present, separators inside a field
 * escaped so that two different answers never share a key, and the question
 * key recovered from an answer key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "runs/answer_key.h"

static void test_answer_key_fields(void **state)
{
    (void)state;
    char *k = pl_answer_key("gpt-4o", pl_acp_group_name(PL_ACP_APP, PL_ACP_GEN), "-8682376828094741291", "12", 2);
    assert_string_equal(k, "gpt-4o|app_gen|-8682376828094741291|12|2");
    char *q = pl_answer_key_question(k);
    assert_string_equal(q, "app_gen|-8682376828094741291");
    free(k), free(q);
    k = pl_answer_key("m", "land_bool", "7", NULL, 0);
    assert_string_equal(k, "m|land_bool|7|-|1");
    free(k);
}

/* "a|b" run with id "c" and run "a" with group "b|c" differ once escaped. */
static void test_answer_key_escapes(void **state)
{
    (void)state;
    char *k1 = pl_answer_key("a|b", "g", "c", "s", 1), *k2 = pl_answer_key("a", "b|g", "c", "s", 1);
    assert_string_equal(k1, "a\\|b|g|c|s|1");
    assert_string_not_equal(k1, k2);
    char *q1 = pl_answer_key_question(k1), *q2 = pl_answer_key_question(k2);
    assert_string_equal(q1, "g|c");
    assert_string_equal(q2, "b\\|g|c");
    char *bs = pl_answer_key("x\\", "g", "1", "-", 1);
    assert_string_equal(bs, "x\\\\|g|1|-|1");
    char *qb = pl_answer_key_question(bs);
    assert_string_equal(qb, "g|1");
    free(k1), free(k2), free(q1), free(q2), free(bs), free(qb);
}

static void test_question_key_is_not_an_answer_key(void **state)
{
    (void)state;
    char *q = pl_question_key("reach_mcq", "374220601309851534");
    assert_string_equal(q, "reach_mcq|374220601309851534");
    assert_null(pl_answer_key_question(q));
    assert_null(pl_answer_key_question("no separators"));
    free(q);
    assert_string_equal(pl_acp_group_name(PL_ACP_REACH, PL_ACP_MCQ), "reach_mcq");
    assert_string_equal(pl_acp_group_name(PL_ACP_NEXTA, PL_ACP_BOOL), "nexta_bool");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answer_key_fields),
        cmocka_unit_test(test_answer_key_escapes),
        cmocka_unit_test(test_question_key_is_not_an_answer_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
