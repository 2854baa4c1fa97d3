/* planlens gen: the IoU paper's question set for each problem, as
 * planlens-iou/1 JSONL, or ACPBench-Hard generative records (docs/GEN.md). */
#define _POSIX_C_SOURCE 200809L /* readlink: the templates beside the executable */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "base/file.h"
#include "base/resources.h"
#include "cli.h"
#include "shard.h"
#include "gen/acp_questions.h"
#include "gen/iou_questions.h"
#include "gen/template.h"

typedef struct {
    const char *domain, *templates, *out; /* templates: --templates, or NULL for the defaults */
    bool acpbench;  /* --style acpbench: ACPBench generative records (a JSON list) */
    const char *tasks;    /* --tasks as given: IoU or ACPBench task names by --style */
    unsigned acp_tasks;   /* bit (1u << pl_acp_task) per ACPBench task to generate */
    int written;    /* ACPBench records written so far (for the separators) */
    const char **problems;
    int nproblems;
    pl_gen_options opts;
} gen_args;

static int parse_tasks(const char *list, bool acpbench, unsigned *mask)
{
    *mask = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *s = buf, *end; *s; s = end + (*end != '\0')) {
        end = s + strcspn(s, ",");
        char save = *end;
        *end = '\0';
        int task = -1;
        for (int k = 0; acpbench && k < PL_ACP_NTASKS; k++)
            task = strcmp(s, pl_acp_task_name((pl_acp_task)k)) ? task : k;
        pl_iou_task t;
        if (!acpbench && pl_iou_task_parse(s, &t))
            task = (int)t;
        if (task < 0)
            return cli_usage_error("gen", "--tasks: unknown task '%s' (%s)", s,
                                   acpbench ? "app, prog, reach, areach, val, just, land, nexta"
                                            : "applicability, state, prog_pos, prog_neg, tracking, plan, costplan");
        *mask |= 1u << task;
        *end = save;
    }
    return *mask ? PL_EXIT_OK : cli_usage_error("gen", "--tasks needs at least one task");
}

static int parse_args(int argc, char **argv, gen_args *a)
{
    a->opts = pl_gen_default_options();
    a->problems = calloc((size_t)argc + 1, sizeof *a->problems);
    if (!a->problems)
        return cli_usage_error("gen", "out of memory");
    bool in_problems = false;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool was_problems = in_problems;
        in_problems = false;
        if (!strcmp(s, "--domain") && v) {
            a->domain = argv[++i];
        } else if (!strcmp(s, "--problem")) {
            in_problems = true;
        } else if (!strcmp(s, "--tasks") && v) {
            a->tasks = argv[++i];
        } else if (!strcmp(s, "--track-length") && v) {
            char *end;
            long k = strtol(argv[++i], &end, 10);
            if (*end || !*v || k < 1 || k > 1000)
                return cli_usage_error("gen", "--track-length takes 1 to 1000 actions, not '%s'", v);
            a->opts.track_length = (int)k;
        } else if (!strcmp(s, "--seed") && v) {
            char *end;
            errno = 0;
            a->opts.seed = strtoull(argv[++i], &end, 10);
            if (*end || !*v || *v == '-' || errno)
                return cli_usage_error("gen", "--seed takes a non-negative integer, not '%s'", v);
        } else if (!strcmp(s, "--time-limit") && v) {
            char *end;
            a->opts.plan_seconds = strtod(argv[++i], &end);
            if (*end || !*v || !(a->opts.plan_seconds > 0))
                return cli_usage_error("gen", "--time-limit expects a positive number of seconds, not '%s'", v);
        } else if (!strcmp(s, "--templates") && v) {
            a->templates = argv[++i];
        } else if (!strcmp(s, "--out") && v) {
            a->out = argv[++i];
        } else if (!strcmp(s, "--style") && v) {
            a->acpbench = !strcmp(argv[++i], "acpbench");
            if (!a->acpbench && strcmp(v, "iou"))
                return cli_usage_error("gen", "--style must be iou or acpbench, not '%s'", v);
        } else if (s[0] == '-' && s[1] == '-') {
            return cli_usage_error("gen", "unknown or incomplete option '%s'", s);
        } else if (was_problems) {
            a->problems[a->nproblems++] = s;
            in_problems = true;
        } else {
            return cli_usage_error("gen", "'%s': problem files go after --problem", s);
        }
    }
    if (!a->domain || !a->nproblems)
        return cli_usage_error("gen", "needs --domain FILE and --problem FILE...");
    a->acp_tasks = (1u << PL_ACP_NTASKS) - 1;
    if (a->tasks && parse_tasks(a->tasks, a->acpbench, a->acpbench ? &a->acp_tasks : &a->opts.tasks) != PL_EXIT_OK)
        return PL_EXIT_USAGE;
    if (a->acpbench) /* app and prog come from the IoU questions about the same state */
        a->opts.tasks = (a->acp_tasks & (1u << PL_ACP_APP) ? 1u << PL_IOU_APPLICABILITY : 0) |
                        (a->acp_tasks & (1u << PL_ACP_PROG) ? 1u << PL_IOU_PROG_POS | 1u << PL_IOU_PROG_NEG : 0);
    return PL_EXIT_OK;
}

