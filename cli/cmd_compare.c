/* planlens compare: two runs over the same questions, question by question
 * (docs/COMPARE.md).  The files open as in the explorer (formats detected
 * per file) and are graded in full; the table is the explorer's compare
 * screen as text. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "compare_view.h"
#include "workspace/run_compare.h"
#include "csv_out.h"

#define TABLE_WIDTH 120

typedef enum { COMPARE_TABLE, COMPARE_CSV, COMPARE_JSON } compare_format;

typedef struct {
    const char **files; /* questions and responses: the workspace tells them apart */
    int nfiles, nquestions, nresponses;
    const char *run_a, *run_b, *task;
    pl_compare_filter filter;
    double bin_width;
    compare_format format;
    bool ascii;
} compare_args;

static int parse_options(int argc, char **argv, compare_args *a)
{
    if (!(a->files = calloc((size_t)argc + 1, sizeof *a->files)))
        return cli_usage_error("compare", "out of memory");
    int *count = NULL;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "--questions") || !strcmp(s, "--responses")) {
            count = s[2] == 'q' ? &a->nquestions : &a->nresponses;
            continue;
        }
        if (!strcmp(s, "--ascii")) {
            a->ascii = true;
        } else if (cli_csv_raw_option(s)) {
            ;
        } else if (!strcmp(s, "--runs") && v && i + 2 < argc) {
            a->run_a = argv[++i];
            a->run_b = argv[++i];
        } else if (!strcmp(s, "--task") && v) {
            a->task = argv[++i];
        } else if (!strcmp(s, "--bin-width") && v) {
            a->bin_width = strtod(argv[++i], NULL);
        } else if (!strcmp(s, "--filter") && v) {
            int f = pl_compare_filter_parse(argv[++i]);
            if (f < 0)
                return cli_usage_error("compare", "--filter must be all, agree or disagree, not '%s'", v);
            a->filter = (pl_compare_filter)f;
        } else if (!strcmp(s, "--format") && v) {
            i++;
            a->format = !strcmp(v, "table") ? COMPARE_TABLE : !strcmp(v, "csv") ? COMPARE_CSV
                                                             : !strcmp(v, "json") ? COMPARE_JSON
                                                                                  : (compare_format)-1;
            if ((int)a->format < 0)
                return cli_usage_error("compare", "--format must be table, csv or json, not '%s'", v);
        } else if (s[0] == '-' && s[1] == '-') {
            return cli_usage_error("compare", "unknown or incomplete option '%s'", s);
        } else if (count) {
            a->files[a->nfiles++] = s;
            (*count)++;
            continue;
        } else {
            return cli_usage_error("compare", "'%s': files go after --questions or --responses", s);
        }
        count = NULL;
    }
    if (!a->nquestions || !a->nresponses)
        return cli_usage_error("compare", "needs --questions FILE... and --responses FILE...");
    if (!a->run_a)
        return cli_usage_error("compare", "needs --runs A B (the model names of two runs)");
    pl_histogram probe;
    pl_error err = PL_ERROR_INIT;
    if (pl_histogram_build(NULL, NULL, 0, a->bin_width, 1, &probe, &err) != PL_OK) {
        int rc = cli_usage_error("compare", "%s", err.message);
        pl_error_clear(&err);
        return rc;
    }
    pl_histogram_free(&probe);
    return PL_EXIT_OK;
}

/* Whether every file given opened (the workspace lists each as "path: N ..."). */
static bool all_opened(const pl_workspace *ws, const compare_args *a)
{
    for (int i = 0; i < a->nfiles; i++) {
        struct stat st;
        bool found = stat(a->files[i], &st) == 0 && S_ISDIR(st.st_mode);
        size_t len = strlen(a->files[i]);
        for (int s = 0; !found && s < pl_workspace_nsources(ws); s++)
            found = !strncmp(pl_workspace_source(ws, s), a->files[i], len) &&
                    !strncmp(pl_workspace_source(ws, s) + len, ": ", 2);
        if (!found)
            return false;
    }
    return true;
}

