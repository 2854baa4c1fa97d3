/* planlens report: IoU / action-distance histograms beside binary success,
 * per run and task (../shared/specs/iou-metrics.md). */
#include <stdlib.h>
#include <string.h>

#include "acpbench/grade.h"
#include "cli.h"
#include "iou/histogram.h"
#include "output_guard.h"
#include "iou/verdict.h"
#include "report_shard.h"
#include "runs/runs.h"

typedef struct {
    const char **questions, **responses;
    int nquestions, nresponses;
    report_options opts;
    const char *output; /* --output: the SVG chart's path (and its CSV's) */
    bool force;         /* --force: --output may replace them (output_guard.h) */
} report_args;

static int parse_options(int argc, char **argv, report_args *a)
{
    a->opts = (report_options){REPORT_BY_TASK, REPORT_TABLE, 0.05, !pl_locale_is_utf8(), NULL, true};
    a->questions = calloc((size_t)argc + 1, sizeof *a->questions);
    a->responses = calloc((size_t)argc + 1, sizeof *a->responses);
    if (!a->questions || !a->responses)
        return cli_usage_error("report", "out of memory");
    const char ***list = NULL;
    int *count = NULL;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "--questions")) {
            list = &a->questions, count = &a->nquestions;
            continue;
        }
        if (!strcmp(s, "--responses")) {
            list = &a->responses, count = &a->nresponses;
            continue;
        }
        if (!strcmp(s, "--ascii")) {
            a->opts.ascii = true;
        } else if (!strcmp(s, "--ci") || !strcmp(s, "--no-ci")) {
            a->opts.ci = s[2] == 'c';
        } else if (!strcmp(s, "--bin-width") && v) {
            a->opts.bin_width = strtod(argv[++i], NULL);
        } else if (!strcmp(s, "--bins") && v) {
            int bins = atoi(argv[++i]);
            if (bins < 1 || bins > 1000)
                return cli_usage_error("report", "--bins takes a number of bins from 1 to 1000, not '%s'", v);
            a->opts.bin_width = 1.0 / bins;
        } else if (!strcmp(s, "--by") && v) {
            i++;
            a->opts.by = !strcmp(v, "task") ? REPORT_BY_TASK : !strcmp(v, "domain") ? REPORT_BY_DOMAIN
                                                            : !strcmp(v, "model")  ? REPORT_BY_MODEL
                                                            : !strcmp(v, "failure") ? REPORT_BY_FAILURE
                                                                                   : (report_grouping)-1;
            if ((int)a->opts.by < 0)
                return cli_usage_error("report", "--by must be task, domain, model or failure, not '%s'", v);
        } else if (!strcmp(s, "--format") && v) {
            i++;
            a->opts.format = !strcmp(v, "table") ? REPORT_TABLE : !strcmp(v, "csv") ? REPORT_CSV
                                                               : !strcmp(v, "json") ? REPORT_JSON
                                                               : !strcmp(v, "svg")  ? REPORT_SVG
                                                                                    : (report_format)-1;
            if ((int)a->opts.format < 0)
                return cli_usage_error("report", "--format must be table, csv, json or svg, not '%s'", v);
        } else if (!strcmp(s, "--output") && v) {
            a->output = argv[++i];
        } else if (cli_force_option(s)) {
            a->force = true;
        } else if (cli_csv_raw_option(s)) {
            ;
        } else if (s[0] == '-' && s[1] == '-') {
            return cli_usage_error("report", "unknown or incomplete option '%s'", s);
        } else if (list) {
            (*list)[(*count)++] = s;
            continue;
        } else {
            return cli_usage_error("report", "'%s': files go after --questions or --responses", s);
        }
        list = NULL;
    }
    a->opts.output = a->output;
    if (a->output && a->opts.format != REPORT_SVG)
        return cli_usage_error("report", "--output is for --format svg (it writes PATH.svg and PATH.csv)");
    if (a->force && !a->output)
        return cli_usage_error("report", "--force is for --output (it lets PATH.svg and PATH.csv be replaced)");
    if (a->opts.by == REPORT_BY_FAILURE && a->nquestions + a->nresponses == 0)
        return cli_usage_error("report", "--by failure needs files: --questions FILE... --responses FILE...");
    if (a->opts.by != REPORT_BY_FAILURE && (!a->nquestions || !a->nresponses))
        return cli_usage_error("report", "needs --questions FILE... and --responses FILE...");
    return a->output ? cli_chart_output_guard("report", a->output, a->force) : PL_EXIT_OK;
}

