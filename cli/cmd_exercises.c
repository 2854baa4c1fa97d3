/* planlens exercises: per student a sheet (Markdown and text), an answer
 * template and a private key; `exercises mark` grades the filled templates
 * into a mark sheet (engine/teach/exercises.h, exercises_mark.h;
 * docs/TEACHING.md).
 *
 * Exit codes: 0 done; 2 usage (an output that exists without --force, a
 * roster with two names for one folder); 3 input (a PDDL or roster error;
 * for mark, any answer file or line that could not be marked, each
 * reported as file:line while the rest is marked and written). */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/atomic_file.h"
#include "base/file.h"
#include "base/safe_text.h"
#include "base/text_lines.h"
#include "cli.h"
#include "output_guard.h"
#include "teach/exercises.h"
#include "teach/exercises_mark.h"

static const char *const sheet_files[] = {"sheet.md", "sheet.txt", "answers.txt"};
#define NFILES 4 /* the three above and the key */

typedef struct {
    const char *domain, *tasks, *roster, *out;
    const char **problems;
    int nproblems;
    uint64_t seed;
    double seconds;
    bool force;
} gen_args;

static int parse_gen(int argc, char **argv, gen_args *a)
{
    a->problems = calloc((size_t)argc + 1, sizeof *a->problems);
    a->seconds = 10;
    if (!a->problems)
        return cli_usage_error("exercises", "out of memory");
    bool in_problems = false;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool was_problems = in_problems;
        in_problems = false;
        char *end;
        if (!strcmp(s, "--domain") && v) {
            a->domain = argv[++i];
        } else if (!strcmp(s, "--problem")) {
            in_problems = true;
        } else if (!strcmp(s, "--tasks") && v) {
            a->tasks = argv[++i];
        } else if (!strcmp(s, "--students") && v) {
            a->roster = argv[++i];
        } else if (!strcmp(s, "--out") && v) {
            a->out = argv[++i];
        } else if (!strcmp(s, "--seed") && v) {
            errno = 0;
            a->seed = strtoull(argv[++i], &end, 10);
            if (*end || !*v || *v == '-' || errno)
                return cli_usage_error("exercises", "--seed takes a non-negative integer, not '%s'", cli_text(v));
        } else if (!strcmp(s, "--time-limit") && v) {
            a->seconds = strtod(argv[++i], &end);
            if (*end || !*v || !(a->seconds > 0))
                return cli_usage_error("exercises", "--time-limit expects a positive number of seconds, not '%s'",
                                       cli_text(v));
        } else if (cli_force_option(s)) {
            a->force = true;
        } else if (s[0] == '-' && s[1] == '-') {
            return cli_usage_error("exercises", "unknown or incomplete option '%s'", cli_text(s));
        } else if (was_problems) {
            a->problems[a->nproblems++] = s;
            in_problems = true;
        } else {
            return cli_usage_error("exercises", "'%s': problem files go after --problem", cli_text(s));
        }
    }
    if (!a->domain || !a->nproblems || !a->tasks || !a->roster || !a->out)
        return cli_usage_error("exercises", "needs --domain FILE --problem FILE... --tasks LIST --students ROSTER "
                                            "--out DIR (or: exercises mark DIR ANSWERS...)");
    return PL_EXIT_OK;
}

/* The roster's names, one a line (blank lines and '#' comments skipped);
 * two names with one folder are refused.  NULL after printing why. */
