/* Question list: one line per response with its verdicts, sortable, its
 * columns fitted to the terminal (views/table.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "base/error.h"
#include "base/sort.h"
#include "natural_order.h"
#include "table.h"
#include "views.h"

static const char *const sort_names[SORT_COUNT] = {"input", "id",  "model", "domain", "task",
                                                    "score", "sound", "iou", "lea",    "final"};

const char *pl_sort_key_name(pl_sort_key k)
{
    return (unsigned)k < SORT_COUNT ? sort_names[k] : "?";
}

enum {
    COL_ID,
    COL_RUN,
    COL_DOMAIN,
    COL_TASK,
    COL_SCORE,
    COL_SOUND,
    COL_IOU,
    COL_AD,
    COL_LEA, /* plan-quality cases: */
    COL_AQM,
    COL_FINAL,
    COL_PARSE,
    COL_FAILURE, /* the sound verdict's failure: kind and key (answer_text.h) */
    COL_ANSWER, /* only when rows would look the same: the same question of the same run */
    COL_FLAGS
};

static bool all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

int pl_id_cmp(const char *a, const char *b)
{
    bool neg_a = *a == '-', neg_b = *b == '-';
    size_t la = strlen(a + neg_a), lb = strlen(b + neg_b);
    if (all_digits(a + neg_a, la) && all_digits(b + neg_b, lb)) { /* ACPBench ids: signed 64-bit numbers */
        if (neg_a != neg_b)
            return neg_a ? -1 : 1;
        int c = pl_natural_cmp(a + neg_a, b + neg_b);
        return neg_a ? -c : c;
    }
    return pl_natural_cmp(a, b); /* names with numbers in them: "case-9" before "case-10" */
}

/* The column of each sort key (SORT_IOU: COL_AD on a list of distances). */
static const int sort_col[SORT_COUNT] = {-1,        COL_ID,    COL_RUN, COL_DOMAIN, COL_TASK,
                                         COL_SCORE, COL_SOUND, COL_IOU, COL_LEA,    COL_FINAL};

pl_sort_key pl_list_next_sort(const pl_view_model *vm, pl_sort_key k)
{
    for (int step = 1; step <= SORT_COUNT; step++) {
        pl_sort_key next = (pl_sort_key)((k + step) % SORT_COUNT);
        int col = sort_col[next];
        if (next == SORT_INPUT || !vm->table)
            return next;
        if (vm->table->cols[col].width || (next == SORT_IOU && vm->table->cols[COL_AD].width))
            return next;
    }
    return SORT_INPUT;
}

static const pl_workspace *sort_ws;
static pl_sort_key sort_key;
static bool sort_desc;

static double number_of(const pl_ws_record *r)
{
    if (!r->graded)
        return -1;
    if (sort_key == SORT_FINAL)
        return r->has_quality ? r->final_score : -2; /* below the lowest score, -1 */
    if (sort_key == SORT_LEA)
        return r->pcase ? r->case_lea : -1;
    return sort_key == SORT_SCORE ? r->score : sort_key == SORT_SOUND ? r->sound_score : r->has_value ? r->value : -1;
}

static int by_key(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    const pl_ws_record *ra = pl_workspace_record(sort_ws, a), *rb = pl_workspace_record(sort_ws, b);
    int c = 0;
    switch (sort_key) {
    case SORT_ID:
        c = pl_id_cmp(ra->id, rb->id);
        break;
    case SORT_MODEL:
        c = strcmp(ra->model, rb->model);
        break;
    case SORT_DOMAIN:
        c = strcmp(ra->domain, rb->domain);
        break;
    case SORT_TASK:
        c = strcmp(ra->task, rb->task);
        break;
    case SORT_SCORE:
    case SORT_SOUND:
    case SORT_IOU:
    case SORT_LEA:
    case SORT_FINAL: {
        double va = number_of(ra), vb = number_of(rb);
        c = (va > vb) - (va < vb);
        break;
    }
    default:
        break;
    }
    if (sort_desc)
        c = -c;
    return c ? c : (a > b) - (a < b); /* ties keep input order */
}

typedef struct {
    double key;
    int record;
} keyed_record;

