/* planlens quality FILE... [--similarity v2|v1] [--format jsonl|csv|table]
 *                  [--pddl-dir DIR] [--no-potential] [--no-replan] [--replan-search]
 *                  [--time-limit S]
 *
 * The plan-quality metrics of seed 002 for every plan of the input files,
 * in input order (docs/QUALITY.md). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plans/plan.h"
#include "quality_output.h"
#include "quality_shard.h"
#include "quality_summary.h"
#include "quality_summary_print.h"

typedef struct {
    quality_format format;
    pl_quality_options opt;
    const char *pddl_dir;
    quality_summary_args summary; /* --summary and its options (quality_summary.c) */
} quality_args;

static int parse_args(int argc, char **argv, quality_args *a, const char ***files, int *nfiles)
{
    a->format = QUALITY_JSONL;
    a->opt = pl_quality_defaults();
    a->pddl_dir = NULL;
    quality_summary_args_init(&a->summary);
    *files = calloc((size_t)argc + 1, sizeof **files);
    *nfiles = 0;
    if (!*files)
        return cli_usage_error("quality", "out of memory");
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool has_value = i + 1 < argc;
        if (!strcmp(s, "--ci") || !strcmp(s, "--no-ci")) { /* the summary table's intervals */
            quality_summary_print_ci(s[2] == 'c');
            continue;
        }
        int summary_option = quality_summary_option(argc, argv, &i, &a->summary);
        if (summary_option < 0)
            return PL_EXIT_USAGE;
        if (summary_option > 0)
            continue;
        if (!strcmp(s, "--similarity") && has_value) {
            if (pl_similarity_version_parse(argv[++i], &a->opt.version) < 0)
                return cli_usage_error("quality", "--similarity expects v2 or v1");
        } else if (!strcmp(s, "--format") && has_value) {
            const char *f = argv[++i];
            if (!strcmp(f, "jsonl"))
                a->format = QUALITY_JSONL;
            else if (!strcmp(f, "csv"))
                a->format = QUALITY_CSV;
            else if (!strcmp(f, "table"))
                a->format = QUALITY_TABLE;
            else
                return cli_usage_error("quality", "--format expects jsonl, csv or table");
        } else if (!strcmp(s, "--pddl-dir") && has_value) {
            a->pddl_dir = argv[++i];
        } else if (!strcmp(s, "--time-limit") && has_value) {
            char *end;
            a->opt.replan_seconds = strtod(argv[++i], &end);
            if (*end || a->opt.replan_seconds <= 0)
                return cli_usage_error("quality", "--time-limit expects a positive number of seconds");
        } else if (!strcmp(s, "--no-potential")) {
            a->opt.potential = false;
        } else if (!strcmp(s, "--replan-search")) {
            a->opt.replan_reuse_gt = false;
        } else if (!strcmp(s, "--no-replan")) {
            a->opt.replan = false;
        } else if (cli_csv_raw_option(s)) {
            continue;
        } else if (s[0] == '-' && s[1]) {
            return cli_usage_error("quality", "unknown or incomplete option '%s'", s);
        } else {
            (*files)[(*nfiles)++] = s;
        }
    }
    if (*nfiles == 0)
        return cli_usage_error("quality", "expected FILE... (.jsonl cases, PlanBench .json, published .csv)");
    return PL_EXIT_OK;
}

/* Consecutive cases usually share their PDDL: the grounded task is kept. */
typedef struct {
    const char *domain_text, *problem_text; /* borrowed from the case that loaded it */
    pl_loaded_task lt;
    bool loaded;
    char *error;
} task_cache;

static const pl_task *case_task(task_cache *tc, const pl_quality_case *c, const char **error)
{
    if (tc->loaded && !strcmp(tc->domain_text, c->domain_text) && !strcmp(tc->problem_text, c->problem_text)) {
        *error = tc->error;
        return tc->error ? NULL : tc->lt.task;
    }
    if (tc->loaded && !tc->error)
        pl_loaded_task_free(&tc->lt);
    free(tc->error);
    tc->error = NULL;
    tc->loaded = true;
    tc->domain_text = c->domain_text;
    tc->problem_text = c->problem_text;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_texts(c->domain_text, strlen(c->domain_text), c->domain_name, c->problem_text,
                           strlen(c->problem_text), c->problem_name, &tc->lt, &warnings, &err) != PL_OK)
        tc->error = pl_error_format(&err);
    pl_error_clear(&err);
    pl_diags_clear(&warnings);
    *error = tc->error;
    return tc->error ? NULL : tc->lt.task;
}

