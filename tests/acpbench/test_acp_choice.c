/* ACPBench bool and mcq grading as lm-evaluation-harness does it: what its two
 * regex filters extract (ordinary answers and the quirks), the exact_match
 * normalisation, and every dev question answered right, wrong and quirkily.
 * Expected values were checked against the harness code run in Python. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/choice.h"
#include "test_support.h"

/* ---- bool ---- */

typedef struct {
    const char *response;
    const char *extracted;
    int yes, no; /* exact_match against gold "yes" and gold "no" */
} bool_case;

static void check_bool_cases(const bool_case *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const bool_case *c = &cases[i];
        char *got = pl_acp_extract_bool(c->response);
        assert_non_null(got);
        if (strcmp(got, c->extracted) != 0)
            fail_msg("bool '%s': extracted '%s', expected '%s'", c->response, got, c->extracted);
        if (pl_acp_bool_match(got, "yes") != c->yes || pl_acp_bool_match(got, "no") != c->no)
            fail_msg("bool '%s' → '%s': match yes/no %d/%d, expected %d/%d", c->response, got,
                     pl_acp_bool_match(got, "yes"), pl_acp_bool_match(got, "no"), c->yes, c->no);
        free(got);
    }
}

static void test_bool_ordinary(void **state)
{
    (void)state;
    static const bool_case cases[] = {
        {"The answer is yes.", "yes", 1, 0},
        {"The answer is no.", "no", 0, 1},
        {"the answer is no.", "no", 0, 1},
        {"The answer: no.", "no", 0, 1},
        {"The final answer: yes.", "yes", 1, 0},
        {"**Final Answer**: Yes.", "Yes", 1, 0}, /* the few-shot examples' form */
        {"**answer**: yes.", "yes", 1, 0},
        {"**Answer**: No.", "No", 0, 1},
        {"Final Answer: yes", "yes", 1, 0},      /* no "..Final Answer..: ": the standalone word */
        {"The answer is YES.", "YES", 1, 0},     /* ignore_case */
        {"The answer is (yes).", "(yes)", 1, 0}, /* ignore_punctuation */
        {"The answer is \u00a0yes.", "yes", 1, 0}, /* str.strip() takes Unicode spaces */
        {"I cannot tell.", "[invalid]", 0, 0},
        {"Nope, not yesterday.", "[invalid]", 0, 0},
        {"", "[invalid]", 0, 0},
    };
    check_bool_cases(cases, sizeof cases / sizeof cases[0]);
}

static void test_bool_quirks(void **state)
{
    (void)state;
    static const bool_case cases[] = {
        /* (.*)(?=.) leaves out the last character of the line */
        {"The answer is yes", "ye", 0, 0},
        {"The answer is yes\nThat settles it.", "ye", 0, 0},
        {"**Answer**: No", "N", 0, 0},
        {"The answer is yes. The ferry is at l1.", "yes. The ferry is at l1", 0, 0},
        /* the leftmost match wins: an earlier standalone word */
        {"At first glance the answer seems to be no, but the ferry can sail there. The answer is yes.", "no", 0, 1},
        {"Yes, I think so. The answer is no.", "Yes", 1, 0},
        /* \b on Unicode word characters */
        {"The word \"noé\" is not an answer.", "[invalid]", 0, 0},
        {"Is it 中no?", "[invalid]", 0, 0},
        {"no\u2014really", "no", 0, 1},
        /* an empty match (one character left on the line): no non-empty group */
        {"The answer is y", "[invalid]", 0, 0},
    };
    check_bool_cases(cases, sizeof cases / sizeof cases[0]);
}

/* ---- mcq ---- */

typedef struct {
    const char *response;
    const char *extracted;
    const char *matches; /* exact_match against gold A, B, C, D */
} mcq_case;

static void check_mcq_cases(const mcq_case *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const mcq_case *c = &cases[i];
        char *got = pl_acp_extract_mcq(c->response);
        assert_non_null(got);
        if (strcmp(got, c->extracted) != 0)
            fail_msg("mcq '%s': extracted '%s', expected '%s'", c->response, got, c->extracted);
        char matches[5] = {0};
        for (int g = 0; g < 4; g++)
            matches[g] = (char)('0' + pl_acp_mcq_match(got, (char[]){(char)('A' + g), '\0'}));
        if (strcmp(matches, c->matches) != 0)
            fail_msg("mcq '%s' → '%s': matches A-D %s, expected %s", c->response, got, matches, c->matches);
        free(got);
    }
}

