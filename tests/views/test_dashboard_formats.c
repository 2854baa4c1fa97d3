/* One dashboard row per run × task × format (issue 38): a run's reach gen,
 * bool and MCQ answers are three rows ("reach", "reach-bool", "reach-mcq"),
 * never one; the filters, the why screen and the exports that follow a row
 * keep them apart; the ins!=lm column counts the answers where the Inspect
 * and lm-eval official graders differ; every export of answers carries the
 * answer's key, group, question, file, line, stored and parsed answer and
 * the response. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "csv_out.h"
#include "filter.h"
#include "table.h"
#include "test_support.h"
#include "views.h"
#include "why_view.h"

/* Same ids in the three formats, as ACPBench has them: (group, id) tells them apart. */
static const char questions[] =
    "[{\"id\": 11, \"group\": \"reachable_atom_gen\", \"context\": \"c\", \"question\": \"Which atom?\", "
    "\"answer\": [\"(at a)\"], "
    "\"PDDL_domain\": \"(define (domain d))\", \"PDDL_problem\": \"(define (problem p) (:domain d))\"},\n"
    " {\"id\": 12, \"group\": \"reachable_atom_gen\", \"context\": \"c\", \"question\": \"Which atom 2?\", "
    "\"answer\": [\"(at b)\"], "
    "\"PDDL_domain\": \"(define (domain d))\", \"PDDL_problem\": \"(define (problem p) (:domain d))\"},\n"
    " {\"id\": 11, \"group\": \"reachable_atom_bool\", \"context\": \"c\", \"question\": \"Is it reachable?\", "
    "\"answer\": \"yes\"},\n"
    " {\"id\": 11, \"group\": \"reachable_atom_mcq\", \"context\": \"c\", \"question\": \"Which? A. x. B. y.\", "
    "\"choices\": {\"text\": [\"x\", \"y\"], \"label\": [\"A\", \"B\"]}, \"query\": \"Which?\", \"answer\": \"A\"},\n"
    " {\"id\": 12, \"group\": \"reachable_atom_mcq\", \"context\": \"c\", \"question\": \"Which 2? A. x. B. y.\", "
    "\"choices\": {\"text\": [\"x\", \"y\"], \"label\": [\"A\", \"B\"]}, \"query\": \"Which?\", \"answer\": \"B\"}]\n";

/* Record 0..: gen 11, gen 12, bool 11, mcq 11 (right), mcq 12 (wrong). */
static const char run[] =
    "{\"id\": 11, \"group\": \"reachable_atom_gen\", \"response\": \"(at a)\", \"model\": \"m\"}\n"
    "{\"id\": 12, \"group\": \"reachable_atom_gen\", \"response\": \"(at c)\", \"model\": \"m\"}\n"
    "{\"id\": 11, \"group\": \"reachable_atom_bool\", \"response\": \"Yes\", \"model\": \"m\"}\n"
    "{\"id\": 11, \"group\": \"reachable_atom_mcq\", \"response\": \"A\", \"model\": \"m\"}\n"
    "{\"id\": 12, \"group\": \"reachable_atom_mcq\", \"response\": \"A\", \"model\": \"m\"}\n";

typedef struct {
    char dir[64];
    char questions[128], run[128];
    pl_workspace *ws;
} fixture;

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    strcpy(fx->dir, "/tmp/planlens-test-formats-XXXXXX");
    if (!fx || !mkdtemp(fx->dir))
        return -1;
    snprintf(fx->questions, sizeof fx->questions, "%s/questions.json", fx->dir);
    snprintf(fx->run, sizeof fx->run, "%s/run.jsonl", fx->dir);
    write_file(fx->questions, questions);
    write_file(fx->run, run);
    const char *paths[] = {fx->questions, fx->run};
    fx->ws = pl_test_open_graded(paths, 2);
    *state = fx;
    return fx->ws ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    pl_workspace_close(fx->ws);
    remove(fx->questions);
    remove(fx->run);
    rmdir(fx->dir);
    free(fx);
    return 0;
}

/* The record answering question `id` of `group`. */
static int record_of(const pl_workspace *ws, const char *group, const char *id)
{
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!strcmp(r->acp->group, group) && !strcmp(r->id, id))
            return i;
    }
    fail_msg("no record %s %s", group, id);
    return -1;
}

