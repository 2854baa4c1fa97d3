/* Plan-validation benchmark: how long planlens takes to check an LLM plan.
 *
 * Data: the 200 GPT-4 PlanBench plans (planbench/gpt4-blocksworld_3.jsonl)
 * and the 962 plans of the plan-quality set (plan-quality/dev.jsonl).  All
 * JSON is read and every plan's actions are joined with newlines before any
 * timing starts.  Three measurements:
 *
 *   cold            per plan, everything from text: parse domain and problem,
 *                   ground (pl_load_task_texts), parse the plan text
 *                   (pl_plan_steps_parse), simulate (pl_trace_new), read the
 *                   verdict, free everything;
 *   per extra plan  the task is already grounded: plan parse + simulate +
 *                   verdict + free.  Every row has its own grounded task and
 *                   the pass walks the rows in file order, so consecutive
 *                   plans use different tasks (caches see a new task each time);
 *   extra, by task  the same work, but rows with identical domain and problem
 *                   texts share one grounded task and are validated back to
 *                   back (many plans checked against one loaded task).
 *
 * One pass walks the data set with one clock_gettime (CLOCK_MONOTONIC)
 * between consecutive plans, so each plan gets its own time
 * and the times add up to the pass.  After one warm-up pass, a repetition is
 * as many whole passes as fit in --min-time seconds (at least one); per plan
 * we keep the average over those passes and report the mean and the median
 * over the plans of a group.  The figures printed are the medians of --reps
 * repetitions.  Also checks the verdicts: PlanBench task-1 validity against
 * llm_correct, plan-quality LEA and goal against the rows' independent checks.
 *
 * Usage: bench_validate [--data DIR] [--min-time SECONDS] [--reps N]
 *                       [--only cold|extra] [--set planbench|plan-quality]
 * (--only and --set narrow the run, e.g. for a profiler.)  Prints SKIP and
 * exits 0 when the data is absent. */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/file.h"
#include "bench_util.h"
#include "plans/plan.h"
#include "task/load.h"

#ifndef PLANLENS_DATA_DIR
#define PLANLENS_DATA_DIR "../shared/data"
#endif

enum { G_PLANBENCH, G_PQ_BLOCKSWORLD, G_PQ_LOGISTICS, G_PQ_OTHER, G_COUNT };
static const char *const group_names[G_COUNT] = {"planbench gpt-4 bw3", "plan-quality blocksworld",
                                                 "plan-quality logistics", "plan-quality other variants"};

typedef struct {
    char *id;
    char *domain, *problem;
    size_t domain_len, problem_len;
    char *plan;        /* llm_plan joined with '\n' */
    int group;
    bool task1;        /* PlanBench task_1_plan_generation */
    bool llm_correct;  /* PlanBench: VAL's verdict */
    int want_lea;      /* plan-quality: checks.true_lea, else -1 */
    bool want_goal;    /* plan-quality: checks.goal_reached */
    int valid;         /* planlens's verdict from the untimed check */
    pl_loaded_task lt; /* grounded once for the per-extra-plan measurements */
    int owner;         /* first row of the same data set with identical texts */
    uint64_t hash;     /* of the domain and problem texts */
} row;

typedef struct {
    row *rows;
    int count, capacity;
    int *by_task;      /* row indices ordered by owner, then file order */
} dataset;

typedef enum { M_COLD, M_EXTRA, M_EXTRA_BY_TASK } mode;
static const char *const mode_names[] = {"cold", "per extra plan", "extra, by task"};

/* The result of validating one plan: its verdict and the facts checked. */
typedef struct {
    int valid;  /* 1 valid, 0 invalid, -1 could not be checked (load or parse error) */
    int lea;
    bool executable_goal;
} verdict;

static char *join_plan(const cJSON *plan)
{
    size_t len = 1;
    const cJSON *a;
    cJSON_ArrayForEach(a, plan)
    {
        if (cJSON_IsString(a))
            len += strlen(a->valuestring) + 1;
    }
    char *s = malloc(len), *p = s;
    if (!s)
        return NULL;
    cJSON_ArrayForEach(a, plan)
    {
        if (!cJSON_IsString(a))
            continue;
        size_t k = strlen(a->valuestring);
        memcpy(p, a->valuestring, k);
        p += k;
        *p++ = '\n';
    }
    *p = '\0';
    return s;
}

