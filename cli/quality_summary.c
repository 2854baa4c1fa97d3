/* planlens quality --summary: options, the facts of every case (published
 * values where the file carries them, else the pipeline) and the output. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output_guard.h"
#include "quality_summary.h"

void quality_summary_args_init(quality_summary_args *s)
{
    memset(s, 0, sizeof *s);
    s->format = QSUM_TABLE;
    s->opt.missing = PL_QMISSING_FAIL;
}

static int parse_range(const char *text, pl_qsummary_options *o)
{
    char *end;
    long a = strtol(text, &end, 10);
    if (end == text || *end != '-')
        return -1;
    const char *b_text = end + 1;
    long b = strtol(b_text, &end, 10);
    if (end == b_text || *end || a < 0 || b < a || b - a > 1000000)
        return -1;
    o->first_instance = (int)a;
    o->last_instance = (int)b;
    return 0;
}

int quality_summary_option(int argc, char **argv, int *i, quality_summary_args *s)
{
    const char *o = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!strcmp(o, "--summary") || cli_force_option(o)) {
        s->force |= cli_force_option(o);
        s->on = true;
        return 1;
    }
    if (!v)
        return 0;
    if (!strcmp(o, "--format")) {
        static const char *const names[] = {"table", "csv", "jsonl", "svg"};
        for (int f = 0; f < 4; f++)
            if (!strcmp(v, names[f]))
                s->format = (quality_summary_format)f;
        if (strcmp(v, "svg"))
            return 0; /* the per-case formats are the command's own */
        s->on = true;
    } else if (!strcmp(o, "--missing")) {
        if (strcmp(v, "fail") && strcmp(v, "omit"))
            return cli_usage_error("quality", "--missing expects fail or omit"), -1;
        s->opt.missing = strcmp(v, "fail") ? PL_QMISSING_OMIT : PL_QMISSING_FAIL;
    } else if (!strcmp(o, "--instances")) {
        if (parse_range(v, &s->opt) < 0)
            return cli_usage_error("quality", "--instances expects FIRST-LAST (e.g. 2-101)"), -1;
    } else if (!strcmp(o, "--values")) {
        if (strcmp(v, "published") && strcmp(v, "computed"))
            return cli_usage_error("quality", "--values expects published or computed"), -1;
        s->recompute = !strcmp(v, "computed");
    } else if (!strcmp(o, "--by")) {
        static const char *const keys[] = {"group", "domain", "model", "prompt"};
        int k = 0;
        while (k < 4 && strcmp(v, keys[k]))
            k++;
        if (k == 4)
            return cli_usage_error("quality", "--by expects group, model, prompt or domain"), -1;
        s->by = (pl_qby)k;
    } else if (!strcmp(o, "--chart")) {
        s->chart = v;
    } else if (!strcmp(o, "--output")) {
        s->output = v;
    } else {
        return 0;
    }
    s->on = true;
    (*i)++;
    return 1;
}

/* The case evaluated by the pipeline (its own task load: summaries of
 * published values need none). */
static int computed_facts(const pl_quality_case *c, pl_name_sim *sim, const pl_quality_options *opt,
                          pl_qfacts *f)
{
    char *error = c->load_error ? pl_strdup(c->load_error) : NULL;
    pl_quality_result r;
    bool ran = false;
    if (!c->load_error) {
        pl_loaded_task lt;
        pl_diags warnings = PL_DIAGS_INIT;
        pl_error err = PL_ERROR_INIT;
        if (pl_load_task_texts(c->domain_text, strlen(c->domain_text), c->domain_name, c->problem_text,
                               strlen(c->problem_text), c->problem_name, &lt, &warnings, &err) != PL_OK) {
            error = pl_error_format(&err);
        } else {
            ran = pl_quality_run(lt.task, sim, c->gt, c->ngt, c->llm, c->nllm, c->llm_correct, opt, &r, &err) == 0;
            if (!ran)
                error = pl_error_format(&err);
            pl_loaded_task_free(&lt);
        }
        pl_error_clear(&err);
        pl_diags_clear(&warnings);
    }
    if (!ran) { /* a missing case: counted or left out as --missing says */
        fprintf(stderr, "planlens: quality: %s: ", cli_text(c->id));
        cli_put_safe(stderr, error ? error : "out of memory");
        fputc('\n', stderr);
    }
    free(error);
    int rc = pl_qfacts_from_result(c, ran ? &r : NULL, f);
    if (ran)
        pl_quality_result_clear(&r);
    return rc;
}

static bool is_jsonl(const char *path)
{
    size_t n = strlen(path);
    return !(n > 4 && !strcmp(path + n - 4, ".csv")) && !(n > 5 && !strcmp(path + n - 5, ".json"));
}

/* Every case of the files as facts.  Returns an exit code, or -1 when
 * nothing should be printed (a file unreadable, WordNet missing, out of memory). */
