/* planlens probe: perturb each question's correct answer in known ways,
 * grade the results officially and soundly, and report per task where the
 * official grader accepts a wrong answer or rejects a right one. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/probe.h"
#include "cli.h"
#include "csv_out.h"

typedef struct {
    const char **questions;
    int nquestions;
    unsigned kinds;
    const char *format;
} probe_args;

static int parse_args(int argc, char **argv, probe_args *a)
{
    a->kinds = (1u << PL_PROBE_COUNT) - 1;
    a->format = "table";
    a->questions = calloc((size_t)argc + 1, sizeof *a->questions);
    if (!a->questions)
        return cli_usage_error("probe", "out of memory");
    bool in_questions = false;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool was = in_questions;
        in_questions = false;
        if (!strcmp(s, "--questions")) {
            in_questions = true;
        } else if (!strcmp(s, "--kinds") && v) {
            if (pl_probe_kinds_parse(argv[++i], &a->kinds) < 0)
                return cli_usage_error("probe", "--kinds takes a comma-separated list of exact, drop, hallucinate, "
                                                "swap-args, case, prose, markdown, off-by-one, none");
        } else if (!strcmp(s, "--format") && v) {
            a->format = argv[++i];
            if (strcmp(a->format, "table") && strcmp(a->format, "csv") && strcmp(a->format, "json"))
                return cli_usage_error("probe", "--format must be table, csv or json, not '%s'", a->format);
        } else if (cli_csv_raw_option(s)) {
            ;
        } else if (s[0] == '-' && s[1] == '-') {
            return cli_usage_error("probe", "unknown or incomplete option '%s'", s);
        } else if (was) {
            a->questions[a->nquestions++] = s;
            in_questions = true;
        } else {
            return cli_usage_error("probe", "'%s': question files go after --questions", s);
        }
    }
    return a->nquestions ? PL_EXIT_OK : cli_usage_error("probe", "needs --questions FILE...");
}

static void print_report(const probe_args *a, const pl_probe_report *r)
{
    bool json = !strcmp(a->format, "json"), csv = !strcmp(a->format, "csv");
    cJSON *out = json ? cJSON_CreateArray() : NULL;
    if (csv)
        puts("task,probe,responses,official_accepts,sound_accepts,official_accepts_wrong,official_rejects_right,"
             "example");
    else if (!json)
        printf("%-7s %-12s %9s %9s %9s %14s %15s  %s\n", "task", "probe", "responses", "official", "sound",
               "accepts wrong", "rejects right", "example");
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        for (int k = 0; k < PL_PROBE_COUNT; k++) {
            const pl_probe_cell *c = &r->cells[t][k];
            const char *example = c->example ? c->example->id : NULL;
            if (!c->n)
                continue;
            const char *task = pl_acp_task_name((pl_acp_task)t), *kind = pl_probe_kind_name((pl_probe_kind)k);
            if (json) {
                cJSON *o = cJSON_CreateObject();
                cJSON_AddStringToObject(o, "task", task);
                cJSON_AddStringToObject(o, "probe", kind);
                cJSON_AddNumberToObject(o, "responses", c->n);
                cJSON_AddNumberToObject(o, "official_accepts", c->official);
                cJSON_AddNumberToObject(o, "sound_accepts", c->sound);
                cJSON_AddNumberToObject(o, "official_accepts_wrong", c->accepts_wrong);
                cJSON_AddNumberToObject(o, "official_rejects_right", c->rejects_right);
                if (example)
                    cJSON_AddStringToObject(o, "example", example);
                cJSON_AddItemToArray(out, o);
            } else if (csv) {
                printf("%s,%s,%d,%d,%d,%d,%d,", task, kind, c->n, c->official, c->sound, c->accepts_wrong,
                       c->rejects_right);
                pl_csv_put(stdout, example);
                putchar('\n');
            } else {
                printf("%-7s %-12s %9d %9d %9d %14d %15d  %s\n", task, kind, c->n, c->official, c->sound,
                       c->accepts_wrong, c->rejects_right, example ? cli_text(example) : "");
            }
        }
    if (json)
        cli_print_json(out);
}

int cmd_probe(int argc, char **argv)
{
    probe_args a = {0};
    int rc = parse_args(argc, argv, &a);
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    for (int i = 0; rc == PL_EXIT_OK && i < a.nquestions; i++)
        if (pl_acp_questions_load(&qs, a.questions[i], &warnings, &err) != PL_OK) {
            cli_print_error(&err);
            rc = PL_EXIT_INPUT;
        }
    cli_print_warnings(&warnings);
    pl_error_clear(&err);
    const pl_acp_question **list = rc == PL_EXIT_OK ? malloc(((size_t)qs.count + 1) * sizeof *list) : NULL;
    static pl_probe_report report;
    for (int i = 0; list && i < qs.count; i++)
        list[i] = &qs.items[i];
    if (list && pl_probe_run(list, qs.count, a.kinds, &report) == 0)
        print_report(&a, &report);
    else if (rc == PL_EXIT_OK) {
        fprintf(stderr, "planlens: probe: out of memory\n");
        rc = PL_EXIT_INPUT;
    }
    free(list);
    pl_probe_report_free(&report);
    pl_acp_questions_free(&qs);
    free(a.questions);
    return rc;
}
