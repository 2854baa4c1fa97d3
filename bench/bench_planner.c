/* Planner benchmark: how long the embedded optimal planner takes on the
 * ACPBench-Hard test problems, and how long a landmark or reachability check
 * takes on a grounded task.
 *
 * Data: acpbench/<task>/test.gen.json.gz for the eight generative tasks
 * (app prog reach areach val just land nexta).  Questions are keyed on their
 * (PDDL_domain, PDDL_problem) texts: cJSON reads the 19-digit "id" as a
 * double, so ids are not used.  All JSON is read before any timing starts.
 *
 *   planner  for each distinct (domain, problem) pair, end to end: parse and
 *            ground (pl_load_task_texts), pl_relaxed_new, and A* with LM-cut
 *            (pl_search with pl_search_defaults(), max_seconds = --time-limit,
 *            which is CPU time of the search).  Freeing is not timed.
 *   checks   for each land and reach question the task is loaded once
 *            (untimed) and reused by its checks, after a timed setup: the
 *            landmark checker (a reference plan) for land, the h^2 mutexes
 *            for reach.  land: every fact of answer.yes and answer.no,
 *            resolved with pl_resolve_atom and decided by
 *            pl_landmark_checker_test; reach: every stored atom (wrapped in
 *            parentheses) decided by pl_atom_reachable.  A check's time is
 *            pl_resolve_atom + the decision.  Facts that resolve to -1 (static
 *            atoms, atoms grounding never reaches) are decided without search
 *            and are counted apart.  Each check has --check-limit CPU seconds.
 *
 * Wall time is clock_gettime(CLOCK_MONOTONIC), CPU time clock().  A search
 * that hits a limit ends with status "unknown" (PL_SEARCH_LIMIT), never with
 * a wrong answer; such problems and checks are counted as unsolved/unknown
 * and are run once.  Problems decided (solved or proven unsolvable) within
 * --rep-cutoff seconds and checks decided within 0.1 s are run --reps times
 * in all (each repetition is a separate pass over the data); a problem's or
 * check's time is the median of its runs, and its result (status,
 * expansions, cost; answer) must be the same in every run.
 *
 * Usage: bench_planner [--data DIR] [--time-limit S] [--check-limit S]
 *                      [--reps N] [--rep-cutoff S] [--max-states N]
 *                      [--only planner|checks] [--slowest N] [--per-problem]
 * Prints SKIP and exits 0 when the data is absent. */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "base/file.h"
#include "bench_util.h"
#include "plans/plan.h"
#include "search/heuristic.h"
#include "search/reach.h"
#include "search/search.h"
#include "task/load.h"

#ifndef PLANLENS_DATA_DIR
#define PLANLENS_DATA_DIR "../shared/data"
#endif

static const char *const tasks[] = {"app", "prog", "reach", "areach", "val", "just", "land", "nexta"};
enum { NTASKS = sizeof tasks / sizeof tasks[0] };

/* One distinct (domain, problem) pair and its planner results. */
typedef struct {
    const char *domain, *problem; /* borrowed from the JSON */
    size_t domain_len, problem_len;
    uint64_t hash;
    int nquestions;
    char *domain_name, *problem_name;
    int dgroup;                   /* index into the domain-name table */
    /* first run */
    int load_ok;
    pl_search_status status;
    const char *limit;
    long expansions, generated;
    int initial_h, plan_length;
    long long cost;
    pl_heuristic_kind h_used;
    int natoms, nactions;
    /* per-problem medians over the runs, ms */
    int runs;
    double e2e_ms, ground_ms, relaxed_ms, search_ms, cpu_ms;
} problem;

typedef struct {
    const char *name;
    int count, solved, unsolved, unsolvable, errors;
    bool lmcut, hmax;
} dgroup;

/* One check: a fact of a land or reach question. */
typedef struct {
    int q;            /* question index (into checks' question table) */
    const char *fact; /* borrowed; land: "(on c0)"; reach: stored text without parentheses */
    bool land;
    pl_answer stored; /* the stored label */
    pl_answer got;
    bool resolved;    /* pl_resolve_atom gave an atom id (a search or a state test decides) */
    int runs;
    double us;        /* median over runs */
} check;

typedef struct {
    int problem;      /* index into the problem table */
    bool land;
    int first, count; /* its checks */
    double load_ms;
    double setup_us;  /* median over runs: landmark checker init, or h^2 mutexes */
    int setup_runs;
} question;

static double cpu_ms_now(void)
{
    return (double)clock() * 1e3 / CLOCKS_PER_SEC;
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "bench_planner: out of memory\n");
        exit(1);
    }
    return q;
}

static char *dup_string(const char *s)
{
    char *c = bench_strdup(s);
    if (!c) {
        fprintf(stderr, "bench_planner: out of memory\n");
        exit(1);
    }
    return c;
}

/* Nearest-rank percentile (q in [0,1]); sorts v. */
static double percentile(double *v, int n, double q)
{
    if (n <= 0)
        return NAN;
    bench_sort(v, n);
    int k = (int)ceil(q * n) - 1;
    return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}

/* ---- data ---- */

typedef struct {
    cJSON *json[NTASKS];
    problem *problems;
    int nproblems, cap_problems;
    int *slots; /* open addressing on the text hash: problem index + 1 */
    int nslots;
    dgroup *groups;
    int ngroups;
    question *questions;
    int nquestions, cap_questions;
    check *checks;
    int nchecks, cap_checks;
    int total_questions;
} data;