static void row_free(row *r)
{
    free(r->id);
    free(r->domain);
    free(r->problem);
    free(r->plan);
    pl_loaded_task_free(&r->lt);
}

static void dataset_free(dataset *ds)
{
    for (int i = 0; i < ds->count; i++)
        row_free(&ds->rows[i]);
    free(ds->rows);
    free(ds->by_task);
    memset(ds, 0, sizeof *ds);
}

static int group_of(bool planbench, const char *case_id)
{
    if (planbench)
        return G_PLANBENCH;
    if (!strncmp(case_id, "blocksworld", 11))
        return G_PQ_BLOCKSWORLD;
    if (!strncmp(case_id, "logistics", 9))
        return G_PQ_LOGISTICS;
    return G_PQ_OTHER;
}

/* Appends the rows of a JSONL file.  Returns 0, or -1 after printing why. */
static int read_jsonl(const char *path, bool planbench, dataset *ds)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    if (!text) {
        fprintf(stderr, "bench_validate: cannot read %s: %s\n", path, err.message ? err.message : "?");
        pl_error_clear(&err);
        return -1;
    }
    int lineno = 0, rc = 0;
    for (char *line = text; line && *line && rc == 0;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        lineno++;
        if (n == 0) {
            line = nl ? nl + 1 : NULL;
            continue;
        }
        cJSON *j = cJSON_ParseWithLength(line, n);
        const char *id = j ? bench_get_string(j, "case_id") : NULL;
        const char *dom = j ? bench_get_string(j, "domain_pddl") : NULL;
        const char *prob = j ? bench_get_string(j, "problem_pddl") : NULL;
        const cJSON *plan = j ? cJSON_GetObjectItemCaseSensitive(j, "llm_plan") : NULL;
        if (!id || !dom || !prob || !cJSON_IsArray(plan)) {
            fprintf(stderr, "bench_validate: %s:%d: expected case_id, domain_pddl, problem_pddl, llm_plan\n",
                    path, lineno);
            rc = -1;
        } else {
            if (ds->count == ds->capacity) {
                int cap = ds->capacity ? ds->capacity * 2 : 256;
                row *rows = realloc(ds->rows, (size_t)cap * sizeof *rows);
                if (!rows) {
                    cJSON_Delete(j);
                    rc = -1;
                    break;
                }
                ds->rows = rows;
                ds->capacity = cap;
            }
            row *r = &ds->rows[ds->count++];
            memset(r, 0, sizeof *r);
            r->id = bench_strdup(id);
            r->domain = bench_strdup(dom);
            r->problem = bench_strdup(prob);
            r->domain_len = strlen(dom);
            r->problem_len = strlen(prob);
            r->plan = join_plan(plan);
            r->group = group_of(planbench, id);
            const char *task = bench_get_string(j, "task");
            r->task1 = planbench && task && !strcmp(task, "task_1_plan_generation");
            r->llm_correct = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "llm_correct"));
            const cJSON *checks = cJSON_GetObjectItemCaseSensitive(j, "checks");
            const cJSON *lea = cJSON_GetObjectItemCaseSensitive(checks, "true_lea");
            r->want_lea = !planbench && cJSON_IsNumber(lea) ? lea->valueint : -1;
            r->want_goal = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(checks, "goal_reached"));
            if (!r->id || !r->domain || !r->problem || !r->plan)
                rc = -1;
        }
        cJSON_Delete(j);
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    return rc;
}

/* Plan parse + simulate + verdict + free, on a grounded task. */
static verdict validate_plan(const pl_task *task, const char *plan_text)
{
    verdict v = {-1, -1, false};
    pl_plan_steps ps;
    pl_error err = PL_ERROR_INIT;
    if (pl_plan_steps_parse(plan_text, &ps, &err) != PL_OK) {
        pl_error_clear(&err);
        return v;
    }
    pl_trace *tr = pl_trace_new(task, ps.steps, ps.count);
    if (tr) {
        v.valid = tr->valid;
        v.lea = tr->lea;
        v.executable_goal = tr->executable && tr->goal_reached;
    }
    pl_trace_free(tr);
    pl_plan_steps_free(&ps);
    return v;
}

