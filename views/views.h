/* The explorer's screens as view-model builders over a workspace.  Every
 * number shown comes from the records' verdicts; nothing is regraded here. */
#ifndef PL_VIEWS_H
#define PL_VIEWS_H

#include "filter.h"
#include "iou/set_compare.h"
#include "task/load.h"
#include "view_model.h"
#include "workspace/journal.h"
#include "workspace/workspace.h"

/* Records a screen works on: those of its scope (what it was opened on: a
 * run × task, a histogram bin's subset, the screen below's filters) that
 * pass the user's filter.  The user's filter narrows within the scope. */
typedef struct {
    const pl_filter *filter; /* the user's filter; NULL: all */
    const int *subset;       /* record indices, or NULL */
    int nsubset;
    const pl_filter *scope;  /* the screen's scope; NULL: all */
} pl_selection;

/* Indices of the graded-or-not records in the selection (a new array;
 * *n receives the count; NULL when out of memory). */
int *pl_select_records(const pl_workspace *ws, const pl_selection *sel, int *n);

/* Dashboard: one line per run × task (target = row index into *groups, which
 * receives "model\ttask" keys; free them with pl_strings_free-like loops). */
typedef struct {
    char **keys; /* "model\ttask" per row */
    int nkeys;
} pl_dashboard_rows;
/* Columns fit `width` (views/table.h); ascii: no byte >= 0x80; run_a (or
 * NULL): the run picked first for a comparison, marked A on its rows. */
void pl_view_dashboard(const pl_workspace *ws, const pl_selection *sel, int width, bool ascii, const char *run_a,
                       pl_view_model *vm, pl_dashboard_rows *rows);
void pl_dashboard_rows_free(pl_dashboard_rows *rows);

/* Question list: one line per record (target = record index).  With
 * 100,000 records only the lines drawn need text: record lines start without
 * spans, and pl_view_list_fill gives lines [from, to) theirs. */
typedef enum {
    SORT_INPUT,
    SORT_ID,
    SORT_MODEL,
    SORT_DOMAIN,
    SORT_TASK,
    SORT_SCORE,
    SORT_SOUND,
    SORT_IOU,
    SORT_LEA,   /* plan-quality cases' official LEA (the LEA column's count) */
    SORT_FINAL, /* plan-quality cases' final score */
    SORT_COUNT
} pl_sort_key;
const char *pl_sort_key_name(pl_sort_key k);
/* The sort key after k on a list (pl_view_list's model vm) among those whose
 * column is shown: s never sorts by a column out of view or one every row
 * shares (SORT_INPUT, the file order, is always among them). */
pl_sort_key pl_list_next_sort(const pl_view_model *vm, pl_sort_key k);
void pl_view_list(const pl_workspace *ws, const pl_selection *sel, pl_sort_key sort, bool descending, int width,
                  bool ascii, pl_view_model *vm);
/* Ids in the order a person expects: numbers by value ("-5" < "3" < "10"),
 * numbers inside names too ("case-9" < "case-10"). */
int pl_id_cmp(const char *a, const char *b);
void pl_view_list_fill(const pl_workspace *ws, pl_view_model *vm, int from, int to);

/* The grounded task of a record's question or case (free with
 * pl_loaded_task_free).  0, or -1 with *why (owned) saying why not. */
int pl_record_task(const pl_ws_record *r, pl_loaded_task *out, char **why);

/* Question detail of one record.  The cache (owned by the screen; may be
 * NULL) keeps the grounded task of the question shown between rebuilds. */
typedef struct {
    const void *question;
    pl_loaded_task lt;
    bool loaded;
} pl_detail_cache;
void pl_detail_cache_free(pl_detail_cache *c);
typedef struct {
    int width;
    bool ascii;    /* no byte >= 0x80 */
    bool expanded; /* long responses and contexts in full, not folded */
} pl_detail_opts;
/* The verdict and the ground truth beside the answer first, then the
 * question, the response and the context (these two folded when long). */
