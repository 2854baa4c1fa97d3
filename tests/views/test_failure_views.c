/* Failure everywhere (issue 41): the filter's kind=, key= and step= on
 * records and on the conformance set, the question list's failure column,
 * the detail's failure record, one CSV schema for the CLI and the
 * explorer's list export, and the answer column cut at its end with "…". */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "answer_text.h"
#include "base/file.h"
#include "compare_view.h"
#include "csv_out.h"
#include "filter.h"
#include "freq_view.h"
#include "review_queue.h"
#include "table.h"
#include "test_support.h"
#include "views.h"

#define FIXTURE PLANLENS_SOURCE_DIR "/tests/data/failure-views"

static bool matches(const char *expr, const pl_ws_record *r)
{
    int col;
    char *err = NULL;
    pl_filter *f = pl_filter_parse(expr, &col, &err);
    if (!f)
        fail_msg("'%s' does not parse: column %d: %s", expr, col, err);
    bool m = pl_filter_match(f, r);
    pl_filter_free(f);
    return m;
}

/* A graded ACPBench-like record whose sound verdict carries `failure`. */
static pl_ws_record wrong_record(const pl_run_response *resp, pl_failure_kind kind, const char *key, int step)
{
    pl_ws_record r;
    memset(&r, 0, sizeof r);
    r.resp = resp;
    r.model = "m";
    r.task = "just";
    r.domain = "grid";
    r.id = "q1";
    r.graded = true;
    r.acp_v.failure.kind = kind;
    r.acp_v.failure.key = (char *)key;
    r.acp_v.failure.step = step;
    return r;
}

/* kind=, key=, step= on records made by hand: each alone, negated,
 * combined with the other clauses; a right answer is kind=none; without a
 * sound verdict all three are false. */
static void test_clauses_on_records(void **state)
{
    (void)state;
    pl_run_response resp = {0};
    resp.response = "(move a b)";
    pl_ws_record r = wrong_record(&resp, PL_FAIL_NOT_REMOVABLE, "move", 3);
    assert_true(matches("kind=not-removable", &r));
    assert_true(matches("KIND=Not-Removable", &r));
    assert_false(matches("kind=unknown-name", &r));
    assert_true(matches("kind!=unknown-name", &r));
    assert_true(matches("kind~removable", &r));
    assert_true(matches("key=move", &r));
    assert_false(matches("key=pick-up", &r));
    assert_true(matches("key~mo", &r));
    assert_true(matches("step=3 step>=2 step<4", &r));
    assert_false(matches("step>3", &r));
    assert_true(matches("kind=not-removable key=move step=3 task=just domain=grid", &r));
    assert_true(matches("kind=unknown-name or (kind=not-removable and !key=drop)", &r));
    assert_false(matches("kind=not-removable and score=1", &r));

    pl_ws_record no_step = wrong_record(&resp, PL_FAIL_UNKNOWN_NAME, NULL, 0);
    assert_false(matches("step>=0", &no_step)); /* no step: comparisons are false */
    assert_true(matches("!step>=0", &no_step));
    assert_true(matches("key=\"\"", &no_step)); /* no key: the empty text */

    pl_ws_record unkinded = wrong_record(&resp, PL_FAIL_NONE, NULL, 0); /* wrong, no kind given: "other" */
    assert_true(matches("kind=other", &unkinded));
    assert_false(matches("kind=none", &unkinded));

    pl_ws_record right = wrong_record(&resp, PL_FAIL_NONE, NULL, 0);
    right.score = right.sound_score = 1;
    assert_true(matches("kind=none", &right));
    assert_false(matches("kind!=none", &right));

    pl_ws_record pending = r;
    pending.graded = false;
    assert_false(matches("kind=not-removable", &pending));
    assert_false(matches("kind!=not-removable", &pending));
    assert_false(matches("key~o", &pending));
    assert_false(matches("step=3", &pending));
    pl_ws_record failed = r;
    failed.error = "no PDDL";
    assert_false(matches("kind=not-removable", &failed));
}

static void expect_error(const char *expr, int column, const char *expected)
{
    int col = 0;
    char *err = NULL;
    pl_filter *f = pl_filter_parse(expr, &col, &err);
    if (f)
        fail_msg("'%s' parsed", expr);
    assert_int_equal(col, column);
    if (!strstr(err, expected))
        fail_msg("'%s': '%s' has no '%s'", expr, err, expected);
    free(err);
}

/* An unknown kind is an error at its value; step is a number; every kind
 * the engine names parses (kinds added later too). */
