/* planlens audit: the stored labels of question sets re-derived with the
 * engine; every provably wrong label with its proof. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/audit.h"
#include "cli.h"
#include "merge.h"
#include "shard.h"

static void audit_print_totals(const int *questions, const int *checked, const int *found, const int *unknown,
                               const int *unresolved)
{
    for (int k = 0; k < PL_ACP_NTASKS; k++) {
        if (questions[k])
            fprintf(stderr, "planlens: audit: %s: %d labels of %d questions checked, %d provably wrong, %d undecided "
                            "at the limit\n",
                    pl_acp_task_name((pl_acp_task)k), checked[k], questions[k], found[k], unknown[k]);
        if (unresolved[k])
            fprintf(stderr, "planlens: audit: %s: %d label%s not checked (listed as \"not checked\")\n",
                    pl_acp_task_name((pl_acp_task)k), unresolved[k], unresolved[k] == 1 ? "" : "s");
    }
}

/* One line of output: a finding (why = NULL: f->proof proves it wrong) or
 * a label not checked (why: the reason). */
static char *audit_line(const char *format, const pl_acp_question *q, const pl_audit_finding *f, bool unresolved)
{
    if (!strcmp(format, "jsonl")) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", q->id);
        cJSON_AddStringToObject(o, "group", q->group);
        cJSON_AddStringToObject(o, "item", f->item);
        cJSON_AddStringToObject(o, "stored", f->stored);
        cJSON_AddStringToObject(o, unresolved ? "not_checked" : "proof", f->proof);
        char *s = cli_json_text(o, false);
        char *line = s ? pl_strdup_printf("%s\n", s) : NULL;
        free(s);
        cJSON_Delete(o);
        return line;
    }
    return pl_strdup_printf("%s %s: %s stored as %s; %s%s\n", pl_acp_task_name(q->task), cli_text(q->id),
                            cli_text(f->item), cli_text(f->stored), unresolved ? "not checked: " : "",
                            cli_text(f->proof));
}

static cJSON *int_array(const int *v)
{
    return cJSON_CreateIntArray(v, PL_ACP_NTASKS);
}

int audit_merge(FILE *out, const cli_merged *m)
{
    int counts[5][PL_ACP_NTASKS];
    static const char *const names[] = {"questions", "checked", "found", "unknown", "unresolved"};
    for (int c = 0; c < 5; c++)
        for (int k = 0; k < PL_ACP_NTASKS; k++)
            counts[c][k] = cli_merge_total(m, names[c], k);
    cli_merge_text(out, m);
    audit_print_totals(counts[0], counts[1], counts[2], counts[3], counts[4]);
    return 0;
}

int cmd_audit(int argc, char **argv)
{
    cli_shard shard; /* partition key: the question's (group, id); order key: its position */
    if (cli_shard_take("audit", &argc, argv, &shard) != PL_EXIT_OK)
        return PL_EXIT_USAGE;
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
    int unresolved[PL_ACP_NTASKS] = {0};
    int questions[PL_ACP_NTASKS] = {0}, wrong = 0;
    cli_part *part = rc == PL_EXIT_OK && shard.on ? cli_part_begin(stdout, "audit", &shard, format, argc, argv, NULL, NULL)
                                                 : NULL;
    for (int i = 0; rc == PL_EXIT_OK && i < qs.count; i++) {
        const pl_acp_question *q = &qs.items[i];
        if (!cli_shard_owns(&shard, q->group, q->id))
            continue;
        pl_audit_result r = {0};
        if (pl_acp_audit(q, &limits, &r, &err) < 0) {
            char *m = pl_error_format(&err);
            fprintf(stderr, "planlens: audit: question %s: %s\n", cli_text(q->id), m ? m : "error");
            free(m);
            pl_error_clear(&err);
        }
        questions[q->task] += r.checked > 0;
        checked[q->task] += r.checked;
        unknown[q->task] += r.unknown;
        found[q->task] += r.count;
        wrong += r.count;
        unresolved[q->task] += r.nunresolved;
        for (int k = 0; k < r.count + r.nunresolved; k++) {
            bool not_checked = k >= r.count;
            char *line = audit_line(format, q, not_checked ? &r.unresolved[k - r.count] : &r.items[k], not_checked);
            if (shard.on)
                cli_part_text(part, i, k, line);
            else if (line)
                fputs(line, stdout);
            free(line);
        }
        pl_audit_result_free(&r);
    }
    if (rc == PL_EXIT_OK && shard.on) {
        cJSON *totals = cJSON_CreateObject();
        cJSON_AddItemToObject(totals, "questions", int_array(questions));
        cJSON_AddItemToObject(totals, "checked", int_array(checked));
        cJSON_AddItemToObject(totals, "found", int_array(found));
        cJSON_AddItemToObject(totals, "unknown", int_array(unknown));
        cJSON_AddItemToObject(totals, "unresolved", int_array(unresolved));
        rc = cli_part_end(part, wrong ? PL_EXIT_INVALID : PL_EXIT_OK, totals);
    } else if (rc == PL_EXIT_OK) {
        audit_print_totals(questions, checked, found, unknown, unresolved);
    }
    pl_acp_questions_free(&qs);
    free(files);
    return rc != PL_EXIT_OK ? rc : wrong ? PL_EXIT_INVALID : PL_EXIT_OK;
}