/* "(domain NAME)" of a PDDL text, lower-cased; "?" when absent. */
static char *pddl_name(const char *text, const char *keyword)
{
    const char *p = text;
    size_t k = strlen(keyword);
    while ((p = strchr(p, '(')) != NULL) {
        p++;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!strncasecmp(p, keyword, k) && (p[k] == ' ' || p[k] == '\t' || p[k] == '\n' || p[k] == '\r')) {
            p += k;
            while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
                p++;
            size_t n = strcspn(p, " \t\r\n()");
            char *s = xrealloc(NULL, n + 1);
            for (size_t i = 0; i < n; i++)
                s[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i]);
            s[n] = '\0';
            return s;
        }
    }
    return dup_string("?");
}

static int find_or_add_problem(data *d, const char *dom, const char *prob)
{
    size_t dl = strlen(dom), pl = strlen(prob);
    uint64_t h = bench_fnv1a(bench_fnv1a(BENCH_FNV_OFFSET, dom, dl), prob, pl);
    if ((d->nproblems + 1) * 2 > d->nslots) {
        int n = d->nslots ? d->nslots * 2 : 1024;
        int *slots = calloc((size_t)n, sizeof *slots);
        if (!slots) {
            fprintf(stderr, "bench_planner: out of memory\n");
            exit(1);
        }
        for (int i = 0; i < d->nproblems; i++) {
            size_t s = d->problems[i].hash & (size_t)(n - 1);
            while (slots[s])
                s = (s + 1) & (size_t)(n - 1);
            slots[s] = i + 1;
        }
        free(d->slots);
        d->slots = slots;
        d->nslots = n;
    }
    size_t s = h & (size_t)(d->nslots - 1);
    while (d->slots[s]) {
        problem *p = &d->problems[d->slots[s] - 1];
        if (p->hash == h && p->domain_len == dl && p->problem_len == pl && !memcmp(p->domain, dom, dl) &&
            !memcmp(p->problem, prob, pl)) {
            p->nquestions++;
            return d->slots[s] - 1;
        }
        s = (s + 1) & (size_t)(d->nslots - 1);
    }
    if (d->nproblems == d->cap_problems) {
        d->cap_problems = d->cap_problems ? d->cap_problems * 2 : 256;
        d->problems = xrealloc(d->problems, (size_t)d->cap_problems * sizeof *d->problems);
    }
    problem *p = &d->problems[d->nproblems];
    memset(p, 0, sizeof *p);
    p->domain = dom;
    p->problem = prob;
    p->domain_len = dl;
    p->problem_len = pl;
    p->hash = h;
    p->nquestions = 1;
    p->domain_name = pddl_name(dom, "domain");
    p->problem_name = pddl_name(prob, "problem");
    p->dgroup = -1;
    for (int g = 0; g < d->ngroups; g++)
        if (!strcmp(d->groups[g].name, p->domain_name))
            p->dgroup = g;
    if (p->dgroup < 0) {
        d->groups = xrealloc(d->groups, (size_t)(d->ngroups + 1) * sizeof *d->groups);
        memset(&d->groups[d->ngroups], 0, sizeof d->groups[0]);
        d->groups[d->ngroups].name = p->domain_name;
        p->dgroup = d->ngroups++;
    }
    d->slots[s] = d->nproblems + 1;
    return d->nproblems++;
}

static void add_check(data *d, int q, const char *fact, bool land, pl_answer stored)
{
    if (d->nchecks == d->cap_checks) {
        d->cap_checks = d->cap_checks ? d->cap_checks * 2 : 1024;
        d->checks = xrealloc(d->checks, (size_t)d->cap_checks * sizeof *d->checks);
    }
    check *c = &d->checks[d->nchecks++];
    memset(c, 0, sizeof *c);
    c->q = q;
    c->fact = fact;
    c->land = land;
    c->stored = stored;
}

static int add_question(data *d, int prob, bool land)
{
    if (d->nquestions == d->cap_questions) {
        d->cap_questions = d->cap_questions ? d->cap_questions * 2 : 256;
        d->questions = xrealloc(d->questions, (size_t)d->cap_questions * sizeof *d->questions);
    }
    question *q = &d->questions[d->nquestions];
    memset(q, 0, sizeof *q);
    q->problem = prob;
    q->land = land;
    q->first = d->nchecks;
    return d->nquestions++;
}

/* Reads the eight test files.  Returns 0, 1 when absent (SKIP), -1 on error. */
static int read_data(const char *dir, data *d)
{
    for (int k = 0; k < NTASKS; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/acpbench/%s/test.gen.json.gz", dir, tasks[k]);
        struct stat st;
        if (stat(path, &st) != 0) {
            printf("SKIP: ACPBench test data not found at %s (use --data DIR or set PLANLENS_DATA_DIR)\n", path);
            return 1;
        }
        pl_error err = PL_ERROR_INIT;
        size_t len;
        char *text = pl_read_file(path, &len, &err);
        if (!text) {
            fprintf(stderr, "bench_planner: cannot read %s: %s\n", path, err.message ? err.message : "?");
            pl_error_clear(&err);
            return -1;
        }
        d->json[k] = cJSON_ParseWithLength(text, len);
        free(text);
        if (!cJSON_IsArray(d->json[k])) {
            fprintf(stderr, "bench_planner: %s: expected a JSON array\n", path);
            return -1;
        }
        bool land = !strcmp(tasks[k], "land"), reach = !strcmp(tasks[k], "reach");
        const cJSON *q;
        cJSON_ArrayForEach(q, d->json[k])
        {
            const char *dom = bench_get_string(q, "PDDL_domain"), *prob = bench_get_string(q, "PDDL_problem");
            if (!dom || !prob) {
                fprintf(stderr, "bench_planner: %s: a question without PDDL_domain/PDDL_problem\n", path);
                return -1;
            }
            d->total_questions++;
            int p = find_or_add_problem(d, dom, prob);
            const cJSON *ans = cJSON_GetObjectItemCaseSensitive(q, "answer"), *it;
            if (land) {
                int qi = add_question(d, p, true);
                cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(ans, "yes"))
                    if (cJSON_IsString(it))
                        add_check(d, qi, it->valuestring, true, PL_YES);
                cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(ans, "no"))
                    if (cJSON_IsString(it))
                        add_check(d, qi, it->valuestring, true, PL_NO);
                d->questions[qi].count = d->nchecks - d->questions[qi].first;
            } else if (reach) {
                int qi = add_question(d, p, false);
                cJSON_ArrayForEach(it, ans)
                    if (cJSON_IsString(it))
                        add_check(d, qi, it->valuestring, false, PL_NO);
                d->questions[qi].count = d->nchecks - d->questions[qi].first;
            }
        }
    }
    return 0;
}

