/* planlens on a hostile run (tests/data/hostile-text: OSC 0 title, OSC 52
 * clipboard, CSI, CR, BS, U+202E, C1, NUL, invalid UTF-8, formula cells in
 * responses, model names, ids and plans): no output format carries a byte
 * that a terminal or a spreadsheet acts on (issue 37 §1, docs/SECURITY.md).
 *  - tables, CSV and JSON: no ESC, BEL, BS, CR (but in a CSV line end), C1
 *    or U+202E, and valid UTF-8 (a strict validator, below);
 *  - JSON parses with cJSON;
 *  - CSV cells that begin with =, +, -, @ get a leading '; --csv-raw
 *    leaves them as they are;
 *  - the charts' SVG and CSV (--output) likewise, written beside a symlink
 *    at the target rather than through it;
 *  - with NO_COLOR=1 no ESC anywhere, stdout and stderr, including plan's
 *    progress on a terminal (a pseudo-terminal here). */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#define HOSTILE_DIR PLANLENS_SOURCE_DIR "/tests/data/hostile-text"

typedef struct {
    int status;
    char *out, *err;
    size_t out_len, err_len;
} run_result;

static char *read_fd(int fd, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    assert_non_null(buf);
    for (;;) {
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
            assert_non_null(buf);
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Runs planlens with `args` (NULL-terminated) in the hostile directory;
 * env: "NAME=value" or NULL.  stderr_fd >= 0: the child's stderr (a
 * pseudo-terminal), else captured. */
static run_result run_planlens(const char *env, int stderr_fd, const char *const *args)
{
    char out_tmp[] = "/tmp/planlens-hostile-out-XXXXXX", err_tmp[] = "/tmp/planlens-hostile-err-XXXXXX";
    int out = mkstemp(out_tmp), err = mkstemp(err_tmp);
    assert_true(out >= 0 && err >= 0);
    unlink(out_tmp);
    unlink(err_tmp);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (chdir(HOSTILE_DIR) != 0)
            _exit(127);
        dup2(out, 1);
        dup2(stderr_fd >= 0 ? stderr_fd : err, 2);
        setenv("LANG", "C.UTF-8", 1);
        unsetenv("LC_ALL");
        unsetenv("NO_COLOR");
        if (env)
            putenv((char *)env);
        const char *argv[32] = {"planlens"};
        int argc = 1;
        for (; args[argc - 1] && argc < 31; argc++)
            argv[argc] = args[argc - 1];
        argv[argc] = NULL;
        execv(PLANLENS_BIN, (char *const *)argv);
        _exit(127);
    }
    run_result r = {0};
    assert_int_equal(waitpid(pid, &r.status, 0), pid);
    lseek(out, 0, SEEK_SET);
    lseek(err, 0, SEEK_SET);
    r.out = read_fd(out, &r.out_len);
    r.err = read_fd(err, &r.err_len);
    close(out);
    close(err);
    assert_true(WIFEXITED(r.status));
    return r;
}

static void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

/* Strict UTF-8 (RFC 3629): no overlong form (so no C0 80), no surrogate,
 * nothing beyond U+10FFFF.  The offset of the first bad byte, or -1. */
static long invalid_utf8_at(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        unsigned c = s[i];
        int n;
        uint32_t cp, min;
        if (c < 0x80) {
            i++;
            continue;
        } else if ((c & 0xe0) == 0xc0) {
            n = 1, cp = c & 0x1f, min = 0x80;
        } else if ((c & 0xf0) == 0xe0) {
            n = 2, cp = c & 0x0f, min = 0x800;
        } else if ((c & 0xf8) == 0xf0) {
            n = 3, cp = c & 0x07, min = 0x10000;
        } else {
            return (long)i;
        }
        if (i + (size_t)n >= len)
            return (long)i;
        for (int k = 1; k <= n; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return (long)i;
            cp = cp << 6 | (s[i + k] & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return (long)i;
        i += (size_t)n + 1;
    }
    return -1;
}

/* The first byte a terminal acts on: ESC, BEL, BS, CR (in CSV a CR right
 * before LF is a line end), a C1 control (U+0080..U+009F) or U+202E. */
static long unsafe_byte_at(const char *text, size_t len, bool csv)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == 0x1b || s[i] == 0x07 || s[i] == 0x08)
            return (long)i;
        if (s[i] == '\r' && !(csv && i + 1 < len && s[i + 1] == '\n'))
            return (long)i;
        if (s[i] == 0xc2 && i + 1 < len && s[i + 1] >= 0x80 && s[i + 1] <= 0x9f)
            return (long)i;
        if (s[i] == 0xe2 && i + 2 < len && s[i + 1] == 0x80 && s[i + 2] == 0xae)
            return (long)i;
    }
    return -1;
}