static char **read_roster(const char *path, int *n, int *rc)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    *rc = PL_EXIT_INPUT;
    if (!text || pl_check_text(path, text, len, &err) != PL_OK) {
        cli_print_error(&err);
        pl_error_clear(&err);
        free(text);
        return NULL;
    }
    char **names = calloc(len / 2 + 2, sizeof *names), **folders = calloc(len / 2 + 2, sizeof *folders);
    int *lines = calloc(len / 2 + 2, sizeof *lines);
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t m;
    *n = 0;
    *rc = names && folders && lines ? PL_EXIT_OK : PL_EXIT_INPUT;
    while (*rc == PL_EXIT_OK && pl_next_line(&lr, &s, &m)) {
        while (m && (s[m - 1] == '\r' || s[m - 1] == ' ' || s[m - 1] == '\t'))
            m--;
        while (m && (*s == ' ' || *s == '\t'))
            s++, m--;
        if (!m || *s == '#')
            continue;
        names[*n] = pl_strndup(s, m);
        folders[*n] = names[*n] ? pl_ex_folder_name(names[*n]) : NULL;
        lines[*n] = lr.line;
        if (!folders[(*n)++]) {
            *rc = PL_EXIT_INPUT;
            break;
        }
        for (int k = 0; k < *n - 1; k++)
            if (!strcmp(folders[k], folders[*n - 1])) {
                fprintf(stderr, "planlens: %s:%d: '%s' has the folder '%s' of '%s' (line %d): rename one\n",
                        cli_text(path), lr.line, cli_text(names[*n - 1]), cli_text(folders[k]), cli_text(names[k]),
                        lines[k]);
                *rc = PL_EXIT_USAGE;
            }
    }
    if (*rc == PL_EXIT_OK && !*n) {
        fprintf(stderr, "planlens: %s: the roster names no student\n", cli_text(path));
        *rc = PL_EXIT_INPUT;
    }
    for (int k = 0; folders && k < *n; k++)
        free(folders[k]);
    free(folders);
    free(lines);
    free(text);
    if (*rc != PL_EXIT_OK && names) {
        for (int k = 0; k < *n; k++)
            free(names[k]);
        free(names);
        names = NULL;
    }
    return names;
}

static void free_names(char **names, int n)
{
    for (int i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
}

/* The four files of each student: DIR/FOLDER/{sheet.md,sheet.txt,answers.txt}
 * and DIR/key/FOLDER.json.  NULL when out of memory. */
static char **output_paths(const char *dir, char *const *names, int n)
{
    char **paths = calloc((size_t)n * NFILES + 1, sizeof *paths);
    for (int i = 0; paths && i < n; i++) {
        char *folder = pl_ex_folder_name(names[i]);
        for (int f = 0; folder && f < NFILES - 1; f++)
            paths[i * NFILES + f] = pl_strdup_printf("%s/%s/%s", dir, folder, sheet_files[f]);
        paths[i * NFILES + NFILES - 1] = folder ? pl_strdup_printf("%s/key/%s.json", dir, folder) : NULL;
        free(folder);
        for (int f = 0; f < NFILES; f++)
            if (!paths[i * NFILES + f]) {
                free_names(paths, n * NFILES);
                return NULL;
            }
    }
    return paths;
}

static bool make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST)
        return true;
    fprintf(stderr, "planlens: exercises: cannot create %s: %s\n", cli_text(path), strerror(errno));
    return false;
}

static bool write_text(const char *path, const char *text)
{
    pl_error err = PL_ERROR_INIT;
    if (text && pl_write_file_atomic(path, text, strlen(text), &err) == PL_OK)
        return true;
    if (!text)
        fprintf(stderr, "planlens: exercises: out of memory\n");
    cli_print_error(&err);
    pl_error_clear(&err);
    return false;
}

/* Writes one student's four files; returns an exit code. */
static int write_student(const pl_ex_bank *b, const gen_args *a, const char *name, char *const *paths)
{
    pl_ex_sheet s;
    if (pl_ex_sheet_make(b, name, a->seed, &s) < 0) {
        fprintf(stderr, "planlens: exercises: out of memory\n");
        return PL_EXIT_INPUT;
    }
    char *folder = pl_strdup_printf("%s/%s", a->out, s.folder);
    char *md = pl_ex_sheet_markdown(b, &s), *txt = pl_ex_sheet_text(b, &s), *tmpl = pl_ex_sheet_template(&s);
    cJSON *key = pl_ex_key_json(b, &s);
    char *key_text = key ? cli_json_text(key, true) : NULL;
    bool ok = folder && make_dir(folder) && write_text(paths[0], md) && write_text(paths[1], txt) &&
              write_text(paths[2], tmpl) && write_text(paths[3], key_text);
    for (int i = 0; i < s.nskipped; i++)
        fprintf(stderr, "planlens: exercises: %s: skipped %s\n", cli_text(name), cli_text(s.skipped[i]));
    if (ok)
        fprintf(stderr, "planlens: exercises: %s: %d questions in %s\n", cli_text(name), s.count, cli_text(folder));
    free(folder);
    free(md);
    free(txt);
    free(tmpl);
    free(key_text);
    cJSON_Delete(key);
    pl_ex_sheet_clear(&s);
    return ok ? PL_EXIT_OK : PL_EXIT_INPUT;
}