static void data_free(data *d)
{
    for (int i = 0; i < d->nproblems; i++) {
        free(d->problems[i].domain_name);
        free(d->problems[i].problem_name);
    }
    free(d->problems);
    free(d->slots);
    free(d->groups);
    free(d->questions);
    free(d->checks);
    for (int k = 0; k < NTASKS; k++)
        cJSON_Delete(d->json[k]);
}

/* ---- planner ---- */

typedef struct {
    double e2e, ground, relaxed, search, cpu; /* ms */
    pl_search_result res;
    int load_ok;
    int natoms, nactions;
} run_result;

static run_result run_problem(const problem *p, double limit, long max_states)
{
    run_result rr;
    memset(&rr, 0, sizeof rr);
    pl_error err = PL_ERROR_INIT;
    pl_loaded_task lt;
    double c0 = cpu_ms_now();
    uint64_t t0 = bench_now_ns();
    int rc = pl_load_task_texts(p->domain, p->domain_len, "domain", p->problem, p->problem_len, "problem", &lt,
                                NULL, &err);
    uint64_t t1 = bench_now_ns();
    if (rc != PL_OK) {
        char *msg = pl_error_format(&err);
        fprintf(stderr, "bench_planner: %s/%s: %s\n", p->domain_name, p->problem_name, msg ? msg : "load failed");
        free(msg);
        pl_error_clear(&err);
        rr.ground = (double)(t1 - t0) / 1e6;
        rr.res.status = PL_SEARCH_ERROR;
        return rr;
    }
    rr.load_ok = 1;
    pl_relaxed *r = pl_relaxed_new(lt.task);
    uint64_t t2 = bench_now_ns();
    if (!r) {
        rr.res.status = PL_SEARCH_ERROR;
    } else {
        pl_search_params sp = pl_search_defaults();
        sp.max_seconds = limit;
        sp.max_states = max_states;
        pl_search(lt.task, r, &sp, &rr.res);
    }
    uint64_t t3 = bench_now_ns();
    rr.cpu = cpu_ms_now() - c0;
    rr.ground = (double)(t1 - t0) / 1e6;
    rr.relaxed = (double)(t2 - t1) / 1e6;
    rr.search = (double)(t3 - t2) / 1e6;
    rr.e2e = (double)(t3 - t0) / 1e6;
    rr.natoms = lt.task->natoms;
    rr.nactions = lt.task->nactions;
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
    return rr;
}

/* Solved, or proven unsolvable: the search ended without hitting a limit. */
static bool decided(const problem *p)
{
    return p->load_ok && (p->status == PL_SEARCH_SOLVED || p->status == PL_SEARCH_UNSOLVABLE);
}

typedef struct {
    double *e2e, *ground, *relaxed, *search, *cpu; /* [problem * reps + run] */
} run_store;

