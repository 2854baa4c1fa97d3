/* planlens quality --summary as a table, CSV or JSONL (docs/QUALITY.md). */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "quality_summary.h"
#include "quality_summary_print.h"
#include "compare_stats.h"
#include "csv_out.h"

static const char *rule_text(const pl_qsummary *s)
{
    return s->opt.missing == PL_QMISSING_FAIL ? "counted as failures (--missing fail)" : "left out (--missing omit)";
}

static void print_rules(FILE *out, const pl_qsummary *s, const char *prefix)
{
    fprintf(out, "%s%d case(s) read, %d duplicate(s) dropped (the highest final score kept); values: %d published, "
                 "%d computed\n",
            prefix, s->input_cases, s->duplicates, s->published, s->computed);
    fprintf(out, "%smissing: %d, %s", prefix, s->missing, rule_text(s));
    if (s->opt.last_instance > 0)
        fprintf(out, "; expected instances %d-%d per group", s->opt.first_instance, s->opt.last_instance);
    fputc('\n', out);
}

static const char *const label_heads[PL_QLABELS] = {"", "correct", "misplaced", "same_act", "diff_act", "redundant"};

static void label_shares(FILE *out, const long *counts)
{
    long total = 0;
    for (int l = 1; l < PL_QLABELS; l++)
        total += counts[l];
    fprintf(out, " %7ld", total);
    for (int l = 1; l < PL_QLABELS; l++)
        fprintf(out, " %9.1f", total ? 100.0 * (double)counts[l] / (double)total : 0);
    fputc('\n', out);
}

static void label_head(FILE *out, const char *first)
{
    fprintf(out, "%-28s %7s", first, "actions");
    for (int l = 1; l < PL_QLABELS; l++)
        fprintf(out, " %9s", label_heads[l]);
    fputs("   (% of actions)\n", out);
}

static void print_distributions(FILE *out, const pl_qsummary *s, const pl_qgroup *all)
{
    pl_qgroup *models;
    int n;
    if (pl_qsummary_regroup(s, PL_QBY_MODEL, &models, &n) == 0) {
        fputs("\nAQM labels per model (paper's labels)\n", out);
        label_head(out, "model");
        for (int i = 0; i < n; i++) {
            fprintf(out, "%-28s", cli_text(models[i].model));
            label_shares(out, models[i].labels);
        }
        fputs("\nNP-AQM labels per model\n", out);
        label_head(out, "model");
        for (int i = 0; i < n; i++) {
            fprintf(out, "%-28s", cli_text(models[i].model));
            label_shares(out, models[i].np_labels);
        }
        pl_qgroups_free(models, n);
    }
    fputs("\nAQM labels by relative position in π0 (tenths: action i of n in floor(10i/n))\n", out);
    label_head(out, "position");
    for (int t = 0; t < PL_QTENTHS; t++) {
        fprintf(out, "[%.1f,%.1f)%-19s", t / 10.0, (t + 1) / 10.0, "");
        label_shares(out, all->by_tenth[t]);
    }
    int plans = 0;
    for (int b = 0; b < PL_QLEA_BINS; b++)
        plans += all->lea_ratio[b];
    fprintf(out, "\nLEA / |π0| (%d non-empty π0)\n%-12s %7s %7s %7s\n", plans, "LEA/|π0|", "plans", "valid", "share%");
    for (int b = 0; b < PL_QLEA_BINS; b++)
        fprintf(out, "%-12s %7d %7d %7.1f\n", pl_qlea_bin_name(b), all->lea_ratio[b], all->lea_ratio_valid[b],
                plans ? 100.0 * all->lea_ratio[b] / plans : 0);
    fprintf(out, "\nLLM share of π4, (|π4| - |complementary|) / |π4|: %d case(s) replanned, %d with an LLM part; "
                 "|complementary| = |π_GT| in %d (%.1f%%)\n%-12s %7s\n",
            all->replanned, all->llm_part, all->complementary_is_gt_len,
            all->replanned ? 100.0 * all->complementary_is_gt_len / all->replanned : 0, "share", "cases");
    for (int b = 0; b < PL_QSHARE_BINS; b++)
        fprintf(out, "%-12s %7d\n", pl_qshare_bin_name(b), all->share[b]);
    fprintf(out, "\nSuccess by |π_GT| (before recovery: π0; after: π1 … π4)\n%6s %6s %6s %6s %6s %6s %6s\n", "|GT|",
            "cases", "sr0", "sr1", "sr2", "sr3", "sr4");
    for (int i = 0; i < all->nby_gt; i++) {
        const pl_qgt_row *r = &all->by_gt[i];
        fprintf(out, "%6d %6d", r->m, r->cases);
        for (int k = 0; k < PL_QSR_PLANS; k++)
            fprintf(out, " %6.2f", r->cases ? (double)r->valid[k] / r->cases : 0);
        fputc('\n', out);
    }
}