/* The dashboard's row lines, as drawn. */
static int row_lines(const pl_view_model *vm, char **out, int max)
{
    int n = 0;
    for (int i = vm->nfixed; i < vm->nlines && n < max; i++)
        if (vm->lines[i].target >= 0)
            assert_non_null(out[n++] = pl_vm_line_text(&vm->lines[i]));
    return n;
}

static void free_lines(char **lines, int n)
{
    for (int i = 0; i < n; i++)
        free(lines[i]);
}

static int selected(const pl_workspace *ws, const char *expr)
{
    int col;
    char *error = NULL;
    pl_filter *f = pl_filter_parse(expr, &col, &error);
    assert_non_null(f);
    pl_selection sel = {f, NULL, 0, NULL};
    int n;
    free(pl_select_records(ws, &sel, &n));
    pl_filter_free(f);
    return n;
}

static void test_a_row_per_format(void **state)
{
    const fixture *fx = *state;
    assert_int_equal(pl_workspace_count(fx->ws), 5);
    assert_int_equal(pl_workspace_ngroups(fx->ws), 3);
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(fx->ws, NULL, 140, true, NULL, &vm, &rows);
    assert_int_equal(rows.nkeys, 3);
    assert_string_equal(rows.keys[0], "m\treach");
    assert_string_equal(rows.keys[1], "m\treach-bool");
    assert_string_equal(rows.keys[2], "m\treach-mcq");
    char *lines[4];
    int n = row_lines(&vm, lines, 4);
    assert_int_equal(n, 3);
    /* the answers of each format on its own row: 2 + 1 + 2, not one "reach" row of 5 */
    assert_non_null(strstr(lines[0], "reach "));
    assert_non_null(strstr(lines[0], "2/2"));
    assert_non_null(strstr(lines[1], "reach-bool"));
    assert_non_null(strstr(lines[1], "1/1"));
    assert_non_null(strstr(lines[2], "reach-mcq"));
    assert_non_null(strstr(lines[2], "2/2"));
    assert_non_null(strstr(lines[2], "50.0%"));
    free_lines(lines, n);
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
}

/* What Enter on a row filters by (model="m" task="reach-mcq") opens that
 * row's answers; task~reach still finds every format. */
static void test_filters_follow_the_rows(void **state)
{
    const fixture *fx = *state;
    assert_int_equal(selected(fx->ws, "model=\"m\" task=\"reach-mcq\""), 2);
    assert_int_equal(selected(fx->ws, "task=reach-bool"), 1); /* one word: no quotes needed */
    assert_int_equal(selected(fx->ws, "task=reach"), 2);
    assert_int_equal(selected(fx->ws, "task~reach"), 5);
}

/* w on the "reach-mcq" row counts that row's wrong answers only. */
static void test_why_of_a_format(void **state)
{
    const fixture *fx = *state;
    const char *runs[] = {"m"};
    pl_why w;
    assert_int_equal(pl_why_init(&w, runs, 1, "reach-mcq"), 0);
    pl_view_model vm;
    pl_view_why(fx->ws, NULL, &w, 120, true, &vm);
    assert_int_equal(w.nmembers[0], 2);
    assert_int_equal(w.table.answers[0], 2);
    assert_int_equal(w.table.wrong[0], 1);
    pl_vm_free(&vm);
    pl_why_free(&w);
}

static bool header_has(const pl_view_model *vm, const char *text)
{
    char *h = pl_vm_line_text(&vm->lines[0]);
    bool found = strstr(h, text) != NULL;
    free(h);
    return found;
}

/* ins!=lm: the answers whose Inspect verdict differs from lm-eval's (the
 * fields verdicts.c fills, set here by hand); '-' on a row whose answers
 * have no Inspect verdict; dropped when 50 columns are too few. */