static void run_planner(data *d, double limit, long max_states, int reps, double rep_cutoff)
{
    int n = d->nproblems;
    run_store st;
    st.e2e = calloc((size_t)n * (size_t)reps, sizeof(double));
    st.ground = calloc((size_t)n * (size_t)reps, sizeof(double));
    st.relaxed = calloc((size_t)n * (size_t)reps, sizeof(double));
    st.search = calloc((size_t)n * (size_t)reps, sizeof(double));
    st.cpu = calloc((size_t)n * (size_t)reps, sizeof(double));
    if (!st.e2e || !st.ground || !st.relaxed || !st.search || !st.cpu) {
        fprintf(stderr, "bench_planner: out of memory\n");
        exit(1);
    }
    uint64_t start = bench_now_ns();
    for (int rep = 0; rep < reps; rep++) {
        int ran = 0;
        for (int i = 0; i < n; i++) {
            problem *p = &d->problems[i];
            if (rep > 0 && !(decided(p) && p->e2e_ms < rep_cutoff * 1e3))
                continue;
            run_result rr = run_problem(p, limit, max_states);
            ran++;
            if (rep == 0) {
                p->load_ok = rr.load_ok;
                p->status = rr.res.status;
                p->limit = rr.res.limit;
                p->expansions = rr.res.expansions;
                p->generated = rr.res.generated;
                p->initial_h = rr.res.initial_h;
                p->plan_length = rr.res.plan_length;
                p->cost = rr.res.cost;
                p->h_used = rr.res.heuristic_used;
                p->natoms = rr.natoms;
                p->nactions = rr.nactions;
                p->e2e_ms = rr.e2e; /* first run, for the repetition cutoff */
                if (rr.e2e > 1000 || rr.res.status == PL_SEARCH_LIMIT || rr.res.status == PL_SEARCH_ERROR)
                    fprintf(stderr, "[%.0f s] %d/%d %s %s: %s%s%s in %.2f s (%ld expansions, initial h %d)\n",
                            (double)(bench_now_ns() - start) / 1e9, i + 1, n, p->domain_name, p->problem_name,
                            pl_search_status_name(rr.res.status), rr.res.limit ? " " : "",
                            rr.res.limit ? rr.res.limit : "", rr.e2e / 1e3, rr.res.expansions, rr.res.initial_h);
            } else if (rr.res.status != p->status || rr.res.expansions != p->expansions ||
                       rr.res.cost != p->cost) {
                fprintf(stderr, "bench_planner: %s/%s: result changed between runs\n", p->domain_name,
                        p->problem_name);
                exit(1);
            }
            size_t k = (size_t)i * (size_t)reps + (size_t)p->runs;
            st.e2e[k] = rr.e2e;
            st.ground[k] = rr.ground;
            st.relaxed[k] = rr.relaxed;
            st.search[k] = rr.search;
            st.cpu[k] = rr.cpu;
            p->runs++;
            pl_search_result_clear(&rr.res);
        }
        fprintf(stderr, "planner pass %d/%d: %d problems, %.0f s so far\n", rep + 1, reps, ran,
                (double)(bench_now_ns() - start) / 1e9);
    }
    for (int i = 0; i < n; i++) {
        problem *p = &d->problems[i];
        size_t k = (size_t)i * (size_t)reps;
        p->e2e_ms = bench_median(st.e2e + k, p->runs);
        p->ground_ms = bench_median(st.ground + k, p->runs);
        p->relaxed_ms = bench_median(st.relaxed + k, p->runs);
        p->search_ms = bench_median(st.search + k, p->runs);
        p->cpu_ms = bench_median(st.cpu + k, p->runs);
        dgroup *g = &d->groups[p->dgroup];
        g->count++;
        if (p->status == PL_SEARCH_SOLVED)
            g->solved++;
        else if (p->status == PL_SEARCH_LIMIT)
            g->unsolved++;
        else if (p->status == PL_SEARCH_UNSOLVABLE)
            g->unsolvable++;
        else
            g->errors++;
        if (p->load_ok && p->h_used == PL_H_LMCUT)
            g->lmcut = true;
        if (p->load_ok && p->h_used == PL_H_MAX)
            g->hmax = true;
    }
    free(st.e2e);
    free(st.ground);
    free(st.relaxed);
    free(st.search);
    free(st.cpu);
}

/* Collects `field` of the problems of group `g` (all groups when g < 0)
 * that pass `sel` into v; returns the count. */
typedef enum { SEL_DECIDED, SEL_SOLVED, SEL_LOADED } selector;
static int collect(const data *d, int g, selector sel, int field, double *v)
{
    int k = 0;
    for (int i = 0; i < d->nproblems; i++) {
        const problem *p = &d->problems[i];
        if (g >= 0 && p->dgroup != g)
            continue;
        if ((sel == SEL_DECIDED && !decided(p)) || (sel == SEL_SOLVED && p->status != PL_SEARCH_SOLVED) ||
            (sel == SEL_LOADED && !p->load_ok))
            continue;
        v[k++] = field == 0 ? p->e2e_ms : field == 1 ? p->ground_ms : field == 2 ? p->relaxed_ms
                 : field == 3 ? p->search_ms : field == 4 ? p->cpu_ms : (double)p->expansions;
    }
    return k;
}
enum { F_E2E, F_GROUND, F_RELAXED, F_SEARCH, F_CPU, F_EXPANSIONS };

static const data *sort_data; /* qsort has no context argument in C11 */
static int cmp_group_name(const void *a, const void *b)
{
    return strcmp(sort_data->groups[*(const int *)a].name, sort_data->groups[*(const int *)b].name);
}
static int cmp_problem_e2e_desc(const void *a, const void *b)
{
    const problem *x = &sort_data->problems[*(const int *)a], *y = &sort_data->problems[*(const int *)b];
    return (x->e2e_ms < y->e2e_ms) - (x->e2e_ms > y->e2e_ms);
}

static void fmt_ms(char *buf, size_t n, double ms)
{
    if (isnan(ms))
        snprintf(buf, n, "-");
    else if (ms < 10)
        snprintf(buf, n, "%.3f", ms);
    else if (ms < 1000)
        snprintf(buf, n, "%.1f", ms);
    else
        snprintf(buf, n, "%.0f", ms);
}

