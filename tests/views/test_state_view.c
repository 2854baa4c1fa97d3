/* The state view: every state of a plan's trace as the engine simulates it
 * (each atom once, + for atoms the step made true, - for atoms it made
 * false, goal atoms marked), where a failing plan stops and why, ASCII that
 * is ASCII; and state answers of sample-runs/ with every true atom once in
 * its role and every answer-only atom with a reason. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "plans/plan.h"
#include "state_view.h"
#include "task/load.h"
#include "test_support.h"
#include "views.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"
#define BW SAMPLES "/blocksworld"
#define WIDE 1000

static void load_blocksworld(pl_loaded_task *lt)
{
    pl_error err = PL_ERROR_INIT;
    int rc = pl_load_task_files(BW "/domain.pddl", BW "/problem.pddl", lt, NULL, &err);
    if (rc != PL_OK)
        fail_msg("%s", err.message);
}

static void read_plan(const char *name, pl_plan_steps *steps)
{
    char path[512];
    snprintf(path, sizeof path, BW "/plans/%s", name);
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    assert_non_null(text);
    assert_int_equal(pl_plan_steps_parse(text, steps, &err), PL_OK);
    free(text);
}

static pl_state_trace *trace_of(const pl_task *t, const pl_plan_steps *steps)
{
    pl_state_trace *st = pl_state_trace_new(t, (const char *const *)steps->steps, steps->count);
    assert_non_null(st);
    return st;
}

static char *line_text(const pl_view_model *vm, int i)
{
    char *s = pl_vm_line_text(&vm->lines[i]);
    assert_non_null(s);
    return s;
}

/* How often the view's text holds `needle` on one line. */
static int lines_with(const pl_view_model *vm, const char *needle)
{
    int n = 0;
    for (int i = 0; i < vm->nlines; i++) {
        char *s = line_text(vm, i);
        n += strstr(s, needle) != NULL;
        free(s);
    }
    return n;
}

/* An atom line of the trace view: change mark, goal mark, atom, note. */
static bool is_atom_line(const pl_line *l)
{
    return l->nspans == 4 && l->spans[2].text[0] == '(';
}

/* The positive goal atoms, by the engine's explanation of the goal in the empty state. */
static bool *goal_atoms(const pl_task *t)
{
    uint64_t *empty = pl_state_new(t);
    char **unmet = NULL;
    int n = pl_explain_unmet_goals(t, empty, &unmet);
    bool *goal = calloc((size_t)t->natoms + 1, sizeof *goal);
    assert_non_null(goal);
    for (int i = 0; i < n; i++) {
        int a = pl_resolve_atom(t, unmet[i], &(bool){false}, NULL);
        assert_true(a >= 0);
        goal[a] = true;
    }
    assert_true(n > 0);
    pl_strings_free(unmet, n);
    free(empty);
    return goal;
}

/* One state of the view against the states the engine computed. */
static void check_state(const pl_task *t, const pl_view_model *vm, const uint64_t *cur, const uint64_t *prev,
                        const bool *goal)
{
    int expected_lines = 0, atom_lines = 0;
    for (int i = 0; i < vm->nlines; i++)
        atom_lines += is_atom_line(&vm->lines[i]);
    for (int a = 0; a < t->natoms; a++) {
        bool now = pl_state_has(cur, a), before = prev ? pl_state_has(prev, a) : now;
        int seen = 0;
        for (int i = 0; i < vm->nlines; i++) {
            const pl_line *l = &vm->lines[i];
            if (!is_atom_line(l) || strcmp(l->spans[2].text, t->atoms[a].name))
                continue;
            seen++;
            char change = l->spans[0].text[2], gmark = l->spans[1].text[0];
            assert_int_equal(l->target, -1);
            assert_int_equal(change, now && !before ? '+' : before && !now ? '-' : ' ');
            assert_int_equal(gmark, !goal[a] ? ' ' : now ? 'G' : 'g');
            if (change == '+')
                assert_int_equal(l->spans[2].role, ROLE_CORRECT);
            if (change == '-')
                assert_int_equal(l->spans[2].role, ROLE_WRONG);
        }
        int want = now || before || goal[a];
        expected_lines += want;
        if (seen != want)
            fail_msg("%s shown %d times, want %d", t->atoms[a].name, seen, want);
    }
    assert_int_equal(atom_lines, expected_lines);
}

