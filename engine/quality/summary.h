/* What the plan-quality paper (seed 002) reports, for any set of cases: per
 * domain × model × prompt type the success rates of π0 … π4, executability,
 * mean LEA, StV, AQM / NP-AQM and scores (its Tables 1–2), the AQM labels by
 * relative position in the plan (Figure 6(b)), LEA / |π0| (Figure 4(a)), the
 * LLM's share of π4 (Figure 4(b)) and success by |π_GT|.
 *
 * Each case is first reduced to its facts (pl_qfacts), from a pipeline result
 * or from the published values a case file carries; the summary is built from
 * facts only, so both sources aggregate alike.  Aggregation rules
 * (docs/QUALITY.md, "--summary"):
 *   - duplicates (same domain, model, prompt type and instance; the case id
 *     when the instance is unknown) count once: the one with the highest
 *     final score, as the authors' analysis keeps (an evaluated case beats a
 *     failed one; ties keep the first);
 *   - missing cases — records that could not be evaluated and, with an
 *     instance range, instances of the range absent from a group — count as
 *     failures with every metric 0 and StV = 2·|π_GT| (the authors'
 *     zero-fill), or are left out;
 *   - as the analysis does, an empty π0 is not executable and π4 is valid
 *     when it equals the GT plan. */
#ifndef PL_QUALITY_SUMMARY_H
#define PL_QUALITY_SUMMARY_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "quality/inputs.h"
#include "quality/pipeline.h"

#define PL_QSR_PLANS 5      /* π0 … π4 */
#define PL_QLABELS 6        /* pl_qlabel values, PL_QL_NONE unused */
#define PL_QTENTHS 10       /* relative position of an action: floor(10·i/|π0|) */
#define PL_QLEA_BINS 12     /* LEA/|π0|: exactly 0, ten tenths of [0,1) minus 0, exactly 1 */
#define PL_QSHARE_BINS 10   /* LLM share of π4, tenths of (0,1] */

/* One case as the summary sees it.  Strings and label arrays are owned. */
typedef struct {
    char *case_id, *domain, *model, *prompt_type, *instance_id; /* never NULL ("-" when unknown) */
    bool evaluated;          /* false: the record failed (no metrics) */
    bool published;          /* the values are the file's published ones, not recomputed */
    int n, m;                /* |π0|, |π_GT| (m < 0: unknown) */
    bool valid[PL_QSR_PLANS];
    bool executable;
    int lea, stv;
    double aqm, np_aqm;      /* trace scores: Σ weights (4, 2, 1, 0.5, 0) / |π0| on AQM / NP-AQM labels */
    double curr_score, final_score;
    pl_qlabel *labels, *np_labels; /* n each, code labels */
    int pi4_len, complementary_len; /* π4 and the planner's part of it; -1 when not replanned */
} pl_qfacts;

typedef struct {
    pl_qfacts *items;
    int count, cap;
} pl_qfacts_list;

/* Facts of a pipeline result; `r` NULL: the record failed. */
int pl_qfacts_from_result(const pl_quality_case *c, const pl_quality_result *r, pl_qfacts *out);
/* Facts of the published values of a case (the `expected` object of a
 * dev.jsonl record, spec plan-quality.md names).  -1 when malformed or out of
 * memory. */
int pl_qfacts_from_published(const pl_quality_case *c, const cJSON *expected, pl_qfacts *out);
/* Appends *f (moved, zeroed).  -1 when out of memory. */
int pl_qfacts_push(pl_qfacts_list *l, pl_qfacts *f);
void pl_qfacts_clear(pl_qfacts *f);
void pl_qfacts_list_free(pl_qfacts_list *l);

/* The `expected` objects of a case JSONL file: {case_id: [expected, ...]} in
 * file order (owned by the caller; empty when the file carries none). */
pl_error_code pl_qpublished_read(const char *path, cJSON **by_id, pl_error *err);
/* The next published values of a case id, detached (the caller deletes
 * them), or NULL. */
cJSON *pl_qpublished_take(cJSON *by_id, const char *case_id);

typedef enum { PL_QMISSING_FAIL, PL_QMISSING_OMIT } pl_qmissing;

