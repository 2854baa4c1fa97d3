/* Explorer benchmark: first frame on sample-runs/, and with 100,000
 * responses loaded and graded, the time from a keypress to a redrawn screen
 * for every view, plus memory.  The 100,000 responses are synthesised at run
 * time over the sample IoU questions (10 runs; each answer is the truth with
 * a seeded share of items dropped or invented).
 *
 *   bench_explorer [--responses N] [--reps R]
 *
 * "Redraw" is what the terminal layer does per frame: rebuild the view model
 * when it is stale (filter, sort, new verdicts) and lay out the visible
 * lines; here it renders them into a headless text buffer. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "views.h"

#define ROWS 50

static long rss_kib(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f && fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    if (f)
        fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* The visible lines as text, as a frame would draw them. */
static size_t render(const pl_view_model *vm, int top)
{
    size_t bytes = 0;
    for (int i = top; i < vm->nlines && i < top + ROWS; i++) {
        char *s = pl_vm_line_text(&vm->lines[i]);
        bytes += s ? strlen(s) : 0;
        free(s);
    }
    return bytes;
}

static char *write_responses(const char *dir, int n)
{
    char *path = malloc(strlen(dir) + 32);
    sprintf(path, "%s/runs.jsonl", dir);
    FILE *q = fopen(PLANLENS_SOURCE_DIR "/sample-runs/iou/questions.jsonl", "r");
    FILE *out = fopen(path, "w");
    if (!q || !out) {
        fprintf(stderr, "bench_explorer: cannot read the sample questions or write %s\n", path);
        exit(3);
    }
    char **ids = NULL, **answers = NULL, line[1 << 16];
    int nq = 0;
    char *buf = NULL;
    size_t cap = 0;
    while (getline(&buf, &cap, q) > 0) {
        cJSON *j = cJSON_Parse(buf);
        ids = realloc(ids, (size_t)(nq + 1) * sizeof *ids);
        answers = realloc(answers, (size_t)(nq + 1) * sizeof *answers);
        ids[nq] = bench_strdup(bench_get_string(j, "id"));
        cJSON *a = cJSON_GetObjectItem(j, "answer");
        size_t len = 0;
        line[0] = '\0';
        const cJSON *it;
        cJSON_ArrayForEach(it, a) len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? ", " : "",
                                                          it->valuestring);
        answers[nq++] = bench_strdup(line);
        cJSON_Delete(j);
    }
    free(buf);
    fclose(q);
    uint64_t seed = 1;
    for (int i = 0; i < n; i++) {
        int k = i % nq;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int mode = (int)(seed >> 60);
        /* a quarter: one item invented; an eighth: prose without a list; else the truth */
        fprintf(out, "{\"id\": \"%s\", \"model\": \"run-%d\", \"response\": \"%s[%s%s]\"}\n", ids[k], i % 10,
                mode < 2 ? "I am not sure. " : "", mode < 2 ? "" : answers[k], mode < 6 ? ", (bogus z)" : "");
    }
    fclose(out);
    for (int k = 0; k < nq; k++) {
        free(ids[k]);
        free(answers[k]);
    }
    free(ids);
    free(answers);
    return path;
}

static void wait_graded(pl_workspace *ws)
{
    pl_workspace_grade_start(ws);
    struct timespec ms = {0, 1000000};
    while (pl_workspace_graded(ws) < pl_workspace_count(ws))
        nanosleep(&ms, NULL);
}

static double ms_since(uint64_t t0)
{
    return (double)(bench_now_ns() - t0) / 1e6;
}

