/* Issue 28 point 4, the view side: objects in natural order in the state
 * view and teach mode (c2 before c10), middle-cut cells cut as --ascii draws them ("π" is
 * "pi": the last character stays), the sort cycle skips columns out of
 * view and has a LEA key, exports carry a plan-quality case's numbers,
 * compare says how it paired and what is not in common, counts of one are
 * singular; the export's extension picks its format (issue 38 section 5). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "compare_view.h"
#include "state_view.h"
#include "table.h"
#include "task/load.h"
#include "teach_view.h"
#include "test_support.h"
#include "views.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

static const char domain[] = "(define (domain d) (:requirements :strips :typing) (:types car place)"
                             " (:predicates (at ?c - car ?p - place))"
                             " (:action move :parameters (?c - car ?a ?b - place)"
                             "  :precondition (at ?c ?a) :effect (and (at ?c ?b) (not (at ?c ?a)))))";
static const char problem[] = "(define (problem p) (:domain d) (:objects c1 c2 c10 c11 - car l1 - place)"
                              " (:init (at c10 l1) (at c2 l1) (at c11 l1) (at c1 l1)) (:goal (at c1 l1)))";

/* The line index where `text` first occurs, or -1. */
static int line_of(const pl_view_model *vm, const char *text)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *line = pl_vm_line_text(&vm->lines[i]);
        bool hit = line && strstr(line, text);
        free(line);
        if (hit)
            return i;
    }
    return -1;
}

static bool has_text(const pl_view_model *vm, const char *text)
{
    return line_of(vm, text) >= 0;
}

static void test_state_objects_in_natural_order(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "cars c1, c2, c10, c11", &lt);
    pl_state_trace *tr = pl_state_trace_new(lt.task, NULL, 0);
    assert_non_null(tr);
    pl_view_model vm;
    pl_view_state_trace(tr, 0, true, 100, &vm);
    int c1 = line_of(&vm, "(at c1 l1)"), c2 = line_of(&vm, "(at c2 l1)"), c10 = line_of(&vm, "(at c10 l1)"),
        c11 = line_of(&vm, "(at c11 l1)");
    assert_true(c1 >= 0 && c2 >= 0 && c10 >= 0 && c11 >= 0);
    assert_true(c1 < c2 && c2 < c10 && c10 < c11); /* not c1, c10, c11, c2 */
    assert_true(has_text(&vm, "4 atoms true"));
    pl_vm_free(&vm);
    pl_state_trace_free(tr);
    pl_loaded_task_free(&lt);
}

/* Teach mode lists its actions and its state's atoms in natural order too. */
static void test_teach_in_natural_order(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "cars c1, c2, c10, c11", &lt);
    pl_teach *s = pl_teach_new(lt.task, 0);
    assert_non_null(s);
    pl_teach_view_opts o = {.ascii = true, .width = 100};
    pl_view_model vm;
    pl_view_teach(s, &o, &vm);
    int c2 = line_of(&vm, "(move c2 l1 l1)"), c10 = line_of(&vm, "(move c10 l1 l1)");
    assert_true(c2 >= 0 && c10 > c2);
    assert_true(has_text(&vm, "at           c1 l1 | c2 l1 | c10 l1 | c11 l1"));
    pl_vm_free(&vm);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

/* A cell with a character --ascii draws wider ("π" as "pi", "→" as "->")
 * is cut as drawn: within its width, its last character kept. */
static void test_ascii_cut_keeps_the_last_character(void **state)
{
    (void)state;
    pl_table t;
    pl_table_init(&t, true);
    int name = pl_table_add(&t, "plan", PL_ALIGN_LEFT, true, 6);
    int n = pl_table_add(&t, "n", PL_ALIGN_RIGHT, false, 0);
    const char *value = "plan π0 → the model's own plan of claude_3-5_haiku";
    pl_table_measure(&t, name, value);
    pl_table_measure(&t, n, "12");
    pl_table_fit(&t, 30);
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_vm_line(&vm, -1);
    pl_table_cell(&t, name, &vm, ROLE_TEXT, value);
    pl_table_cell(&t, n, &vm, ROLE_TEXT, "12");
    char *line = pl_vm_line_text(&vm.lines[0]);
    assert_non_null(line);
    for (const char *c = line; *c; c++)
        assert_true((unsigned char)*c < 0x80);
    assert_int_equal((int)strlen(line), 30);
    assert_non_null(strstr(line, "haiku 12")); /* the name's last characters, then the count */
    free(line);
    pl_vm_free(&vm);

    pl_table_init(&t, true); /* uncut: measured as drawn, so nothing is lost either */
    name = pl_table_add(&t, "plan", PL_ALIGN_LEFT, true, 6);
    pl_table_measure(&t, name, "plan π0");
    pl_table_fit(&t, 80);
    pl_vm_init(&vm);
    pl_vm_line(&vm, -1);
    pl_table_cell(&t, name, &vm, ROLE_TEXT, "plan π0");
    line = pl_vm_line_text(&vm.lines[0]);
    assert_string_equal(line, "plan pi0");
    free(line);
    pl_vm_free(&vm);
}