static int by_number(const void *x, const void *y)
{
    const keyed_record *a = x, *b = y;
    int c = (a->key > b->key) - (a->key < b->key);
    if (sort_desc)
        c = -c;
    return c ? c : (a->record > b->record) - (a->record < b->record); /* ties keep input order */
}

/* Sorts the records as by_key does.  A number key (score, sound, IoU, final)
 * is read once per record, in record order, and the keys are sorted beside
 * the indices: comparing records read them at random, and 100,000 records
 * do not fit in the cache (two misses a comparison made the sort most of a
 * keypress).  Returns false when out of memory (the records stay as they are). */
static bool sort_records(const pl_workspace *ws, int *records, int n)
{
    if (sort_key < SORT_SCORE) {
        pl_sort(records, (size_t)n, sizeof *records, by_key);
        return true;
    }
    keyed_record *keyed = malloc((size_t)(n + 1) * sizeof *keyed);
    if (!keyed)
        return false;
    for (int i = 0; i < n; i++)
        keyed[i] = (keyed_record){number_of(pl_workspace_record(ws, records[i])), records[i]};
    pl_sort(keyed, (size_t)n, sizeof *keyed, by_number);
    for (int i = 0; i < n; i++)
        records[i] = keyed[i].record;
    free(keyed);
    return true;
}

/* The marks of the flags column: the curator's first, then the disagreements. */
static void flag_texts(const pl_ws_record *r, char curator[16], char checks[48])
{
    snprintf(curator, 16, "%s%s", r->flagged ? "flag " : "", r->note ? "note " : "");
    bool differs = r->graded && r->score != r->sound_score;
    bool stored = r->graded && r->resp->has_stored_score && r->resp->stored_score != r->score;
    snprintf(checks, 48, "%s%s%s", differs ? "off!=snd " : "", stored ? "stored!= " : "",
             r->graded && r->error ? "error " : "");
}

/* Columns of flag_texts' marks, without printing them; the response (for
 * stored!=) is read only when the run stores scores (100,000 rows: each
 * read is a cache miss). */
static int flags_width(const pl_ws_record *r, bool run_stores)
{
    bool graded = r->graded;
    bool stored = run_stores && graded && r->resp->has_stored_score && r->resp->stored_score != r->score;
    return 5 * r->flagged + 5 * (r->note != NULL) + 9 * (graded && r->score != r->sound_score) + 9 * stored +
           6 * (graded && r->error);
}

/* A plan-quality case's LEA over its plan's length: as the official code
 * counts it, with the true LEA (the simulation's) in parentheses where the
 * two differ; without a ground truth (no pipeline run) the true LEA alone. */
static void lea_text(const pl_ws_record *r, char *buf, size_t size)
{
    int lea = r->has_quality ? r->quality_lea : r->case_lea;
    int n = snprintf(buf, size, "%d/%d", lea, r->pcase->nllm);
    if (r->has_quality && r->quality_lea != r->case_lea && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, " (%d)", r->case_lea);
}

/* π0's AQM label counts: "5c 1m 0s 2d 1r" (correct, misplaced, same_act,
 * diff_act, redundant). */
static void aqm_text(const pl_ws_record *r, char *buf, size_t size)
{
    const int *k = r->aqm;
    snprintf(buf, size, "%dc %dm %ds %dd %dr", k[0], k[1], k[2], k[3], k[4]);
}

/* Per run x task seen: its run and task names measured once, whether one
 * name is shared by every row (such a column hides first when room is
 * short: the breadcrumb names it). */
static void measure_groups(const pl_workspace *ws, const unsigned char *seen, int ngroups, pl_table *t, bool same[2])
{
    int first = -1;
    for (int g = 0; g < ngroups; g++) {
        if (!seen[g])
            continue;
        const char *model = pl_workspace_group_model(ws, g), *task = pl_workspace_group_task(ws, g);
        pl_table_measure(t, COL_RUN, model);
        pl_table_measure(t, COL_TASK, task);
        if (first < 0)
            first = g;
        same[0] = same[0] && !strcmp(model, pl_workspace_group_model(ws, first));
        same[1] = same[1] && !strcmp(task, pl_workspace_group_task(ws, first));
    }
}