static void assert_inert(const char *what, const char *text, size_t len, bool csv)
{
    long bad = unsafe_byte_at(text, len, csv), utf8 = invalid_utf8_at(text, len);
    if (bad >= 0 || utf8 >= 0)
        fail_msg("%s: %s at byte %ld: ...%.40s", what, bad >= 0 ? "a control byte" : "invalid UTF-8",
                 bad >= 0 ? bad : utf8, text + (bad >= 0 ? bad : utf8));
}

/* The run's output (stdout and stderr) is inert; returns the result. */
static run_result run_inert(const char *env, bool csv, const char *const *args)
{
    run_result r = run_planlens(env, -1, args);
    assert_int_equal(WEXITSTATUS(r.status), 0);
    assert_true(r.out_len > 0);
    assert_inert(args[0], r.out, r.out_len, csv);
    assert_inert("stderr", r.err, r.err_len, false);
    return r;
}

#define GRADE "grade", "--questions", "questions.json", "--responses", "run.jsonl"
#define REPORT "report", "--questions", "iou-questions.jsonl", "--responses", "iou-run.jsonl", "--bins", "2"
#define QUALITY "quality", "quality.jsonl"

static void test_tables_are_inert(void **state)
{
    (void)state;
    const char *const grade[] = {GRADE, NULL};
    const char *const report[] = {REPORT, NULL};
    const char *const quality[] = {QUALITY, "--format", "table", NULL};
    const char *const summary[] = {QUALITY, "--summary", "--format", "table", NULL};
    const char *const *runs[] = {grade, report, quality, summary};
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        run_result r = run_inert(NULL, false, runs[i]);
        run_free(&r);
    }
    /* the hostile text is there, shown: the escapes are visible */
    run_result r = run_inert(NULL, false, grade);
    assert_non_null(strstr(r.out, "\\e]0;pwned-title\\am-osc0"));
    assert_non_null(strstr(r.out, "m-bidi\\u202eevil"));
    assert_non_null(strstr(r.out, "m-cr\\rfake"));
    assert_non_null(strstr(r.err, "\\e]0;pwned-title\\a"));
    run_free(&r);
}

/* Calls cell(text, len, ctx) for each cell of a CSV text (RFC 4180),
 * unquoted. */
static void for_each_cell(const char *csv, void (*cell)(const char *, size_t, void *), void *ctx)
{
    size_t len = strlen(csv);
    char *buf = malloc(len + 1);
    assert_non_null(buf);
    for (size_t i = 0; i < len;) {
        size_t n = 0;
        if (csv[i] == '"') {
            for (i++; i < len; i++) {
                if (csv[i] == '"' && i + 1 < len && csv[i + 1] == '"')
                    buf[n++] = csv[i++];
                else if (csv[i] == '"')
                    break;
                else
                    buf[n++] = csv[i];
            }
            i++;
        } else {
            for (; i < len && csv[i] != ',' && csv[i] != '\n'; i++)
                buf[n++] = csv[i];
        }
        buf[n] = '\0';
        cell(buf, n, ctx);
        i++; /* the separator or line end */
    }
    free(buf);
}

typedef struct {
    int formulas, guarded; /* cells beginning with = + - @ (not a number); with '= '+ '- '@ */
} formula_count;

static bool is_number(const char *s)
{
    char *end;
    if (!*s)
        return false;
    strtod(s, &end);
    return *end == '\0';
}