/* The domain's template: in --templates DIR when given, else in the
 * templates/ planlens ships (engine/base/resources.h; docs/GEN.md).  Without
 * one, the generic rendering.  NULL (printed) on an error. */
static pl_gen_template *template_for(const char *dir, const pl_domain *d)
{
    char *shipped = dir ? NULL : pl_resource_dir("templates");
    pl_error err = PL_ERROR_INIT;
    char *path = dir || shipped ? pl_gen_template_find(dir ? dir : shipped, d->name, &err) : NULL;
    free(shipped);
    pl_gen_template *t = NULL;
    if (path)
        t = pl_gen_template_load(path, d, &err);
    else if (err.code == PL_OK || !dir) /* a default directory that is missing is no error */
        t = pl_gen_template_generic(d);
    if (!t)
        cli_print_error(&err);
    pl_error_clear(&err);
    free(path);
    return t;
}

static cJSON *string_array(char *const *items, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(items[i]));
    return a;
}

static void write_question(FILE *f, const pl_iou_question *q, uint64_t seed, const char *dtext, const char *ptext)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", "planlens-iou/1");
    cJSON_AddStringToObject(o, "id", q->id);
    cJSON_AddStringToObject(o, "domain", q->domain);
    cJSON_AddStringToObject(o, "problem", q->problem);
    cJSON_AddStringToObject(o, "task", pl_iou_task_name(q->task));
    cJSON_AddStringToObject(o, "context", q->context);
    cJSON_AddStringToObject(o, "question", q->question);
    cJSON_AddItemToObject(o, "answer", string_array(q->answer, q->nanswer));
    cJSON_AddItemToObject(o, "actions", string_array(q->actions, q->nactions));
    cJSON_AddStringToObject(o, "statics", "included");
    char seed_text[32];
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
    cJSON_AddRawToObject(o, "seed", seed_text);
    cJSON_AddStringToObject(o, "pddl_domain", dtext);
    cJSON_AddStringToObject(o, "pddl_problem", ptext);
    char *line = cli_json_text(o, false);
    if (line)
        fprintf(f, "%s\n", line);
    free(line);
    cJSON_Delete(o);
}

/* A 19-digit id, as ACPBench's, from the question's own id. */
static char *acp_id(const char *id)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const char *c = id; *c; c++)
        h = (h ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
    return pl_strdup_printf("%llu", (unsigned long long)(UINT64_C(1000000000000000000) + h % UINT64_C(8000000000000000000)));
}

/* One ACPBench record; takes `answer`. */
static void write_acp_record(FILE *f, gen_args *a, const char *key, pl_acp_task task, const char *context,
                             const char *question, cJSON *answer, const char *dtext, const char *ptext)
{
    cJSON *o = cJSON_CreateObject();
    char *id = acp_id(key), *group = pl_strdup_printf("%s_gen", pl_acp_task_group_prefix(task));
    cJSON_AddRawToObject(o, "id", id);
    cJSON_AddStringToObject(o, "group", group);
    cJSON_AddStringToObject(o, "context", context);
    cJSON_AddStringToObject(o, "question", question);
    cJSON_AddItemToObject(o, "answer", answer);
    cJSON_AddStringToObject(o, "PDDL_domain", dtext);
    cJSON_AddStringToObject(o, "PDDL_problem", ptext);
    char *text = cli_json_text(o, true);
    if (text)
        fprintf(f, "%s%s", a->written++ ? ",\n" : "[\n", text);
    free(text);
    free(id);
    free(group);
    cJSON_Delete(o);
}