static void test_clause_errors(void **state)
{
    (void)state;
    expect_error("kind=not-a-kind", 6, "a failure kind");
    expect_error("task=app kind!=bogus", 16, "a failure kind");
    expect_error("step=two", 6, "a number");
    expect_error("step~2", 5, "a comparison");
    expect_error("kind<2", 5, "= or !=");
    for (int k = 0; k < PL_FAIL_NKINDS; k++) {
        char expr[96];
        snprintf(expr, sizeof expr, "kind=%s", pl_failure_kind_name((pl_failure_kind)k));
        int col;
        char *err = NULL;
        pl_filter *f = pl_filter_parse(expr, &col, &err);
        if (!f)
            fail_msg("%s: %s", expr, err);
        pl_filter_free(f);
    }
}

static int count_matching(const pl_workspace *ws, const char *expr)
{
    int col;
    char *err = NULL;
    pl_filter *f = pl_filter_parse(expr, &col, &err);
    if (!f)
        fail_msg("'%s': %s", expr, err);
    int n = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++)
        n += pl_filter_match(f, pl_workspace_record(ws, i));
    pl_filter_free(f);
    return n;
}

/* The conformance set's 3,111 answers: kind=K picks exactly the wrong
 * answers whose failure is K, every wrong answer under one kind, and key=
 * and step= exactly those with that key or step. */
static void test_clauses_on_conformance(void **state)
{
    (void)state;
    if (!pl_test_data_dir("filter kind=, key=, step= on the conformance set"))
        return;
    char questions[4096], responses[4096];
    snprintf(questions, sizeof questions, "%s", pl_test_data_path("conformance/acpbench-dev/dev_questions.json"));
    snprintf(responses, sizeof responses, "%s", pl_test_data_path("conformance/acpbench-dev/responses.jsonl"));
    const char *paths[] = {questions, responses};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    assert_non_null(ws);
    int n = pl_workspace_count(ws), wrong = 0, right = 0, per_kind[PL_FAIL_NKINDS] = {0}, stepped = 0;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->graded || r->error || r->resp->error)
            continue;
        if (r->sound_score) {
            right++;
            continue;
        }
        wrong++;
        pl_failure_kind k = r->acp_v.failure.kind;
        per_kind[k == PL_FAIL_NONE ? PL_FAIL_OTHER : k]++;
        stepped += r->acp_v.failure.step >= 2;
    }
    assert_true(wrong > 500);
    assert_int_equal(count_matching(ws, "kind=none"), right);
    assert_int_equal(count_matching(ws, "kind!=none"), wrong);
    int total = 0, kinds = 0;
    for (int k = 1; k < PL_FAIL_NKINDS; k++) {
        char expr[96];
        snprintf(expr, sizeof expr, "kind=%s", pl_failure_kind_name((pl_failure_kind)k));
        int got = count_matching(ws, expr);
        assert_int_equal(got, per_kind[k]);
        total += got;
        kinds += got > 0;
    }
    assert_int_equal(total, wrong); /* one kind per wrong answer */
    assert_true(kinds >= 10);
    assert_int_equal(count_matching(ws, "step>=2"), stepped);
    assert_true(stepped > 0);
    /* the example: the parser took a word of the model's prose */
    int they = 0;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        they += r->graded && !r->error && !r->sound_score && r->acp_v.failure.key &&
                !strcmp(r->acp_v.failure.key, "they");
    }
    assert_true(they > 0);
    assert_int_equal(count_matching(ws, "key=they"), they);
    assert_int_equal(count_matching(ws, "key=they or kind=none"), they + right);
    assert_true(count_matching(ws, "key=they task=reach") <= they);
    pl_workspace_close(ws);
}

static pl_workspace *open_fixture(void)
{
    const char *paths[] = {FIXTURE "/questions.json", FIXTURE "/run.jsonl"};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    assert_non_null(ws);
    assert_int_equal(pl_workspace_count(ws), 7);
    return ws;
}

/* The record answering with `response`. */
static int record_answering(const pl_workspace *ws, const char *response)
{
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (!strcmp(pl_workspace_record(ws, i)->resp->response, response))
            return i;
    fail_msg("no answer '%s'", response);
    return -1;
}

static int line_of(const pl_view_model *vm, int target)
{
    for (int i = 0; i < vm->nlines; i++)
        if (vm->lines[i].target == target)
            return i;
    return -1;
}