static void count_formula(const char *cell, size_t len, void *ctx)
{
    (void)len;
    formula_count *c = ctx;
    if (strchr("=+-@", cell[0]) && cell[0] && !is_number(cell))
        c->formulas++;
    if (cell[0] == '\'' && cell[1] && strchr("=+-@", cell[1]))
        c->guarded++;
}

static formula_count csv_formulas(const char *const *args)
{
    run_result r = run_inert(NULL, true, args);
    formula_count c = {0};
    for_each_cell(r.out, count_formula, &c);
    run_free(&r);
    return c;
}

static void test_csv_formula_cells_are_guarded(void **state)
{
    (void)state;
    const char *const grade[] = {GRADE, "--format", "csv", NULL};
    const char *const report[] = {REPORT, "--format", "csv", NULL};
    const char *const quality[] = {QUALITY, "--format", "csv", NULL};
    const char *const summary[] = {QUALITY, "--summary", "--format", "csv", NULL};
    const char *const *runs[] = {grade, report, quality, summary};
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        formula_count c = csv_formulas(runs[i]);
        assert_int_equal(c.formulas, 0);
        assert_true(c.guarded >= 3); /* =HYPERLINK, +cmd, @SUM or -2+3 */
    }
}

static void test_csv_raw_leaves_formula_cells(void **state)
{
    (void)state;
    const char *const grade[] = {GRADE, "--format", "csv", "--csv-raw", NULL};
    const char *const report[] = {REPORT, "--format", "csv", "--csv-raw", NULL};
    const char *const quality[] = {QUALITY, "--format", "csv", "--csv-raw", NULL};
    const char *const summary[] = {QUALITY, "--summary", "--format", "csv", "--csv-raw", NULL};
    const char *const *runs[] = {grade, report, quality, summary};
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        formula_count c = csv_formulas(runs[i]);
        assert_true(c.formulas >= 3);
        assert_int_equal(c.guarded, 0);
    }
}

static char *read_path(const char *path, size_t *len)
{
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    char *text = read_fd(fd, len);
    close(fd);
    return text;
}

/* quality --summary --output DIR/labels --force: the chart's SVG and CSV are
 * inert, the CSV's formula cells guarded (raw: not), and a symlink at the
 * target is replaced, never followed. */
static formula_count chart_files(bool raw)
{
    char dir[] = "/tmp/planlens-hostile-charts-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char victim[256], svg[256], csv[256], output[256];
    snprintf(victim, sizeof victim, "%s/victim", dir);
    snprintf(svg, sizeof svg, "%s/labels.svg", dir);
    snprintf(csv, sizeof csv, "%s/labels.csv", dir);
    snprintf(output, sizeof output, "%s/labels", dir);
    FILE *f = fopen(victim, "w");
    assert_non_null(f);
    fputs("victim\n", f);
    fclose(f);
    assert_int_equal(symlink(victim, svg), 0);
    /* an existing target is refused without --force (cli/output_guard.c); with it, replaced */
    const char *const args[] = {QUALITY, "--summary", "--format", "svg", "--chart", "labels", "--output", output,
                                "--force", raw ? "--csv-raw" : NULL, NULL};
    run_result r = run_planlens(NULL, -1, args);
    assert_int_equal(WEXITSTATUS(r.status), 0);
    assert_inert("stderr", r.err, r.err_len, false);
    run_free(&r);
    size_t len;
    char *text = read_path(victim, &len);
    assert_string_equal(text, "victim\n"); /* not written through the link */
    free(text);
    text = read_path(svg, &len);
    assert_non_null(strstr(text, "</svg>"));
    assert_inert("labels.svg", text, len, false);
    free(text);
    text = read_path(csv, &len);
    assert_inert("labels.csv", text, len, true);
    formula_count c = {0};
    for_each_cell(text, count_formula, &c);
    free(text);
    unlink(victim);
    unlink(svg);
    unlink(csv);
    rmdir(dir);
    return c;
}

static void test_chart_files_are_inert(void **state)
{
    (void)state;
    formula_count c = chart_files(false);
    assert_int_equal(c.formulas, 0);
    assert_true(c.guarded >= 1); /* the model +cmd|... */
    c = chart_files(true);
    assert_true(c.formulas >= 1);
    assert_int_equal(c.guarded, 0);
}