/* ACPBench app and prog records: app from the applicability question, prog
 * from the two progression questions (they share the action). */
static void write_acp_app_prog(FILE *f, gen_args *a, const pl_gen_set *set, const char *dtext, const char *ptext)
{
    const pl_iou_question *app = NULL, *pos = NULL, *neg = NULL;
    for (int i = 0; i < set->count; i++) {
        const pl_iou_question *q = &set->items[i];
        app = q->task == PL_IOU_APPLICABILITY ? q : app;
        pos = q->task == PL_IOU_PROG_POS ? q : pos;
        neg = q->task == PL_IOU_PROG_NEG ? q : neg;
    }
    if (app)
        write_acp_record(f, a, app->id, PL_ACP_APP, app->context,
                         "Generate the list of all ground actions that are applicable in this state.",
                         string_array(app->answer, app->nanswer), dtext, ptext);
    if (pos && neg) {
        char *question = pl_strdup_printf(
            "Break down the outcomes of performing the action \"%s\" into two lists, positive effects and negative "
            "effects. Positive effects are the propositions that are false in the current state but will become true "
            "after performing the action. Negative effects are the propositions that are true in the current state "
            "and will become false after performing the action.",
            pos->actions[0]);
        cJSON *ans = cJSON_CreateObject();
        cJSON_AddItemToObject(ans, "pos", string_array(pos->answer, pos->nanswer));
        cJSON_AddItemToObject(ans, "neg", string_array(neg->answer, neg->nanswer));
        write_acp_record(f, a, pos->id, PL_ACP_PROG, pos->context, question ? question : "", ans, dtext, ptext);
        free(question);
    }
}

/* The other six ACPBench tasks, decided by the engine; a task that cannot be
 * asked, or an answer with items left out, is reported on stderr.  Returns
 * an exit code. */
static int write_acp_searched(FILE *f, gen_args *a, const pl_task *t, const pl_gen_template *tmpl, const char *dtext,
                              const char *ptext)
{
    pl_relaxed *rel = pl_relaxed_new(t);
    char *context = pl_gen_render_context(tmpl, t, t->init);
    pl_limits limits = {0, a->opts.plan_seconds, 5000000};
    int rc = rel && context ? PL_EXIT_OK : PL_EXIT_INPUT;
    for (int k = PL_ACP_REACH; rc == PL_EXIT_OK && k < PL_ACP_NTASKS; k++) {
        if (!(a->acp_tasks & (1u << k)))
            continue;
        pl_gen_acp g;
        int got = pl_gen_acp_question(t, rel, (pl_acp_task)k, a->opts.seed, &limits, &g);
        char *key = pl_strdup_printf("%s/%s/%s", t->domain->name, t->problem->name, pl_acp_task_name((pl_acp_task)k));
        if (got == 0 && key) {
            write_acp_record(f, a, key, (pl_acp_task)k, context, g.question, g.answer, dtext, ptext);
            g.answer = NULL;
        }
        if (got >= 0 && g.note)
            fprintf(stderr, "planlens: gen: %s: %s %s: %s\n", cli_text(t->problem->name),
                    pl_acp_task_name((pl_acp_task)k), got ? "skipped" : "answer incomplete", cli_text(g.note));
        rc = got < 0 || !key ? PL_EXIT_INPUT : PL_EXIT_OK;
        free(key);
        pl_gen_acp_clear(&g);
    }
    if (rc != PL_EXIT_OK)
        fprintf(stderr, "planlens: out of memory\n");
    free(context);
    pl_relaxed_free(rel);
    return rc;
}

