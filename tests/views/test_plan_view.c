/* The plan view (views/plan_view.h) checked without a terminal: its letter
 * marks are the engine's AQM / NP-AQM labels, its LEA marker names the step
 * and unmet preconditions of engine/plans/plan.h's simulation, valid plans have no
 * marker, the π lines open the plans they name, and subjects build from
 * workspace records (sample-runs IoU plans; ACPBench val / just from
 * ../shared/data) and from plan-quality cases (sample-runs PDDL and plans;
 * ../shared/data/plan-quality/dev.jsonl, SKIP when absent). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "iou/answer_list.h"
#include "plan_view.h"
#include "plans/plan.h"
#include "quality/inputs.h"
#include "test_support.h"

#define BW PLANLENS_SOURCE_DIR "/sample-runs/blocksworld"
#define ALL_LABELS_CASE "blocksworld_3/qcode/pddl/29" /* its AQM labels hold C, M, S, D and R */

static char *line_text(const pl_view_model *vm, int i)
{
    char *s = pl_vm_line_text(&vm->lines[i]);
    assert_non_null(s);
    return s;
}

/* The index of the first line containing `needle` at or after `from`, or -1. */
static int find_line(const pl_view_model *vm, int from, const char *needle)
{
    for (int i = from; i < vm->nlines; i++) {
        char *s = line_text(vm, i);
        bool hit = strstr(s, needle) != NULL;
        free(s);
        if (hit)
            return i;
    }
    return -1;
}

/* Lines [from, ...) up to the next selectable one, trimmed and joined by a
 * space (undoes the view's wrapping). */
static char *joined_lines(const pl_view_model *vm, int from)
{
    char *all = pl_strdup("");
    for (int i = from; i < vm->nlines && (i == from || vm->lines[i].target < 0); i++) {
        char *s = line_text(vm, i), *t = s;
        while (*t == ' ')
            t++;
        char *next = pl_strdup_printf("%s%s%s", all, *all ? " " : "", t);
        free(all);
        free(s);
        all = next;
        if (i > from && !vm->lines[i].nspans)
            break;
    }
    assert_non_null(all);
    return all;
}

/* The letter mark of a π0 step row: the span after the step number. */
static char row_mark(const pl_line *l)
{
    assert_true(l->nspans >= 2);
    assert_int_equal(strlen(l->spans[1].text), 2);
    return l->spans[1].text[1];
}

/* ---- plan-quality cases ---- */

static pl_quality_cases dev_cases;

static const pl_quality_case *dev_case(const char *id)
{
    for (int i = 0; i < dev_cases.count; i++)
        if (!strcmp(dev_cases.items[i].id, id))
            return &dev_cases.items[i];
    fail_msg("no case %s in dev.jsonl", id);
    return NULL;
}

static pl_plan_subject *case_subject(const pl_quality_case *c)
{
    char *why = NULL;
    pl_plan_subject *s = pl_plan_subject_from_case(c, &why);
    if (!s)
        fail_msg("%s: %s", c->id, why);
    assert_null(why);
    return s;
}

/* The all-labels case's subject, built once (π1–π4 replan: slow under valgrind). */
static pl_plan_subject *all_labels;

static pl_plan_subject *all_labels_subject(void)
{
    if (!all_labels)
        all_labels = case_subject(dev_case(ALL_LABELS_CASE));
    return all_labels;
}

static bool have_dev(void)
{
    if (!pl_test_data_dir("plan-quality dev cases"))
        return false;
    if (dev_cases.count)
        return true;
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_read_file(pl_test_data_path("plan-quality/dev.jsonl"), NULL, &dev_cases, &w, &err),
                     PL_OK);
    pl_diags_clear(&w);
    pl_error_clear(&err);
    return true;
}

/* The marks of the view's step rows equal pl_quality_run's labels, computed
 * here independently; NP-AQM relabels the redundant steps, each row showing
 * the GT action that decided it. */