typedef struct {
    pl_qmissing missing;
    int first_instance, last_instance; /* expected instance ids per group; 0, 0: none */
} pl_qsummary_options;

/* Success by |π_GT|. */
typedef struct {
    int m, cases;
    int valid[PL_QSR_PLANS];
} pl_qgt_row;

/* One group (or the merge of several: pl_qsummary_merge).  Counts and sums;
 * pl_qgroup_* below give the means. */
typedef struct {
    char *domain, *model, *prompt_type;
    int cases;               /* counted: evaluated, plus missing under PL_QMISSING_FAIL */
    int evaluated, missing;  /* missing: counted or left out, as the rule says */
    int published;           /* of the evaluated, how many carry published values */
    int valid[PL_QSR_PLANS];
    int executable;
    double lea_sum, aqm_sum, np_aqm_sum, curr_sum, final_sum;
    double stv_sum;
    int stv_cases;           /* StV is unknown for a missing case whose |π_GT| is unknown */
    long labels[PL_QLABELS], np_labels[PL_QLABELS];
    long by_tenth[PL_QTENTHS][PL_QLABELS], np_by_tenth[PL_QTENTHS][PL_QLABELS];
    int lea_ratio[PL_QLEA_BINS], lea_ratio_valid[PL_QLEA_BINS]; /* non-empty evaluated π0 */
    int replanned;           /* a non-empty complementary plan */
    int llm_part;            /* ... and the LLM kept at least one action: the share histogram */
    int share[PL_QSHARE_BINS];
    int complementary_is_gt_len; /* replanned with |complementary| = |π_GT| */
    pl_qgt_row *by_gt;       /* ascending m */
    int nby_gt;
} pl_qgroup;

typedef struct {
    pl_qsummary_options opt;
    pl_qgroup *groups;       /* in order of first appearance */
    int ngroups;
    int input_cases;         /* facts given */
    int duplicates;          /* dropped */
    int missing;             /* failed records plus absent instances */
    int published, computed; /* evaluated cases by source (after duplicates) */
} pl_qsummary;

int pl_qsummary_build(const pl_qfacts_list *facts, const pl_qsummary_options *opt, pl_qsummary *out,
                      pl_error *err);
void pl_qsummary_free(pl_qsummary *s);

/* Every group summed into *out (its strings "*").  -1 when out of memory. */
int pl_qsummary_total(const pl_qsummary *s, pl_qgroup *out);
void pl_qgroup_clear(pl_qgroup *g);

/* The groups merged by one key, in order of first appearance; the fields
 * merged over are "*" (PL_QBY_GROUP: a copy).  Free with pl_qgroups_free. */
typedef enum { PL_QBY_GROUP, PL_QBY_DOMAIN, PL_QBY_MODEL, PL_QBY_PROMPT } pl_qby;
int pl_qsummary_regroup(const pl_qsummary *s, pl_qby by, pl_qgroup **out, int *n);
void pl_qgroups_free(pl_qgroup *g, int n);

double pl_qgroup_sr(const pl_qgroup *g, int plan); /* success rate of π<plan> */
double pl_qgroup_executable(const pl_qgroup *g);
double pl_qgroup_lea_mean(const pl_qgroup *g);
double pl_qgroup_stv_mean(const pl_qgroup *g);
double pl_qgroup_aqm_mean(const pl_qgroup *g);
double pl_qgroup_np_aqm_mean(const pl_qgroup *g);
double pl_qgroup_curr_mean(const pl_qgroup *g);
double pl_qgroup_final_mean(const pl_qgroup *g);
/* Share of the actions labelled `l` (code label) in the AQM / NP-AQM. */
double pl_qgroup_label_share(const pl_qgroup *g, pl_qlabel l, bool np);
/* The tenth of π0 (n actions) action i falls in: floor(10·i/n). */
int pl_qtenth(int i, int n);
/* The LEA/|π0| bin of a non-empty π0: 0 when lea <= 0, the last when lea >= n. */
int pl_qlea_bin(int lea, int n);
/* Lower bound of a LEA/|π0| bin, for labels: "0", "(0,0.1)", "[0.1,0.2)", ..., "1". */
const char *pl_qlea_bin_name(int bin);
const char *pl_qshare_bin_name(int bin);

#endif