typedef struct {
    int graded, right, parse_failed;
} list_counts;

#define PREVIEW_COLUMNS 60
#define PREVIEW_SIZE (4 * PREVIEW_COLUMNS + 8)

/* The start of the answer's text on one line: blanks run together,
 * control characters (and, with ascii, other than ASCII) as "?"; "…"
 * (ASCII "..") where it is cut.  The table cuts it further at its end
 * (pl_column.tail_cut); v shows the whole answer. */
static void preview_text(const pl_ws_record *r, bool ascii, char *buf, size_t size)
{
    const char *s = r->resp->error ? r->resp->error : r->resp->response ? r->resp->response : "";
    size_t n = 0;
    int cols = 0;
    bool blank = true;
    for (; *s && n + 9 < size; s++) { /* room for a whole character and the mark */
        unsigned char c = (unsigned char)*s;
        bool lead = (c & 0xC0) != 0x80;
        if (lead && cols == PREVIEW_COLUMNS)
            break;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!blank)
                buf[n++] = ' ', cols++;
            blank = true;
            continue;
        }
        blank = false;
        if (c < 0x20 || c == 0x7f || (ascii && c >= 0x80)) {
            if (lead) /* one "?" per character */
                buf[n++] = '?', cols++;
            continue;
        }
        cols += lead;
        buf[n++] = (char)c;
    }
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') /* blanks at the end cut nothing */
        s++;
    while (n > 0 && buf[n - 1] == ' ')
        n--;
    if (*s)
        n += (size_t)sprintf(buf + n, "%s", ascii ? ".." : "…"); /* as the table marks a cut */
    buf[n] = '\0';
}

static int by_hash(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Whether two records answer the same question in the same run and task:
 * their rows look the same but for their answers. */
static bool same_rows(const pl_workspace *ws, const int *records, int n)
{
    uint64_t *keys = malloc(((size_t)n + 1) * sizeof *keys);
    if (!keys)
        return false;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, records[i]);
        uint64_t h = 14695981039346656037u ^ (uint64_t)r->group; /* FNV-1a of the group, then the id */
        for (const char *c = r->id; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211u;
        keys[i] = h;
    }
    pl_sort(keys, (size_t)n, sizeof *keys, by_hash);
    bool same = false;
    for (int i = 1; i < n && !same; i++)
        same = keys[i] == keys[i - 1];
    free(keys);
    return same;
}

/* The answer column when rows would look the same, its previews measured
 * (cut at their end: the start of an answer is what tells it); the name
 * columns' values given to the table (it keeps them apart); the failures
 * measured.  `names` holds 5 n pointers; the failures are freed by the caller. */
static void name_values(const pl_workspace *ws, const int *records, int n, pl_table *t, const char **names)
{
    bool answers = same_rows(ws, records, n), failures = false;
    t->cols[COL_ANSWER].off = !answers;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, records[i]);
        names[i] = r->id;
        names[n + i] = r->model;
        names[2 * n + i] = r->domain;
        names[3 * n + i] = r->task;
        char text[PREVIEW_SIZE];
        if (answers) {
            preview_text(r, t->ascii, text, sizeof text);
            pl_table_measure(t, COL_ANSWER, text);
        }
        pl_record_failure f;
        bool wrong = pl_record_failure_of(r, &f) && f.kind != PL_FAIL_NONE;
        names[4 * n + i] = pl_strdup(wrong ? pl_record_failure_text(r, text, sizeof text) : "-");
        if (names[4 * n + i])
            pl_table_measure(t, COL_FAILURE, names[4 * n + i]);
        failures = failures || wrong;
    }
    t->cols[COL_FAILURE].empty = !failures; /* all right or pending: its room goes to the names */
    /* the failures are not told: they shrink to their minimum before the names that tell rows apart */
    int cols[] = {COL_ID, COL_RUN, COL_DOMAIN, COL_TASK};
    for (int k = 0; k < 4; k++) {
        bool all = true;
        for (int i = 0; i < n && all; i++)
            all = names[k * n + i] != NULL;
        if (all)
            pl_table_values(t, cols[k], names + k * n, n);
    }
}