static int generate(int argc, char **argv)
{
    gen_args a = {0};
    int rc = parse_gen(argc, argv, &a), n = 0;
    unsigned kinds = 0;
    pl_error err = PL_ERROR_INIT;
    if (rc == PL_EXIT_OK && !pl_ex_kinds_parse(a.tasks, &kinds, &err))
        rc = cli_usage_error("exercises", "--tasks: %s", err.message);
    pl_error_clear(&err);
    char **names = rc == PL_EXIT_OK ? read_roster(a.roster, &n, &rc) : NULL;
    char **paths = names ? output_paths(a.out, names, n) : NULL;
    if (names && !paths)
        rc = cli_usage_error("exercises", "out of memory");
    if (paths)
        rc = cli_output_guard("exercises", (const char *const *)paths, n * NFILES, a.force);
    pl_ex_bank b = {0};
    if (rc == PL_EXIT_OK && pl_ex_bank_open(&b, a.domain, a.problems, a.nproblems, kinds, &err) != PL_OK) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    }
    b.limits.max_seconds = a.seconds;
    char *keys = rc == PL_EXIT_OK ? pl_strdup_printf("%s/key", a.out) : NULL;
    if (rc == PL_EXIT_OK && !(keys && make_dir(a.out) && make_dir(keys)))
        rc = PL_EXIT_INPUT;
    for (int i = 0; rc == PL_EXIT_OK && i < n; i++)
        rc = write_student(&b, &a, names[i], paths + i * NFILES);
    free(keys);
    pl_ex_bank_close(&b);
    pl_error_clear(&err);
    free_names(paths, n * NFILES);
    free_names(names, n);
    free(a.problems);
    return rc;
}

/* ---- mark ---- */

static void csv_cells(FILE *f, const char *const *cells, int n, bool raw)
{
    for (int i = 0; i < n; i++) {
        char *c = pl_csv_cell(cells[i] ? cells[i] : "", raw);
        fprintf(f, "%s%s", i ? "," : "", c ? c : "");
        free(c);
    }
    fputc('\n', f);
}

static void marks_rows(FILE *f, const pl_ex_marks *m, bool raw)
{
    csv_cells(f, (const char *const[]){"student", "question", "task", "score", "why"}, 5, raw);
    for (int i = 0; i < m->count; i++) {
        const pl_ex_mark *k = &m->marks[i];
        csv_cells(f, (const char *const[]){k->student, k->question, pl_ex_kind_name(k->kind), k->score ? "1" : "0", k->why},
                  5, raw);
    }
}

static void summary_rows(FILE *f, const pl_ex_marks *m, bool raw)
{
    pl_ex_tally tally[PL_EX_NKINDS];
    pl_ex_marks_tally(m, tally);
    csv_cells(f, (const char *const[]){"task", "questions", "answered", "right", "score"}, 5, raw);
    for (int k = 0; k < PL_EX_NKINDS; k++) {
        if (!tally[k].questions)
            continue;
        char q[16], a[16], r[16], s[16];
        snprintf(q, sizeof q, "%d", tally[k].questions);
        snprintf(a, sizeof a, "%d", tally[k].answered);
        snprintf(r, sizeof r, "%d", tally[k].right);
        snprintf(s, sizeof s, "%.3f", (double)tally[k].right / tally[k].questions);
        csv_cells(f, (const char *const[]){pl_ex_kind_name((pl_ex_kind)k), q, a, r, s}, 5, raw);
    }
}