static int collect(const quality_summary_args *s, const pl_quality_options *opt, const char *pddl_dir,
                   const char *const *files, int nfiles, pl_qfacts_list *facts)
{
    int rc = PL_EXIT_OK;
    bool failed = false;
    pl_name_sim *sim = NULL;
    pl_diags warnings = PL_DIAGS_INIT;
    for (int i = 0; i < nfiles && rc == PL_EXIT_OK; i++) {
        pl_quality_cases cases = {0};
        cJSON *published = NULL;
        pl_error err = PL_ERROR_INIT;
        if (pl_quality_read_file(files[i], pddl_dir, &cases, &warnings, &err) != PL_OK ||
            (!s->recompute && is_jsonl(files[i]) && pl_qpublished_read(files[i], &published, &err) != PL_OK)) {
            cli_print_error(&err);
            rc = -1;
        }
        for (int k = 0; k < cases.count && rc == PL_EXIT_OK; k++) {
            const pl_quality_case *c = &cases.items[k];
            cJSON *expected = published       ? pl_qpublished_take(published, c->id)
                              : !s->recompute ? quality_published_from_csv(c)
                                              : NULL;
            pl_qfacts f;
            int frc;
            if (expected && pl_qfacts_from_published(c, expected, &f) == 0) {
                frc = 0;
            } else {
                if (expected)
                    pl_diags_add(&warnings, files[i], 0, 0, "%s: malformed published values, recomputed", c->id);
                if (!sim && !(sim = pl_name_sim_open(NULL, &err))) {
                    cli_print_error(&err);
                    rc = -1;
                    break;
                }
                frc = computed_facts(c, sim, opt, &f);
            }
            cJSON_Delete(expected);
            failed |= frc == 0 && !f.evaluated;
            if (frc < 0 || pl_qfacts_push(facts, &f) < 0) {
                pl_qfacts_clear(&f);
                fputs("planlens: quality: out of memory\n", stderr);
                rc = -1;
            }
        }
        pl_error_clear(&err);
        cJSON_Delete(published);
        pl_quality_cases_free(&cases);
    }
    if ((failed || warnings.count > 0) && rc == PL_EXIT_OK)
        rc = PL_EXIT_INPUT; /* a skipped or failed record: as `quality` says it */
    cli_print_warnings(&warnings);
    pl_name_sim_close(sim);
    return rc;
}

typedef struct {
    const pl_qsummary *sum;
    const char *chart;
} chart_request;

static int write_charts(FILE *svg, FILE *csv, const void *ctx)
{
    const chart_request *r = ctx;
    return quality_summary_write_charts(r->sum, r->chart, svg, csv);
}

/* PATH.svg and PATH.csv (PATH without .svg: PATH.svg too). */
static int write_chart_files(const pl_qsummary *sum, const quality_summary_args *s)
{
    chart_request r = {sum, s->chart};
    return cli_write_chart_files("quality", s->output, write_charts, &r);
}

/* The usage errors, before any work: the charts' options without the
 * charts, and an output file that exists without --force. */
static int check_options(const quality_summary_args *s)
{
    if (s->chart && quality_summary_write_charts(NULL, s->chart, NULL, NULL) < 0)
        return cli_usage_error("quality", "--chart expects one of %s", quality_summary_chart_names());
    if (s->chart && s->format != QSUM_SVG)
        return cli_usage_error("quality", "--chart NAME picks one of the SVG charts: give --format svg too");
    if (s->output && s->format != QSUM_SVG)
        return cli_usage_error("quality", "--output is for --format svg (it writes PATH.svg and PATH.csv)");
    if (s->force && !s->output)
        return cli_usage_error("quality", "--force is for --output (it lets PATH.svg and PATH.csv be replaced)");
    return s->output ? cli_chart_output_guard("quality", s->output, s->force) : PL_EXIT_OK;
}

static int print_summary(const pl_qsummary *sum, const quality_summary_args *s)
{
    if (s->format == QSUM_SVG && s->output)
        return write_chart_files(sum, s);
    if (s->format == QSUM_SVG)
        return quality_summary_write_charts(sum, s->chart, stdout, NULL) == 0 ? PL_EXIT_OK : PL_EXIT_INPUT;
    int rc = s->format == QSUM_CSV     ? quality_summary_print_csv(stdout, sum, s->by)
             : s->format == QSUM_JSONL ? quality_summary_print_jsonl(stdout, sum, s->by)
                                       : quality_summary_print_table(stdout, sum, s->by);
    if (rc < 0)
        fputs("planlens: quality: out of memory\n", stderr);
    return rc < 0 ? PL_EXIT_INPUT : PL_EXIT_OK;
}

int quality_summary_run(const quality_summary_args *s, const pl_quality_options *opt, const char *pddl_dir,
                        const char *const *files, int nfiles)
{
    int usage = check_options(s);
    if (usage != PL_EXIT_OK)
        return usage;
    pl_qfacts_list facts = {0};
    int rc = collect(s, opt, pddl_dir, files, nfiles, &facts);
    pl_qsummary sum;
    pl_error err = PL_ERROR_INIT;
    if (rc < 0) {
        rc = PL_EXIT_INPUT;
    } else if (pl_qsummary_build(&facts, &s->opt, &sum, &err) < 0) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    } else {
        int prc = print_summary(&sum, s);
        rc = prc != PL_EXIT_OK ? prc : rc;
        pl_qsummary_free(&sum);
    }
    pl_error_clear(&err);
    pl_qfacts_list_free(&facts);
    return rc;
}
