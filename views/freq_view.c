/* Frequency tables of a column (freq_view.h). */
#include "freq_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "answer_text.h"
#include "bar.h"
#include "base/error.h"
#include "base/sort.h"
#include "table.h"

#define BAR_MIN 4
#define BAR_MAX 40
#define VALUE_ROOM 40 /* what the value column gets before the bar grows */

static const char *const names[PL_FREQ_COLUMNS] = {"run",  "task",   "domain", "kind",  "failure", "parse", "score", "sound",
                                                   "rule", "length", "gap",    "label", "iou",     "lea",   "final"};
static const char *const labels[] = {"correct", "misplaced", "same_act", "diff_act", "redundant"};

const char *pl_freq_column_name(pl_freq_column c)
{
    return (unsigned)c < PL_FREQ_COLUMNS ? names[c] : "?";
}

int pl_freq_column_from_name(const char *name)
{
    if (!strcasecmp(name, "model"))
        return PL_FREQ_RUN;
    if (!strcasecmp(name, "ad"))
        return PL_FREQ_IOU;
    if (!strcasecmp(name, "key")) /* the failure's key comes with its kind, as the list's column */
        return PL_FREQ_KEY;
    for (int c = 0; c < PL_FREQ_COLUMNS; c++)
        if (!strcasecmp(name, names[c]))
            return c;
    return -1;
}

const char *pl_freq_column_names(void)
{
    return "run, task, domain, kind, failure (key), parse, score, sound, rule, length, gap, label, iou (ad), lea, final";
}

pl_hist_metric pl_freq_histogram_metric(pl_freq_column c)
{
    return c == PL_FREQ_IOU ? PL_HIST_VALUE : c == PL_FREQ_LEA ? PL_HIST_LEA : c == PL_FREQ_FINAL ? PL_HIST_FINAL
                                                                                                  : PL_HIST_ALL;
}

typedef struct {
    char *value;
    int record;
    int weight; /* records count 1; a case's label its actions with that label */
} entry;

typedef struct {
    entry *items;
    int n, cap;
    bool oom;
} entries;

static void add(entries *e, int record, int weight, const char *value)
{
    if (e->n == e->cap) {
        int cap = e->cap ? 2 * e->cap : 256;
        entry *grown = realloc(e->items, (size_t)cap * sizeof *grown);
        if (!grown) {
            e->oom = true;
            return;
        }
        e->items = grown;
        e->cap = cap;
    }
    char *copy = pl_strdup(value);
    if (!copy) {
        e->oom = true;
        return;
    }
    e->items[e->n++] = (entry){copy, record, weight};
}

/* A record's value in a column counted record by record ("-" when it has
 * none); `buf` holds what is formatted. */
static const char *value_of(const pl_ws_record *r, pl_freq_column col, char *buf, size_t size)
{
    const char *pending = "(not graded yet)";
    pl_record_failure f; /* in the words of the list's failure column and the filter (answer_text.h) */
    bool wrong = pl_record_failure_of(r, &f) && f.kind != PL_FAIL_NONE;
    bool graded = r->graded;
    switch (col) {
    case PL_FREQ_RUN:
        return r->model;
    case PL_FREQ_TASK:
        return r->task;
    case PL_FREQ_DOMAIN:
        return r->domain;
    case PL_FREQ_KIND:
    case PL_FREQ_KEY:
        if (!wrong) /* right, pending or without a verdict */
            return !graded ? pending : !r->error && !r->resp->error ? "none (right)" : "(no verdict)";
        if (col == PL_FREQ_KEY)
            return pl_record_failure_text(r, buf, size);
        return pl_failure_kind_name(f.kind);
    case PL_FREQ_PARSE:
        return !graded ? pending : r->pcase ? "-" : r->parse_failed ? "fail" : "ok";
    case PL_FREQ_SCORE:
    case PL_FREQ_SOUND:
        return !graded ? pending : (col == PL_FREQ_SCORE ? r->score : r->sound_score) ? "1" : "0";
    case PL_FREQ_RULE:
        return !graded ? pending : r->acp && r->acp_v.path ? r->acp_v.path : "-";
    case PL_FREQ_LENGTH:
        if (!r->pcase)
            return "-";
        snprintf(buf, size, "%d", r->pcase->nllm);
        return buf;
    case PL_FREQ_GAP:
        return wrong && f.kind == PL_FAIL_NOT_OPTIMAL ? (f.key ? f.key : "?") : "-";
    default:
        return "-";
    }
}

