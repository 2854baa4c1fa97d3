/* planlens synth: a synthetic model run over question sets, from the
 * documented error model of engine/gen/synth.h (docs/SYNTH.md). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/questions.h"
#include "base/atomic_file.h"
#include "cli.h"
#include "gen/synth.h"
#include "iou/questions.h"

static void emit(FILE *f, const char *id, const char *group, const char *model, char *response)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", id);
    if (group)
        cJSON_AddStringToObject(o, "group", group);
    cJSON_AddStringToObject(o, "model", model);
    cJSON_AddStringToObject(o, "response", response ? response : "");
    cJSON_AddBoolToObject(o, "synthetic", true);
    char *line = cli_json_text(o, false);
    if (line)
        fprintf(f, "%s\n", line);
    free(line);
    cJSON_Delete(o);
    free(response);
}

/* ACPBench app and prog questions: the answer's items (prog: positive, then negative). */
static int acp_items(const pl_acp_question *q, char **items, int max, int *split)
{
    const cJSON *lists[2] = {q->answer, NULL};
    if (q->task == PL_ACP_PROG) {
        lists[0] = cJSON_GetObjectItemCaseSensitive(q->answer, "pos");
        lists[1] = cJSON_GetObjectItemCaseSensitive(q->answer, "neg");
    }
    int n = 0;
    for (int l = 0; l < 2; l++) {
        if (l == 1)
            *split = q->task == PL_ACP_PROG ? n : -1;
        const cJSON *it;
        cJSON_ArrayForEach(it, lists[l]) {
            if (cJSON_IsString(it) && n < max)
                items[n++] = it->valuestring;
        }
    }
    return n;
}

int cmd_synth(int argc, char **argv)
{
    const char **files = calloc((size_t)argc + 1, sizeof *files), *model = NULL, *out = NULL;
    int nfiles = 0;
    pl_synth s = {0.2, 1};
    bool in_files = false;
    for (int i = 0; files && i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool was = in_files;
        in_files = false;
        if (!strcmp(a, "--questions"))
            in_files = true;
        else if (!strcmp(a, "--model") && v)
            model = argv[++i];
        else if (!strcmp(a, "--seed") && v)
            s.state = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--error-rate") && v)
            s.error_rate = strtod(argv[++i], NULL);
        else if (!strcmp(a, "--out") && v)
            out = argv[++i];
        else if (was && a[0] != '-')
            files[nfiles++] = a, in_files = true;
        else {
            free(files);
            return cli_usage_error("synth", "unknown or incomplete option '%s'", a);
        }
    }
    if (!nfiles || !model || s.error_rate < 0 || s.error_rate > 1) {
        free(files);
        return cli_usage_error("synth", "needs --questions FILE... --model NAME (--error-rate between 0 and 1)");
    }
    /* the six other ACPBench tasks draw from a generator of their own: app,
     * prog and IoU responses stay the same whatever else a file holds */
    pl_synth others = {s.error_rate, s.state ^ UINT64_C(0x6a09e667f3bcc908)};
    /* every synthetic run says so in its model name */
    char *name = strstr(model, "synthetic") ? pl_strdup(model) : pl_strdup_printf("synthetic-%s", model);
    /* --out: written beside the target and renamed at the end (base/atomic_file.h) */
    pl_atomic_file target;
    pl_error open_err = PL_ERROR_INIT;
    FILE *f = out ? pl_atomic_open(&target, out, &open_err) : stdout;
    int rc = f && name ? PL_EXIT_OK : PL_EXIT_INPUT;
    if (!f)
        cli_print_error(&open_err);
    for (int i = 0; rc == PL_EXIT_OK && i < nfiles; i++) {
        pl_diags warnings = PL_DIAGS_INIT;
        pl_error err = PL_ERROR_INIT;
        if (pl_iou_file_is_native(files[i])) {
            pl_iou_questions qs = PL_IOU_QUESTIONS_INIT;
            if (pl_iou_questions_load(&qs, files[i], &warnings, &err) != PL_OK)
                rc = PL_EXIT_INPUT;
            for (int k = 0; rc == PL_EXIT_OK && k < qs.count; k++)
                emit(f, qs.items[k].id, NULL, name,
                     pl_synth_response(&s, qs.items[k].answer, qs.items[k].nanswer, pl_iou_task_is_plan(qs.items[k].task),
                                       -1));
            pl_iou_questions_free(&qs);
        } else {
            pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
            if (pl_acp_questions_load(&qs, files[i], &warnings, &err) != PL_OK)
                rc = PL_EXIT_INPUT;
            for (int k = 0; rc == PL_EXIT_OK && k < qs.count; k++) {
                const pl_acp_question *q = &qs.items[k];
                if (q->format != PL_ACP_GEN)
                    continue;
                if (q->task != PL_ACP_APP && q->task != PL_ACP_PROG) {
                    emit(f, q->id, q->group, name, pl_synth_acp_response(&others, q));
                    continue;
                }
                char *items[512];
                int split = -1, n = acp_items(q, items, 512, &split);
                emit(f, q->id, q->group, name, pl_synth_response(&s, items, n, false, split));
            }
            pl_acp_questions_free(&qs);
        }
        cli_print_warnings(&warnings);
        if (rc != PL_EXIT_OK)
            cli_print_error(&err);
        pl_error_clear(&err);
    }
    if (out && f && pl_atomic_close(&target, rc == PL_EXIT_OK, &open_err) != PL_OK && rc == PL_EXIT_OK) {
        cli_print_error(&open_err);
        rc = PL_EXIT_INPUT;
    }
    pl_error_clear(&open_err);
    free(name);
    free(files);
    return rc;
}