static pl_workspace *open_samples(void)
{
    const char *paths[] = {SAMPLES};
    pl_workspace *ws = pl_workspace_open(paths, 1, NULL);
    assert_non_null(ws);
    pl_workspace_grade_all(ws);
    return ws;
}

/* s on a list: the columns shown only, and LEA on a list of cases.  At 60
 * columns the run, task and domain every case shares are out of view. */
static void test_sort_cycle(void **state)
{
    pl_workspace *ws = *state;
    pl_selection sel = {0};
    pl_filter *f = pl_filter_parse("task=plan-quality", NULL, NULL);
    assert_non_null(f);
    sel.filter = f;
    static const char *const headers[SORT_COUNT] = {NULL, "id", "run", "domain", "task", "score", "sound", "AD",
                                                    "LEA", "final"};
    pl_view_model vm;
    pl_view_list(ws, &sel, SORT_INPUT, false, 60, false, &vm);
    char *header = pl_vm_line_text(&vm.lines[0]);
    assert_non_null(header);
    assert_null(strstr(header, "domain"));
    assert_null(strstr(header, "sound"));
    pl_sort_key k = SORT_INPUT;
    int n = 0;
    bool lea = false;
    do {
        k = pl_list_next_sort(&vm, k);
        if (k != SORT_INPUT) { /* every key the cycle visits has its column in view */
            char word[16];
            snprintf(word, sizeof word, " %s", headers[k]);
            if (!strstr(header, word) && strncmp(header, headers[k], strlen(headers[k])))
                fail_msg("s visits %s, out of view in '%s'", headers[k], header);
        }
        lea = lea || k == SORT_LEA;
    } while (k != SORT_INPUT && ++n <= SORT_COUNT);
    assert_true(n < SORT_COUNT - 1); /* some keys were skipped */
    assert_true(lea);
    free(header);
    pl_vm_free(&vm);
    pl_view_list(ws, &sel, SORT_LEA, false, 120, false, &vm);
    assert_non_null(strstr(vm.status, "sorted by lea"));
    pl_vm_free(&vm);
    pl_filter_free(f);
}

/* Exports of plan-quality cases carry their LEA, AQM counts and final score. */
static void test_export_cases(void **state)
{
    pl_workspace *ws = *state;
    int records[8], n = 0;
    for (int i = 0; i < pl_workspace_count(ws) && n < 8; i++)
        if (pl_workspace_record(ws, i)->pcase)
            records[n++] = i;
    assert_true(n > 0);
    char dir[] = "/tmp/planlens-export-XXXXXX", csv[64], json[64], line[4096];
    assert_non_null(mkdtemp(dir));
    snprintf(csv, sizeof csv, "%s/cases.csv", dir);
    snprintf(json, sizeof json, "%s/cases.json", dir);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_export_records(ws, records, n, csv, &err), PL_OK);
    assert_int_equal(pl_export_records(ws, records, n, json, &err), PL_OK);
    FILE *f = fopen(csv, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, ",plan_length,lea,true_lea,correct,misplaced,same_act,diff_act,redundant,final_score,"
                                 "key,group,question,file,line,stored_answer,parsed_answer,response\n"));
    const pl_ws_record *r = pl_workspace_record(ws, records[0]);
    assert_true(r->has_quality);
    char tail[128];
    snprintf(tail, sizeof tail, ",%d,%d,%d,%d,%d,%d,%d,%d,%.6f,", r->pcase->nllm, r->quality_lea, r->case_lea,
             r->aqm[0], r->aqm[1], r->aqm[2], r->aqm[3], r->aqm[4], r->final_score);
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, tail));
    fclose(f);
    char *text = pl_read_file(json, NULL, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"final_score\":"));
    assert_non_null(strstr(text, "\"redundant\":"));
    assert_non_null(strstr(text, "\"true_lea\":"));
    free(text);
    remove(csv);
    remove(json);
    rmdir(dir);
}