/* The columns sized to the records, and their counts, in one pass (the
 * records of 100,000 responses do not stay in the cache between passes). */
static void lay_out(const pl_workspace *ws, const int *records, int n, pl_sort_key sort, bool descending,
                    int width, pl_table *t, list_counts *counts)
{
    pl_table_add(t, "id", PL_ALIGN_LEFT, true, 12);
    pl_table_add(t, "run", PL_ALIGN_LEFT, true, 8);
    pl_table_add(t, "domain", PL_ALIGN_LEFT, true, 6);
    pl_table_add(t, "task", PL_ALIGN_LEFT, true, 6);
    pl_table_add(t, "score", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "sound", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "IoU", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "AD", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "LEA", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "AQM", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "final", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "parse", PL_ALIGN_LEFT, false, 0);
    pl_table_add(t, "failure", PL_ALIGN_LEFT, true, 16); /* "not-applicable …" (ASCII "not-applicable.."): most kinds whole */
    pl_table_add(t, "answer", PL_ALIGN_LEFT, true, 10);
    pl_table_add(t, "flags", PL_ALIGN_LEFT, false, 0);
    bool same[3] = {true, true, true}, iou = false, ad = false, cases = false, only_cases = true;
    bool iou_shown = false, ad_shown = false, case_shown = false; /* a value, not a placeholder */
    int flags = 0, ngroups = pl_workspace_ngroups(ws);
    unsigned char *seen = calloc((size_t)ngroups + 1, 1); /* 0 unseen, 1 seen, 2 its answers store scores */
    const pl_ws_record *first = n ? pl_workspace_record(ws, records[0]) : NULL;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, records[i]);
        pl_table_measure(t, COL_ID, r->id);
        if (first->domain != r->domain) { /* the records of a question share its domain's name */
            pl_table_measure(t, COL_DOMAIN, r->domain);
            same[2] = same[2] && !strcmp(first->domain, r->domain);
        }
        if (seen && !seen[r->group])
            seen[r->group] = r->resp->has_stored_score ? 2 : 1;
        iou = iou || !r->graded || (r->has_value && !r->is_distance);
        ad = ad || !r->graded || (r->has_value && r->is_distance);
        iou_shown = iou_shown || (r->graded && r->has_value && !r->is_distance);
        ad_shown = ad_shown || (r->graded && r->has_value && r->is_distance);
        case_shown = case_shown || (r->pcase && r->graded);
        cases = cases || r->pcase;
        only_cases = only_cases && r->pcase;
        if (r->pcase && r->graded) { /* few rows: the text is measured */
            char text[64];
            lea_text(r, text, sizeof text);
            pl_table_measure(t, COL_LEA, text);
            aqm_text(r, text, sizeof text);
            pl_table_measure(t, COL_AQM, text);
        }
        counts->graded += r->graded;
        counts->right += r->graded && r->score;
        counts->parse_failed += r->graded && r->parse_failed;
        int marks = flags_width(r, seen && seen[r->group] > 1);
        flags = marks > flags ? marks : flags;
    }
    if (first)
        pl_table_measure(t, COL_DOMAIN, first->domain);
    if (seen)
        measure_groups(ws, seen, ngroups, t, same);
    free(seen);
    t->cols[COL_FLAGS].want = flags > t->cols[COL_FLAGS].want ? flags : t->cols[COL_FLAGS].want;
    pl_table_measure(t, COL_IOU, "0.000");
    pl_table_measure(t, COL_AD, "0.000");
    t->cols[COL_IOU].off = !iou;
    t->cols[COL_AD].off = !ad;
    pl_table_measure(t, COL_LEA, "0/0");
    pl_table_measure(t, COL_AQM, "0c 0m 0s 0d 0r");
    pl_table_measure(t, COL_FINAL, "-1.000");
    t->cols[COL_LEA].off = t->cols[COL_AQM].off = t->cols[COL_FINAL].off = !cases;
    t->cols[COL_ANSWER].drop = 1; /* a preview: before the verdicts */
    t->cols[COL_ANSWER].tail_cut = true;
    t->cols[COL_FAILURE].tail_cut = true; /* the kind first: "not-applicab…" */
    t->cols[COL_FAILURE].shrink_first = true; /* before the ids that tell rows apart */
    t->cols[COL_AQM].drop = 2; /* with other rows beside the cases, when short of room */
    t->cols[COL_LEA].drop = 3;
    t->cols[COL_FINAL].drop = 4;
    /* a case's sound verdict is its score and its plan is never parsed:
     * columns that tell nothing about cases alone */
    t->cols[COL_SOUND].off = t->cols[COL_PARSE].off = n > 0 && only_cases;
    t->cols[COL_RUN].hide = same[0] ? 1 : 0;
    t->cols[COL_TASK].hide = same[1] ? 2 : 0;
    t->cols[COL_DOMAIN].hide = same[2] ? 3 : 0;
    /* columns of placeholders alone ("…" while grading) give their room to the names */
    t->cols[COL_SCORE].empty = t->cols[COL_SOUND].empty = t->cols[COL_PARSE].empty = !counts->graded;
    t->cols[COL_IOU].empty = !iou_shown;
    t->cols[COL_AD].empty = !ad_shown;
    t->cols[COL_LEA].empty = t->cols[COL_AQM].empty = t->cols[COL_FINAL].empty = !case_shown;
    t->sort_col = sort_col[sort];
    if (sort == SORT_IOU && !iou)
        t->sort_col = COL_AD;
    t->descending = descending;
    const char **names = malloc((5 * (size_t)n + 1) * sizeof *names);
    if (names)
        name_values(ws, records, n, t, names);
    else
        t->cols[COL_ANSWER].off = t->cols[COL_FAILURE].off = true;
    pl_table_fit(t, width);
    for (int i = 0; names && i < n; i++)
        free((char *)names[4 * n + i]);
    free(names);
}

