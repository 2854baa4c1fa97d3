/* ACPBench-style generation (engine/gen/acp_questions.h) on the sample problems: every
 * generated answer is checked by other means than the generator's — the
 * official grader (which re-derives just and val answers from the quoted
 * plan alone and checks reach, areach, land and nexta with its own sound
 * searches), the dataset audit, simulation and optimal costs of successors —
 * and Blocksworld's unreachable atoms and actions are the ones known by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/audit.h"
#include "acpbench/grade.h"
#include "base/file.h"
#include "gen/acp_questions.h"
#include "plans/plan.h"
#include "test_support.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs/"

static const pl_limits limits = {0, 60, 5000000};

typedef struct {
    pl_loaded_task lt;
    pl_relaxed *rel;
    char *domain_text, *problem_text;
} sample;

static sample load_sample(const char *domain, const char *problem)
{
    sample s;
    pl_error err = PL_ERROR_INIT;
    s.domain_text = pl_read_file(domain, NULL, &err);
    s.problem_text = pl_read_file(problem, NULL, &err);
    assert_non_null(s.domain_text);
    assert_non_null(s.problem_text);
    pl_test_load_texts(s.domain_text, s.problem_text, problem, &s.lt);
    s.rel = pl_relaxed_new(s.lt.task);
    assert_non_null(s.rel);
    return s;
}

static void free_sample(sample *s)
{
    pl_relaxed_free(s->rel);
    pl_loaded_task_free(&s->lt);
    free(s->domain_text);
    free(s->problem_text);
}

/* The generated question as the grader sees a stored one (borrows g). */
static pl_acp_question as_question(sample *s, pl_acp_task task, pl_gen_acp *g)
{
    static char id[] = "1", group[] = "generated", source[] = "test";
    return (pl_acp_question){id,      group,         task,           PL_ACP_GEN, NULL, g->question, s->domain_text,
                             s->problem_text, g->answer, NULL, NULL, source, 1};
}

static pl_gen_acp generate(sample *s, pl_acp_task task, uint64_t seed)
{
    pl_gen_acp g;
    assert_int_equal(pl_gen_acp_question(s->lt.task, s->rel, task, seed, &limits, &g), 0);
    assert_non_null(g.question);
    assert_non_null(g.answer);
    assert_null(g.note); /* nothing left undecided on problems this small */
    return g;
}

static int grade(pl_acp_grader *gr, const pl_acp_question *q, const char *response, int *sound)
{
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(gr, q, response, &v, &err), 0);
    int score = v.score;
    if (sound)
        *sound = v.sound_score;
    pl_acp_verdict_clear(&v);
    return score;
}

/* The audit re-derives every label: none may be wrong or undecided. */
static void assert_audit_clean(const pl_acp_question *q)
{
    pl_audit_result r = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_audit(q, &limits, &r, &err), 0);
    assert_true(r.checked > 0);
    for (int i = 0; i < r.count; i++)
        printf("audit finding on %s: %s (stored %s): %s\n", pl_acp_task_name(q->task), r.items[i].item,
               r.items[i].stored, r.items[i].proof);
    assert_int_equal(r.count, 0);
    assert_int_equal(r.unknown, 0);
    pl_audit_result_free(&r);
}

/* Every listed item graded as a response scores 1 under both rules. */
static void assert_items_correct(pl_acp_grader *gr, const pl_acp_question *q, const cJSON *list, bool parens)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list) {
        char response[256];
        snprintf(response, sizeof response, parens ? "%s" : "(%s)", it->valuestring);
        int sound;
        assert_int_equal(grade(gr, q, response, &sound), 1);
        assert_int_equal(sound, 1);
    }
}

static bool has_string(const cJSON *list, const char *s)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list) if (!strcmp(it->valuestring, s)) return true;
    return false;
}

static void test_blocksworld_unreachables_known_by_hand(void **state)
{
    (void)state;
    sample s = load_sample(SAMPLES "blocksworld/domain.pddl", SAMPLES "blocksworld/problem.pddl");
    pl_gen_acp reach = generate(&s, PL_ACP_REACH, 1), areach = generate(&s, PL_ACP_AREACH, 1);
    /* a block can be on every other block, never on itself; and so can
     * neither be stacked on nor unstacked from itself */
    const char *blocks[] = {"a", "b", "c", "d"};
    assert_int_equal(cJSON_GetArraySize(reach.answer), 4);
    assert_int_equal(cJSON_GetArraySize(areach.answer), 8);
    for (int i = 0; i < 4; i++) {
        char text[64];
        snprintf(text, sizeof text, "on %s %s", blocks[i], blocks[i]);
        assert_true(has_string(reach.answer, text));
        snprintf(text, sizeof text, "(stack %s %s)", blocks[i], blocks[i]);
        assert_true(has_string(areach.answer, text));
        snprintf(text, sizeof text, "(unstack %s %s)", blocks[i], blocks[i]);
        assert_true(has_string(areach.answer, text));
    }
    pl_acp_grader *gr = pl_acp_grader_new(NULL);
    pl_acp_question q = as_question(&s, PL_ACP_REACH, &reach);
    assert_items_correct(gr, &q, reach.answer, false);
    assert_int_equal(grade(gr, &q, "(on a b)", NULL), 0); /* reachable */
    assert_audit_clean(&q);
    q = as_question(&s, PL_ACP_AREACH, &areach);
    assert_items_correct(gr, &q, areach.answer, true);
    assert_audit_clean(&q);
    pl_acp_grader_free(gr);
    pl_gen_acp_clear(&reach);
    pl_gen_acp_clear(&areach);
    free_sample(&s);
}