static bool show_ci = true;

void quality_summary_print_ci(bool on)
{
    show_ci = on;
}

bool quality_summary_ci(void)
{
    return show_ci;
}

/* sr0's interval, "n = 1" where one case leaves it undefined. */
static void sr0_ci(FILE *out, const pl_qgroup *r)
{
    char ci[64];
    pl_ci_text(ci, sizeof ci, pl_wilson95(r->valid[0], r->cases), r->cases, 1, 2, false);
    fprintf(out, " %13s", ci);
}

int quality_summary_print_table(FILE *out, const pl_qsummary *s, pl_qby by)
{
    pl_qgroup *g, all;
    int n;
    if (pl_qsummary_regroup(s, by, &g, &n) < 0)
        return -1;
    if (pl_qsummary_total(s, &all) < 0) {
        pl_qgroups_free(g, n);
        return -1;
    }
    fprintf(out, "plan-quality summary: %d group(s)\n", n);
    print_rules(out, s, "");
    fprintf(out, "\n%-31s %-20s %-14s %5s %5s %5s %5s %5s %5s %5s %6s %6s %6s %6s %6s %7s %7s", "domain", "model",
            "prompt", "cases", "sr0", "sr1", "sr2", "sr3", "sr4", "exec", "LEA", "StV", "AQM", "NP-AQM", "corr%",
            "curr", "final");
    fprintf(out, show_ci ? " %13s\n" : "\n", "sr0 95% CI");
    for (int i = 0; i <= n; i++) {
        const pl_qgroup *r = i < n ? &g[i] : &all;
        if (i == n)
            fputc('\n', out);
        fprintf(out, "%-31s %-20s %-14s %5d", i < n ? cli_text(r->domain) : "all", cli_text(r->model),
                cli_text(r->prompt_type), r->cases);
        for (int k = 0; k < PL_QSR_PLANS; k++)
            fprintf(out, " %5.2f", pl_qgroup_sr(r, k));
        fprintf(out, " %5.2f %6.2f %6.2f %6.3f %6.3f %6.1f %7.3f %7.3f", pl_qgroup_executable(r),
                pl_qgroup_lea_mean(r), pl_qgroup_stv_mean(r), pl_qgroup_aqm_mean(r), pl_qgroup_np_aqm_mean(r),
                100 * pl_qgroup_label_share(r, PL_QL_POSITION, false), pl_qgroup_curr_mean(r),
                pl_qgroup_final_mean(r));
        if (show_ci)
            sr0_ci(out, r);
        fputc('\n', out);
    }
    fputs("sr<k> = share of valid π<k>; exec = share of executable π0 (an empty plan is not); AQM, NP-AQM = mean\n"
          "trace score (label weights 4, 2, 1, 0.5, 0 per action, 0..4, unnormalised); corr% = share of 'correct'\n"
          "labels; StV, LEA, scores as the official code defines them (means per case).\n",
          out);
    if (show_ci)
        fputs("sr0 95% CI = Wilson's interval of sr0 over the cases (n = 1: none; --no-ci hides it).\n", out);
    print_distributions(out, s, &all);
    pl_qgroup_clear(&all);
    pl_qgroups_free(g, n);
    return 0;
}

int quality_summary_print_csv(FILE *out, const pl_qsummary *s, pl_qby by)
{
    pl_qgroup *g;
    int n;
    if (pl_qsummary_regroup(s, by, &g, &n) < 0)
        return -1;
    fputs("domain,model,prompt_type,cases,evaluated,missing,sr_pi0,sr_pi1,sr_pi2,sr_pi3,sr_pi4,executable,lea_mean,"
          "stv_mean,aqm_mean,np_aqm_mean,correct_share,curr_mean,final_mean,missing_rule\n",
          out);
    for (int i = 0; i < n; i++) {
        const pl_qgroup *r = &g[i];
        pl_csv_put(out, r->domain);
        fputc(',', out);
        pl_csv_put(out, r->model);
        fputc(',', out);
        pl_csv_put(out, r->prompt_type);
        fprintf(out, ",%d,%d,%d", r->cases, r->evaluated, r->missing);
        for (int k = 0; k < PL_QSR_PLANS; k++)
            fprintf(out, ",%.6g", pl_qgroup_sr(r, k));
        fprintf(out, ",%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%s\n", pl_qgroup_executable(r), pl_qgroup_lea_mean(r),
                pl_qgroup_stv_mean(r), pl_qgroup_aqm_mean(r), pl_qgroup_np_aqm_mean(r),
                pl_qgroup_label_share(r, PL_QL_POSITION, false), pl_qgroup_curr_mean(r), pl_qgroup_final_mean(r),
                s->opt.missing == PL_QMISSING_FAIL ? "fail" : "omit");
    }
    pl_qgroups_free(g, n);
    return 0;
}