static void test_inspect_column(void **state)
{
    const fixture *fx = *state;
    int wrong = record_of(fx->ws, "reachable_atom_mcq", "12"), right = record_of(fx->ws, "reachable_atom_mcq", "11");
    pl_ws_record *mcq_wrong = (pl_ws_record *)pl_workspace_record(fx->ws, wrong);
    pl_ws_record *mcq_right = (pl_ws_record *)pl_workspace_record(fx->ws, right);
    /* the Inspect verdicts verdicts.c gave, set aside: the fields are set here by hand */
    int n = pl_workspace_count(fx->ws);
    pl_ws_record *saved = calloc((size_t)n, sizeof *saved);
    assert_non_null(saved);
    for (int i = 0; i < n; i++) {
        pl_ws_record *r = (pl_ws_record *)pl_workspace_record(fx->ws, i);
        saved[i] = *r;
        r->has_inspect = false;
        r->official_rule = NULL;
    }
    /* before any Inspect verdict: the column is there for ACPBench answers, every cell '-' */
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(fx->ws, NULL, 140, true, NULL, &vm, &rows);
    assert_true(header_has(&vm, "ins!=lm"));
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);

    mcq_wrong->has_inspect = mcq_right->has_inspect = true;
    mcq_wrong->inspect_score = 1; /* Inspect's pattern() took another letter */
    mcq_wrong->official_rule = "pattern-first-match";
    mcq_right->inspect_score = 1;
    pl_ws_aggregate s;
    int both[2] = {wrong, right};
    pl_workspace_aggregate(fx->ws, both, 2, &s);
    assert_int_equal(s.acpbench, 2);
    assert_int_equal(s.inspect, 2);
    assert_int_equal(s.inspect_differs, 1);

    pl_view_dashboard(fx->ws, NULL, 140, true, NULL, &vm, &rows);
    assert_true(header_has(&vm, "ins!=lm"));
    char *lines[4];
    int nlines = row_lines(&vm, lines, 4);
    assert_int_equal(nlines, 3);
    /* the last cells: ... stored!= ins!=lm errors; the MCQ row counts 1, the gen row has no Inspect verdict */
    char *h = pl_vm_line_text(&vm.lines[0]);
    int at = (int)(strstr(h, "ins!=lm") - h) + 6; /* right-aligned under the header's last letter */
    assert_int_equal(lines[2][at], '1');
    assert_int_equal(lines[0][at], '-');
    free(h);
    free_lines(lines, nlines);
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);

    pl_view_dashboard(fx->ws, NULL, 50, true, NULL, &vm, &rows);
    assert_true(header_has(&vm, "official"));
    assert_false(header_has(&vm, "ins!=lm"));
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
    /* at any width it gives way before a task name is cut, and is reached sideways */
    int shown = 0, hidden = 0;
    for (int w = 40; w <= 120; w++) {
        pl_view_dashboard(fx->ws, NULL, w, true, NULL, &vm, &rows);
        const pl_column *ins = NULL, *task = NULL;
        for (int c = 0; c < vm.table->ncols; c++) {
            ins = !strcmp(vm.table->cols[c].header, "ins!=lm") ? &vm.table->cols[c] : ins;
            task = !strcmp(vm.table->cols[c].header, "task") ? &vm.table->cols[c] : task;
        }
        assert_non_null(ins);
        assert_non_null(task);
        if (ins->width) {
            shown++;
            assert_int_equal(task->width, task->want);
        } else {
            hidden++;
            assert_true(vm.natural_width >= w); /* in the layout Right shows */
        }
        pl_dashboard_rows_free(&rows);
        pl_vm_free(&vm);
    }
    assert_true(shown > 0 && hidden > 0);

    pl_error err = PL_ERROR_INIT;
    char path[128];
    snprintf(path, sizeof path, "%s/dashboard.csv", fx->dir);
    assert_int_equal(pl_export_dashboard(fx->ws, NULL, path, &err), PL_OK);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[512];
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, ",errors,inspect_ne_lm_eval\n"));
    bool mcq = false;
    while (fgets(line, sizeof line, f))
        mcq = mcq || (!strncmp(line, "m,reach-mcq,", 12) && strstr(line, ",1\n"));
    fclose(f);
    assert_true(mcq);
    remove(path);
    for (int i = 0; i < n; i++) {
        pl_ws_record *r = (pl_ws_record *)pl_workspace_record(fx->ws, i);
        r->has_inspect = saved[i].has_inspect;
        r->inspect_score = saved[i].inspect_score;
        r->official_rule = saved[i].official_rule;
    }
    free(saved);
}