/* The extension picks the export's format (x.jsonl once wrote CSV): .jsonl
 * one JSON object a line, for records and the dashboard alike; an unknown
 * extension is an error naming the known ones and writes nothing. */
static void test_export_formats(void **state)
{
    pl_workspace *ws = *state;
    int records[3] = {0, 1, 2};
    assert_true(pl_workspace_count(ws) >= 3);
    char dir[] = "/tmp/planlens-export-XXXXXX", path[96];
    assert_non_null(mkdtemp(dir));
    pl_error err = PL_ERROR_INIT;
    snprintf(path, sizeof path, "%s/records.jsonl", dir);
    assert_int_equal(pl_export_records(ws, records, 3, path, &err), PL_OK);
    char *text = pl_read_file(path, NULL, &err);
    assert_non_null(text);
    int lines = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        assert_int_equal(line[0], '{'); /* an object on each line, not a CSV header or an indented array */
        assert_int_equal(line[strlen(line) - 1], '}');
        char id[96];
        snprintf(id, sizeof id, "\"id\":\"%s\"", pl_workspace_record(ws, records[lines])->id);
        assert_non_null(strstr(line, id));
    }
    assert_int_equal(lines, 3);
    free(text);
    remove(path);
    snprintf(path, sizeof path, "%s/dashboard.jsonl", dir);
    assert_int_equal(pl_export_dashboard(ws, NULL, path, &err), PL_OK);
    text = pl_read_file(path, NULL, &err);
    assert_non_null(text);
    assert_int_equal(text[0], '{');
    assert_non_null(strstr(text, "\"run\":"));
    assert_non_null(strstr(text, "}\n{")); /* one row a line */
    free(text);
    remove(path);
    snprintf(path, sizeof path, "%s/records.txt", dir);
    assert_int_not_equal(pl_export_records(ws, records, 3, path, &err), PL_OK);
    assert_non_null(strstr(err.message, ".csv"));
    assert_non_null(strstr(err.message, ".json"));
    assert_non_null(strstr(err.message, ".jsonl"));
    pl_error_clear(&err);
    assert_int_not_equal(pl_export_dashboard(ws, NULL, path, &err), PL_OK);
    pl_error_clear(&err);
    assert_int_equal(access(path, F_OK), -1); /* nothing written */
    assert_int_equal(rmdir(dir), 0);
}

/* Compare of runs with nothing in common says so instead of empty tables;
 * the header says how the pairs were made. */
static void test_compare_words(void **state)
{
    pl_workspace *ws = *state;
    pl_selection sel = {0};
    pl_view_model vm;
    pl_view_compare(ws, &sel, "hand-written", "synthetic-careful", PL_CMP_ALL, 0.1, false, 80, &vm);
    assert_true(has_text(&vm, "0 paired questions (by task and id)"));
    assert_true(has_text(&vm, "nothing to compare: the runs answer no question in common"));
    assert_false(has_text(&vm, "acc A"));
    pl_vm_free(&vm);
    pl_view_compare(ws, &sel, "synthetic-careful", "synthetic-sloppy", PL_CMP_ALL, 0.1, false, 80, &vm);
    assert_true(has_text(&vm, "196 paired questions (by task and id)"));
    assert_true(has_text(&vm, "acc A"));
    pl_vm_free(&vm);
}

/* "1 run × task", not "1 runs × tasks"; "1 histogram". */
static void test_singular_counts(void **state)
{
    pl_workspace *ws = *state;
    pl_filter *f = pl_filter_parse("model=hand-written", NULL, NULL);
    pl_selection sel = {0};
    sel.filter = f;
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, &sel, 120, false, NULL, &vm, &rows);
    assert_non_null(strstr(vm.status, "1 run × task · 4 responses"));
    pl_vm_free(&vm);
    pl_dashboard_rows_free(&rows);
    pl_view_histogram(ws, &sel, 0.05, PL_HIST_VALUE, false, 120, &vm);
    assert_non_null(strstr(vm.status, "1 histogram · bin width"));
    pl_vm_free(&vm);
    pl_filter_free(f);
}

static int setup(void **state)
{
    *state = open_samples();
    return 0;
}

static int teardown(void **state)
{
    pl_workspace_close(*state);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_objects_in_natural_order),
        cmocka_unit_test(test_teach_in_natural_order),
        cmocka_unit_test(test_ascii_cut_keeps_the_last_character),
        cmocka_unit_test(test_sort_cycle),
        cmocka_unit_test(test_export_cases),
        cmocka_unit_test(test_export_formats),
        cmocka_unit_test(test_compare_words),
        cmocka_unit_test(test_singular_counts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