int main(int argc, char **argv)
{
    int nresp = 100000, reps = 15;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--responses"))
            nresp = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]);
    }
    /* first frame on sample-runs/: open, then the dashboard as soon as it can draw */
    pl_diags w = PL_DIAGS_INIT;
    double first[32];
    for (int r = 0; r < reps && r < 32; r++) {
        uint64_t t0 = bench_now_ns();
        const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs"};
        pl_workspace *ws = pl_workspace_open(paths, 1, &w);
        pl_workspace_grade_start(ws);
        pl_view_model vm;
        pl_dashboard_rows rows;
        pl_view_dashboard(ws, NULL, 120, false, NULL, &vm, &rows);
        render(&vm, 0);
        first[r] = ms_since(t0);
        pl_vm_free(&vm);
        pl_dashboard_rows_free(&rows);
        pl_workspace_close(ws);
        pl_diags_clear(&w);
    }
    printf("first frame on sample-runs/: median %.1f ms over %d starts\n", bench_median(first, reps < 32 ? reps : 32),
           reps < 32 ? reps : 32);

    char dir[] = "/tmp/planlens-bench-XXXXXX";
    if (!mkdtemp(dir))
        return 3;
    char *runs = write_responses(dir, nresp);
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs/iou/questions.jsonl", runs};
    long rss0 = rss_kib();
    uint64_t t0 = bench_now_ns();
    pl_workspace *ws = pl_workspace_open(paths, 2, &w);
    double load_ms = ms_since(t0);
    t0 = bench_now_ns();
    wait_graded(ws);
    double grade_ms = ms_since(t0);
    long rss1 = rss_kib();
    printf("%d responses: load %.0f ms, grade %.0f ms (background thread), memory %.1f MiB (%.0f bytes per response)\n",
           pl_workspace_count(ws), load_ms, grade_ms, (rss1 - rss0) / 1024.0,
           (rss1 - rss0) * 1024.0 / pl_workspace_count(ws));

    int col;
    char *err = NULL;
    pl_filter *f = pl_filter_parse("task=state iou<0.9", &col, &err);
    struct {
        const char *name;
        int kind;
    } cases[] = {{"dashboard", 0}, {"question list (all 100,000, sorted by IoU)", 1},
                 {"question list, filter task=state iou<0.9", 2}, {"histograms (0.05 bins)", 3}, {"question detail", 4}};
    double *t = malloc((size_t)reps * sizeof *t), *cpu = malloc((size_t)reps * sizeof *cpu);
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        for (int r = 0; r < reps; r++) {
            pl_view_model vm;
            pl_dashboard_rows rows = {0};
            pl_selection sel = {.filter = cases[c].kind == 2 ? f : NULL};
            t0 = bench_now_ns();
            uint64_t c0 = bench_cpu_ns();
            switch (cases[c].kind) {
            case 0:
                pl_view_dashboard(ws, &sel, 120, false, NULL, &vm, &rows);
                break;
            case 1:
            case 2:
                pl_view_list(ws, &sel, SORT_IOU, false, 120, false, &vm);
                break;
            case 3:
                pl_view_histogram(ws, &sel, 0.05, PL_HIST_ALL, false, 120, &vm);
                break;
            default:
                pl_view_detail(ws, r, &(pl_detail_opts){120, false, false}, NULL, &vm);
                break;
            }
            if (cases[c].kind == 1 || cases[c].kind == 2)
                pl_view_list_fill(ws, &vm, vm.nlines / 2, vm.nlines / 2 + ROWS);
            render(&vm, vm.nlines / 2);
            t[r] = ms_since(t0);
            cpu[r] = (double)(bench_cpu_ns() - c0) / 1e6;
            pl_vm_free(&vm);
            pl_dashboard_rows_free(&rows);
        }
        printf("rebuild + draw, %-45s median %7.2f ms (CPU %7.2f ms)\n", cases[c].name, bench_median(t, reps),
               bench_median(cpu, reps));
    }
    /* a cursor move redraws the visible lines of a built model */
    pl_view_model vm;
    pl_view_list(ws, NULL, SORT_INPUT, false, 120, false, &vm);
    for (int r = 0; r < reps; r++) {
        t0 = bench_now_ns();
        pl_view_list_fill(ws, &vm, r * 7, r * 7 + ROWS);
        render(&vm, r * 7);
        t[r] = ms_since(t0);
    }
    printf("cursor move in the 100,000-line list (draw only):   median %7.3f ms\n", bench_median(t, reps));
    pl_vm_free(&vm);
    free(t);
    free(cpu);
    pl_filter_free(f);
    free(err);
    pl_workspace_close(ws);
    remove(runs);
    rmdir(dir);
    free(runs);
    return 0;
}