static void test_mcq_ordinary(void **state)
{
    (void)state;
    static const mcq_case cases[] = {
        {"Final Answer: B", "B", "0100"},
        {"**Final Answer**: D.", "D", "0001"},
        {"The answer is C.", "C", "0010"},
        {"**Final Answer**: The answer is B", "B", "0100"},
        {"Answer: (B)", "B", "0100"},
        {"B", "B", "0100"},
        {" C ", "C", "0010"},
        {"[C]", "[C]", "0010"},
        {"A\n", "A", "1000"},
        {"The answer is \u00a0C.", "C.", "0010"},
        {"I cannot decide.", "[invalid]", "0000"},
        {"", "[invalid]", "0000"},
    };
    check_mcq_cases(cases, sizeof cases / sizeof cases[0]);
}

static void test_mcq_quirks(void **state)
{
    (void)state;
    static const mcq_case cases[] = {
        /* the last capital A-D anywhere wins */
        {"I think B. Done", "D", "0001"},
        {"The answer is A\n\nDone", "D", "0001"},
        {"**Answer**: A or B?", "B", "0100"},
        /* lower-case letters are not choices */
        {"the answer is c.", "[invalid]", "0000"},
        {"The answer is b", "[invalid]", "0000"},
        /* the choice-text fallback searches the dict keys "text" (A) and
         * "label" (B), after lower-casing and deleting Unicode punctuation */
        {"the label is the second one", "(B)", "0100"},
        {"no text here", "(A)", "1000"},
        {"the te\u2019xt is odd", "(A)", "1000"},
        /* the last match strips to nothing: fallbacks, here :[\s]*(A|B) */
        {"Final: A\n**Answer**:   x", "(A)", "1000"},
        /* an empty last match (the harness raises IndexError): fallbacks */
        {"**Final Answer**: x", "[invalid]", "0000"},
    };
    check_mcq_cases(cases, sizeof cases / sizeof cases[0]);
}

/* ---- exact_match ---- */

static void test_exact_match_normalisation(void **state)
{
    (void)state;
    assert_int_equal(pl_acp_bool_match("YES", "yes"), 1);
    assert_int_equal(pl_acp_bool_match("yes!", "yes"), 1);
    assert_int_equal(pl_acp_bool_match("y-e-s", "yes"), 1);  /* punctuation anywhere goes */
    assert_int_equal(pl_acp_bool_match("*No*", "no"), 1);
    assert_int_equal(pl_acp_bool_match(" yes", "yes"), 0);   /* spaces stay */
    assert_int_equal(pl_acp_bool_match("yes\n", "yes"), 0);  /* newlines stay for bool */
    assert_int_equal(pl_acp_bool_match("ye", "yes"), 0);
    assert_int_equal(pl_acp_bool_match("[invalid]", "no"), 0);
    assert_int_equal(pl_acp_bool_match("yes\u2019", "yes"), 0); /* string.punctuation is ASCII only */
    assert_int_equal(pl_acp_bool_match("\u212a", "k"), 1);      /* KELVIN SIGN lower-cases to k */
    assert_int_equal(pl_acp_mcq_match("B\n", "B"), 1);          /* regexes_to_ignore \n */
    assert_int_equal(pl_acp_mcq_match("(B)", "B"), 1);
    assert_int_equal(pl_acp_mcq_match("b.", "B"), 1);
    assert_int_equal(pl_acp_mcq_match("\"B\"", "B"), 1);
    assert_int_equal(pl_acp_mcq_match("B\\", "B"), 1);
    assert_int_equal(pl_acp_mcq_match("B, C", "B"), 0);
    assert_int_equal(pl_acp_mcq_match("[invalid]", "A"), 0);
}

/* ---- every dev question ---- */

static const char *const tasks[] = {"app", "areach", "just", "land", "prog", "reach", "val"};

#define REASONING "Let's think step by step. Step 1: compare the state with the question. "

