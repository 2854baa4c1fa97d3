/* planlens audit: the stored labels of question sets re-derived with the
 * engine; every provably wrong label with its proof. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/audit.h"
#include "cli.h"

int cmd_audit(int argc, char **argv)
{
    const char **files = calloc((size_t)argc + 1, sizeof *files), *format = "table";
    int nfiles = 0;
    double seconds = 10;
    bool in_files = false;
    for (int i = 0; files && i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool was = in_files;
        in_files = false;
        if (!strcmp(s, "--questions"))
            in_files = true;
        else if (!strcmp(s, "--format") && v)
            format = argv[++i];
        else if (!strcmp(s, "--time-limit") && v)
            seconds = strtod(argv[++i], NULL);
        else if (was && s[0] != '-')
            files[nfiles++] = s, in_files = true;
        else {
            free(files);
            return cli_usage_error("audit", "usage: audit --questions FILE... [--format table|jsonl] [--time-limit S]");
        }
    }
    if (!nfiles || (strcmp(format, "table") && strcmp(format, "jsonl")) || seconds <= 0) {
        free(files);
        return cli_usage_error("audit", "needs --questions FILE... (--format table or jsonl, a positive --time-limit)");
    }
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    int rc = PL_EXIT_OK;
    for (int i = 0; rc == PL_EXIT_OK && i < nfiles; i++)
        if (pl_acp_questions_load(&qs, files[i], &warnings, &err) != PL_OK) {
            cli_print_error(&err);
            rc = PL_EXIT_INPUT;
        }
    cli_print_warnings(&warnings);
    pl_error_clear(&err);
    pl_limits limits = {0, seconds, 0};
    int checked[PL_ACP_NTASKS] = {0}, unknown[PL_ACP_NTASKS] = {0}, found[PL_ACP_NTASKS] = {0};
    int questions[PL_ACP_NTASKS] = {0}, wrong = 0;
    for (int i = 0; rc == PL_EXIT_OK && i < qs.count; i++) {
        const pl_acp_question *q = &qs.items[i];
        pl_audit_result r = {0};
        if (pl_acp_audit(q, &limits, &r, &err) < 0) {
            char *m = pl_error_format(&err);
            fprintf(stderr, "planlens: audit: question %s: %s\n", q->id, m ? m : "error");
            free(m);
            pl_error_clear(&err);
        }
        questions[q->task] += r.checked > 0;
        checked[q->task] += r.checked;
        unknown[q->task] += r.unknown;
        found[q->task] += r.count;
        wrong += r.count;
        for (int k = 0; k < r.count; k++) {
            const pl_audit_finding *f = &r.items[k];
            if (!strcmp(format, "jsonl")) {
                cJSON *o = cJSON_CreateObject();
                cJSON_AddStringToObject(o, "id", q->id);
                cJSON_AddStringToObject(o, "group", q->group);
                cJSON_AddStringToObject(o, "item", f->item);
                cJSON_AddStringToObject(o, "stored", f->stored);
                cJSON_AddStringToObject(o, "proof", f->proof);
                cli_print_json(o);
            } else {
                printf("%s %s: %s stored as %s; %s\n", pl_acp_task_name(q->task), q->id, f->item, f->stored, f->proof);
            }
        }
        pl_audit_result_free(&r);
    }
    for (int k = 0; rc == PL_EXIT_OK && k < PL_ACP_NTASKS; k++)
        if (questions[k])
            fprintf(stderr, "planlens: audit: %s: %d labels of %d questions checked, %d provably wrong, %d undecided "
                            "at the limit\n",
                    pl_acp_task_name((pl_acp_task)k), checked[k], questions[k], found[k], unknown[k]);
    pl_acp_questions_free(&qs);
    free(files);
    return rc != PL_EXIT_OK ? rc : wrong ? PL_EXIT_INVALID : PL_EXIT_OK;
}