static void test_trace_equals_simulation(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_blocksworld(&lt);
    const pl_task *t = lt.task;
    pl_plan_steps steps;
    read_plan("optimal.txt", &steps);
    pl_state_trace *st = trace_of(t, &steps);
    assert_int_equal(pl_state_trace_steps(st), steps.count + 1);
    bool *goal = goal_atoms(t);
    int ngoals = 0;
    for (int a = 0; a < t->natoms; a++)
        ngoals += goal[a];
    /* our own simulation, action by action */
    uint64_t *cur = pl_state_clone(t, t->init), *prev = pl_state_new(t);
    for (int step = 0; step <= steps.count; step++) {
        if (step) {
            pl_action_ref ref;
            assert_int_equal(pl_resolve_action(t, steps.steps[step - 1], &ref), PL_REF_OK);
            assert_true(pl_task_applicable(t, ref.action, cur));
            memcpy(prev, cur, (size_t)t->words * sizeof *cur);
            pl_task_apply(t, ref.action, prev, cur);
            pl_action_ref_clear(&ref);
        }
        pl_view_model vm;
        pl_view_state_trace(st, step, true, WIDE, &vm);
        assert_false(vm.oom);
        check_state(t, &vm, cur, step ? prev : NULL, goal);
        int holding = 0;
        for (int a = 0; a < t->natoms; a++)
            holding += goal[a] && pl_state_has(cur, a);
        char want[64];
        snprintf(want, sizeof want, "step %d of %d: ", step, steps.count);
        char *head = line_text(&vm, 0);
        assert_non_null(strstr(head, want));
        snprintf(want, sizeof want, "goals %d/%d", holding, ngoals);
        assert_non_null(strstr(head, want));
        free(head);
        assert_int_equal(lines_with(&vm, "goal reached"), step == steps.count);
        assert_int_equal(lines_with(&vm, "stopped"), 0);
        pl_vm_free(&vm);
    }
    assert_true(pl_task_goal_reached(t, cur));
    free(cur);
    free(prev);
    free(goal);
    pl_state_trace_free(st);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
}

static bool all_ascii(const char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s >= 0x80)
            return false;
    return true;
}

static void test_ascii_has_no_high_bytes(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_blocksworld(&lt);
    const char *plans[] = {"optimal.txt", "model-forgets-to-unstack.txt", "model-hallucinates.txt",
                           "model-stops-early.txt", "model-extra-argument.txt"};
    int unicode_seen = 0;
    for (size_t p = 0; p < sizeof plans / sizeof *plans; p++) {
        pl_plan_steps steps;
        read_plan(plans[p], &steps);
        pl_state_trace *st = trace_of(lt.task, &steps);
        for (int step = 0; step < pl_state_trace_steps(st); step++)
            for (int ascii = 0; ascii < 2; ascii++) {
                pl_view_model vm;
                pl_view_state_trace(st, step, ascii, 40, &vm);
                bool clean = all_ascii(vm.title) && all_ascii(vm.status);
                for (int i = 0; i < vm.nlines; i++)
                    for (int k = 0; k < vm.lines[i].nspans; k++)
                        clean = clean && all_ascii(vm.lines[i].spans[k].text);
                if (ascii)
                    assert_true(clean);
                unicode_seen += !ascii && !clean;
                pl_vm_free(&vm);
            }
        pl_state_trace_free(st);
        pl_plan_steps_free(&steps);
    }
    assert_true(unicode_seen > 0); /* the flag changes something */
    pl_loaded_task_free(&lt);
}

/* The view at the trace's end names the failing step and its unmet
 * preconditions, as the engine explains them in the state reached. */