static pl_workspace *open_graded(const compare_args *a, int *rc)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(a->files, a->nfiles, &warnings);
    cli_print_warnings(&warnings);
    *rc = !ws ? PL_EXIT_INPUT : all_opened(ws, a) ? PL_EXIT_OK : PL_EXIT_INPUT;
    if (*rc != PL_EXIT_OK) {
        fprintf(stderr, "planlens: compare: %s\n", ws ? "a file given did not open" : "out of memory");
        pl_workspace_close(ws);
        return NULL;
    }
    pl_workspace_grade_all(ws);
    return ws;
}

/* The records of --task (all without it); NULL after printing why. */
static int *select_task(const pl_workspace *ws, const char *task, int *n)
{
    int total = pl_workspace_count(ws);
    int *records = malloc((size_t)(total + 1) * sizeof *records);
    *n = 0;
    for (int i = 0; records && i < total; i++)
        if (!task || !strcmp(pl_workspace_record(ws, i)->task, task))
            records[(*n)++] = i;
    if (records && task && !*n) {
        cli_usage_error("compare", "no responses to task '%s'", task);
        free(records);
        return NULL;
    }
    return records;
}

/* With epochs, how the accuracies were paired, and why p says n/a. */
static void print_epoch_note(const pl_run_comparison *c)
{
    int epochs = 0;
    for (int p = 0; p < c->npairs; p++)
        epochs |= c->pairs[p].count_a > 1 || c->pairs[p].count_b > 1;
    if (epochs)
        printf("epochs: each question's score is its mean over its epochs, the runs paired on it%s\n",
               c->total.fractional ? "; McNemar n/a (fractional scores)" : "");
}

static void print_table(const pl_workspace *ws, const int *records, int n, const compare_args *a)
{
    pl_selection sel = {.subset = records, .nsubset = n};
    pl_view_model vm;
    pl_view_compare(ws, &sel, a->run_a, a->run_b, a->filter, a->bin_width, a->ascii, TABLE_WIDTH, &vm);
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        if (text) {
            size_t len = strlen(text);
            while (len && text[len - 1] == ' ') /* bars are padded to their width */
                text[--len] = '\0';
            cli_put_safe(stdout, text);
            putchar('\n');
        }
        free(text);
    }
    if (vm.status) {
        cli_put_safe(stdout, vm.status);
        putchar('\n');
    }
    pl_vm_free(&vm);
}

static void csv_number(double x, int decimals)
{
    if (!isnan(x))
        printf("%.*f", decimals, x);
}

static void csv_row(const pl_cmp_task *t)
{
    const char *metric = t->mixed_values ? "mixed" : !t->value.n ? "" : t->is_distance ? "ad" : "iou";
    pl_csv_put(stdout, t->task);
    printf(",%d,%d,", t->pairs, t->accuracy.n);
    const double acc[] = {t->accuracy.mean_a, t->accuracy.mean_b, t->accuracy.diff, t->accuracy.se};
    for (int i = 0; i < 4; i++, putchar(','))
        csv_number(t->accuracy.n ? acc[i] : NAN, 6);
    printf("%d,%d,%s,%d", t->a_only, t->b_only, metric, t->value.n);
    const double val[] = {t->value.mean_a, t->value.mean_b, t->value.diff, t->value.se};
    for (int i = 0; i < 4; i++) {
        putchar(',');
        csv_number(t->value.n ? val[i] : NAN, 6);
    }
    printf(",");
    csv_number(t->accuracy.ci95.low, 6);
    printf(",");
    csv_number(t->accuracy.ci95.high, 6);
    printf(",");
    csv_number(t->mcnemar_p, 6);
    putchar('\n');
}

static void print_csv(const pl_run_comparison *c)
{
    puts("task,pairs,graded_pairs,acc_a,acc_b,acc_diff,acc_se,a_only,b_only,metric,value_pairs,mean_a,mean_b,"
         "mean_diff,mean_se,acc_ci95_low,acc_ci95_high,mcnemar_p");
    for (int t = 0; t < c->ntasks; t++)
        csv_row(&c->tasks[t]);
    csv_row(&c->total);
}

