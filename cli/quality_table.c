/* planlens quality --format table: one line per plan, then the summary per
 * model × prompt type (the paper's Table 2: label shares and mean scores). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "quality_output.h"

typedef struct {
    char *model, *prompt;
    int plans, failed, empty, valid, executable, pi4_valid, pi4_done;
    long labels[6];
    long actions;
    double lea, stv, trace, curr, final, pi1;
} group;

struct quality_summary {
    group *g;
    int n, cap;
};

quality_summary *quality_summary_new(void)
{
    return calloc(1, sizeof(quality_summary));
}

void quality_summary_free(quality_summary *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n; i++) {
        free(s->g[i].model);
        free(s->g[i].prompt);
    }
    free(s->g);
    free(s);
}

static group *find_group(quality_summary *s, const char *model, const char *prompt)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->g[i].model, model) && !strcmp(s->g[i].prompt, prompt))
            return &s->g[i];
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;
        group *g = realloc(s->g, (size_t)cap * sizeof *g);
        if (!g)
            return NULL;
        s->g = g;
        s->cap = cap;
    }
    group *g = &s->g[s->n];
    memset(g, 0, sizeof *g);
    g->model = pl_strdup(model);
    g->prompt = pl_strdup(prompt);
    if (!g->model || !g->prompt) {
        free(g->model);
        free(g->prompt);
        return NULL;
    }
    s->n++;
    return g;
}

void quality_summary_add(quality_summary *s, const pl_quality_case *c, const pl_quality_result *r)
{
    group *g = find_group(s, c->model ? c->model : "-", c->prompt_type ? c->prompt_type : "-");
    if (!g)
        return;
    g->plans++;
    if (!r) {
        g->failed++;
        return;
    }
    g->empty += r->n == 0;
    g->valid += r->validity;
    g->executable += r->executability && r->n > 0; /* the analysis counts empty plans as not executable */
    g->pi4_done += r->pi4_done;
    g->pi4_valid += r->pi4_done && r->pi4_valid;
    for (int i = 0; i < r->n; i++)
        g->labels[r->aqm[i]]++;
    g->actions += r->n;
    g->lea += r->lea;
    g->stv += r->stv;
    g->trace += r->trace_score;
    g->curr += r->curr_score;
    g->final += r->final_score;
    g->pi1 += r->pi1.score;
}

static double pct(long a, long b)
{
    return b ? 100.0 * (double)a / (double)b : 0;
}

void quality_summary_print(FILE *out, const quality_summary *s)
{
    fprintf(out, "\n%-24s %-15s %5s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s\n", "model", "prompt",
            "plans", "valid%", "exec%", "corr%", "mispl%", "same%", "diff%", "redun%", "LEA", "StV", "trace",
            "curr", "final", "pi1", "pi4ok%");
    for (int i = 0; i < s->n; i++) {
        const group *g = &s->g[i];
        int k = g->plans - g->failed;
        double d = k ? k : 1;
        fprintf(out, "%-24s %-15s %5d %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.2f %6.2f %6.3f %6.3f %6.3f %6.3f %6.1f\n",
                cli_text(g->model), cli_text(g->prompt), g->plans, pct(g->valid, k), pct(g->executable, k),
                pct(g->labels[PL_QL_POSITION], g->actions), pct(g->labels[PL_QL_CORRECT], g->actions),
                pct(g->labels[PL_QL_SAME_ACT], g->actions), pct(g->labels[PL_QL_DIFF_ACT], g->actions),
                pct(g->labels[PL_QL_REDUNDANT], g->actions), g->lea / d, g->stv / d, g->trace / d, g->curr / d,
                g->final / d, g->pi1 / d, pct(g->pi4_valid, g->pi4_done));
        if (g->failed)
            fprintf(out, "%-24s %-15s (%d record(s) could not be evaluated)\n", "", "", g->failed);
    }
    fputs("Labels are the paper's (correct = right action at the right index, misplaced = right action\n"
          "elsewhere); scores are unnormalised means; LEA as the official code defines it.\n",
          out);
}

void quality_print_table_row(FILE *out, const pl_quality_case *c, const pl_quality_result *r, const char *error)
{
    if (!r) {
        fprintf(out, "%-40s error: %s\n", cli_text(c->id), cli_text(error));
        return;
    }
    static const char letter[] = "?CMSDR"; /* correct, misplaced, same, diff, redundant */
    char labels[64];
    int k = 0;
    for (int i = 0; i < r->n && k < 60; i++)
        labels[k++] = letter[r->aqm[i]];
    if (r->n > 60)
        labels[k++] = '+';
    labels[k] = '\0';
    fprintf(out, "%-40s %3d %3d %-5s %3d %3d %6.3f %7.3f %7.3f %7.3f %-5s %s\n", cli_text(c->id), r->n, r->m,
            r->validity ? "valid" : "-", r->lea, r->stv, r->trace_score, r->curr_score, r->final_score,
            r->pi1.score, r->pi4_done ? (r->pi4_valid ? "valid" : "inval") : "-", labels);
}