static char *text_of(const pl_view_model *vm, int line)
{
    assert_true(line >= 0 && line < vm->nlines);
    char *s = pl_vm_line_text(&vm->lines[line]);
    assert_non_null(s);
    return s;
}

/* The list's failure column: kind and key of each wrong answer, "-" on
 * the right ones, at a wide terminal and at 80 columns (fitted). */
static void test_failure_column(void **state)
{
    (void)state;
    pl_workspace *ws = open_fixture();
    const int widths[] = {160, 80};
    for (int w = 0; w < 2; w++) {
        pl_view_model vm;
        pl_view_list(ws, NULL, SORT_INPUT, false, widths[w], false, &vm);
        pl_view_list_fill(ws, &vm, 0, vm.nlines);
        assert_false(vm.oom);
        char *header = text_of(&vm, 0);
        assert_non_null(strstr(header, "failure"));
        free(header);
        struct {
            const char *response, *cell;
        } want[] = {{"[(move l1 l2)]", " not-applicable move"}, {"[(fly l0 l1)]", " unknown-name fly"},
                    {"", " empty-answer"}, {"no", " wrong-choice no"}};
        for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
            char *line = text_of(&vm, line_of(&vm, record_answering(ws, want[k].response)));
            /* at 80 columns the kind at least: the column is cut at its end, the kind first */
            char cell[64];
            snprintf(cell, sizeof cell, "%.*s", w ? (int)strcspn(want[k].cell + 1, " ") + 1 : 63, want[k].cell);
            if (!strstr(line, cell))
                fail_msg("width %d: '%s' not in '%s'", widths[w], cell, line);
            assert_true(pl_text_columns(line) <= widths[w]);
            free(line);
        }
        char *right = text_of(&vm, line_of(&vm, record_answering(ws, "yes")));
        assert_null(strstr(right, "wrong-choice"));
        assert_non_null(strstr(right, " - "));
        free(right);
        pl_vm_free(&vm);
    }
    pl_workspace_close(ws);
}

/* F on the failure column: "failure" counts kind and key, in the words the
 * column shows; the kind column names kinds as the filter takes them. */
static void test_frequency_of_failure(void **state)
{
    (void)state;
    assert_int_equal(pl_freq_column_from_name("failure"), PL_FREQ_KEY);
    pl_workspace *ws = open_fixture();
    struct {
        pl_freq_column col;
        const char *value;
        int count;
    } want[] = {{PL_FREQ_KEY, "not-applicable move", 1}, {PL_FREQ_KEY, "unknown-name fly", 1},
                {PL_FREQ_KEY, "wrong-choice no", 1},     {PL_FREQ_KEY, "none (right)", 3},
                {PL_FREQ_KIND, "empty-answer", 1},       {PL_FREQ_KIND, "unknown-name", 1}};
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        pl_view_model vm;
        pl_view_freq(ws, NULL, want[k].col, false, 100, false, &vm);
        bool found = false;
        for (int i = vm.nfixed; i < vm.nlines && !found; i++) {
            char *s = text_of(&vm, i);
            size_t n = strlen(want[k].value);
            if (!strncmp(s, want[k].value, n) && s[n] == ' ') {
                found = true;
                assert_int_equal(atoi(s + n + strspn(s + n, " ")), want[k].count);
            }
            free(s);
        }
        if (!found)
            fail_msg("no line '%s'", want[k].value);
        pl_vm_free(&vm);
    }
    pl_workspace_close(ws);
}

/* The detail screen's failure record: kind (with its label), key, step
 * and detail; none on a right answer. */
static void test_detail_failure_lines(void **state)
{
    (void)state;
    pl_workspace *ws = open_fixture();
    pl_detail_opts o = {100, false, false};
    pl_detail_cache cache = {0};
    pl_view_model vm;
    pl_view_detail(ws, record_answering(ws, "[(fly l0 l1)]"), &o, &cache, &vm);
    int at = -1;
    for (int i = 0; i < vm.nlines && at < 0; i++) {
        char *s = text_of(&vm, i);
        if (!strcmp(s, "Failure"))
            at = i;
        free(s);
    }
    assert_true(at > 0);
    const char *lines[] = {"  kind unknown-name (unknown object or name)  key fly  step -", "  detail  1 unknown, 1 missed"};
    for (int k = 0; k < 2; k++) {
        char *s = text_of(&vm, at + 1 + k);
        assert_string_equal(s, lines[k]);
        free(s);
    }
    pl_vm_free(&vm);
    pl_view_detail(ws, record_answering(ws, "[(move l0 l1)]"), &o, &cache, &vm);
    for (int i = 0; i < vm.nlines; i++) {
        char *s = text_of(&vm, i);
        assert_string_not_equal(s, "Failure");
        free(s);
    }
    pl_vm_free(&vm);
    pl_detail_cache_free(&cache);
    pl_workspace_close(ws);
}

