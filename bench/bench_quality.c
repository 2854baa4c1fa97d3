/* Plan-quality benchmark: how long planlens takes for the metrics of seed 002.
 *
 * Data: the 962 cases of plan-quality/dev.jsonl (real LLM plans for
 * Blocksworld, Logistics and variants).  Every case is read and grounded
 * before any timing starts (cases with identical PDDL share one task), and
 * the WordNet similarity is opened once (its memo is warm after the first
 * pass, as NLTK's synset cache is in the official code).
 *
 *   metrics   per plan: AQM, NP-AQM, similarity, LCS terms, scores, validity,
 *             executability, LEA, StV, π2/π3 (pl_quality_run without the π1
 *             search and π4); the average over as many passes as fit in
 *             --min-time seconds, median and mean per domain group;
 *   pipeline  per plan: everything (π1 search over renamings and shifts, π4
 *             replanning with A* + LM-cut), one timed pass after a warm-up;
 *             median, 90th percentile and maximum per group, and the worst
 *             Logistics plans with six variables (720 renamings).
 *
 * Usage: bench_quality [--data DIR] [--min-time SECONDS] [--similarity v2|v1]
 * Prints SKIP and exits 0 when the data or WordNet is absent. */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "quality/pipeline.h"
#include "task/load.h"

#ifndef PLANLENS_DATA_DIR
#define PLANLENS_DATA_DIR "../shared/data"
#endif

enum { G_BLOCKSWORLD, G_LOGISTICS, G_OTHER, G_COUNT };
static const char *const group_names[G_COUNT] = {"blocksworld_3", "logistics", "other variants"};

typedef struct {
    char *id;
    char **gt, **llm;
    int m, n, group;
    int task;          /* index into tasks */
    int nvariables;    /* from the first full run */
    double metrics_ns, pipeline_ns;
} bcase;

typedef struct {
    char *domain, *problem;
    pl_loaded_task lt;
} btask;

static char **string_list(const cJSON *a, int *n)
{
    *n = cJSON_GetArraySize(a);
    char **s = calloc((size_t)*n + 1, sizeof *s);
    for (int i = 0; s && i < *n; i++)
        s[i] = bench_strdup(cJSON_GetArrayItem(a, i)->valuestring);
    return s;
}

static int load(const char *path, bcase **cases, int *ncases, btask **tasks, int *ntasks)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    *cases = NULL;
    *tasks = NULL;
    *ncases = *ntasks = 0;
    while (getline(&line, &cap, f) > 0) {
        cJSON *o = cJSON_Parse(line);
        if (!o)
            continue;
        const char *dom = bench_get_string(o, "domain_pddl"), *prob = bench_get_string(o, "problem_pddl");
        const char *id = bench_get_string(o, "case_id");
        int t = 0;
        while (t < *ntasks && (strcmp((*tasks)[t].domain, dom) || strcmp((*tasks)[t].problem, prob)))
            t++;
        if (t == *ntasks) {
            *tasks = realloc(*tasks, ((size_t)*ntasks + 1) * sizeof **tasks);
            btask *bt = &(*tasks)[(*ntasks)++];
            bt->domain = bench_strdup(dom);
            bt->problem = bench_strdup(prob);
            pl_error err = PL_ERROR_INIT;
            pl_diags w = PL_DIAGS_INIT;
            if (pl_load_task_texts(dom, strlen(dom), "domain", prob, strlen(prob), "problem", &bt->lt, &w, &err)) {
                fprintf(stderr, "bench_quality: %s: %s\n", id, err.message);
                exit(1);
            }
            pl_diags_clear(&w);
        }
        *cases = realloc(*cases, ((size_t)*ncases + 1) * sizeof **cases);
        bcase *c = &(*cases)[(*ncases)++];
        memset(c, 0, sizeof *c);
        c->id = bench_strdup(id);
        c->gt = string_list(cJSON_GetObjectItem(o, "gt_plan"), &c->m);
        c->llm = string_list(cJSON_GetObjectItem(o, "llm_plan"), &c->n);
        c->task = t;
        c->group = !strncmp(id, "blocksworld_3/", 14) ? G_BLOCKSWORLD
                   : !strncmp(id, "logistics/", 10) ? G_LOGISTICS : G_OTHER;
        cJSON_Delete(o);
    }
    free(line);
    fclose(f);
    return 0;
}

static double run_one(const btask *tasks, bcase *c, pl_name_sim *sim, const pl_quality_options *opt)
{
    pl_quality_result r;
    pl_error err = PL_ERROR_INIT;
    uint64_t t0 = bench_now_ns();
    if (pl_quality_run(tasks[c->task].lt.task, sim, c->gt, c->m, c->llm, c->n, -1, opt, &r, &err) < 0) {
        fprintf(stderr, "bench_quality: %s: %s\n", c->id, err.message);
        exit(1);
    }
    double ns = (double)(bench_now_ns() - t0);
    if (opt->potential)
        c->nvariables = r.nvariables;
    pl_quality_result_clear(&r);
    return ns;
}