static void test_marks_are_the_labels(void **state)
{
    (void)state;
    if (!have_dev())
        return;
    const pl_quality_case *c = dev_case(ALL_LABELS_CASE);
    pl_plan_subject *s = all_labels_subject();
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    assert_non_null(sim);
    pl_quality_options opt = pl_quality_defaults();
    pl_quality_result q;
    assert_int_equal(pl_quality_run(pl_plan_subject_task(s), sim, c->gt, c->ngt, c->llm, c->nllm, c->llm_correct,
                                    &opt, &q, &err),
                     0);
    int r_aqm = 0, r_np = 0, relabels_shown = 0;
    bool seen[6] = {false};
    for (int np = 0; np < 2; np++) {
        pl_view_model vm;
        pl_view_plan(s, PL_PLAN_PI0, np, 100, &vm);
        assert_false(vm.oom);
        int rows = 0;
        for (int i = 0; i < vm.nlines; i++) {
            int t = vm.lines[i].target;
            if (t < 0 || t >= PL_PLAN_TARGET_PI)
                continue;
            assert_int_equal(t, rows++);
            pl_qlabel want = np ? q.np_aqm[t] : q.aqm[t];
            assert_int_equal(row_mark(&vm.lines[i]), pl_plan_label_mark(want));
            assert_int_equal(vm.lines[i].spans[1].role, pl_plan_label_role(want));
            if (!np)
                seen[want] = true;
            *(np ? &r_np : &r_aqm) += want == PL_QL_REDUNDANT;
            if (np && q.paired_gt[t] < 0 && q.np_gt[t] >= 0) { /* a relabel shows the GT action behind it */
                char *text = pl_vm_line_text(&vm.lines[i]), partner[64];
                snprintf(partner, sizeof partner, "#%-3d %s", q.np_gt[t] + 1, pl_quality_action_text(&q, q.gt[q.np_gt[t]]));
                assert_non_null(strstr(text, partner));
                free(text);
                relabels_shown++;
            }
        }
        assert_int_equal(rows, c->nllm);
        pl_vm_free(&vm);
    }
    for (int l = PL_QL_POSITION; l <= PL_QL_REDUNDANT; l++)
        assert_true(seen[l]);
    assert_true(r_aqm > 0);
    assert_true(r_np < r_aqm);
    assert_int_equal(relabels_shown, r_aqm - r_np);
    pl_quality_result_clear(&q);
    pl_name_sim_close(sim);
}

/* The marker sits right before the failing step's row and names what
 * engine/plans/plan.h's trace names. */
static void check_marker(const pl_plan_subject *s, int k)
{
    const char *const *plan;
    int n = pl_plan_subject_plan(s, k, &plan);
    assert_true(n >= 0);
    pl_trace *tr = pl_trace_new(pl_plan_subject_task(s), (char *const *)plan, n);
    assert_non_null(tr);
    pl_view_model vm;
    pl_view_plan(s, k, false, 100, &vm);
    int at = find_line(&vm, 0, "── last executable action:");
    if (tr->failed_step < 0) {
        assert_int_equal(at, -1);
    } else {
        assert_true(at >= 0);
        assert_int_equal(find_line(&vm, at + 1, "── last executable action:"), -1);
        char *text = joined_lines(&vm, at);
        char *want = tr->lea ? pl_strdup_printf("last executable action: step %d · step %d %s ", tr->lea,
                                                tr->lea + 1, plan[tr->failed_step])
                             : pl_strdup_printf("last executable action: none · step 1 %s ", plan[0]);
        if (!strstr(text, want))
            fail_msg("marker '%s' lacks '%s'", text, want);
        const pl_trace_step *st = &tr->steps[tr->failed_step];
        for (int u = 0; u < st->nunmet; u++) {
            char *p = pl_strdup_printf("%s is false", st->unmet[u]);
            assert_non_null(strstr(text, p));
            free(p);
        }
        int row = at + 1;
        while (vm.lines[row].target < 0)
            row++;
        assert_int_equal(vm.lines[row].target, tr->failed_step);
        free(want);
        free(text);
    }
    pl_vm_free(&vm);
    pl_trace_free(tr);
}

static void test_lea_marker(void **state)
{
    (void)state;
    if (!have_dev())
        return;
    pl_plan_subject *s = all_labels_subject();
    assert_false(pl_plan_subject_quality(s)->executability);
    for (int k = 0; k < PL_PLAN_COUNT; k++)
        check_marker(s, k);
}