/* A record's entries: its value, or for labels one per label its plan has
 * (weighted by the actions with it; none without labels). */
static void values_of(const pl_ws_record *r, int record, pl_freq_column col, entries *e)
{
    if (col == PL_FREQ_LABEL) {
        for (int k = 0; r->has_quality && k < PL_WS_LABELS; k++)
            if (r->aqm[k])
                add(e, record, r->aqm[k], labels[k]);
        return;
    }
    char buf[512];
    add(e, record, 1, value_of(r, col, buf, sizeof buf));
}

static int by_value(const void *x, const void *y)
{
    const entry *a = x, *b = y;
    int c = pl_id_cmp(a->value, b->value);
    return c ? c : (a->record > b->record) - (a->record < b->record);
}

/* The selection's entries in value order; false when out of memory. */
static bool collect(const pl_workspace *ws, const pl_selection *sel, pl_freq_column col, entries *e)
{
    memset(e, 0, sizeof *e);
    int n;
    int *records = pl_select_records(ws, sel, &n);
    if (!records)
        return false;
    for (int i = 0; i < n && !e->oom; i++)
        values_of(pl_workspace_record(ws, records[i]), records[i], col, e);
    free(records);
    if (!e->oom && e->n) /* none: no array, and qsort's base must not be NULL */
        pl_sort(e->items, (size_t)e->n, sizeof *e->items, by_value);
    return !e->oom;
}

static void entries_free(entries *e)
{
    for (int i = 0; i < e->n; i++)
        free(e->items[i].value);
    free(e->items);
}

typedef struct {
    const char *value; /* borrowed from the entries */
    int first, n;      /* its entries */
    int count;         /* their weights */
} distinct;

/* The distinct values (in value order); NULL when out of memory. */
static distinct *distinct_values(const entries *e, int *ndistinct)
{
    distinct *d = malloc(((size_t)e->n + 1) * sizeof *d);
    *ndistinct = 0;
    for (int i = 0; d && i < e->n; i++) {
        if (!*ndistinct || strcmp(d[*ndistinct - 1].value, e->items[i].value))
            d[(*ndistinct)++] = (distinct){e->items[i].value, i, 0, 0};
        d[*ndistinct - 1].n++;
        d[*ndistinct - 1].count += e->items[i].weight;
    }
    return d;
}

static const distinct *sorting;

static int by_count(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    if (sorting[a].count != sorting[b].count)
        return sorting[a].count > sorting[b].count ? -1 : 1;
    return (a > b) - (a < b);
}

static void lay_out(pl_freq_column col, const distinct *d, int nd, bool by_value, int width, bool ascii, pl_table *t)
{
    pl_table_init(t, ascii);
    pl_table_add(t, names[col], PL_ALIGN_LEFT, true, 8);
    pl_table_add(t, col == PL_FREQ_LABEL ? "actions" : "count", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "share", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "", PL_ALIGN_LEFT, false, 0);
    pl_table_measure(t, 2, "100.0%");
    for (int i = 0; i < nd; i++) {
        char count[16];
        snprintf(count, sizeof count, "%d", d[i].count);
        pl_table_measure(t, 0, d[i].value);
        pl_table_measure(t, 1, count);
    }
    t->sort_col = by_value ? 0 : 1;
    t->descending = !by_value;
    int value = t->cols[0].want < VALUE_ROOM ? t->cols[0].want : VALUE_ROOM;
    int bar = width - value - t->cols[1].want - t->cols[2].want - 4; /* separators, the sort mark */
    t->cols[3].want = bar < BAR_MIN ? BAR_MIN : bar > BAR_MAX ? BAR_MAX : bar;
    pl_table_fit(t, width);
}