static void report(const char *what, bcase *cases, int n, bool metrics)
{
    double *v = malloc((size_t)n * sizeof *v);
    for (int g = 0; g < G_COUNT; g++) {
        int k = 0;
        double sum = 0;
        for (int i = 0; i < n; i++)
            if (cases[i].group == g) {
                v[k] = (metrics ? cases[i].metrics_ns : cases[i].pipeline_ns) / 1e3;
                sum += v[k++];
            }
        if (!k)
            continue;
        double med = bench_median(v, k); /* sorts v */
        printf("%-9s %-15s plans %4d  median %10.1f us  mean %10.1f us  p90 %10.1f us  max %10.1f us\n", what,
               group_names[g], k, med, sum / k, v[(int)(0.9 * (k - 1))], v[k - 1]);
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        v[k++] = (metrics ? cases[i].metrics_ns : cases[i].pipeline_ns) / 1e3;
    printf("%-9s %-15s plans %4d  median %10.1f us\n", what, "all", k, bench_median(v, k));
    free(v);
}

int main(int argc, char **argv)
{
    const char *data = bench_data_dir(PLANLENS_DATA_DIR);
    double min_time = 2.0;
    pl_quality_options opt = pl_quality_defaults();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--data") && i + 1 < argc)
            data = argv[++i];
        else if (!strcmp(argv[i], "--min-time") && i + 1 < argc)
            min_time = atof(argv[++i]);
        else if (!strcmp(argv[i], "--similarity") && i + 1 < argc)
            pl_similarity_version_parse(argv[++i], &opt.version);
        else {
            fprintf(stderr, "usage: bench_quality [--data DIR] [--min-time SECONDS] [--similarity v2|v1]\n");
            return 2;
        }
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/plan-quality/dev.jsonl", data);
    bcase *cases;
    btask *tasks;
    int n, ntasks;
    if (load(path, &cases, &n, &tasks, &ntasks) < 0) {
        printf("SKIP: %s not found\n", path);
        return 0;
    }
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    if (!sim) {
        printf("SKIP: WordNet not available: %s\n", err.message ? err.message : "?");
        pl_error_clear(&err);
        return 0;
    }
    printf("bench_quality: %d plans, %d grounded tasks, similarity %s\n", n, ntasks,
           pl_similarity_version_name(opt.version));
    pl_quality_options metrics = opt;
    metrics.potential = metrics.replan = false;
    for (int i = 0; i < n; i++) /* warm-up: WordNet memo, caches */
        run_one(tasks, &cases[i], sim, &metrics);
    int passes = 0;
    uint64_t start = bench_now_ns();
    do {
        for (int i = 0; i < n; i++)
            cases[i].metrics_ns += run_one(tasks, &cases[i], sim, &metrics);
        passes++;
    } while ((double)(bench_now_ns() - start) / 1e9 < min_time);
    for (int i = 0; i < n; i++)
        cases[i].metrics_ns /= passes;
    printf("metrics: %d passes\n", passes);
    report("metrics", cases, n, true);
    for (int i = 0; i < n; i++) /* warm-up of the full pipeline */
        run_one(tasks, &cases[i], sim, &opt);
    for (int i = 0; i < n; i++)
        cases[i].pipeline_ns = run_one(tasks, &cases[i], sim, &opt);
    report("pipeline", cases, n, false);
    double worst = 0;
    const char *worst_id = "-";
    int six = 0;
    for (int i = 0; i < n; i++)
        if (cases[i].group == G_LOGISTICS && cases[i].nvariables == 6) {
            six++;
            if (cases[i].pipeline_ns > worst) {
                worst = cases[i].pipeline_ns;
                worst_id = cases[i].id;
            }
        }
    printf("pipeline logistics plans with 6 variables: %d, worst %.1f ms (%s)\n", six, worst / 1e6, worst_id);
    pl_name_sim_close(sim);
    for (int t = 0; t < ntasks; t++) {
        pl_loaded_task_free(&tasks[t].lt);
        free(tasks[t].domain);
        free(tasks[t].problem);
    }
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < cases[i].m; k++)
            free(cases[i].gt[k]);
        for (int k = 0; k < cases[i].n; k++)
            free(cases[i].llm[k]);
        free(cases[i].gt);
        free(cases[i].llm);
        free(cases[i].id);
    }
    free(cases);
    free(tasks);
    return 0;
}