static cJSON *json_diff(const pl_cmp_diff *d)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "n", d->n);
    cJSON_AddNumberToObject(j, "a", d->mean_a);
    cJSON_AddNumberToObject(j, "b", d->mean_b);
    cJSON_AddNumberToObject(j, "diff", d->diff);
    if (isnan(d->se))
        cJSON_AddNullToObject(j, "se");
    else
        cJSON_AddNumberToObject(j, "se", d->se);
    if (pl_interval_defined(d->ci95)) { /* diff ± 1.96 se; null with fewer than 2 pairs */
        cJSON *ci = cJSON_AddArrayToObject(j, "ci95");
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(d->ci95.low));
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(d->ci95.high));
    } else {
        cJSON_AddNullToObject(j, "ci95");
    }
    return j;
}

static cJSON *json_task(const pl_cmp_task *t)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "task", t->task);
    cJSON_AddNumberToObject(j, "pairs", t->pairs);
    cJSON *accuracy = json_diff(&t->accuracy);
    if (t->fractional) /* epoch means: McNemar's test is for 0/1 outcomes */
        cJSON_AddNullToObject(accuracy, "mcnemar_p");
    else
        cJSON_AddNumberToObject(accuracy, "mcnemar_p", t->mcnemar_p);
    cJSON_AddBoolToObject(accuracy, "fractional", t->fractional);
    cJSON_AddItemToObject(j, "accuracy", accuracy);
    cJSON_AddNumberToObject(j, "a_only", t->a_only);
    cJSON_AddNumberToObject(j, "b_only", t->b_only);
    if (t->value.n && !t->mixed_values) {
        cJSON_AddStringToObject(j, "metric", t->is_distance ? "action_distance" : "iou");
        cJSON_AddItemToObject(j, "value", json_diff(&t->value));
    }
    return j;
}

static int json_histograms(const pl_workspace *ws, const pl_run_comparison *c, int task, double bin_width,
                           cJSON *j)
{
    pl_histogram h[2];
    pl_error err = PL_ERROR_INIT;
    if (pl_run_compare_histograms(ws, c, task, bin_width, h, &err) != PL_OK) {
        cli_print_error(&err);
        pl_error_clear(&err);
        return -1;
    }
    cJSON *bins = cJSON_AddArrayToObject(j, "bins");
    for (int b = 0; b < h[0].nbins; b++) {
        cJSON *bin = cJSON_CreateObject();
        cJSON_AddNumberToObject(bin, "lo", h[0].bins[b].lo);
        cJSON_AddNumberToObject(bin, "hi", h[0].bins[b].hi);
        cJSON_AddNumberToObject(bin, "a", h[0].bins[b].count);
        cJSON_AddNumberToObject(bin, "b", h[1].bins[b].count);
        cJSON_AddItemToArray(bins, bin);
    }
    pl_histogram_free(&h[0]);
    pl_histogram_free(&h[1]);
    return 0;
}

static cJSON *json_pair(const pl_workspace *ws, const pl_run_comparison *c, const pl_cmp_pair *p)
{
    const pl_ws_record *ra = pl_workspace_record(ws, p->a), *rb = pl_workspace_record(ws, p->b);
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "id", ra->id);
    cJSON_AddStringToObject(j, "task", c->tasks[p->task].task);
    cJSON_AddNumberToObject(j, "score_a", p->score_a);
    cJSON_AddNumberToObject(j, "score_b", p->score_b);
    if (ra->has_value)
        cJSON_AddNumberToObject(j, "value_a", ra->value);
    else
        cJSON_AddNullToObject(j, "value_a");
    if (rb->has_value)
        cJSON_AddNumberToObject(j, "value_b", rb->value);
    else
        cJSON_AddNullToObject(j, "value_b");
    cJSON_AddNumberToObject(j, "delta", p->delta);
    cJSON_AddNumberToObject(j, "epochs_a", p->epochs_a); /* the question's mean score over them */
    cJSON_AddNumberToObject(j, "epochs_b", p->epochs_b);
    cJSON_AddNumberToObject(j, "reduced_a", p->reduced_a);
    cJSON_AddNumberToObject(j, "reduced_b", p->reduced_b);
    cJSON_AddBoolToObject(j, "agree", p->score_a == p->score_b);
    return j;
}