/* val: the steps before the answer are applicable in turn, the answer's is not. */
static void check_val(sample *s, pl_acp_grader *gr)
{
    pl_gen_acp g = generate(s, PL_ACP_VAL, 7);
    pl_acp_question q = as_question(s, PL_ACP_VAL, &g);
    int k = g.answer->valueint;
    const char *open = strchr(g.question, '"'), *close = strrchr(g.question, '"');
    char *text = pl_strndup(open + 1, (size_t)(close - open - 1));
    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(text, &steps, &err), PL_OK);
    const pl_task *t = s->lt.task;
    uint64_t *cur = pl_state_clone(t, t->init), *next = pl_state_new(t);
    for (int i = 0; i <= k; i++) {
        pl_action_ref ref;
        assert_int_equal(pl_resolve_action(t, steps.steps[i], &ref), PL_REF_OK);
        assert_int_equal(pl_task_applicable(t, ref.action, cur), i < k);
        pl_task_apply(t, ref.action, cur, next);
        memcpy(cur, next, (size_t)t->words * sizeof *cur);
        pl_action_ref_clear(&ref);
    }
    char response[32];
    snprintf(response, sizeof response, "%d", k);
    assert_int_equal(grade(gr, &q, response, NULL), 1);
    snprintf(response, sizeof response, "%d", k + 1);
    assert_int_equal(grade(gr, &q, response, NULL), 0);
    assert_audit_clean(&q);
    free(cur);
    free(next);
    free(text);
    pl_plan_steps_free(&steps);
    pl_gen_acp_clear(&g);
}

/* just: the grader, which reads only the quoted plan, accepts exactly the
 * listed single removals among all single removals, and every listed pair. */
static void check_just(sample *s, pl_acp_grader *gr)
{
    pl_gen_acp g = generate(s, PL_ACP_JUST, 7);
    pl_acp_question q = as_question(s, PL_ACP_JUST, &g);
    const char *open = strchr(g.question, '"'), *close = strchr(open + 1, '"');
    char *plan = pl_strndup(open + 1, (size_t)(close - open - 1));
    assert_int_equal(grade(gr, &q, plan, NULL), 0); /* not shorter */
    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(plan, &steps, &err), PL_OK);
    int pairs = 0;
    for (int skip = 0; skip < steps.count; skip++) {
        for (int width = 1; width <= 2 && skip + width <= steps.count; width++) {
            char response[4096] = "";
            for (int i = 0; i < steps.count; i++)
                if (i < skip || i >= skip + width)
                    snprintf(response + strlen(response), sizeof response - strlen(response), "%s ", steps.steps[i]);
            int occurrence = 1;
            for (int i = 0; i < skip; i++)
                occurrence += !strcmp(steps.steps[i], steps.steps[skip]);
            bool listed = false;
            const cJSON *opt;
            cJSON_ArrayForEach(opt, g.answer) {
                int n = cJSON_GetArraySize(opt);
                const char *where = cJSON_GetArrayItem(opt, n - 1)->valuestring;
                listed |= width == 1 ? n == 2 && atoi(where) == occurrence &&
                                           !strcmp(cJSON_GetArrayItem(opt, 0)->valuestring, steps.steps[skip])
                                     : n == 3 && !strcmp(cJSON_GetArrayItem(opt, 0)->valuestring, steps.steps[skip]) &&
                                           !strcmp(cJSON_GetArrayItem(opt, 1)->valuestring, steps.steps[skip + 1]);
            }
            int score = grade(gr, &q, response, NULL);
            if (width == 1)
                assert_int_equal(score, listed);
            else if (listed)
                assert_int_equal(score, 1), pairs++;
        }
    }
    assert_true(pairs >= 1); /* the inserted action and its undoing */
    assert_audit_clean(&q);
    pl_plan_steps_free(&steps);
    free(plan);
    pl_gen_acp_clear(&g);
}

/* land: yes atoms score 1 under both rules, no atoms 0 under both. */
static void check_land(sample *s, pl_acp_grader *gr)
{
    pl_gen_acp g = generate(s, PL_ACP_LAND, 1);
    pl_acp_question q = as_question(s, PL_ACP_LAND, &g);
    assert_items_correct(gr, &q, cJSON_GetObjectItem(g.answer, "yes"), true);
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(g.answer, "no")) {
        int sound;
        assert_int_equal(grade(gr, &q, it->valuestring, &sound), 0);
        assert_int_equal(sound, 0);
    }
    assert_audit_clean(&q);
    pl_gen_acp_clear(&g);
}