static void test_trace_stops_at_failure(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_blocksworld(&lt);
    const pl_task *t = lt.task;
    pl_plan_steps steps;
    read_plan("model-forgets-to-unstack.txt", &steps);
    pl_state_trace *st = trace_of(t, &steps);
    /* find the first step our own simulation cannot apply */
    uint64_t *cur = pl_state_clone(t, t->init), *next = pl_state_new(t);
    int k = 0;
    pl_action_ref ref;
    for (;; k++) {
        assert_true(k < steps.count);
        assert_int_equal(pl_resolve_action(t, steps.steps[k], &ref), PL_REF_OK);
        if (!pl_task_applicable(t, ref.action, cur))
            break;
        pl_task_apply(t, ref.action, cur, next);
        memcpy(cur, next, (size_t)t->words * sizeof *cur);
        pl_action_ref_clear(&ref);
    }
    assert_true(k > 0);
    assert_int_equal(pl_state_trace_steps(st), k + 1);
    char **unmet = NULL;
    int nunmet = pl_explain_unmet(t, ref.schema, ref.args, cur, &unmet);
    assert_true(nunmet > 0);
    pl_view_model vm, past;
    pl_view_state_trace(st, k, false, WIDE, &vm);
    pl_view_state_trace(st, k + 5, false, WIDE, &past); /* clamped to the last state */
    assert_int_equal(past.nlines, vm.nlines);
    char want[256];
    snprintf(want, sizeof want, "stopped at step %d of %d: %s", k + 1, steps.count, ref.text);
    assert_int_equal(lines_with(&vm, want), 1);
    /* the breadcrumb counts steps as the header does: of the plan's steps */
    snprintf(want, sizeof want, "state: step %d of %d", k, steps.count);
    assert_string_equal(vm.title, want);
    for (int i = 0; i < nunmet; i++) {
        snprintf(want, sizeof want, "unmet precondition: %s", unmet[i]);
        assert_int_equal(lines_with(&vm, want), 1);
    }
    int errors = 0;
    for (int i = 0; i < vm.nlines; i++)
        errors += vm.lines[i].nspans && vm.lines[i].spans[0].role == ROLE_ERROR;
    assert_int_equal(errors, 1 + nunmet);
    pl_vm_free(&past);
    pl_vm_free(&vm);
    /* the states before the failure do not say it */
    pl_view_state_trace(st, k - 1, false, WIDE, &vm);
    assert_int_equal(lines_with(&vm, "stopped"), 0);
    pl_vm_free(&vm);
    pl_strings_free(unmet, nunmet);
    pl_action_ref_clear(&ref);
    free(cur);
    free(next);
    pl_state_trace_free(st);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
}

/* A step whose text names no action ends the trace with the engine's reason. */
static void test_trace_stops_at_unknown_action(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_blocksworld(&lt);
    pl_plan_steps steps;
    read_plan("model-hallucinates.txt", &steps);
    pl_state_trace *st = trace_of(lt.task, &steps);
    int k = 0;
    pl_action_ref ref;
    while (pl_resolve_action(lt.task, steps.steps[k], &ref) == PL_REF_OK) {
        pl_action_ref_clear(&ref);
        k++;
    }
    assert_int_equal(pl_state_trace_steps(st), k + 1);
    pl_view_model vm;
    pl_view_state_trace(st, k, true, WIDE, &vm);
    assert_int_equal(lines_with(&vm, pl_ref_status_name(ref.status)), 1);
    assert_non_null(ref.detail);
    assert_int_equal(lines_with(&vm, ref.detail), 1);
    pl_vm_free(&vm);
    pl_action_ref_clear(&ref);
    pl_state_trace_free(st);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
}

/* Derived atoms (tests/data/pddl-derived: powered and dark follow from the
 * wires by axioms) are no effects of the action: the step's counts keep them
 * apart, their predicates say "(derived)", and a changed one says the axioms
 * made it true or false, not that the action added or deleted it. */