/* Without ACPBench answers there is no second grader: no ins!=lm. */
static void test_no_acpbench_no_column(void **state)
{
    (void)state;
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs/iou"};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    assert_true(pl_workspace_count(ws) > 0);
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, NULL, 220, true, NULL, &vm, &rows);
    assert_true(header_has(&vm, "official"));
    assert_false(header_has(&vm, "ins!=lm"));
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
    pl_workspace_close(ws);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *text = calloc(1, 65536);
    assert_non_null(text);
    size_t n = fread(text, 1, 65535, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* Every export of answers says which answer and what it answered. */
static void test_exports_carry_the_answer(void **state)
{
    const fixture *fx = *state;
    int mcq = record_of(fx->ws, "reachable_atom_mcq", "12");
    char *key = pl_workspace_answer_key(fx->ws, mcq);
    assert_non_null(key);
    char csv[128], jsonl[128], why[128];
    snprintf(csv, sizeof csv, "%s/answers.csv", fx->dir);
    snprintf(jsonl, sizeof jsonl, "%s/answers.jsonl", fx->dir);
    snprintf(why, sizeof why, "%s/why.csv", fx->dir);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_export_records(fx->ws, &mcq, 1, csv, &err), PL_OK);
    char *text = read_all(csv);
    assert_non_null(strstr(text, ",final_score,key,group,question,file,line,stored_answer,parsed_answer,response\n"));
    char *want = pl_strdup_printf(",%s,reachable_atom_mcq,Which 2? A. x. B. y.,%s,5,B,A,A\n", key, fx->run);
    if (!strstr(text, want))
        fail_msg("want %s in\n%s", want, text);
    free(want);
    free(text);

    assert_int_equal(pl_export_records(fx->ws, &mcq, 1, jsonl, &err), PL_OK);
    text = read_all(jsonl);
    cJSON *o = cJSON_Parse(text);
    assert_non_null(o);
    assert_string_equal(cJSON_GetObjectItem(o, "key")->valuestring, key);
    assert_string_equal(cJSON_GetObjectItem(o, "group")->valuestring, "reachable_atom_mcq");
    assert_string_equal(cJSON_GetObjectItem(o, "question")->valuestring, "Which 2? A. x. B. y.");
    assert_string_equal(cJSON_GetObjectItem(o, "file")->valuestring, fx->run);
    assert_int_equal(cJSON_GetObjectItem(o, "line")->valueint, 5);
    assert_string_equal(cJSON_GetObjectItem(o, "stored_answer")->valuestring, "B");
    assert_string_equal(cJSON_GetObjectItem(o, "parsed_answer")->valuestring, "A");
    assert_string_equal(cJSON_GetObjectItem(o, "response")->valuestring, "A");
    cJSON_Delete(o);
    free(text);

    /* a gen answer: its stored and parsed lists as JSON */
    int gen = record_of(fx->ws, "reachable_atom_gen", "12");
    assert_int_equal(pl_export_records(fx->ws, &gen, 1, jsonl, &err), PL_OK);
    text = read_all(jsonl);
    o = cJSON_Parse(text);
    assert_non_null(o);
    assert_true(cJSON_IsArray(cJSON_GetObjectItem(o, "stored_answer")));
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(o, "stored_answer"), 0)->valuestring, "(at b)");
    assert_int_equal(cJSON_GetObjectItem(o, "line")->valueint, 2);
    cJSON_Delete(o);
    free(text);

    /* the why export: a line per row and answer it counts, the answer's cells after the table's */
    const char *runs[] = {"m"};
    pl_why w;
    assert_int_equal(pl_why_init(&w, runs, 1, "reach-mcq"), 0);
    pl_view_model vm;
    pl_view_why(fx->ws, NULL, &w, 120, true, &vm);
    assert_true(w.table.nrows > 0);
    assert_int_equal(pl_why_export_csv(&w, why, &err), PL_OK);
    text = read_all(why);
    const char *header = "kind,key,run,task,count,wrong,answers,share," PL_ANSWER_CSV_HEADER "\n";
    assert_true(!strncmp(text, header, strlen(header)));
    assert_non_null(strstr(text, ",m,reach-mcq,1,1,2,1,"));
    want = pl_strdup_printf(",%s,reachable_atom_mcq,Which 2? A. x. B. y.,%s,5,B,A,A\n", key, fx->run);
    if (!strstr(text, want))
        fail_msg("want %s in\n%s", want, text);
    free(want);
    free(text);
    pl_vm_free(&vm);
    pl_why_free(&w);
    free(key);
    remove(csv);
    remove(jsonl);
    remove(why);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_row_per_format),
        cmocka_unit_test(test_filters_follow_the_rows),
        cmocka_unit_test(test_why_of_a_format),
        cmocka_unit_test(test_inspect_column),
        cmocka_unit_test(test_no_acpbench_no_column),
        cmocka_unit_test(test_exports_carry_the_answer),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