/* nexta: yes ∪ no is the applicable set; a yes action's successor has
 * h* = opt - 1, a no action's does not. */
static void check_nexta(sample *s, pl_acp_grader *gr)
{
    pl_gen_acp g = generate(s, PL_ACP_NEXTA, 1);
    pl_acp_question q = as_question(s, PL_ACP_NEXTA, &g);
    const pl_task *t = s->lt.task;
    long long opt = atoll(cJSON_GetObjectItem(g.answer, "opt")->valuestring);
    int *app = malloc((size_t)t->nactions * sizeof *app), napp = pl_task_applicable_actions(t, t->init, app);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(g.answer, "maybe")), 0);
    int listed = 0;
    uint64_t *next = pl_state_new(t);
    for (int k = 0; k < 2; k++) {
        const cJSON *it;
        cJSON_ArrayForEach(it, cJSON_GetObjectItem(g.answer, k ? "no" : "yes")) {
            pl_action_ref ref;
            assert_int_equal(pl_resolve_action(t, it->valuestring, &ref), PL_REF_OK);
            pl_task_apply(t, ref.action, t->init, next);
            long long h = -1;
            pl_optimal_cost(t, s->rel, next, &limits, &h, NULL);
            assert_int_equal(h == opt - 1, k == 0);
            assert_int_equal(grade(gr, &q, it->valuestring, NULL), k == 0);
            pl_action_ref_clear(&ref);
            listed++;
        }
    }
    assert_int_equal(listed, napp);
    assert_audit_clean(&q);
    free(next);
    free(app);
    pl_gen_acp_clear(&g);
}

static void test_answers_hold_on_every_sample_problem(void **state)
{
    (void)state;
    const char *problems[] = {"blocksworld/problem.pddl", "blocksworld/problems/bw-5-4.pddl",
                              "blocksworld/problems/bw-6-6.pddl", "depot/problem.pddl"};
    for (size_t i = 0; i < sizeof problems / sizeof *problems; i++) {
        char domain[512], problem[512];
        snprintf(domain, sizeof domain, SAMPLES "%.*s/domain.pddl", (int)strcspn(problems[i], "/"), problems[i]);
        snprintf(problem, sizeof problem, SAMPLES "%s", problems[i]);
        sample s = load_sample(domain, problem);
        pl_acp_grader *gr = pl_acp_grader_new(NULL);
        check_val(&s, gr);
        check_just(&s, gr);
        check_land(&s, gr);
        check_nexta(&s, gr);
        pl_acp_grader_free(gr);
        free_sample(&s);
    }
}

static void test_same_seed_same_question(void **state)
{
    (void)state;
    sample s = load_sample(SAMPLES "blocksworld/domain.pddl", SAMPLES "blocksworld/problems/bw-6-6.pddl");
    bool differs = false;
    for (int task = PL_ACP_VAL; task <= PL_ACP_JUST; task++) {
        pl_gen_acp a = generate(&s, (pl_acp_task)task, 3), b = generate(&s, (pl_acp_task)task, 3);
        assert_string_equal(a.question, b.question);
        assert_true(cJSON_Compare(a.answer, b.answer, true));
        for (uint64_t seed = 4; seed < 12 && !differs; seed++) {
            pl_gen_acp c = generate(&s, (pl_acp_task)task, seed);
            differs = strcmp(a.question, c.question) != 0;
            pl_gen_acp_clear(&c);
        }
        pl_gen_acp_clear(&a);
        pl_gen_acp_clear(&b);
    }
    assert_true(differs); /* the seed moves the insertion */
    free_sample(&s);
}

static void test_unsolvable_problem_is_skipped_with_reason(void **state)
{
    (void)state;
    sample s = load_sample(SAMPLES "blocksworld/domain.pddl",
                           PLANLENS_SOURCE_DIR "/tests/pddl/cli/unsolvable-problem.pddl");
    for (int task = PL_ACP_VAL; task < PL_ACP_NTASKS; task++) {
        if (task == PL_ACP_LAND || task == PL_ACP_VAL || task == PL_ACP_JUST || task == PL_ACP_NEXTA) {
            pl_gen_acp g;
            assert_int_equal(pl_gen_acp_question(s.lt.task, s.rel, (pl_acp_task)task, 1, &limits, &g), 1);
            assert_null(g.answer);
            assert_non_null(strstr(g.note, "cannot be reached"));
            pl_gen_acp_clear(&g);
        }
    }
    free_sample(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blocksworld_unreachables_known_by_hand),
        cmocka_unit_test(test_answers_hold_on_every_sample_problem),
        cmocka_unit_test(test_same_seed_same_question),
        cmocka_unit_test(test_unsolvable_problem_is_skipped_with_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