void pl_view_list(const pl_workspace *ws, const pl_selection *sel, pl_sort_key sort, bool descending, int width,
                  bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    int n;
    int *records = pl_select_records(ws, sel, &n);
    vm->table = malloc(sizeof *vm->table);
    if (!records || !vm->table) {
        vm->oom = true;
        free(records);
        return;
    }
    /* measured in record order, before sorting: the records are read one
     * after the other, not at random (100,000 cache misses otherwise) */
    pl_table_init(vm->table, ascii);
    list_counts c = {0, 0, 0};
    lay_out(ws, records, n, sort, descending, width, vm->table, &c);
    sort_ws = ws;
    sort_key = sort;
    sort_desc = descending;
    if ((sort != SORT_INPUT || descending) && !sort_records(ws, records, n))
        vm->oom = true;
    pl_vm_set_title(vm, "questions");
    pl_vm_line(vm, -1);
    pl_table_header(vm->table, vm);
    vm->nfixed = 1;
    for (int i = 0; i < n; i++)
        pl_vm_line(vm, records[i]); /* spans come later, for the lines drawn (pl_view_list_fill) */
    const char *dot = ascii ? "-" : "·";
    /* the lines are answers (a question answered by two runs, or twice, is two lines) */
    pl_vm_set_status(vm, "%d answer%s %s %d graded %s %d right %s %d parse failure%s %s sorted by %s%s", n,
                     PL_PLURAL(n), dot, c.graded, dot, c.right, dot, c.parse_failed, PL_PLURAL(c.parse_failed), dot, pl_sort_key_name(sort), descending ? " (descending)" : "");
    free(records);
}

static void number_cell(const pl_table *t, int col, pl_view_model *vm, bool shown, double value)
{
    char text[32];
    snprintf(text, sizeof text, "%.3f", value);
    pl_table_cell(t, col, vm, shown ? ROLE_TEXT : ROLE_DIM, shown ? text : "-");
}

/* A plan-quality case's LEA, AQM counts and final score ("-" for other
 * records, and for the AQM counts and score of a case without them). */