static void test_derived_atoms_marked(void **state)
{
    (void)state;
#define WIRES PLANLENS_SOURCE_DIR "/tests/data/pddl-derived"
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_files(WIRES "/domain.pddl", WIRES "/problem.pddl", &lt, NULL, &err) != PL_OK)
        fail_msg("%s", err.message);
    const char *plan[] = {"(switch-off n1 n4)", "(switch-on s n1)"};
    pl_state_trace *st = pl_state_trace_new(lt.task, plan, 2);
    assert_non_null(st);
    pl_view_model vm;
    pl_view_state_trace(st, 2, false, WIDE, &vm);
    assert_int_equal(lines_with(&vm, "+1 added · −0 deleted · derived +1 −1"), 1);
    assert_int_equal(lines_with(&vm, "powered (derived)  2 true"), 1);
    assert_int_equal(lines_with(&vm, "dark (derived)  3 true, 1 no longer true"), 1);
    assert_int_equal(lines_with(&vm, "(powered n1)  derived, now true"), 1);
    assert_int_equal(lines_with(&vm, "(dark n1)  derived, no longer true"), 1);
    assert_int_equal(lines_with(&vm, "(on s n1)  added"), 1);
    assert_int_equal(lines_with(&vm, "on (derived)"), 0);
    pl_vm_free(&vm);
    pl_state_trace_free(st);
    pl_loaded_task_free(&lt);
    /* a domain without axioms says nothing of derived atoms */
    load_blocksworld(&lt);
    pl_plan_steps steps;
    read_plan("model-hallucinates.txt", &steps);
    st = trace_of(lt.task, &steps);
    pl_view_state_trace(st, 1, false, WIDE, &vm);
    assert_int_equal(lines_with(&vm, "derived"), 0);
    pl_vm_free(&vm);
    pl_state_trace_free(st);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
#undef WIRES
}

static bool in_list(char *const *list, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i], s))
            return true;
    return false;
}

/* Lines whose atom span is `text` (answer view: mark, atom, role, reason). */
static int item_lines(const pl_view_model *vm, const char *text, const pl_line **found)
{
    int n = 0;
    for (int i = 0; i < vm->nlines; i++)
        if (vm->lines[i].nspans >= 3 && !strcmp(vm->lines[i].spans[1].text, text)) {
            *found = &vm->lines[i];
            n++;
        }
    return n;
}

/* A tracking reason "deleted by step j, (action)" is what the actions did. */
static void check_tracking_reason(const pl_ws_record *r, const char *atom, const char *why)
{
    int j;
    if (sscanf(why, ": deleted by step %d", &j) != 1) {
        assert_string_equal(why, ": never true along the actions");
        return;
    }
    pl_loaded_task lt;
    pl_test_load_texts(r->iou->pddl_domain, r->iou->pddl_problem, r->id, &lt);
    pl_trace *tr = pl_trace_new(lt.task, r->iou->actions, r->iou->nactions);
    int a = pl_resolve_atom(lt.task, atom, &(bool){false}, NULL);
    assert_true(a >= 0 && j >= 1 && j <= tr->lea);
    assert_true(pl_state_has(pl_trace_state(tr, j - 1), a));
    for (int s = j; s <= tr->lea; s++)
        assert_false(pl_state_has(pl_trace_state(tr, s), a));
    pl_trace_free(tr);
    pl_loaded_task_free(&lt);
}