static void report_planner(data *d, double limit, int slowest, bool per_problem)
{
    int n = d->nproblems;
    double *v = xrealloc(NULL, (size_t)(n + 1) * sizeof *v);
    int *gorder = xrealloc(NULL, (size_t)(d->ngroups + 1) * sizeof *gorder);
    for (int g = 0; g < d->ngroups; g++)
        gorder[g] = g;
    sort_data = d;
    qsort(gorder, (size_t)d->ngroups, sizeof *gorder, cmp_group_name);

    printf("== Planner: A* + LM-cut, end to end (parse + ground + relaxed + search), limit %g s CPU per search\n",
           limit);
    printf("decided = solved or proven unsolvable; times (ms) and expansions are over decided problems;\n"
           "ground = parse + ground (pl_load_task_texts), search = pl_search, both medians\n\n");
    printf("%-17s %5s %6s %6s %7s %5s %9s %9s %9s %9s %9s %9s\n", "domain", "count", "solved", "unsol.", "limit",
           "heur", "median", "p95", "max", "med.exp", "med.grnd", "med.srch");
    int tot_solved = 0, tot_unknown = 0, tot_unsolvable = 0, tot_err = 0;
    for (int gi = 0; gi < d->ngroups; gi++) {
        int g = gorder[gi];
        const dgroup *dg = &d->groups[g];
        int k = collect(d, g, SEL_DECIDED, F_E2E, v);
        double med = bench_median(v, k), p95 = percentile(v, k, 0.95);
        double mx = k ? v[k - 1] : NAN;
        double mexp = bench_median(v, collect(d, g, SEL_DECIDED, F_EXPANSIONS, v));
        double mg = bench_median(v, collect(d, g, SEL_LOADED, F_GROUND, v));
        double ms = bench_median(v, collect(d, g, SEL_DECIDED, F_SEARCH, v));
        char a[32], b[32], c[32], e[32], f[32];
        fmt_ms(a, sizeof a, med);
        fmt_ms(b, sizeof b, p95);
        fmt_ms(c, sizeof c, mx);
        fmt_ms(e, sizeof e, mg);
        fmt_ms(f, sizeof f, ms);
        printf("%-17s %5d %6d %6d %7d %5s %9s %9s %9s %9.0f %9s %9s\n", dg->name, dg->count, dg->solved,
               dg->unsolvable, dg->unsolved + dg->errors, dg->lmcut && dg->hmax ? "mixed" : dg->hmax ? "h_max" : "lmcut",
               a, b, c, k ? mexp : 0, e, f);
        tot_solved += dg->solved;
        tot_unknown += dg->unsolved;
        tot_unsolvable += dg->unsolvable;
        tot_err += dg->errors;
    }
    printf("\n%d distinct (domain, problem) pairs among %d test questions\n", n, d->total_questions);
    printf("solved %d, proven unsolvable %d, unsolved (limit hit: status unknown) %d, errors %d\n", tot_solved,
           tot_unsolvable, tot_unknown, tot_err);

    /* (the sorts in median/percentile must happen before v[k - 1] is read) */
    double s_med, s_p95, s_max;
    int k = collect(d, -1, SEL_DECIDED, F_E2E, v);
    s_med = bench_median(v, k);
    s_p95 = percentile(v, k, 0.95);
    s_max = k ? v[k - 1] : NAN;
    printf("end to end, %d decided:        median %.3f ms, p95 %.3f ms, max %.1f ms\n", k, s_med, s_p95, s_max);
    k = collect(d, -1, SEL_SOLVED, F_E2E, v);
    s_med = bench_median(v, k);
    s_p95 = percentile(v, k, 0.95);
    s_max = k ? v[k - 1] : NAN;
    printf("end to end, %d solved:         median %.3f ms, p95 %.3f ms, max %.1f ms\n", k, s_med, s_p95, s_max);
    /* all problems: a problem that hit the limit ranks after every decided one */
    k = 0;
    for (int i = 0; i < n; i++)
        v[k++] = decided(&d->problems[i]) ? d->problems[i].e2e_ms : INFINITY;
    double med = bench_median(v, k), p95 = percentile(v, k, 0.95);
    printf("end to end, all %d:            median %.3f ms, p95 %s%.3f ms (limit hits ranked slowest)\n", n, med,
           isinf(p95) ? ">= limit " : "", isinf(p95) ? limit * 1e3 : p95);
    k = collect(d, -1, SEL_LOADED, F_GROUND, v);
    s_med = bench_median(v, k);
    s_p95 = percentile(v, k, 0.95);
    s_max = k ? v[k - 1] : NAN;
    printf("parse + ground, all %d:        median %.3f ms, p95 %.3f ms, max %.1f ms\n", k, s_med, s_p95, s_max);
    k = collect(d, -1, SEL_LOADED, F_RELAXED, v);
    printf("pl_relaxed_new, all %d:        median %.3f ms\n", k, bench_median(v, k));
    k = collect(d, -1, SEL_DECIDED, F_SEARCH, v);
    s_med = bench_median(v, k);
    s_p95 = percentile(v, k, 0.95);
    s_max = k ? v[k - 1] : NAN;
    printf("search, %d decided:            median %.3f ms, p95 %.3f ms, max %.1f ms\n", k, s_med, s_p95, s_max);
    double wall = 0, cpu = 0;
    for (int i = 0; i < n; i++)
        if (decided(&d->problems[i])) {
            wall += d->problems[i].e2e_ms;
            cpu += d->problems[i].cpu_ms;
        }
    printf("decided problems: sum of per-problem medians %.1f ms wall, %.1f ms CPU (clock())\n", wall, cpu);
    int runs_max = 0, multi = 0;
    for (int i = 0; i < n; i++) {
        if (d->problems[i].runs > runs_max)
            runs_max = d->problems[i].runs;
        multi += d->problems[i].runs > 1;
    }
    printf("%d problems run %d times (median kept), the others once\n", multi, runs_max);

    printf("\nunsolved problems (limit hit: status unknown; expansions and time at the limit):\n");
    printf("%-17s %-34s %4s %6s %7s %10s %6s %9s %9s\n", "domain", "problem", "qs", "atoms", "actions",
           "expansions", "init h", "limit", "e2e ms");
    for (int i = 0; i < n; i++) {
        const problem *p = &d->problems[i];
        if (decided(p))
            continue;
        printf("%-17s %-34s %4d %6d %7d %10ld %6d %9s %9.0f\n", p->domain_name, p->problem_name, p->nquestions,
               p->natoms, p->nactions, p->expansions, p->initial_h,
               p->status == PL_SEARCH_LIMIT ? (p->limit ? p->limit : "?") : pl_search_status_name(p->status),
               p->e2e_ms);
    }
    printf("\nproven unsolvable (question states that are dead ends):\n");
    for (int i = 0; i < n; i++) {
        const problem *p = &d->problems[i];
        if (p->load_ok && p->status == PL_SEARCH_UNSOLVABLE)
            printf("  %-17s %-34s atoms %d, actions %d, expansions %ld, %.3f ms\n", p->domain_name,
                   p->problem_name, p->natoms, p->nactions, p->expansions, p->e2e_ms);
    }

    int *order = xrealloc(NULL, (size_t)(n + 1) * sizeof *order);
    int ns = 0;
    for (int i = 0; i < n; i++)
        if (decided(&d->problems[i]))
            order[ns++] = i;
    qsort(order, (size_t)ns, sizeof *order, cmp_problem_e2e_desc);
    printf("\nslowest decided problems:\n");
    printf("%-17s %-34s %6s %7s %10s %6s %6s %10s %9s %10s\n", "domain", "problem", "atoms", "actions",
           "expansions", "init h", "cost", "e2e ms", "ground ms", "search ms");
    for (int j = 0; j < ns && j < slowest; j++) {
        const problem *p = &d->problems[order[j]];
        printf("%-17s %-34s %6d %7d %10ld %6d %6lld %10.1f %9.2f %10.1f\n", p->domain_name, p->problem_name,
               p->natoms, p->nactions, p->expansions, p->initial_h, p->cost, p->e2e_ms, p->ground_ms,
               p->search_ms);
    }
    if (per_problem) {
        printf("\nper problem (index, domain, problem, status, atoms, actions, expansions, initial h, cost, runs, "
               "e2e ms, ground ms, relaxed ms, search ms, cpu ms):\n");
        for (int i = 0; i < n; i++) {
            const problem *p = &d->problems[i];
            printf("P %d %s %s %s %d %d %ld %d %lld %d %.4f %.4f %.4f %.4f %.4f\n", i, p->domain_name,
                   p->problem_name, pl_search_status_name(p->status), p->natoms, p->nactions, p->expansions,
                   p->initial_h, p->cost, p->runs, p->e2e_ms, p->ground_ms, p->relaxed_ms, p->search_ms, p->cpu_ms);
        }
    }
    printf("\n");
    free(order);
    free(gorder);
    free(v);
}