/* A valid π0 shows no marker and says so; many cases keep the marker in step
 * with the simulator. */
static void test_valid_plan_has_no_marker(void **state)
{
    (void)state;
    if (!have_dev())
        return;
    int valid = 0, checked = 0;
    /* 8 cases spread over the file: each builds π1–π4 (replanning), slow under valgrind */
    for (int i = 0; i < dev_cases.count && checked < 8; i += 120, checked++) {
        pl_plan_subject *s = case_subject(&dev_cases.items[i]);
        check_marker(s, PL_PLAN_PI0);
        if (pl_plan_subject_quality(s)->validity) {
            valid++;
            pl_view_model vm;
            pl_view_plan(s, PL_PLAN_PI0, false, 100, &vm);
            assert_int_equal(find_line(&vm, 0, "last executable action"), -1);
            assert_true(find_line(&vm, 0, "valid: the goal holds after step") >= 0);
            pl_vm_free(&vm);
        }
        pl_plan_subject_free(s);
    }
    assert_true(valid > 0);
}

/* Every existing plan has its metrics line (target PL_PLAN_TARGET_PI + k),
 * and opening it shows exactly its actions as rows 0..n-1. */
static void test_pi_lines_open_their_plans(void **state)
{
    (void)state;
    if (!have_dev())
        return;
    pl_plan_subject *s = all_labels_subject();
    pl_view_model vm;
    pl_view_plan(s, PL_PLAN_PI0, false, 100, &vm);
    int targets[PL_PLAN_COUNT] = {0};
    for (int i = 0; i < vm.nlines; i++) {
        int t = vm.lines[i].target - PL_PLAN_TARGET_PI;
        if (t >= 0) {
            assert_true(t < PL_PLAN_COUNT);
            char *text = line_text(&vm, i);
            assert_non_null(strstr(text, pl_plan_name(t)));
            free(text);
            targets[t]++;
        }
    }
    pl_vm_free(&vm);
    for (int k = 0; k < PL_PLAN_COUNT; k++) {
        const char *const *plan;
        int n = pl_plan_subject_plan(s, k, &plan);
        assert_int_equal(targets[k], n >= 0);
        if (n < 0)
            continue;
        pl_view_plan(s, k, false, 100, &vm);
        assert_false(vm.oom);
        int rows = 0;
        for (int i = 0; i < vm.nlines; i++) {
            int t = vm.lines[i].target;
            if (t < 0 || t >= PL_PLAN_TARGET_PI)
                continue;
            assert_int_equal(t, rows);
            char *text = line_text(&vm, i);
            assert_non_null(strstr(text, plan[rows]));
            free(text);
            rows++;
        }
        assert_int_equal(rows, n);
        pl_vm_free(&vm);
    }
    const char *const *gt;
    assert_int_equal(pl_plan_subject_plan(s, PL_PLAN_GT, &gt), dev_case(ALL_LABELS_CASE)->ngt);
    assert_string_equal(gt[0], dev_case(ALL_LABELS_CASE)->gt[0]);
}

/* ---- sample-runs ---- */

static char **plan_file(const char *path, int *n, pl_plan_steps *steps)
{
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *text = pl_read_file(path, &len, &err);
    assert_non_null(text);
    assert_int_equal(pl_plan_steps_parse(text, steps, &err), PL_OK);
    free(text);
    *n = steps->count;
    return steps->steps;
}

/* A case made of sample-runs' Blocksworld PDDL, a model plan and the optimal plan. */
static pl_plan_subject *sample_subject(const char *model_plan)
{
    size_t len;
    pl_error err = PL_ERROR_INIT;
    pl_plan_steps llm, gt;
    pl_quality_case c = {.id = (char *)model_plan, .llm_correct = -1};
    c.domain_text = pl_read_file(BW "/domain.pddl", &len, &err);
    c.problem_text = pl_read_file(BW "/problem.pddl", &len, &err);
    c.domain_name = "domain.pddl";
    c.problem_name = "problem.pddl";
    char *path = pl_strdup_printf(BW "/plans/%s", model_plan);
    c.llm = plan_file(path, &c.nllm, &llm);
    c.gt = plan_file(BW "/plans/optimal.txt", &c.ngt, &gt);
    char *why = NULL;
    pl_plan_subject *s = pl_plan_subject_from_case(&c, &why);
    assert_null(why);
    assert_non_null(s);
    free(path);
    free(c.domain_text);
    free(c.problem_text);
    pl_plan_steps_free(&llm);
    pl_plan_steps_free(&gt);
    return s;
}