void pl_view_detail(const pl_workspace *ws, int record, const pl_detail_opts *o, pl_detail_cache *cache,
                    pl_view_model *vm);
/* The same with the review journal (NULL: the record's flag and note
 * only): the answer's and its question's notes, flags and review with
 * their authors (views/review_queue.h, pl_view_curation). */
void pl_view_detail_journal(const pl_workspace *ws, int record, const pl_detail_opts *o, const pl_journal *journal,
                            pl_detail_cache *cache, pl_view_model *vm);

/* An ACPBench app or prog answer item by item against the stored answer
 * (prog: positive, then negative effects), with the engine's role and reason
 * per item.  Returns 1 (parts filled: free each cmp), 0 when the record's
 * task has no such comparison, -1 when out of memory. */
typedef struct {
    const char *title;
    pl_set_comparison cmp;
} pl_compare_part;
int pl_detail_compare(const pl_ws_record *r, pl_detail_cache *cache, pl_compare_part parts[2], int *nparts);
/* Where the two official graders (lm-eval's and Inspect's, r->official_rule
 * set) differ: both verdicts side by side with the rule's name. */
void pl_detail_officials(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o);
/* Byte ranges of the response the parser read (marks[2k], marks[2k+1]),
 * at most max; returns how many. */
int pl_detail_marks(const pl_ws_record *r, size_t *marks, int max);

/* Histograms per run × task of the selection's graded records with a value
 * (IoU or action distance), and for plan-quality cases also of LEA as the
 * share of the plan executed and of the final score (target = group *
 * PL_HIST_TARGET_STRIDE + metric * PL_HIST_METRIC_STRIDE + bin);
 * pl_histogram_members gives the record indices behind a target.  `only`
 * shows one metric's histograms (PL_HIST_ALL: every one). */
#define PL_HIST_TARGET_STRIDE 10000
#define PL_HIST_METRIC_STRIDE 2000
typedef enum { PL_HIST_ALL = -1, PL_HIST_VALUE, PL_HIST_LEA, PL_HIST_FINAL, PL_HIST_METRICS } pl_hist_metric;
/* "all", "IoU / AD", "LEA", "final score". */
const char *pl_hist_metric_name(pl_hist_metric m);
void pl_view_histogram(const pl_workspace *ws, const pl_selection *sel, double bin_width, pl_hist_metric only,
                       bool ascii, int width, pl_view_model *vm);
int *pl_histogram_members(const pl_workspace *ws, const pl_selection *sel, double bin_width, int target, int *n);
/* What a bin holds, for the breadcrumb: "run · task · IoU 0.50-0.55" (a new
 * string; NULL when there is no such bin or out of memory). */
char *pl_histogram_bin_label(const pl_workspace *ws, const pl_selection *sel, double bin_width, int target);
/* The histograms on screen as charts (:export hist.svg): PATH.svg and its
 * data in PATH.csv, or PATH as CSV (chart_svg.h, pl_chart_export). */
int pl_histogram_export(const pl_workspace *ws, const pl_selection *sel, double bin_width, pl_hist_metric only,
                        const char *path, pl_error *err);
/* The group (target / PL_HIST_TARGET_STRIDE) of a run × task among the
 * histograms of the selection, or -1 when it has none (h on a dashboard
 * row opens the histograms at that row's). */
int pl_histogram_group_of(const pl_workspace *ws, const pl_selection *sel, const char *model, const char *task);

/* Writes the records to path in the format its extension names: .csv CSV,
 * .json a JSON array, .jsonl one JSON object a line; any other extension is
 * an error naming these (nothing written).  Written beside it and renamed,
 * so a failure never leaves half a file. */
int pl_export_records(const pl_workspace *ws, const int *records, int n, const char *path, pl_error *err);
/* Writes the dashboard's table of the selection (one row per run x task,
 * the numbers unrounded: accuracies as fractions) the same way. */
int pl_export_dashboard(const pl_workspace *ws, const pl_selection *sel, const char *path, pl_error *err);

#endif