/* ---- checks ---- */

/* Decides a fact that pl_resolve_atom could not map to a fluent atom, as
 * tests/search/test_planner.c does. */
static pl_answer decide_unresolved(bool land, bool is_static, const char *why)
{
    if (land) /* a static fact is a landmark iff it holds; an atom never reached is no landmark */
        return is_static && why && strstr(why, "always true") ? PL_YES : PL_NO;
    /* reach: static and true is reachable; static and false, or never reached by grounding, is not */
    if (!why)
        return PL_NO;
    return (is_static && strstr(why, "always true")) || !strstr(why, is_static ? "always false" : "never true")
               ? PL_YES : PL_NO;
}

static pl_answer do_check(const pl_task *t, const pl_relaxed *r, pl_landmark_checker *checker, const check *c,
                          const pl_limits *lim, bool *resolved)
{
    char buf[1024];
    const char *text = c->fact;
    if (!c->land) {
        snprintf(buf, sizeof buf, "(%s)", c->fact);
        text = buf;
    }
    bool is_static = false;
    char *why = NULL;
    int id = pl_resolve_atom(t, text, &is_static, &why);
    pl_answer a;
    if (id < 0) {
        a = decide_unresolved(c->land, is_static, why);
        *resolved = false;
    } else if (c->land) {
        a = pl_landmark_checker_test(checker, id, NULL);
        *resolved = true;
    } else {
        a = pl_atom_reachable(t, r, t->init, id, lim);
        *resolved = true;
    }
    free(why);
    return a;
}