static char *slurp(const char *path)
{
    pl_error err = PL_ERROR_INIT;
    char *text = pl_read_file(path, NULL, &err);
    assert_non_null(text);
    return text;
}

/* The cells of a CSV line (RFC 4180 quotes; the line ends at its newline). */
static int cells_of(const char *line, char cells[][512], int max)
{
    int n = 0;
    const char *p = line;
    while (n < max) {
        size_t k = 0;
        if (*p == '"') {
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"')
                    p++;
                if (k < 511)
                    cells[n][k++] = *p;
            }
            p += *p == '"';
        } else {
            for (; *p && *p != ',' && *p != '\n'; p++)
                if (k < 511)
                    cells[n][k++] = *p;
        }
        cells[n++][k] = '\0';
        if (*p != ',')
            break;
        p++;
    }
    return n;
}

/* The line of `text` (after the header) whose cell `col` is `value`. */
static const char *row_with(const char *text, int col, const char *value)
{
    static char cells[PL_AC_COUNT + 12][512];
    for (const char *line = strchr(text, '\n'); line && line[1]; line = strchr(line + 1, '\n'))
        if (cells_of(line + 1, cells, PL_AC_COUNT + 12) > col && !strcmp(cells[col], value))
            return line + 1;
    return NULL;
}

/* One schema: `planlens grade --format csv` and the explorer's list
 * export write the same header, PL_ANSWER_CSV_HEADER, one name per
 * column; and for the same answer the same failure, verdicts, parsed
 * answer and response. */
static void test_one_csv_schema(void **state)
{
    (void)state;
    int count = 1;
    for (const char *c = PL_ANSWER_CSV_HEADER; *c; c++)
        count += *c == ',';
    assert_int_equal(count, PL_AC_COUNT);
    char dir[] = "/tmp/planlens-failure-csv-XXXXXX", explorer[96], cli[96];
    assert_non_null(mkdtemp(dir));
    snprintf(explorer, sizeof explorer, "%s/list.csv", dir);
    snprintf(cli, sizeof cli, "%s/grade.csv", dir);
    pl_workspace *ws = open_fixture();
    int all[7];
    for (int i = 0; i < 7; i++)
        all[i] = i;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_export_records(ws, all, 7, explorer, &err), PL_OK);
    char *cmd = pl_strdup_printf("'%s' grade --questions '%s' --responses '%s' --format csv > '%s' 2>/dev/null",
                                 PLANLENS_BIN, FIXTURE "/questions.json", FIXTURE "/run.jsonl", cli);
    int status;
    free(pl_test_shell(cmd, &status));
    free(cmd);
    assert_int_equal(status, 0);
    char *a = slurp(explorer), *b = slurp(cli);
    size_t ha = strcspn(a, "\n"), hb = strcspn(b, "\n");
    assert_int_equal(ha, hb);
    assert_memory_equal(a, b, ha);
    assert_memory_equal(a, PL_ANSWER_CSV_HEADER, ha);
    assert_int_equal(ha, strlen(PL_ANSWER_CSV_HEADER));
    static const int shared[] = {PL_AC_ID,          PL_AC_EPOCH,        PL_AC_DOMAIN,         PL_AC_TASK,
                                 PL_AC_SCORE,       PL_AC_SOUND_SCORE,  PL_AC_PATH,           PL_AC_IOU,
                                 PL_AC_PARSE_FAILED, PL_AC_LM_EVAL_SCORE, PL_AC_INSPECT_SCORE, PL_AC_OFFICIAL_RULE,
                                 PL_AC_FAILURE_KIND, PL_AC_FAILURE_KEY,  PL_AC_FAILURE_STEP,   PL_AC_FAILURE_DETAIL,
                                 PL_AC_KEY,         PL_AC_GROUP,        PL_AC_QUESTION,       PL_AC_LINE,
                                 PL_AC_STORED_ANSWER, PL_AC_PARSED_ANSWER, PL_AC_RESPONSE};
    const char *responses[] = {"[(move l0 l1)]", "[(move l1 l2)]", "[(fly l0 l1)]", "no", "yes"};
    static char ca[PL_AC_COUNT + 1][512], cb[PL_AC_COUNT + 1][512];
    for (size_t k = 0; k < sizeof responses / sizeof *responses; k++) {
        const char *la = row_with(a, PL_AC_RESPONSE, responses[k]), *lb = row_with(b, PL_AC_RESPONSE, responses[k]);
        assert_non_null(la);
        assert_non_null(lb);
        assert_int_equal(cells_of(la, ca, PL_AC_COUNT + 1), PL_AC_COUNT);
        assert_int_equal(cells_of(lb, cb, PL_AC_COUNT + 1), PL_AC_COUNT);
        for (size_t c = 0; c < sizeof shared / sizeof *shared; c++)
            if (strcmp(ca[shared[c]], cb[shared[c]]))
                fail_msg("answer '%s', column %d: explorer '%s', CLI '%s'", responses[k], shared[c], ca[shared[c]],
                         cb[shared[c]]);
    }
    const char *fly = row_with(a, PL_AC_RESPONSE, "[(fly l0 l1)]");
    cells_of(fly, ca, PL_AC_COUNT + 1);
    assert_string_equal(ca[PL_AC_FAILURE_KIND], "unknown-name");
    assert_string_equal(ca[PL_AC_FAILURE_KEY], "fly");
    assert_string_equal(ca[PL_AC_FAILURE_DETAIL], "1 unknown, 1 missed");
    assert_string_equal(ca[PL_AC_PARSED_ANSWER], "[\"(fly l0 l1)\"]");
    assert_string_equal(ca[PL_AC_TASK], "app");
    assert_string_equal(ca[PL_AC_DOMAIN], "tiny");
    free(a);
    free(b);
    remove(explorer);
    remove(cli);
    rmdir(dir);
    pl_workspace_close(ws);
}