static void assert_view_has(const pl_plan_subject *s, int k, const char *text)
{
    pl_view_model vm;
    pl_view_plan(s, k, false, 200, &vm);
    if (find_line(&vm, 0, text) < 0)
        fail_msg("no line with '%s'", text);
    pl_vm_free(&vm);
}

/* The status bar says LEA as the metrics do: the official LEA beside the
 * simulation's when they differ, never one of them alone. */
static bool assert_status_lea(const pl_plan_subject *s)
{
    const pl_quality_result *q = pl_plan_subject_quality(s);
    pl_view_model vm;
    pl_view_plan(s, PL_PLAN_PI0, false, 200, &vm);
    char want[96];
    if (q->lea != q->true_lea)
        snprintf(want, sizeof want, "LEA %d (official) · true LEA %d", q->lea, q->true_lea);
    else
        snprintf(want, sizeof want, "· LEA %d ·", q->lea);
    if (!strstr(vm.status, want))
        fail_msg("status '%s' lacks '%s'", vm.status, want);
    assert_view_has(s, PL_PLAN_PI0, "π0  the model's plan");
    pl_vm_free(&vm);
    return q->lea != q->true_lea;
}

static void test_sample_plans(void **state)
{
    (void)state;
    static const char *const names[] = {"model-forgets-to-unstack.txt", "model-hallucinates.txt",
                                        "model-stops-early.txt", "model-extra-argument.txt"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        pl_plan_subject *each = sample_subject(names[i]);
        assert_status_lea(each);
        pl_plan_subject_free(each);
    }
    pl_quality_cases cases = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_read_file(PLANLENS_SOURCE_DIR "/sample-runs/plans/cases.jsonl", NULL, &cases, NULL,
                                          &err),
                     PL_OK);
    int differ = 0;
    for (int i = 0; i < cases.count; i++) {
        char *why = NULL;
        pl_plan_subject *each = pl_plan_subject_from_case(&cases.items[i], &why);
        assert_non_null(each);
        differ += assert_status_lea(each);
        pl_plan_subject_free(each);
    }
    assert_true(differ > 0); /* a case whose official LEA is not the simulation's */
    pl_quality_cases_free(&cases);
    pl_plan_subject *s = sample_subject("model-forgets-to-unstack.txt");
    assert_view_has(s, PL_PLAN_PI0,
                    "── last executable action: step 2 · step 3 (pick-up a) fails: (clear a) is false");
    assert_view_has(s, PL_PLAN_GT, "valid: the goal holds after step 8");
    pl_plan_subject_free(s);
    s = sample_subject("model-hallucinates.txt");
    assert_view_has(s, PL_PLAN_PI0,
                    "── last executable action: step 2 · step 3 (move c d) names no action: unknown action 'move'");
    pl_plan_subject_free(s);
    s = sample_subject("model-stops-early.txt");
    assert_view_has(s, PL_PLAN_PI0, "every step executes, but 2 goals are unmet:");
    assert_view_has(s, PL_PLAN_PI0, "(on a b), (on b c)");
    assert_view_has(s, PL_PLAN_PI0, "ground-truth actions no step is paired with (4):");
    pl_view_model vm;
    pl_view_plan(s, PL_PLAN_PI0, false, 200, &vm);
    assert_int_equal(find_line(&vm, 0, "last executable action"), -1);
    for (int i = 0; i < 4; i++) /* the four steps are the optimal plan's first four, in place */
        assert_int_equal(row_mark(&vm.lines[find_line(&vm, 0, "step L") + 1 + i]), 'C');
    pl_vm_free(&vm);
    pl_plan_subject_free(s);
}

/* IoU plan records of sample-runs: π0 is the list read from the response,
 * the ground truth the stored plan; other records have no plan. */