void pl_view_freq(const pl_workspace *ws, const pl_selection *sel, pl_freq_column col, bool by_value, int width,
                  bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "frequency of %s", pl_freq_column_name(col));
    entries e;
    int nd = 0;
    bool ok = collect(ws, sel, col, &e);
    distinct *d = ok ? distinct_values(&e, &nd) : NULL;
    int *order = d ? malloc(((size_t)nd + 1) * sizeof *order) : NULL;
    vm->table = malloc(sizeof *vm->table);
    if (!order || !vm->table) {
        vm->oom = true;
        goto done;
    }
    int total = 0, max = 0;
    for (int i = 0; i < nd; i++) {
        order[i] = i;
        total += d[i].count;
        max = d[i].count > max ? d[i].count : max;
    }
    if (!by_value) {
        sorting = d;
        pl_sort(order, (size_t)nd, sizeof *order, by_count);
    }
    const pl_table *t = vm->table;
    lay_out(col, d, nd, by_value, width, ascii, vm->table);
    pl_vm_line(vm, -1);
    pl_table_header(t, vm);
    vm->nfixed = 1;
    for (int k = 0; k < nd; k++) {
        const distinct *v = &d[order[k]];
        char text[512];
        pl_vm_line(vm, order[k]);
        pl_table_cell(t, 0, vm, ROLE_TEXT, v->value);
        snprintf(text, sizeof text, "%d", v->count);
        pl_table_cell(t, 1, vm, ROLE_TEXT, text);
        snprintf(text, sizeof text, "%.1f%%", total ? 100.0 * v->count / total : 0.0);
        pl_table_cell(t, 2, vm, ROLE_TEXT, text);
        pl_bar_text(text, sizeof text, v->count, max, t->cols[3].width, ascii);
        pl_table_cell(t, 3, vm, ROLE_BAR, text);
    }
    if (!nd) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "%s", col == PL_FREQ_LABEL ? "no plan-quality cases with AQM labels here"
                                                            : "no records to count");
    }
    const char *dot = ascii ? "-" : "·";
    pl_vm_set_status(vm, "%d value%s %s %d %s%s %s sorted by %s", nd, PL_PLURAL(nd), dot, total,
                     col == PL_FREQ_LABEL ? "action" : "record", PL_PLURAL(total), dot, by_value ? "value" : "count");
done:
    free(order);
    free(d);
    entries_free(&e);
}

/* The entries of a target's value: [*first, *first + n) of e, or n = 0. */
static int target_entries(const entries *e, int target, int *first)
{
    int nd;
    distinct *d = distinct_values(e, &nd);
    int n = 0;
    if (d && target >= 0 && target < nd) {
        *first = d[target].first;
        n = d[target].n;
    }
    free(d);
    return n;
}

int *pl_freq_members(const pl_workspace *ws, const pl_selection *sel, pl_freq_column col, int target, int *n)
{
    *n = 0;
    entries e;
    int first = 0, count = collect(ws, sel, col, &e) ? target_entries(&e, target, &first) : 0;
    int *out = count ? malloc((size_t)count * sizeof *out) : NULL;
    for (int i = 0; out && i < count; i++)
        out[(*n)++] = e.items[first + i].record; /* ascending: ties sort by record */
    entries_free(&e);
    return out;
}

char *pl_freq_label(const pl_workspace *ws, const pl_selection *sel, pl_freq_column col, int target)
{
    entries e;
    int first = 0, count = collect(ws, sel, col, &e) ? target_entries(&e, target, &first) : 0;
    char *label = count ? pl_strdup_printf("%s: %s", names[col], e.items[first].value) : NULL;
    entries_free(&e);
    return label;
}