static void expect_graded(bool is_bool, const char *response, const char *gold, const char *extracted, int match)
{
    char *got = is_bool ? pl_acp_extract_bool(response) : pl_acp_extract_mcq(response);
    assert_non_null(got);
    int m = is_bool ? pl_acp_bool_match(got, gold) : pl_acp_mcq_match(got, gold);
    if (strcmp(got, extracted) != 0 || m != match)
        fail_msg("gold '%s', '%s': extracted '%s' (match %d), expected '%s' (match %d)", gold, response, got, m,
                 extracted, match);
    free(got);
}

static void check_bool_question(const char *gold)
{
    bool yes = strcmp(gold, "yes") == 0;
    const char *other = yes ? "no" : "yes";
    char response[256], cut[4];
    snprintf(response, sizeof response, REASONING "The answer is %s.", gold);
    expect_graded(true, response, gold, gold, 1);
    snprintf(response, sizeof response, REASONING "The answer is %s.", other);
    expect_graded(true, response, gold, other, 0);
    snprintf(response, sizeof response, REASONING "**Final Answer**: %s.", yes ? "Yes" : "No");
    expect_graded(true, response, gold, yes ? "Yes" : "No", 1);
    snprintf(response, sizeof response, REASONING "The answer is %s", gold);
    snprintf(cut, sizeof cut, "%.*s", (int)strlen(gold) - 1, gold);
    expect_graded(true, response, gold, cut, 0);
    snprintf(response, sizeof response, "At first sight %s. " REASONING "The answer is %s.", other, gold);
    expect_graded(true, response, gold, other, 0);
}

static void check_mcq_question(const char *gold)
{
    char other[2] = {(char)('A' + (gold[0] - 'A' + 1) % 4), '\0'}, lower[2] = {(char)(gold[0] - 'A' + 'a'), '\0'};
    char response[256];
    snprintf(response, sizeof response, REASONING "The answer is %s.", gold);
    expect_graded(false, response, gold, gold, 1);
    snprintf(response, sizeof response, REASONING "The answer is %s.", other);
    expect_graded(false, response, gold, other, 0);
    snprintf(response, sizeof response, REASONING "**Final Answer**: %s.", gold);
    expect_graded(false, response, gold, gold, 1);
    snprintf(response, sizeof response, REASONING "The answer is %s. Done", gold);
    expect_graded(false, response, gold, "D", strcmp(gold, "D") == 0);
    snprintf(response, sizeof response, REASONING "the answer is %s.", lower);
    expect_graded(false, response, gold, "[invalid]", 0);
}

static bool is_gold(bool is_bool, const char *answer)
{
    if (is_bool)
        return strcmp(answer, "yes") == 0 || strcmp(answer, "no") == 0;
    return strlen(answer) == 1 && answer[0] >= 'A' && answer[0] <= 'D';
}

/* Grades every question of one dev file; returns how many there were. */
static int check_dev_file(const char *task, bool is_bool)
{
    char rel[128];
    snprintf(rel, sizeof rel, "acpbench/%s/dev.%s.json", task, is_bool ? "bool" : "mcq");
    cJSON *records = pl_test_read_json(pl_test_data_path(rel));
    int count = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, records) {
        const char *gold = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "answer"));
        if (!gold || !is_gold(is_bool, gold))
            fail_msg("%s record %d: unexpected answer", rel, count + 1);
        if (is_bool)
            check_bool_question(gold);
        else
            check_mcq_question(gold);
        count++;
    }
    cJSON_Delete(records);
    assert_true(count > 0);
    return count;
}

static void test_dev_questions(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench bool/mcq dev questions"))
        return;
    int bools = 0, mcqs = 0;
    for (size_t i = 0; i < sizeof tasks / sizeof tasks[0]; i++) {
        bools += check_dev_file(tasks[i], true);
        mcqs += check_dev_file(tasks[i], false);
    }
    printf("graded %d bool and %d mcq dev questions, 5 responses each\n", bools, mcqs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bool_ordinary),
        cmocka_unit_test(test_bool_quirks),
        cmocka_unit_test(test_mcq_ordinary),
        cmocka_unit_test(test_mcq_quirks),
        cmocka_unit_test(test_exact_match_normalisation),
        cmocka_unit_test(test_dev_questions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