static void test_iou_records(void **state)
{
    (void)state;
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs/iou"};
    pl_diags w = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, 1, &w);
    assert_non_null(ws);
    pl_diags_clear(&w);
    int built = 0, refused = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        char *why = NULL;
        pl_plan_subject *s = pl_plan_subject_from_record(ws, i, &why);
        assert_true(!s != !why);
        if (!pl_iou_task_is_plan(r->iou->task)) {
            assert_null(s);
            assert_non_null(strstr(why, "is not a plan"));
            refused++;
            free(why);
            continue;
        }
        pl_answer_list list;
        assert_int_equal(pl_answer_list_parse(r->resp->response, &list), 0);
        assert_int_equal(s != NULL, list.ok);
        if (s) {
            const char *const *plan;
            assert_int_equal(pl_plan_subject_plan(s, PL_PLAN_PI0, &plan), list.count);
            for (int k = 0; k < list.count; k++)
                assert_string_equal(plan[k], list.items[k]);
            assert_int_equal(pl_plan_subject_plan(s, PL_PLAN_GT, &plan), r->iou->nanswer);
            for (int k = 0; k < r->iou->nanswer; k++)
                assert_string_equal(plan[k], r->iou->answer[k]);
            check_marker(s, PL_PLAN_PI0);
            built++;
        }
        pl_answer_list_free(&list);
        free(why);
        pl_plan_subject_free(s);
    }
    printf("IoU plan records: %d plan views, %d records without a plan\n", built, refused);
    assert_true(built >= 10);
    assert_true(refused > 0);
    pl_workspace_close(ws);
}

/* ACPBench val and just questions of ../shared/data with a response each
 * (written to a temporary run file): val shows the question's plan, just the
 * model's simplified plan, both against the planner's optimal plan. */
static void test_acpbench_records(void **state)
{
    (void)state;
    if (!pl_test_data_dir("ACPBench val/just questions"))
        return;
    char dir[] = "/tmp/planlens-plan-view-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *run = pl_strdup_printf("%s/run.jsonl", dir);
    char **val_ids, **just_ids;
    char *val_path = pl_strdup(pl_test_acpbench_path("val", "dev"));
    char *just_path = pl_strdup(pl_test_acpbench_path("just", "dev"));
    int nval = pl_test_raw_ids(val_path, &val_ids), njust = pl_test_raw_ids(just_path, &just_ids);
    assert_true(nval > 0 && njust > 0);
    cJSON *just = pl_test_read_json(just_path);
    const char *question = cJSON_GetObjectItem(cJSON_GetArrayItem(just, 0), "question")->valuestring;
    const char *from = strchr(question, ')') + 2; /* the question's plan without its first action */
    int cut = (int)(strchr(from, '"') - from);
    FILE *f = fopen(run, "w");
    assert_non_null(f);
    fprintf(f, "{\"id\": \"%s\", \"group\": \"validation_gen\", \"model\": \"m\", \"response\": \"4\"}\n", val_ids[0]);
    fprintf(f,
            "{\"id\": \"%s\", \"group\": \"action_justification_gen\", \"model\": \"m\", \"response\": "
            "\"Simplified plan: %.*s\"}\n",
            just_ids[0], cut, from);
    fclose(f);
    const char *paths[] = {val_path, just_path, run};
    pl_diags w = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, 3, &w);
    assert_non_null(ws);
    pl_diags_clear(&w);
    assert_int_equal(pl_workspace_count(ws), 2);
    for (int i = 0; i < 2; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        char *why = NULL;
        pl_plan_subject *s = pl_plan_subject_from_record(ws, i, &why);
        if (!s)
            fail_msg("%s: %s", r->task, why);
        const char *const *plan;
        int n = pl_plan_subject_plan(s, PL_PLAN_PI0, &plan);
        const char *want_first = r->acp->task == PL_ACP_VAL ? strchr(r->acp->question, '(') : from;
        assert_true(n > 1);
        assert_memory_equal(plan[0], want_first, strlen(plan[0]));
        const char *const *gt;
        int m = pl_plan_subject_plan(s, PL_PLAN_GT, &gt);
        pl_trace *tr = pl_trace_new(pl_plan_subject_task(s), (char *const *)gt, m);
        assert_true(tr->valid); /* the planner's plan */
        pl_trace_free(tr);
        /* a val question's π0 is the plan it quotes, not the model's */
        assert_string_equal(pl_plan_subject_pi0_what(s),
                            r->acp->task == PL_ACP_VAL ? "the quoted plan" : "the model's plan");
        if (r->acp->task == PL_ACP_VAL) {
            assert_non_null(strstr(pl_plan_subject_about(s), "is 4)"));
            check_marker(s, PL_PLAN_PI0);
        }
        pl_plan_subject_free(s);
    }
    pl_workspace_close(ws);
    cJSON_Delete(just);
    for (int i = 0; i < nval; i++)
        free(val_ids[i]);
    for (int i = 0; i < njust; i++)
        free(just_ids[i]);
    free(val_ids);
    free(just_ids);
    unlink(run);
    rmdir(dir);
    free(run);
    free(val_path);
    free(just_path);
}