static int print_json(const pl_workspace *ws, const pl_run_comparison *c, const compare_args *a)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "run_a", a->run_a);
    cJSON_AddStringToObject(j, "run_b", a->run_b);
    int cases = 0; /* plan-quality cases pair by domain, prompt type and instance (as the table's header says) */
    for (int p = 0; p < c->npairs; p++)
        cases += pl_workspace_record(ws, c->pairs[p].a)->pair_id != NULL;
    cJSON_AddStringToObject(j, "key", !cases ? "task+id" : cases == c->npairs ? "domain+prompt+instance"
                                                                               : "task+id, domain+prompt+instance");
    cJSON_AddNumberToObject(j, "paired", c->npairs);
    cJSON_AddNumberToObject(j, "only_a", c->only_a);
    cJSON_AddNumberToObject(j, "only_b", c->only_b);
    cJSON_AddBoolToObject(j, "sets_differ", c->only_a || c->only_b); /* the figures cover the paired questions only */
    cJSON_AddNumberToObject(j, "duplicates_a", c->dup_a);
    cJSON_AddNumberToObject(j, "duplicates_b", c->dup_b);
    cJSON_AddNumberToObject(j, "no_verdict", c->errors);
    cJSON_AddNumberToObject(j, "bin_width", a->bin_width);
    cJSON *tasks = cJSON_AddArrayToObject(j, "tasks");
    int rc = 0;
    for (int t = 0; rc == 0 && t < c->ntasks; t++) {
        cJSON *task = json_task(&c->tasks[t]);
        cJSON_AddItemToArray(tasks, task);
        if (c->tasks[t].value.n)
            rc = json_histograms(ws, c, t, a->bin_width, cJSON_GetObjectItem(task, "value"));
    }
    cJSON_AddItemToObject(j, "total", json_task(&c->total));
    cJSON_AddStringToObject(j, "filter", pl_compare_filter_name(a->filter));
    cJSON *questions = cJSON_AddArrayToObject(j, "questions");
    for (int p = 0; p < c->npairs; p++) {
        const pl_cmp_pair *pair = &c->pairs[p];
        bool agree = pair->score_a == pair->score_b;
        if (pair->ready && (a->filter == PL_CMP_ALL || agree == (a->filter == PL_CMP_AGREE)))
            cJSON_AddItemToArray(questions, json_pair(ws, c, pair));
    }
    if (rc == 0)
        cli_print_json(j);
    else
        cJSON_Delete(j);
    return rc;
}

/* Compares and prints; an unknown run is a usage error listing the runs. */
static int compare(const pl_workspace *ws, const int *records, int n, const compare_args *a)
{
    pl_run_comparison c;
    pl_error err = PL_ERROR_INIT;
    int rc = pl_run_compare(ws, records, n, a->run_a, a->run_b, &c, &err);
    if (rc == PL_ERR_SEMANTIC)
        rc = cli_usage_error("compare", "%s", err.message);
    else if (rc != PL_OK)
        rc = (cli_print_error(&err), PL_EXIT_INPUT);
    else if (a->format == COMPARE_TABLE)
        print_table(ws, records, n, a), print_epoch_note(&c);
    else if (a->format == COMPARE_CSV)
        print_csv(&c);
    else if (print_json(ws, &c, a) < 0)
        rc = PL_EXIT_INPUT;
    pl_error_clear(&err);
    pl_run_comparison_free(&c);
    return rc;
}

int cmd_compare(int argc, char **argv)
{
    compare_args a = {.filter = PL_CMP_ALL, .bin_width = 0.05, .format = COMPARE_TABLE, .ascii = !pl_locale_is_utf8()};
    int rc = parse_options(argc, argv, &a), n = 0;
    pl_workspace *ws = rc == PL_EXIT_OK ? open_graded(&a, &rc) : NULL;
    int *records = ws ? select_task(ws, a.task, &n) : NULL;
    if (ws && !records)
        rc = PL_EXIT_USAGE;
    if (records)
        rc = compare(ws, records, n, &a);
    free(records);
    pl_workspace_close(ws);
    free(a.files);
    return rc;
}