static void assert_json(const char *what, const char *text)
{
    cJSON *j = cJSON_Parse(text);
    if (!j)
        fail_msg("%s: not JSON near ...%.40s", what, cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : "");
    cJSON_Delete(j);
}

static void test_json_is_valid_and_inert(void **state)
{
    (void)state;
    const char *const grade[] = {GRADE, "--format", "json", NULL};
    run_result r = run_inert(NULL, false, grade);
    assert_json("grade --format json", r.out);
    /* the values survive: the OSC 0 model name, escaped */
    assert_non_null(strstr(r.out, "\"\\u001b]0;pwned-title\\u0007m-osc0\""));
    assert_non_null(strstr(r.out, "\"m-nul\\u0000hidden\""));
    run_free(&r);
    const char *const report[] = {REPORT, "--format", "json", NULL};
    r = run_inert(NULL, false, report);
    assert_json("report --format json", r.out);
    run_free(&r);
    const char *const jsonl[][8] = {
        {GRADE, "--format", "jsonl", NULL},
        {QUALITY, "--format", "jsonl", NULL},
        {QUALITY, "--summary", "--format", "jsonl", NULL},
    };
    for (size_t i = 0; i < sizeof jsonl / sizeof *jsonl; i++) {
        r = run_inert(NULL, false, jsonl[i]);
        int lines = 0;
        for (char *line = strtok(r.out, "\n"); line; line = strtok(NULL, "\n"), lines++)
            assert_json(jsonl[i][0], line);
        assert_true(lines >= 3);
        run_free(&r);
    }
}

static bool has_esc(const run_result *r)
{
    return memchr(r->out, 0x1b, r->out_len) || memchr(r->err, 0x1b, r->err_len);
}

static void test_no_color_means_no_esc(void **state)
{
    (void)state;
    const char *const runs[][10] = {
        {GRADE, NULL},
        {GRADE, "--format", "csv", "--csv-raw", NULL},
        {REPORT, NULL},
        {QUALITY, "--format", "table", NULL},
        {QUALITY, "--summary", "--format", "svg", NULL},
    };
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        run_result r = run_planlens("NO_COLOR=1", -1, runs[i]);
        assert_false(has_esc(&r));
        run_free(&r);
    }
}

/* plan's progress on a terminal (stderr a pseudo-terminal): a redrawn status
 * line with colours, none of its ESC bytes with NO_COLOR or --color=never. */
static bool plan_progress_has_esc(const char *env, const char *color)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    assert_true(master >= 0);
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    assert_true(slave >= 0);
    const char *const args[] = {"plan", "--search", "astar-blind", PLANLENS_SOURCE_DIR "/tests/data/hostile/pddl/domain.pddl",
                                PLANLENS_SOURCE_DIR "/tests/data/hostile/pddl/problem.pddl", color, NULL};
    run_result r = run_planlens(env, slave, args);
    close(slave);
    fcntl(master, F_SETFL, O_NONBLOCK);
    size_t len;
    char *tty = read_fd(master, &len);
    close(master);
    assert_int_equal(WEXITSTATUS(r.status), 0);
    assert_non_null(strstr(r.out, "; cost = "));
    assert_true(len > 0); /* the progress lines */
    bool esc = memchr(tty, 0x1b, len) != NULL || has_esc(&r);
    free(tty);
    run_free(&r);
    return esc;
}

static void test_plan_progress_without_color_has_no_esc(void **state)
{
    (void)state;
    assert_true(plan_progress_has_esc(NULL, NULL)); /* the check sees them when they are there */
    assert_false(plan_progress_has_esc("NO_COLOR=1", NULL));
    assert_false(plan_progress_has_esc(NULL, "--color=never"));
    assert_true(plan_progress_has_esc("NO_COLOR=1", "--color=always"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_are_inert),
        cmocka_unit_test(test_csv_formula_cells_are_guarded),
        cmocka_unit_test(test_csv_raw_leaves_formula_cells),
        cmocka_unit_test(test_json_is_valid_and_inert),
        cmocka_unit_test(test_chart_files_are_inert),
        cmocka_unit_test(test_no_color_means_no_esc),
        cmocka_unit_test(test_plan_progress_without_color_has_no_esc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