static void run_checks(data *d, double check_limit, int reps)
{
    pl_limits lim = {0, check_limit, 0};
    double *us = calloc((size_t)d->nchecks * (size_t)reps + 1, sizeof *us);
    double *setup_us = calloc((size_t)d->nquestions * (size_t)reps + 1, sizeof *setup_us);
    if (!us || !setup_us) {
        fprintf(stderr, "bench_planner: out of memory\n");
        exit(1);
    }
    uint64_t start = bench_now_ns();
    for (int rep = 0; rep < reps; rep++) {
        for (int qi = 0; qi < d->nquestions; qi++) {
            question *q = &d->questions[qi];
            const problem *p = &d->problems[q->problem];
            bool any = rep == 0; /* the first pass sets up every question, even one without checks */
            for (int j = q->first; j < q->first + q->count; j++)
                any |= (d->checks[j].got != PL_UNKNOWN && d->checks[j].us < 1e5);
            if (!any)
                continue;
            pl_error err = PL_ERROR_INIT;
            pl_loaded_task lt;
            uint64_t l0 = bench_now_ns();
            if (pl_load_task_texts(p->domain, p->domain_len, "domain", p->problem, p->problem_len, "problem", &lt,
                                   NULL, &err) != PL_OK) {
                fprintf(stderr, "bench_planner: %s/%s: load failed\n", p->domain_name, p->problem_name);
                pl_error_clear(&err);
                exit(1);
            }
            pl_relaxed *r = pl_relaxed_new(lt.task);
            if (!r) {
                fprintf(stderr, "bench_planner: out of memory\n");
                exit(1);
            }
            if (rep == 0)
                q->load_ms = (double)(bench_now_ns() - l0) / 1e6;
            /* Per-question setup, as a grader does it: the landmark checker's
             * reference plan, or the h^2 mutexes for reachability. */
            pl_landmark_checker checker;
            uint64_t s0 = bench_now_ns();
            if (q->land ? pl_landmark_checker_init(&checker, lt.task, r, lt.task->init, &lim) != 0
                        : pl_relaxed_add_mutexes(r) != 0) {
                fprintf(stderr, "bench_planner: out of memory\n");
                exit(1);
            }
            setup_us[(size_t)qi * (size_t)reps + (size_t)q->setup_runs++] = (double)(bench_now_ns() - s0) / 1e3;
            for (int j = q->first; j < q->first + q->count; j++) {
                check *c = &d->checks[j];
                if (rep > 0 && (c->got == PL_UNKNOWN || c->us >= 1e5))
                    continue;
                bool resolved;
                uint64_t t0 = bench_now_ns();
                pl_answer a = do_check(lt.task, r, &checker, c, &lim, &resolved);
                double t = (double)(bench_now_ns() - t0) / 1e3;
                if (rep == 0) {
                    c->got = a;
                    c->resolved = resolved;
                    c->us = t; /* first run, for the repetition cutoff */
                    if (a == PL_UNKNOWN || t > 1e6)
                        fprintf(stderr, "[%.0f s] %s %s/%s %s: %s in %.2f s\n", (double)(bench_now_ns() - start) / 1e9,
                                c->land ? "land" : "reach", p->domain_name, p->problem_name, c->fact,
                                pl_answer_name(a), t / 1e6);
                } else if (a != c->got) {
                    fprintf(stderr, "bench_planner: check %s changed between runs\n", c->fact);
                    exit(1);
                }
                us[(size_t)j * (size_t)reps + (size_t)c->runs++] = t;
            }
            if (q->land)
                pl_landmark_checker_free(&checker);
            pl_relaxed_free(r);
            pl_loaded_task_free(&lt);
        }
        fprintf(stderr, "checks pass %d/%d: %.0f s so far\n", rep + 1, reps, (double)(bench_now_ns() - start) / 1e9);
    }
    for (int j = 0; j < d->nchecks; j++)
        d->checks[j].us = bench_median(us + (size_t)j * (size_t)reps, d->checks[j].runs);
    for (int qi = 0; qi < d->nquestions; qi++)
        d->questions[qi].setup_us =
            bench_median(setup_us + (size_t)qi * (size_t)reps, d->questions[qi].setup_runs);
    free(us);
    free(setup_us);
}

static void report_check_set(const data *d, bool land, double *v)
{
    const char *what = land ? "land (checker_test)" : "reach (atom_reachable)";
    int nq = 0, k;
    for (int qi = 0; qi < d->nquestions; qi++)
        nq += d->questions[qi].land == land;
    for (int sel = 0; sel < 3; sel++) {
        /* sel 0: facts resolved to an atom; 1: resolved to -1; 2: all */
        int yes = 0, no = 0, unk = 0, agree = 0, n = 0;
        k = 0;
        for (int j = 0; j < d->nchecks; j++) {
            const check *c = &d->checks[j];
            if (c->land != land || (sel == 0 && !c->resolved) || (sel == 1 && c->resolved))
                continue;
            n++;
            yes += c->got == PL_YES;
            no += c->got == PL_NO;
            unk += c->got == PL_UNKNOWN;
            agree += c->got == c->stored;
            if (c->got != PL_UNKNOWN)
                v[k++] = c->us;
        }
        static const char *const sel_names[] = {"atom (search)", "unresolved (-1)", "all"};
        double med = bench_median(v, k), p95 = percentile(v, k, 0.95);
        double mx = k ? v[k - 1] : NAN;
        printf("%-26s %-16s %6d %6d %6d %7d %7d %10.2f %10.2f %12.1f\n", what, sel_names[sel], n, yes, no, unk,
               agree, med, p95, mx);
    }
    k = 0;
    for (int qi = 0; qi < d->nquestions; qi++)
        if (d->questions[qi].land == land)
            v[k++] = d->questions[qi].load_ms;
    printf("%-26s %d questions; load + relaxed per question (untimed): median %.3f ms\n", "", nq, bench_median(v, k));
    k = 0;
    for (int qi = 0; qi < d->nquestions; qi++)
        if (d->questions[qi].land == land)
            v[k++] = d->questions[qi].setup_us;
    double setup_med = bench_median(v, k), setup_p95 = percentile(v, k, 0.95);
    printf("%-26s setup per question (%s): median %.1f us, p95 %.1f us\n", "",
           land ? "landmark checker: reference plan" : "h^2 mutexes", setup_med, setup_p95);
    /* What a grader pays per check: the question's setup shared by its checks. */
    k = 0;
    double total = 0;
    int ntotal = 0;
    for (int qi = 0; qi < d->nquestions; qi++) {
        const question *q = &d->questions[qi];
        if (q->land != land || q->count == 0)
            continue;
        double sum = q->setup_us;
        for (int j = q->first; j < q->first + q->count; j++)
            sum += d->checks[j].us;
        total += sum;
        ntotal += q->count;
        v[k++] = sum / q->count;
    }
    double med = bench_median(v, k), p95 = percentile(v, k, 0.95);
    printf("%-26s setup + checks per check, per question: median %.1f us, p95 %.1f us, max %.1f us; "
           "all questions: %.1f us\n\n",
           "", med, p95, k ? v[k - 1] : NAN, ntotal ? total / ntotal : NAN);
}