/* Everything from text: load (parse + ground), then validate_plan, free. */
static verdict validate_cold(const row *r)
{
    verdict v = {-1, -1, false};
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_loaded_task lt;
    if (pl_load_task_texts(r->domain, r->domain_len, "domain", r->problem, r->problem_len, "problem", &lt,
                           &warnings, &err) == PL_OK) {
        v = validate_plan(lt.task, r->plan);
        pl_loaded_task_free(&lt);
    }
    pl_error_clear(&err);
    pl_diags_clear(&warnings);
    return v;
}

/* One pass over rows [first, last) (positions in ds->by_task for
 * M_EXTRA_BY_TASK): adds each plan's time to acc[row] and returns the number
 * of valid plans (a checksum that keeps the work live). */
static int run_pass(const dataset *ds, int first, int last, mode md, double *acc)
{
    int valid = 0;
    uint64_t t0 = bench_now_ns();
    for (int k = first; k < last; k++) {
        int i = md == M_EXTRA_BY_TASK ? ds->by_task[k] : k;
        const row *r = &ds->rows[i];
        verdict v = md == M_COLD ? validate_cold(r)
                    : validate_plan(ds->rows[md == M_EXTRA ? i : r->owner].lt.task, r->plan);
        valid += v.valid == 1;
        uint64_t t1 = bench_now_ns();
        acc[i] += (double)(t1 - t0);
        t0 = t1;
    }
    return valid;
}

typedef struct {
    mode md;
    int first, last;  /* rows measured together in one pass (same for by_task) */
    int passes;       /* fewest passes in a repetition */
    /* Per group, and [G_COUNT] for every row measured: medians over the reps. */
    double mean_us[G_COUNT + 1], median_us[G_COUNT + 1];
    double spread[G_COUNT + 1]; /* (max - min) / median of the per-rep means */
    int valid;        /* valid plans per pass */
} measurement;

static void measure(const dataset *ds, measurement *m, double min_time, int reps)
{
    int n = m->last - m->first;
    double *acc = calloc((size_t)ds->count, sizeof *acc);
    double *tmp = malloc((size_t)(n > reps ? n : reps) * sizeof *tmp);
    double (*rep_mean)[G_COUNT + 1] = calloc((size_t)reps, sizeof *rep_mean);
    double (*rep_median)[G_COUNT + 1] = calloc((size_t)reps, sizeof *rep_median);
    if (!acc || !tmp || !rep_mean || !rep_median) {
        fprintf(stderr, "bench_validate: out of memory\n");
        exit(1);
    }
    /* Warm-up pass: caches, allocator, first-touch page faults. */
    m->valid = run_pass(ds, m->first, m->last, m->md, acc);
    m->passes = 0;
    for (int rep = 0; rep < reps; rep++) {
        /* Whole passes until the repetition has lasted min_time. */
        memset(acc, 0, (size_t)ds->count * sizeof *acc);
        uint64_t t0 = bench_now_ns();
        int passes = 0;
        do {
            if (run_pass(ds, m->first, m->last, m->md, acc) != m->valid) {
                fprintf(stderr, "bench_validate: %s: verdicts changed between passes\n", mode_names[m->md]);
                exit(1);
            }
            passes++;
        } while ((double)(bench_now_ns() - t0) / 1e9 < min_time);
        if (!m->passes || passes < m->passes)
            m->passes = passes;
        for (int g = 0; g <= G_COUNT; g++) {
            int k = 0;
            double sum = 0;
            for (int i = m->first; i < m->last; i++)
                if (g == G_COUNT || ds->rows[i].group == g) {
                    tmp[k] = acc[i] / passes / 1e3;
                    sum += tmp[k++];
                }
            rep_mean[rep][g] = k ? sum / k : NAN;
            rep_median[rep][g] = bench_median(tmp, k);
        }
    }
    for (int g = 0; g <= G_COUNT; g++) {
        for (int rep = 0; rep < reps; rep++)
            tmp[rep] = rep_median[rep][g];
        m->median_us[g] = bench_median(tmp, reps);
        for (int rep = 0; rep < reps; rep++)
            tmp[rep] = rep_mean[rep][g];
        m->mean_us[g] = bench_median(tmp, reps); /* sorts tmp */
        m->spread[g] = m->mean_us[g] > 0 ? (tmp[reps - 1] - tmp[0]) / m->mean_us[g] : NAN;
    }
    free(acc);
    free(tmp);
    free(rep_mean);
    free(rep_median);
}