static void test_state_answers(void **state)
{
    pl_workspace *ws = *state;
    int checked = 0, answer_only = 0, hallucinated = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->iou || (r->iou->task != PL_IOU_STATE && r->iou->task != PL_IOU_TRACKING) || !r->iou_v.list.ok)
            continue;
        pl_view_model vm;
        assert_int_equal(pl_view_state_answer(ws, i, true, WIDE, &vm), 1);
        const pl_iou_question *q = r->iou;
        char **answer = r->iou_v.list.items;
        int nanswer = r->iou_v.list.count;
        for (int k = 0; k < q->nanswer; k++) {
            const pl_line *l = NULL;
            assert_int_equal(item_lines(&vm, q->answer[k], &l), 1);
            bool both = in_list(answer, nanswer, q->answer[k]);
            assert_string_equal(l->spans[2].text, both ? "  both" : "  missed");
            assert_int_equal(l->spans[1].role, both ? ROLE_CORRECT : ROLE_MISSED);
        }
        for (int k = 0; k < nanswer; k++) {
            if (in_list(q->answer, q->nanswer, answer[k]) || in_list(answer, k, answer[k]))
                continue;
            const pl_line *l = NULL;
            assert_int_equal(item_lines(&vm, answer[k], &l), 1);
            bool is_hallucinated = !strcmp(l->spans[2].text, "  hallucinated");
            if (!is_hallucinated)
                assert_string_equal(l->spans[2].text, "  wrong");
            /* the verdict's role */
            for (int c = 0; c < r->iou_v.cmp.count; c++)
                if (!strcmp(r->iou_v.cmp.items[c].text, answer[k]))
                    assert_int_equal(r->iou_v.cmp.items[c].role == PL_ITEM_HALLUCINATED, is_hallucinated);
            assert_int_equal(l->nspans, 4);
            assert_true(strlen(l->spans[3].text) > 4 && !strncmp(l->spans[3].text, ": ", 2));
            if (q->task == PL_IOU_TRACKING && !is_hallucinated && !strstr(l->spans[3].text, "static"))
                check_tracking_reason(r, answer[k], l->spans[3].text);
            answer_only++;
            hallucinated += is_hallucinated;
        }
        for (int k = 0; k < vm.nlines; k++)
            for (int s = 0; s < vm.lines[k].nspans; s++)
                assert_true(all_ascii(vm.lines[k].spans[s].text));
        pl_vm_free(&vm);
        checked++;
    }
    assert_true(checked >= 10);
    assert_true(answer_only >= 5);
    assert_true(hallucinated >= 2);
}

/* Copies the line of `path` holding `needle` into `out` (a new file). */
static void copy_line(const char *path, const char *needle, FILE *out)
{
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char *line = NULL;
    size_t cap = 0;
    int found = 0;
    while (getline(&line, &cap, in) > 0)
        if (strstr(line, needle) && ++found == 1)
            fputs(line, out);
    assert_int_equal(found, 1);
    free(line);
    fclose(in);
}

/* Wrong atoms of a tracking answer say which step deleted them, or that no
 * step made them true: the sample's tracking question, answered with atoms
 * its actions delete and one they never add. */
static void test_tracking_reasons(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-state-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char questions[256], run[256];
    snprintf(questions, sizeof questions, "%s/questions.jsonl", dir);
    snprintf(run, sizeof run, "%s/run.jsonl", dir);
    FILE *f = fopen(questions, "w");
    assert_non_null(f);
    copy_line(SAMPLES "/iou/questions.jsonl", "\"id\":\"blocksworld-4ops/bw-sample-4/tracking\"", f);
    fclose(f);
    f = fopen(run, "w");
    assert_non_null(f);
    fputs("{\"id\":\"blocksworld-4ops/bw-sample-4/tracking\",\"model\":\"test\","
          "\"response\":\"[(clear a), (on d a), (holding d), (on a b), (clear zz)]\"}\n", f);
    fclose(f);
    const char *paths[] = {dir};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, 1, &warnings);
    pl_diags_clear(&warnings);
    assert_non_null(ws);
    assert_int_equal(pl_workspace_count(ws), 1);
    assert_int_equal(pl_workspace_grade_start(ws), 0);
    while (pl_workspace_graded(ws) < 1) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    const pl_ws_record *r = pl_workspace_record(ws, 0);
    assert_null(r->error);
    pl_view_model vm;
    assert_int_equal(pl_view_state_answer(ws, 0, false, WIDE, &vm), 1);
    int deleted = 0, never = 0, wrong = 0;
    for (int i = 0; i < r->iou_v.list.count; i++) {
        const char *atom = r->iou_v.list.items[i];
        if (in_list(r->iou->answer, r->iou->nanswer, atom))
            continue;
        const pl_line *l = NULL;
        assert_int_equal(item_lines(&vm, atom, &l), 1);
        assert_int_equal(l->nspans, 4);
        if (strcmp(l->spans[2].text, "  wrong"))
            continue;
        check_tracking_reason(r, atom, l->spans[3].text);
        deleted += strstr(l->spans[3].text, "deleted by step") != NULL;
        never += strstr(l->spans[3].text, "never true") != NULL;
        wrong++;
    }
    assert_int_equal(wrong, 3);
    assert_true(deleted >= 1 && never >= 1);
    pl_vm_free(&vm);
    pl_workspace_close(ws);
    remove(questions);
    remove(run);
    rmdir(dir);
}