static void case_cells(const pl_table *t, pl_view_model *vm, const pl_ws_record *r)
{
    char text[64] = "-";
    if (r->pcase)
        lea_text(r, text, sizeof text);
    bool short_run = r->pcase && (r->has_quality ? r->quality_lea : r->case_lea) < r->pcase->nllm;
    pl_table_cell(t, COL_LEA, vm, !r->pcase ? ROLE_DIM : short_run ? ROLE_MISSED : ROLE_TEXT, text);
    if (r->has_quality)
        aqm_text(r, text, sizeof text);
    pl_table_cell(t, COL_AQM, vm, r->has_quality ? ROLE_TEXT : ROLE_DIM, r->has_quality ? text : "-");
    number_cell(t, COL_FINAL, vm, r->has_quality, r->final_score);
}

/* One line's spans: the record's columns. */
static void fill_line(const pl_workspace *ws, pl_view_model *vm, int line)
{
    const pl_table *t = vm->table;
    const pl_ws_record *r = pl_workspace_record(ws, vm->lines[line].target);
    pl_view_model one = {0};
    pl_vm_line(&one, vm->lines[line].target);
    pl_table_cell(t, COL_ID, &one, ROLE_TEXT, r->id);
    pl_table_cell(t, COL_RUN, &one, ROLE_TEXT, r->model);
    pl_table_cell(t, COL_DOMAIN, &one, ROLE_TEXT, r->domain);
    pl_table_cell(t, COL_TASK, &one, ROLE_TEXT, r->task);
    if (!r->graded || r->resp->error) { /* pending, or an errored sample: no answer, no verdict */
        const char *none = r->graded ? "-" : t->ascii ? "..." : "…";
        for (int c = COL_SCORE; c <= COL_PARSE; c++)
            pl_table_cell(t, c, &one, r->graded ? ROLE_ERROR : ROLE_DIM, none);
    } else {
        pl_table_cell(t, COL_SCORE, &one, r->score ? ROLE_CORRECT : ROLE_WRONG, r->score ? "1" : "0");
        pl_table_cell(t, COL_SOUND, &one, r->sound_score ? ROLE_CORRECT : ROLE_WRONG, r->sound_score ? "1" : "0");
        number_cell(t, COL_IOU, &one, r->has_value && !r->is_distance, r->value);
        number_cell(t, COL_AD, &one, r->has_value && r->is_distance, r->value);
        case_cells(t, &one, r);
        pl_table_cell(t, COL_PARSE, &one, r->parse_failed ? ROLE_ERROR : ROLE_DIM, r->parse_failed ? "fail" : "ok");
    }
    if (t->cols[COL_FAILURE].width) {
        char text[PREVIEW_SIZE];
        pl_record_failure f;
        bool wrong = pl_record_failure_of(r, &f) && f.kind != PL_FAIL_NONE;
        pl_table_cell(t, COL_FAILURE, &one, wrong ? ROLE_WRONG : ROLE_DIM,
                      wrong ? pl_record_failure_text(r, text, sizeof text) : !r->graded ? (t->ascii ? "..." : "…") : "-");
    }
    if (t->cols[COL_ANSWER].width) {
        char text[PREVIEW_SIZE];
        preview_text(r, t->ascii, text, sizeof text);
        pl_table_cell(t, COL_ANSWER, &one, ROLE_DIM, text);
    }
    if (t->cols[COL_FLAGS].width) { /* the last column: its marks in two roles, unpadded */
        char curator[16], checks[48];
        flag_texts(r, curator, checks);
        pl_vm_span(&one, ROLE_MISSED, " %s", curator);
        pl_vm_span(&one, ROLE_HALLUCINATED, "%s", checks);
        if (r->graded && r->resp->error)
            pl_vm_span(&one, ROLE_ERROR, "errored (epoch %d)", r->epoch);
    }
    if (one.oom || !one.nlines) {
        vm->oom = true;
        pl_vm_free(&one);
        return;
    }
    vm->lines[line] = one.lines[0]; /* take the line over; `one` keeps nothing else */
    free(one.lines);
}

void pl_view_list_fill(const pl_workspace *ws, pl_view_model *vm, int from, int to)
{
    for (int i = from < 0 ? 0 : from; vm->table && i < to && i < vm->nlines; i++)
        if (vm->lines[i].target >= 0 && vm->lines[i].nspans == 0)
            fill_line(ws, vm, i);
}