static int cmp_by_owner(const void *a, const void *b, const dataset *ds)
{
    int x = *(const int *)a, y = *(const int *)b;
    int ox = ds->rows[x].owner, oy = ds->rows[y].owner;
    return ox != oy ? (ox > oy) - (ox < oy) : (x > y) - (x < y);
}

static const dataset *sort_ds; /* qsort has no context argument in C11 */
static int cmp_by_owner_qsort(const void *a, const void *b)
{
    return cmp_by_owner(a, b, sort_ds);
}

/* Finds each row's owner (first row of its data set with the same domain and
 * problem texts) and orders the rows by owner.  Returns 0, or -1 on OOM. */
static int group_by_task(dataset *ds)
{
    for (int i = 0; i < ds->count; i++) {
        row *r = &ds->rows[i];
        r->hash = bench_fnv1a(bench_fnv1a(BENCH_FNV_OFFSET, r->domain, r->domain_len), r->problem,
                        r->problem_len);
        r->owner = i;
        for (int j = 0; j < i; j++) {
            const row *o = &ds->rows[j];
            if (o->owner == j && o->hash == r->hash && (o->group == G_PLANBENCH) == (r->group == G_PLANBENCH) &&
                !strcmp(o->domain, r->domain) && !strcmp(o->problem, r->problem)) {
                r->owner = j;
                break;
            }
        }
    }
    ds->by_task = malloc(((size_t)ds->count + 1) * sizeof *ds->by_task);
    if (!ds->by_task)
        return -1;
    for (int i = 0; i < ds->count; i++)
        ds->by_task[i] = i;
    sort_ds = ds;
    qsort(ds->by_task, (size_t)ds->count, sizeof *ds->by_task, cmp_by_owner_qsort);
    return 0;
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_validate [--data DIR] [--min-time SECONDS] [--reps N]\n"
               "  --data DIR        benchmark data (default $PLANLENS_DATA_DIR or %s)\n"
               "  --min-time S      minimum duration of one repetition (default 0.5)\n"
               "  --reps N          repetitions; the median is reported (default 5)\n"
               "  --only MODE       cold, or extra (both per-extra-plan measurements)\n"
               "  --set SET         planbench or plan-quality: one data set only\n",
            PLANLENS_DATA_DIR);
}