/* Only state-like answers have the view; the others leave the model alone. */
static void test_other_records(void **state)
{
    pl_workspace *ws = *state;
    int none = 0, prog = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        pl_view_model vm;
        memset(&vm, 0, sizeof vm);
        vm.nlines = 12345;
        int rc = pl_view_state_answer(ws, i, false, 100, &vm);
        bool state_like = r->iou ? r->iou->task == PL_IOU_STATE || r->iou->task == PL_IOU_TRACKING ||
                                       r->iou->task == PL_IOU_PROG_POS || r->iou->task == PL_IOU_PROG_NEG
                                 : r->acp && r->acp->task == PL_ACP_PROG;
        assert_int_equal(rc, state_like ? 1 : 0);
        if (!rc) {
            assert_int_equal(vm.nlines, 12345);
            none++;
            continue;
        }
        if (r->acp) {
            assert_int_equal(lines_with(&vm, "positive effects"), 1);
            assert_int_equal(lines_with(&vm, "negative effects"), 1);
            prog++;
        }
        pl_vm_free(&vm);
    }
    assert_true(none > 10);
    assert_true(prog > 5);
}

/* `planlens states`: the same views as text, with the documented exit codes. */
static int run_states(const char *args, char **out)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' states %s 2>&1", PLANLENS_BIN, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, n = 0, got;
    *out = malloc(cap);
    assert_non_null(*out);
    while ((got = fread(*out + n, 1, cap - n - 1, p)) > 0)
        n += got;
    (*out)[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *s = text; (s = strstr(s, needle)); s++)
        n++;
    return n;
}

static void test_cli_states(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(run_states(BW "/domain.pddl " BW "/problem.pddl " BW "/plans/optimal.txt --all --ascii", &out), 0);
    pl_plan_steps steps;
    read_plan("optimal.txt", &steps);
    for (int i = 0; i <= steps.count; i++) {
        char want[64];
        snprintf(want, sizeof want, "step %d of %d: ", i, steps.count);
        assert_int_equal(count_of(out, want), 1);
    }
    assert_true(all_ascii(out));
    assert_non_null(strstr(out, "goal reached"));
    free(out);
    assert_int_equal(run_states(BW "/domain.pddl " BW "/problem.pddl " BW "/plans/optimal.txt --step 2", &out), 0);
    assert_int_equal(count_of(out, "step 2 of "), 1);
    assert_int_equal(count_of(out, "step 3 of "), 0);
    free(out);
    char args[512];
    snprintf(args, sizeof args, BW "/domain.pddl " BW "/problem.pddl " BW "/plans/optimal.txt --step %d", steps.count + 1);
    assert_int_equal(run_states(args, &out), 2);
    free(out);
    assert_int_equal(run_states(BW "/domain.pddl " BW "/problem.pddl " BW "/plans/model-forgets-to-unstack.txt", &out), 1);
    assert_non_null(strstr(out, "unmet precondition: "));
    free(out);
    assert_int_equal(run_states(BW "/domain.pddl " BW "/problem.pddl", &out), 2);
    free(out);
    assert_int_equal(run_states(BW "/domain.pddl " BW "/problem.pddl " BW "/plans/no-such-plan.txt", &out), 3);
    free(out);
    pl_plan_steps_free(&steps);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trace_equals_simulation),
        cmocka_unit_test(test_ascii_has_no_high_bytes),
        cmocka_unit_test(test_trace_stops_at_failure),
        cmocka_unit_test(test_trace_stops_at_unknown_action),
        cmocka_unit_test(test_derived_atoms_marked),
        cmocka_unit_test(test_tracking_reasons),
        cmocka_unit_test(test_cli_states),
    };
    const struct CMUnitTest ws_tests[] = {
        cmocka_unit_test(test_state_answers),
        cmocka_unit_test(test_other_records),
    };
    int failed = cmocka_run_group_tests_name("state trace", tests, NULL, NULL);
    return failed + cmocka_run_group_tests_name("state answers", ws_tests, pl_test_open_samples, pl_test_close_workspace);
}