/* Generates one problem's questions into f; returns an exit code. */
static int gen_problem(gen_args *a, const char *problem, const char *dtext, FILE *f)
{
    pl_loaded_task lt;
    if (!cli_load_task(a->domain, problem, &lt))
        return PL_EXIT_INPUT;
    pl_gen_template *tmpl = template_for(a->templates, lt.domain);
    pl_error err = PL_ERROR_INIT;
    char *ptext = tmpl ? pl_read_file(problem, NULL, &err) : NULL;
    pl_gen_set set;
    int rc = PL_EXIT_INPUT;
    if (ptext && pl_gen_questions(lt.task, tmpl, &a->opts, &set) == 0) {
        if (a->acpbench)
            write_acp_app_prog(f, a, &set, dtext, ptext);
        for (int i = 0; i < set.count && !a->acpbench; i++)
            write_question(f, &set.items[i], a->opts.seed, dtext, ptext);
        for (int i = 0; i < set.nskipped; i++)
            fprintf(stderr, "planlens: gen: %s\n", cli_text(set.skipped[i]));
        pl_gen_set_free(&set);
        rc = a->acpbench ? write_acp_searched(f, a, lt.task, tmpl, dtext, ptext) : PL_EXIT_OK;
    } else if (tmpl && ptext) {
        fprintf(stderr, "planlens: out of memory\n");
    } else if (tmpl) {
        cli_print_error(&err);
    }
    pl_error_clear(&err);
    free(ptext);
    pl_gen_template_free(tmpl);
    pl_loaded_task_free(&lt);
    return rc;
}

/* A problem's output as a part's unit (ACPBench records without the list's
 * opening: merge joins the units into one list); nothing when it has none. */
static int gen_unit(gen_args *a, int i, const char *dtext, cli_part *part)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return PL_EXIT_INPUT;
    int written = a->written;
    a->written = 0;
    int rc = gen_problem(a, a->problems[i], dtext, m);
    fclose(m);
    if (rc == PL_EXIT_OK && len)
        cli_part_text(part, i, 0, a->acpbench ? buf + 2 : buf);
    a->written += written;
    free(buf);
    return rc;
}

/* The shard's part: partition key the problem's file name (not its folder,
 * which may differ between machines), order key its position; the header
 * records the arguments but --out, which names each shard's own file. */
static cli_part *gen_part(FILE *f, const gen_args *a, const cli_shard *s, int argc, char **argv)
{
    static const cli_part_layout lines = {"", "", "", NULL}, list = {"[\n", ",\n", "\n]\n", "[]\n"};
    char **args = calloc((size_t)argc + 1, sizeof *args);
    int n = 0;
    for (int i = 0; args && i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc)
            i++;
        else
            args[n++] = argv[i];
    }
    cli_part *p = args ? cli_part_begin(f, "gen", s, a->acpbench ? "acpbench" : "iou", n, args,
                                        a->acpbench ? &list : &lines, NULL)
                       : NULL;
    free(args);
    return p;
}

static bool owns_problem(const cli_shard *s, const char *path)
{
    const char *slash = strrchr(path, '/');
    return cli_shard_owns(s, slash ? slash + 1 : path, NULL);
}

int cmd_gen(int argc, char **argv)
{
    gen_args a = {0};
    cli_shard shard;
    int rc = cli_shard_take("gen", &argc, argv, &shard);
    rc = rc == PL_EXIT_OK ? parse_args(argc, argv, &a) : rc;
    pl_error err = PL_ERROR_INIT;
    char *dtext = rc == PL_EXIT_OK ? pl_read_file(a.domain, NULL, &err) : NULL;
    if (rc == PL_EXIT_OK && !dtext) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    }
    /* --out: written beside the target and renamed at the end, so a failed
     * run never leaves a half-written file in place of a good one */
    pl_atomic_file out;
    FILE *f = rc == PL_EXIT_OK && a.out ? pl_atomic_open(&out, a.out, &err) : stdout;
    if (rc == PL_EXIT_OK && !f) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    }
    cli_part *part = rc == PL_EXIT_OK && shard.on ? gen_part(f, &a, &shard, argc, argv) : NULL;
    for (int i = 0; rc == PL_EXIT_OK && i < a.nproblems; i++)
        if (owns_problem(&shard, a.problems[i]))
            rc = shard.on ? gen_unit(&a, i, dtext, part) : gen_problem(&a, a.problems[i], dtext, f);
    if (shard.on && (part || rc == PL_EXIT_OK)) /* no part, rc ok: out of memory, said there */
        rc = cli_part_end(part, rc, NULL);
    else if (rc == PL_EXIT_OK && a.acpbench)
        fputs(a.written ? "\n]\n" : "[]\n", f);
    if (a.out && f && pl_atomic_close(&out, rc == PL_EXIT_OK, &err) != PL_OK && rc == PL_EXIT_OK) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    }
    pl_error_clear(&err);
    free(dtext);
    free(a.problems);
    return rc;
}