int main(int argc, char **argv)
{
    const char *dir = bench_data_dir(PLANLENS_DATA_DIR);
    double min_time = 0.5;
    int reps = 5;
    bool run_cold = true, run_extra = true, want_pb = true, want_pq = true;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--data") && i + 1 < argc) {
            dir = argv[++i];
        } else if (!strcmp(argv[i], "--min-time") && i + 1 < argc) {
            min_time = atof(argv[++i]);
        } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1)
                reps = 1;
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc && (!strcmp(argv[i + 1], "cold") ||
                                                                   !strcmp(argv[i + 1], "extra"))) {
            run_cold = !strcmp(argv[++i], "cold");
            run_extra = !run_cold;
        } else if (!strcmp(argv[i], "--set") && i + 1 < argc && (!strcmp(argv[i + 1], "planbench") ||
                                                                  !strcmp(argv[i + 1], "plan-quality"))) {
            want_pb = !strcmp(argv[++i], "planbench");
            want_pq = !want_pb;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }

    char pb_path[4096], pq_path[4096];
    snprintf(pb_path, sizeof pb_path, "%s/planbench/gpt4-blocksworld_3.jsonl", dir);
    snprintf(pq_path, sizeof pq_path, "%s/plan-quality/dev.jsonl", dir);
    bool have_pb = want_pb && file_exists(pb_path), have_pq = want_pq && file_exists(pq_path);
    if (want_pb && !have_pb)
        printf("SKIP: PlanBench data not found at %s\n", pb_path);
    if (want_pq && !have_pq)
        printf("SKIP: plan-quality data not found at %s\n", pq_path);
    if (!have_pb && !have_pq) {
        printf("SKIP: no benchmark data under %s (use --data DIR or set PLANLENS_DATA_DIR)\n", dir);
        return 0;
    }

    /* Untimed: read all JSON, join the plans, ground every task once. */
    dataset ds = {0};
    if ((have_pb && read_jsonl(pb_path, true, &ds) < 0) || (have_pq && read_jsonl(pq_path, false, &ds) < 0)) {
        dataset_free(&ds);
        return 1;
    }
    int npb = 0;
    while (npb < ds.count && ds.rows[npb].group == G_PLANBENCH)
        npb++;
    int failed = 0, task1 = 0, task1_agree = 0, pq = 0, pq_agree = 0;
    for (int i = 0; i < ds.count; i++) {
        row *r = &ds.rows[i];
        pl_error err = PL_ERROR_INIT;
        if (pl_load_task_texts(r->domain, r->domain_len, "domain", r->problem, r->problem_len, "problem", &r->lt,
                               NULL, &err) != PL_OK) {
            char *msg = pl_error_format(&err);
            fprintf(stderr, "bench_validate: %s: %s\n", r->id, msg ? msg : "load failed");
            free(msg);
            pl_error_clear(&err);
            failed++;
            continue;
        }
        verdict v = validate_plan(r->lt.task, r->plan);
        r->valid = v.valid;
        if (r->task1) {
            task1++;
            task1_agree += v.valid == (int)r->llm_correct;
        }
        if (r->want_lea >= 0) {
            pq++;
            pq_agree += v.lea == r->want_lea && v.executable_goal == r->want_goal;
        }
    }
    if (failed || group_by_task(&ds) < 0) {
        fprintf(stderr, "bench_validate: %d tasks failed to load\n", failed);
        dataset_free(&ds);
        return 1;
    }

    /* Cost of the clock itself, included once in every per-plan time. */
    uint64_t c0 = bench_now_ns();
    for (int i = 0; i < 100000; i++)
        (void)bench_now_ns();
    double clock_ns = (double)(bench_now_ns() - c0) / 100000;

    measurement ms[6];
    int nm = 0;
    for (int set = 0; set < 2; set++) {
        int first = set ? npb : 0, last = set ? ds.count : npb;
        if (first == last)
            continue;
        if (run_cold)
            ms[nm++] = (measurement){.md = M_COLD, .first = first, .last = last};
        if (run_extra) {
            ms[nm++] = (measurement){.md = M_EXTRA, .first = first, .last = last};
            ms[nm++] = (measurement){.md = M_EXTRA_BY_TASK, .first = first, .last = last};
        }
    }
    for (int i = 0; i < nm; i++)
        measure(&ds, &ms[i], min_time, reps);

    printf("planlens plan validation (data: %s)\n", dir);
    printf("%d reps of >= %.2f s each, median of reps reported; clock_gettime costs %.0f ns per plan\n\n", reps,
           min_time, clock_ns);
    printf("%-16s %-29s %6s %6s %7s %10s %10s %7s\n", "mode", "plans", "count", "valid", "passes", "mean us",
           "median us", "spread");
    for (int i = 0; i < nm; i++) {
        const measurement *m = &ms[i];
        int ngroups = 0;
        for (int g = 0; g <= G_COUNT; g++) {
            int count = 0, valid = 0;
            for (int k = m->first; k < m->last; k++)
                if (g == G_COUNT || ds.rows[k].group == g) {
                    count++;
                    valid += ds.rows[k].valid == 1;
                }
            if (!count || (g == G_COUNT && ngroups < 2))
                continue;
            ngroups++;
            printf("%-16s %-29s %6d %6d %7d %10.2f %10.2f %6.1f%%\n", mode_names[m->md],
                   g < G_COUNT ? group_names[g] : "plan-quality all", count, valid, m->passes, m->mean_us[g],
                   m->median_us[g], 100 * m->spread[g]);
        }
    }
    printf("\n");
    if (npb > 0)
        printf("sanity: PlanBench task-1 validity agrees with llm_correct: %d/%d\n", task1_agree, task1);
    if (pq > 0)
        printf("sanity: plan-quality LEA and goal agree with checks: %d/%d\n", pq_agree, pq);
    int rc = task1_agree == task1 && pq_agree == pq ? 0 : 1;
    dataset_free(&ds);
    return rc;
}