/* The answer column (shown when a question's answers would look alike):
 * the start of the answer, "…" where it is cut — the preview's own cut and
 * the table's, both at the end, never in the middle. */
static void test_answer_cut_at_its_end(void **state)
{
    (void)state;
    pl_table t;
    pl_table_init(&t, false);
    int col = pl_table_add(&t, "answer", PL_ALIGN_LEFT, true, 4);
    t.cols[col].tail_cut = true;
    pl_table_measure(&t, col, "abcdefghijklmnop");
    pl_table_fit(&t, 8);
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_vm_line(&vm, 0);
    pl_table_cell(&t, col, &vm, ROLE_TEXT, "abcdefghijklmnop");
    char *cell = text_of(&vm, 0);
    assert_string_equal(cell, "abcdefg…");
    free(cell);
    pl_vm_free(&vm);

    pl_workspace *ws = open_fixture();
    int long_one = -1;
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (strlen(pl_workspace_record(ws, i)->resp->response) > 100)
            long_one = i;
    assert_true(long_one >= 0);
    const int widths[] = {220, 140};
    for (int w = 0; w < 2; w++) {
        for (int ascii = 0; ascii < 2; ascii++) {
            pl_view_list(ws, NULL, SORT_INPUT, false, widths[w], ascii, &vm);
            pl_view_list_fill(ws, &vm, 0, vm.nlines);
            char *header = text_of(&vm, 0);
            char *answer = strstr(header, "answer");
            assert_non_null(answer);
            size_t at = (size_t)(answer - header);
            char *line = text_of(&vm, line_of(&vm, long_one));
            const char *mark = ascii ? ".." : "…";
            char *end = strstr(line + at, mark);
            if (!end || strncmp(line + at, "The applicable actions in", 25))
                fail_msg("width %d: the answer's start and a mark at its end, not '%s'", widths[w], line + at);
            end += strlen(mark);
            assert_int_equal(end[strspn(end, " ")], '\0'); /* the mark ends the answer (the flags are blank) */
            assert_null(strstr(line + at, "[(move")); /* the end of the answer is not shown */
            free(line);
            char *shortone = text_of(&vm, line_of(&vm, record_answering(ws, "[(fly l0 l1)]")));
            assert_null(strstr(shortone, mark)); /* whole: no mark */
            assert_non_null(strstr(shortone, "[(fly l0 l1)]"));
            free(shortone);
            free(header);
            pl_vm_free(&vm);
        }
    }
    pl_workspace_close(ws);
}

/* The line of vm holding `text`, or -1. */
static int line_with(const pl_view_model *vm, const char *text)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *s = text_of(vm, i);
        bool hit = strstr(s, text) != NULL;
        free(s);
        if (hit)
            return i;
    }
    return -1;
}