/* ---- planlens planview ---- */

static int run_planview(const char *args, const char *want)
{
    char *cmd = pl_strdup_printf("%s planview %s 2>/dev/null", PLANLENS_BIN, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    bool found = !want;
    while (fgets(buf, sizeof buf, p))
        found |= want && strstr(buf, want) != NULL;
    int status = pclose(p);
    free(cmd);
    if (!found)
        fail_msg("planview %s: no line with '%s'", args, want);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A case file written from sample-runs (domain, problem, two plans). */
static void test_planview_command(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-planview-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *path = pl_strdup_printf("%s/cases.jsonl", dir);
    cJSON *c = cJSON_CreateObject();
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *domain = pl_read_file(BW "/domain.pddl", &len, &err), *problem = pl_read_file(BW "/problem.pddl", &len, &err);
    cJSON_AddStringToObject(c, "case_id", "bw/forgets");
    cJSON_AddStringToObject(c, "domain_pddl", domain);
    cJSON_AddStringToObject(c, "problem_pddl", problem);
    const char *gt[] = {"(unstack d a)", "(put-down d)", "(pick-up c)", "(stack c d)",
                        "(pick-up b)",   "(stack b c)",  "(pick-up a)", "(stack a b)"};
    const char *llm[] = {"(pick-up c)", "(stack c d)", "(pick-up a)", "(stack a b)"};
    cJSON_AddItemToObject(c, "gt_plan", cJSON_CreateStringArray(gt, 8));
    cJSON_AddItemToObject(c, "llm_plan", cJSON_CreateStringArray(llm, 4));
    char *line = cJSON_PrintUnformatted(c);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%s\n", line);
    fclose(f);
    char *args = pl_strdup_printf("%s --case bw/forgets", path);
    assert_int_equal(run_planview(args, "── last executable action: step 2 · step 3 (pick-up a) fails: (clear a) is false"), 0);
    free(args);
    args = pl_strdup_printf("%s --plan gt --width 60", path);
    assert_int_equal(run_planview(args, "valid: the goal holds after step 8"), 0);
    free(args);
    args = pl_strdup_printf("%s --plan pi9", path);
    assert_int_equal(run_planview(args, NULL), 2);
    free(args);
    args = pl_strdup_printf("%s --index 1", path);
    assert_int_equal(run_planview(args, NULL), 3);
    free(args);
    assert_int_equal(run_planview(dir, NULL), 3); /* a directory is no case file */
    unlink(path);
    rmdir(dir);
    free(path);
    free(line);
    free(domain);
    free(problem);
    cJSON_Delete(c);
}

static int teardown(void **state)
{
    (void)state;
    pl_plan_subject_free(all_labels);
    pl_quality_cases_free(&dev_cases);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_plans),
        cmocka_unit_test(test_iou_records),
        cmocka_unit_test(test_acpbench_records),
        cmocka_unit_test(test_marks_are_the_labels),
        cmocka_unit_test(test_lea_marker),
        cmocka_unit_test(test_valid_plan_has_no_marker),
        cmocka_unit_test(test_pi_lines_open_their_plans),
        cmocka_unit_test(test_planview_command),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