typedef struct {
    pl_iou_questions iou;
    pl_acp_questions acp;
    pl_run_responses runs;
    char **domains; /* ACPBench domain names read from the PDDL, parallel to acp.items */
} report_inputs;

static bool load_inputs(const report_args *a, report_inputs *in)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    bool ok = true;
    for (int i = 0; ok && i < a->nquestions; i++)
        ok = (pl_iou_file_is_native(a->questions[i]) ? pl_iou_questions_load(&in->iou, a->questions[i], &warnings, &err)
                                                     : pl_acp_questions_load(&in->acp, a->questions[i], &warnings, &err)) ==
             PL_OK;
    for (int i = 0; ok && i < a->nresponses; i++)
        ok = pl_run_responses_load(&in->runs, a->responses[i], &warnings, &err) == PL_OK;
    if (ok && pl_run_responses_name_runs(&in->runs, &warnings) < 0) /* two responses.jsonl: two runs */
        ok = pl_error_set(&err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory") == PL_OK;
    cli_print_warnings(&warnings);
    if (!ok)
        cli_print_error(&err);
    pl_error_clear(&err);
    if (ok && in->acp.count && !(in->domains = calloc((size_t)in->acp.count, sizeof *in->domains)))
        ok = false;
    for (int i = 0; ok && i < in->acp.count; i++)
        ok = (in->domains[i] = pl_acp_question_domain(&in->acp.items[i])) != NULL;
    return ok;
}

static void free_inputs(report_inputs *in)
{
    for (int i = 0; in->domains && i < in->acp.count; i++)
        free(in->domains[i]);
    free(in->domains);
    pl_iou_questions_free(&in->iou);
    pl_acp_questions_free(&in->acp);
    pl_run_responses_free(&in->runs);
}

/* Grades one response into a row; 1 when it made a row, 0 when it has no
 * IoU question (counted), -1 when out of memory. */
static int grade_one(const report_inputs *in, pl_iou_grader *ig, pl_acp_grader *ag, const pl_run_response *r,
                     report_row *row)
{
    row->model = r->model; /* every run named (pl_run_responses_name_runs) */
    const pl_iou_question *iq = pl_iou_questions_find(&in->iou, r->id);
    if (iq) {
        pl_iou_verdict v;
        if (pl_iou_grade(ig, iq, r->response, &v) < 0)
            return -1;
        *row = (report_row){iq->id,  row->model,    pl_iou_task_name(iq->task), iq->domain ? iq->domain : "?",
                            v.value, v.is_distance, v.success,                  !v.list.ok,
                            r->epoch};
        pl_iou_verdict_clear(&v);
        return 1;
    }
    const pl_acp_question *q = pl_acp_questions_match(&in->acp, r);
    if (!q || q->format != PL_ACP_GEN || (q->task != PL_ACP_APP && q->task != PL_ACP_PROG))
        return 0;
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    int rc = pl_acp_grade(ag, q, r->response, &v, &err);
    pl_error_clear(&err);
    if (rc == 0)
        *row = (report_row){q->id, row->model, pl_acp_task_name(q->task), in->domains[q - in->acp.items],
                            v.has_iou ? v.iou : 0.0, false, v.score == 1, cJSON_IsNull(v.parsed), r->epoch};
    pl_acp_verdict_clear(&v);
    return rc == 0 ? 1 : 0;
}