static cJSON *labels_json(const long *counts)
{
    cJSON *o = cJSON_CreateObject();
    for (int l = 1; l < PL_QLABELS; l++)
        cJSON_AddNumberToObject(o, label_heads[l], (double)counts[l]);
    return o;
}

static cJSON *group_json(const pl_qsummary *s, const pl_qgroup *r)
{
    cJSON *o = cJSON_CreateObject(), *sr = cJSON_CreateObject(), *gt = cJSON_CreateArray();
    cJSON *lea = cJSON_CreateObject(), *pos = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "domain", r->domain);
    cJSON_AddStringToObject(o, "model", r->model);
    cJSON_AddStringToObject(o, "prompt_type", r->prompt_type);
    cJSON_AddNumberToObject(o, "cases", r->cases);
    cJSON_AddNumberToObject(o, "evaluated", r->evaluated);
    cJSON_AddNumberToObject(o, "missing", r->missing);
    cJSON_AddStringToObject(o, "missing_rule", s->opt.missing == PL_QMISSING_FAIL ? "fail" : "omit");
    cJSON_AddNumberToObject(o, "published", r->published);
    static const char *const pis[PL_QSR_PLANS] = {"pi0", "pi1", "pi2", "pi3", "pi4"};
    for (int k = 0; k < PL_QSR_PLANS; k++)
        cJSON_AddNumberToObject(sr, pis[k], pl_qgroup_sr(r, k));
    cJSON_AddItemToObject(o, "sr", sr);
    cJSON_AddNumberToObject(o, "executable", pl_qgroup_executable(r));
    cJSON_AddNumberToObject(o, "lea_mean", pl_qgroup_lea_mean(r));
    cJSON_AddNumberToObject(o, "stv_mean", pl_qgroup_stv_mean(r));
    cJSON_AddNumberToObject(o, "aqm_mean", pl_qgroup_aqm_mean(r));
    cJSON_AddNumberToObject(o, "np_aqm_mean", pl_qgroup_np_aqm_mean(r));
    cJSON_AddNumberToObject(o, "correct_share", pl_qgroup_label_share(r, PL_QL_POSITION, false));
    cJSON_AddNumberToObject(o, "curr_mean", pl_qgroup_curr_mean(r));
    cJSON_AddNumberToObject(o, "final_mean", pl_qgroup_final_mean(r));
    cJSON_AddItemToObject(o, "labels", labels_json(r->labels));
    cJSON_AddItemToObject(o, "np_labels", labels_json(r->np_labels));
    for (int t = 0; t < PL_QTENTHS; t++)
        cJSON_AddItemToArray(pos, labels_json(r->by_tenth[t]));
    cJSON_AddItemToObject(o, "labels_by_tenth", pos);
    for (int b = 0; b < PL_QLEA_BINS; b++)
        cJSON_AddNumberToObject(lea, pl_qlea_bin_name(b), r->lea_ratio[b]);
    cJSON_AddItemToObject(o, "lea_ratio", lea);
    cJSON *share = cJSON_AddObjectToObject(o, "pi4_llm_share");
    cJSON_AddNumberToObject(share, "replanned", r->replanned);
    cJSON_AddNumberToObject(share, "with_llm_part", r->llm_part);
    cJSON_AddNumberToObject(share, "complementary_is_gt_length", r->complementary_is_gt_len);
    for (int b = 0; b < PL_QSHARE_BINS; b++)
        cJSON_AddNumberToObject(share, pl_qshare_bin_name(b), r->share[b]);
    for (int i = 0; i < r->nby_gt; i++) {
        cJSON *row = cJSON_CreateObject(), *rsr = cJSON_CreateObject();
        cJSON_AddNumberToObject(row, "gt_length", r->by_gt[i].m);
        cJSON_AddNumberToObject(row, "cases", r->by_gt[i].cases);
        for (int k = 0; k < PL_QSR_PLANS; k++)
            cJSON_AddNumberToObject(rsr, pis[k], r->by_gt[i].cases ? (double)r->by_gt[i].valid[k] / r->by_gt[i].cases : 0);
        cJSON_AddItemToObject(row, "sr", rsr);
        cJSON_AddItemToArray(gt, row);
    }
    cJSON_AddItemToObject(o, "by_gt_length", gt);
    return o;
}

int quality_summary_print_jsonl(FILE *out, const pl_qsummary *s, pl_qby by)
{
    pl_qgroup *g;
    int n;
    if (pl_qsummary_regroup(s, by, &g, &n) < 0)
        return -1;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        cJSON *o = group_json(s, &g[i]);
        char *text = o ? cli_json_text(o, false) : NULL;
        if (text)
            fprintf(out, "%s\n", text);
        else
            rc = -1;
        free(text);
        cJSON_Delete(o);
    }
    pl_qgroups_free(g, n);
    return rc;
}