/* The rows a writer gives, as text; NULL when out of memory. */
static char *csv_text(void (*rows)(FILE *, const pl_ex_marks *, bool), const pl_ex_marks *m, bool raw)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    rows(f, m, raw);
    bool ok = !ferror(f);
    if (fclose(f) != 0 || !ok) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int mark(int argc, char **argv)
{
    const char *dir = NULL, *out = NULL;
    bool force = false, raw = false;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0, rc = files ? PL_EXIT_OK : cli_usage_error("exercises mark", "out of memory");
    for (int i = 0; rc == PL_EXIT_OK && i < argc; i++) {
        if (cli_force_option(argv[i]))
            force = true;
        else if (cli_csv_raw_option(argv[i]))
            raw = true;
        else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] == '-')
            rc = cli_usage_error("exercises mark", "unknown or incomplete option '%s'", cli_text(argv[i]));
        else if (!dir)
            dir = argv[i];
        else
            files[nfiles++] = argv[i];
    }
    if (rc == PL_EXIT_OK && (!dir || !nfiles))
        rc = cli_usage_error("exercises mark", "expected DIR ANSWERS... [--out PREFIX] [--force]");
    char *marks_path = rc == PL_EXIT_OK ? pl_strdup_printf("%s.csv", out ? out : "marks") : NULL;
    char *summary_path = rc == PL_EXIT_OK ? pl_strdup_printf("%s-summary.csv", out ? out : "marks") : NULL;
    if (rc == PL_EXIT_OK && !out) { /* by default beside the sheets */
        free(marks_path);
        free(summary_path);
        marks_path = pl_strdup_printf("%s/marks.csv", dir);
        summary_path = pl_strdup_printf("%s/marks-summary.csv", dir);
    }
    if (rc == PL_EXIT_OK)
        rc = marks_path && summary_path
                 ? cli_output_guard("exercises mark", (const char *const[]){marks_path, summary_path}, 2, force)
                 : cli_usage_error("exercises mark", "out of memory");
    pl_ex_marker *mk = rc == PL_EXIT_OK ? pl_ex_marker_new() : NULL;
    pl_ex_marks m = {0};
    pl_error err = PL_ERROR_INIT;
    if (rc == PL_EXIT_OK && !mk)
        rc = cli_usage_error("exercises mark", "out of memory");
    for (int i = 0; rc == PL_EXIT_OK && i < nfiles; i++)
        if (pl_ex_mark_file(mk, dir, files[i], &m, &err) != PL_OK) {
            cli_print_error(&err);
            rc = PL_EXIT_INPUT;
        }
    for (size_t i = 0; i < m.errors.count; i++) {
        const pl_diag *d = &m.errors.items[i];
        if (d->line)
            fprintf(stderr, "planlens: %s:%d: %s\n", cli_text(d->file), d->line, cli_text(d->message));
        else
            fprintf(stderr, "planlens: %s: %s\n", cli_text(d->file), cli_text(d->message));
    }
    if (rc == PL_EXIT_OK) {
        char *marks = csv_text(marks_rows, &m, raw), *summary = csv_text(summary_rows, &m, raw);
        if (write_text(marks_path, marks) && write_text(summary_path, summary))
            fprintf(stderr, "planlens: exercises mark: %d marks of %d students in %s and %s\n", m.count, m.nstudents,
                    cli_text(marks_path), cli_text(summary_path));
        else
            rc = PL_EXIT_INPUT;
        free(marks);
        free(summary);
    }
    if (rc == PL_EXIT_OK && m.errors.count)
        rc = PL_EXIT_INPUT;
    pl_ex_marks_clear(&m);
    pl_ex_marker_free(mk);
    pl_error_clear(&err);
    free(marks_path);
    free(summary_path);
    free(files);
    return rc;
}

int cmd_exercises(int argc, char **argv)
{
    if (argc > 0 && !strcmp(argv[0], "mark"))
        return mark(argc - 1, argv + 1);
    return generate(argc, argv);
}