int cmd_report(int argc, char **argv)
{
    report_args a = {0};
    report_inputs in = {PL_IOU_QUESTIONS_INIT, PL_ACP_QUESTIONS_INIT, PL_RUN_RESPONSES_INIT, NULL};
    cli_shard shard; /* partition key: the response's (group, id); order key: its position */
    int rc = cli_shard_take("report", &argc, argv, &shard);
    rc = rc == PL_EXIT_OK ? parse_options(argc, argv, &a) : rc;
    if (rc == PL_EXIT_OK && shard.on && a.opts.by == REPORT_BY_FAILURE)
        rc = cli_usage_error("report", "--by failure reads the files as the explorer does: not in shards");
    if (rc == PL_EXIT_OK && a.opts.by == REPORT_BY_FAILURE) { /* every task, through the workspace */
        const char **files = calloc((size_t)(a.nquestions + a.nresponses) + 1, sizeof *files);
        if (files) {
            memcpy(files, a.questions, (size_t)a.nquestions * sizeof *files);
            memcpy(files + a.nquestions, a.responses, (size_t)a.nresponses * sizeof *files);
        }
        rc = files ? report_failures(files, a.nquestions + a.nresponses, a.opts.format, a.opts.ascii, a.opts.ci,
                                     a.output) : PL_EXIT_INPUT;
        free(files);
        free(a.questions);
        free(a.responses);
        return rc;
    }
    if (rc == PL_EXIT_OK && !load_inputs(&a, &in))
        rc = PL_EXIT_INPUT;
    report_row *rows = rc == PL_EXIT_OK ? calloc((size_t)in.runs.count + 1, sizeof *rows) : NULL;
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.sound = false; /* IoU and the official exact match need no sound checks */
    pl_iou_grader *ig = rows ? pl_iou_grader_new() : NULL;
    pl_acp_grader *ag = ig ? pl_acp_grader_new(&opts) : NULL;
    int n = 0, unmatched = 0, errored = 0;
    cli_part *part = ag && shard.on ? report_part_begin(stdout, &shard, argc, argv, &a.opts) : NULL;
    for (int i = 0; ag && i < in.runs.count; i++) {
        if (!cli_shard_owns(&shard, in.runs.items[i].group, in.runs.items[i].id))
            continue;
        if (in.runs.items[i].error) { /* an errored sample: no answer, left out as Inspect leaves it out */
            errored++;
            continue;
        }
        int got = grade_one(&in, ig, ag, &in.runs.items[i], &rows[n]);
        if (got < 0)
            break;
        n += got;
        unmatched += !got;
        if (got && part)
            report_part_row(part, i, &rows[n - 1]);
    }
    if (rc == PL_EXIT_OK && !shard.on) /* a part carries them to the merge */
        report_print_counts(unmatched, errored);
    if (rc == PL_EXIT_OK && !ag) {
        fprintf(stderr, "planlens: out of memory\n");
        rc = PL_EXIT_INPUT;
    } else if (rc == PL_EXIT_OK) {
        pl_histogram probe;
        pl_error err = PL_ERROR_INIT;
        if (pl_histogram_build(NULL, NULL, 0, a.opts.bin_width, 1, &probe, &err) != PL_OK) {
            rc = cli_usage_error("report", "%s", err.message);
            pl_error_clear(&err);
        } else {
            pl_histogram_free(&probe);
            if (shard.on)
                rc = report_part_end(part, unmatched, errored);
            else if (report_print(stdout, rows, n, &a.opts) < 0)
                rc = PL_EXIT_INPUT;
        }
    }
    pl_acp_grader_free(ag);
    pl_iou_grader_free(ig);
    free(rows);
    free_inputs(&in);
    free(a.questions);
    free(a.responses);
    return rc;
}