/* Why the LLM plan is not valid, as the explorer says for the case
 * (engine/workspace/cases.c): validity is the verdict, so no reference cost. */
static void plan_failure(const pl_task *t, const pl_quality_case *c, pl_failure *f)
{
    pl_trace *tr = pl_trace_new(t, c->llm, c->nllm); /* NULL: out of memory, no failure said */
    if (tr)
        pl_plan_failure(tr, -1, f);
    pl_trace_free(tr);
}

static void emit(const quality_args *a, quality_summary *sum, const pl_quality_case *c, const pl_quality_result *r,
                 const pl_failure *f, const char *error)
{
    if (a->format == QUALITY_JSONL)
        quality_print_jsonl(stdout, c, r, f, error, a->opt.version);
    else if (a->format == QUALITY_CSV)
        quality_print_csv(stdout, c, r, f, error);
    else
        quality_print_table_row(stdout, c, r, error);
    quality_summary_add(sum, c, r);
    if (!r) {
        fprintf(stderr, "planlens: quality: %s: ", cli_text(c->id));
        cli_put_safe(stderr, error);
        fputc('\n', stderr);
    }
}

int cmd_quality(int argc, char **argv)
{
    quality_args a;
    const char **files = NULL;
    int nfiles;
    cli_shard shard; /* partition key: the case's id; order key: its position */
    int rc = cli_shard_take("quality", &argc, argv, &shard);
    rc = rc == PL_EXIT_OK ? parse_args(argc, argv, &a, &files, &nfiles) : rc;
    if (rc == PL_EXIT_OK && shard.on && a.summary.on)
        rc = cli_usage_error("quality", "--summary reads the whole set: shard the records (without --summary) instead");
    if (rc != PL_EXIT_OK || a.summary.on) {
        if (rc == PL_EXIT_OK)
            rc = quality_summary_run(&a.summary, &a.opt, a.pddl_dir, files, nfiles);
        free(files);
        return rc;
    }
    pl_quality_cases cases = {0};
    pl_diags warnings = PL_DIAGS_INIT;
    for (int i = 0; i < nfiles && rc == PL_EXIT_OK; i++) {
        pl_error err = PL_ERROR_INIT;
        if (pl_quality_read_file(files[i], a.pddl_dir, &cases, &warnings, &err) != PL_OK) {
            cli_print_error(&err);
            rc = PL_EXIT_INPUT;
        }
        pl_error_clear(&err);
    }
    free(files);
    bool skipped = warnings.count > 0;
    cli_print_warnings(&warnings);
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = rc == PL_EXIT_OK ? pl_name_sim_open(NULL, &err) : NULL;
    if (rc == PL_EXIT_OK && !sim) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    }
    pl_error_clear(&err);
    if (rc != PL_EXIT_OK) {
        pl_quality_cases_free(&cases);
        return rc;
    }
    quality_summary *sum = quality_summary_new();
    task_cache tc = {0};
    bool failed = false;
    cli_part *part = shard.on ? quality_part_begin(stdout, &shard, argc, argv, a.format) : NULL;
    if (a.format == QUALITY_CSV && !shard.on)
        quality_print_csv_header(stdout);
    for (int i = 0; i < cases.count; i++) {
        const pl_quality_case *c = &cases.items[i];
        if (!cli_shard_owns(&shard, c->id, NULL))
            continue;
        const char *error = c->load_error;
        const pl_task *t = error ? NULL : case_task(&tc, c, &error);
        pl_quality_result r;
        if (t && pl_quality_run(t, sim, c->gt, c->ngt, c->llm, c->nllm, c->llm_correct, &a.opt, &r, &err) < 0) {
            t = NULL;
            error = err.message;
        }
        pl_failure f = {0};
        if (t)
            plan_failure(t, c, &f);
        if (shard.on)
            quality_part_case(part, i, a.format, c, t ? &r : NULL, t ? &f : NULL, error, a.opt.version);
        else
            emit(&a, sum, c, t ? &r : NULL, t ? &f : NULL, error);
        failed |= !t;
        if (t)
            pl_quality_result_clear(&r);
        pl_failure_clear(&f);
        pl_error_clear(&err);
    }
    if (a.format == QUALITY_TABLE && sum && !shard.on)
        quality_summary_print(stdout, sum);
    quality_summary_free(sum);
    if (tc.loaded && !tc.error)
        pl_loaded_task_free(&tc.lt);
    free(tc.error);
    pl_name_sim_close(sim);
    pl_quality_cases_free(&cases);
    rc = failed || skipped ? PL_EXIT_INPUT : PL_EXIT_OK;
    return shard.on ? cli_part_end(part, rc, NULL) : rc;
}