static void report_checks(const data *d, double check_limit)
{
    double *v = xrealloc(NULL, (size_t)(d->nchecks + d->nquestions + 1) * sizeof *v);
    printf("== Checks on the grounded task (resolve + decide), limit %.0f s CPU per check\n", check_limit);
    printf("times in us over decided checks (unknown excluded); agree = same as the stored label\n\n");
    printf("%-26s %-16s %6s %6s %6s %7s %7s %10s %10s %12s\n", "check", "facts", "checks", "yes", "no", "unknown",
           "agree", "median us", "p95 us", "max us");
    report_check_set(d, true, v);
    report_check_set(d, false, v);
    int k = 0, unk = 0, runs_max = 0;
    for (int j = 0; j < d->nchecks; j++) {
        if (d->checks[j].got != PL_UNKNOWN)
            v[k++] = d->checks[j].us;
        unk += d->checks[j].got == PL_UNKNOWN;
        if (d->checks[j].runs > runs_max)
            runs_max = d->checks[j].runs;
    }
    double med = bench_median(v, k), p95 = percentile(v, k, 0.95);
    printf("\nall %d checks: median %.2f us, p95 %.2f us, max %.1f us; %d unknown; decided checks under 0.1 s run "
           "%d times (median kept)\n",
           d->nchecks, med, p95, k ? v[k - 1] : NAN, unk, runs_max);
    printf("\ndisagreements with the stored label:\n");
    for (int j = 0; j < d->nchecks; j++) {
        const check *c = &d->checks[j];
        if (c->got == c->stored)
            continue;
        const problem *p = &d->problems[d->questions[c->q].problem];
        printf("  %s %s/%s: %s: got %s, stored %s\n", c->land ? "land" : "reach", p->domain_name, p->problem_name,
               c->fact, pl_answer_name(c->got), pl_answer_name(c->stored));
    }
    printf("\n");
    free(v);
}

/* The load averages from /proc/loadavg (getloadavg is not POSIX). */
static void print_load(const char *when)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double a, b, c;
    if (f && fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
        printf("load average %s: %.2f %.2f %.2f\n", when, a, b, c);
    if (f)
        fclose(f);
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: bench_planner [options]\n"
            "  --data DIR          benchmark data (default $PLANLENS_DATA_DIR or %s)\n"
            "  --time-limit S      CPU seconds per planner search (default 60)\n"
            "  --check-limit S     CPU seconds per landmark/reachability check (default 10)\n"
            "  --reps N            runs of each fast problem and check; the median is kept (default 5)\n"
            "  --rep-cutoff S      repeat only problems decided within S seconds (default 1)\n"
            "  --max-states N      stored-state limit per planner search (default 0 = none)\n"
            "  --only WHAT         planner, or checks\n"
            "  --slowest N         slowest decided problems to list (default 20)\n"
            "  --per-problem       print one line per problem\n",
            PLANLENS_DATA_DIR);
}

int main(int argc, char **argv)
{
    const char *dir = bench_data_dir(PLANLENS_DATA_DIR);
    double limit = 60, check_limit = 10, rep_cutoff = 1;
    int reps = 5, slowest = 20;
    long max_states = 0;
    bool do_planner = true, do_checks = true, per_problem = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--data") && i + 1 < argc) {
            dir = argv[++i];
        } else if (!strcmp(argv[i], "--time-limit") && i + 1 < argc) {
            limit = atof(argv[++i]);
        } else if (!strcmp(argv[i], "--check-limit") && i + 1 < argc) {
            check_limit = atof(argv[++i]);
        } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1)
                reps = 1;
        } else if (!strcmp(argv[i], "--rep-cutoff") && i + 1 < argc) {
            rep_cutoff = atof(argv[++i]);
        } else if (!strcmp(argv[i], "--max-states") && i + 1 < argc) {
            max_states = atol(argv[++i]);
        } else if (!strcmp(argv[i], "--slowest") && i + 1 < argc) {
            slowest = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--per-problem")) {
            per_problem = true;
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc &&
                   (!strcmp(argv[i + 1], "planner") || !strcmp(argv[i + 1], "checks"))) {
            do_planner = !strcmp(argv[++i], "planner");
            do_checks = !do_planner;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (limit <= 0 || check_limit <= 0) {
        fprintf(stderr, "bench_planner: limits must be positive (a run without limits may never end)\n");
        return 2;
    }

    data d;
    memset(&d, 0, sizeof d);
    int rc = read_data(dir, &d);
    if (rc != 0) {
        data_free(&d);
        return rc < 0 ? 1 : 0;
    }
    printf("planlens planner benchmark (data: %s)\n", dir);
    print_load("at start");
    printf("%d test questions, %d distinct (domain, problem) pairs, %d domains; %d land + reach questions with "
           "%d checks\n",
           d.total_questions, d.nproblems, d.ngroups, d.nquestions, d.nchecks);
    printf("--time-limit %g --check-limit %g --reps %d --rep-cutoff %g --max-states %ld\n\n", limit, check_limit,
           reps, rep_cutoff, max_states);
    fflush(stdout);

    if (do_planner) {
        run_planner(&d, limit, max_states, reps, rep_cutoff);
        report_planner(&d, limit, slowest, per_problem);
        fflush(stdout);
    }
    if (do_checks) {
        run_checks(&d, check_limit, reps);
        report_checks(&d, check_limit);
    }
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) == 0)
        printf("max resident set size: %.0f MiB\n", (double)ru.ru_maxrss / 1024);
    print_load("at end");
    data_free(&d);
    return 0;
}