/* F failure is titled by the column's name, "failure"; "key" still opens it. */
static void test_frequency_title(void **state)
{
    (void)state;
    assert_string_equal(pl_freq_column_name(PL_FREQ_KEY), "failure");
    assert_int_equal(pl_freq_column_from_name("key"), PL_FREQ_KEY);
    pl_workspace *ws = open_fixture();
    pl_view_model vm;
    pl_view_freq(ws, NULL, PL_FREQ_KEY, false, 100, false, &vm);
    assert_string_equal(vm.title, "frequency of failure");
    pl_vm_free(&vm);
    pl_workspace_close(ws);
}

/* The review queue shows a wrong answer's failure as the list's column
 * names it, and none on a right answer. */
static void test_review_failure(void **state)
{
    (void)state;
    pl_workspace *ws = open_fixture();
    int records[] = {record_answering(ws, "[(fly l0 l1)]"), record_answering(ws, "[(move l0 l1)]")};
    pl_review_queue q;
    assert_int_equal(pl_review_queue_init(&q, ws, records, 2, "test"), 0);
    pl_detail_opts o = {100, false, false};
    pl_view_model vm;
    pl_view_review(ws, &q, 0, NULL, "me", &o, &vm);
    int at = line_with(&vm, "failure ");
    assert_true(at >= 0);
    char *s = text_of(&vm, at);
    assert_non_null(strstr(s, "unknown-name fly"));
    free(s);
    pl_vm_free(&vm);
    pl_view_review(ws, &q, 1, NULL, "me", &o, &vm);
    assert_int_equal(line_with(&vm, "failure "), -1);
    pl_vm_free(&vm);
    pl_review_queue_free(&q);
    pl_workspace_close(ws);
}

/* A run of `model` answering the fixture's questions 101 (app) and 102
 * (progression bool). */
static void write_run(const char *path, const char *model, const char *app, const char *prog)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "{\"id\": 101, \"group\": \"applicable_actions_gen\", \"response\": \"%s\", \"model\": \"%s\"}\n", app,
            model);
    fprintf(f, "{\"id\": 102, \"group\": \"progression_bool\", \"response\": \"%s\", \"model\": \"%s\"}\n", prog, model);
    fclose(f);
}

/* Compare's question lines: each run's failure beside the mark, as the
 * question list's column names it; empty for the right answer. */
static void test_compare_failures(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-cmpfail-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char a[64], b[64];
    snprintf(a, sizeof a, "%s/a.jsonl", dir);
    snprintf(b, sizeof b, "%s/b.jsonl", dir);
    /* A: 101 wrong (unknown-name fly), 102 right; B: 101 right, 102 wrong (wrong-choice no) */
    write_run(a, "ma", "[(fly l0 l1)]", "yes");
    write_run(b, "mb", "[(move l0 l1)]", "no");
    const char *paths[] = {FIXTURE "/questions.json", a, b};
    pl_workspace *ws = pl_test_open_graded(paths, 3);
    assert_non_null(ws);
    pl_view_model vm;
    pl_view_compare(ws, NULL, "ma", "mb", PL_CMP_ALL, 0.1, true, 140, &vm); /* ASCII: a byte a column */
    int head = line_with(&vm, "failure A");
    assert_true(head >= 0);
    char *h = text_of(&vm, head);
    assert_non_null(strstr(h, "failure B"));
    int fly = line_with(&vm, "unknown-name fly"), no = line_with(&vm, "wrong-choice no");
    assert_true(fly > head && no > head);
    char *s = text_of(&vm, fly), *t = text_of(&vm, no);
    /* A's failure under "failure A", B's (none: right) under "failure B" */
    assert_int_equal((int)(strstr(s, "unknown-name fly") - s), (int)(strstr(h, "failure A") - h));
    assert_null(strstr(s, "none"));
    assert_int_equal((int)(strstr(t, "wrong-choice no") - t), (int)(strstr(h, "failure B") - h));
    free(h);
    free(s);
    free(t);
    pl_vm_free(&vm);
    pl_workspace_close(ws);
    remove(a);
    remove(b);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clauses_on_records),   cmocka_unit_test(test_clause_errors),
        cmocka_unit_test(test_clauses_on_conformance), cmocka_unit_test(test_failure_column),
        cmocka_unit_test(test_detail_failure_lines), cmocka_unit_test(test_one_csv_schema),
        cmocka_unit_test(test_answer_cut_at_its_end), cmocka_unit_test(test_frequency_of_failure),
        cmocka_unit_test(test_frequency_title), cmocka_unit_test(test_review_failure),
        cmocka_unit_test(test_compare_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
