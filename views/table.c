#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "ascii_text.h"
#include "base/error.h"
#include "base/safe_text.h"
#include "base/sort.h"

static int mark_columns(bool ascii)
{
    return ascii ? 2 : 1;
}

/* `text` in `width` columns, `head` of them before the mark (-1: balanced). */
static char *cut_at(const char *text, int width, int head, bool ascii)
{
    int cols = pl_text_columns(text);
    if (cols <= width)
        return pl_strdup(text);
    const char *mark = ascii ? ".." : "…";
    if (width <= mark_columns(ascii)) /* no room for both ends */
        return pl_strndup(text, pl_text_prefix(text, width > 0 ? width : 0));
    int keep = width - mark_columns(ascii);
    if (head < 0 || head > keep)
        head = (keep + 1) / 2;
    size_t head_bytes = pl_text_prefix(text, head), tail_at = pl_text_prefix(text, cols - (keep - head));
    return pl_strdup_printf("%.*s%s%s", (int)head_bytes, text, mark, text + tail_at);
}

char *pl_middle_cut(const char *text, int width, bool ascii)
{
    return cut_at(text, width, -1, ascii);
}

/* A column's cut of a text too wide: at its end (tail_cut), else in the middle. */
static char *column_cut(const pl_column *c, const char *text, bool ascii)
{
    return cut_at(text, c->width, c->tail_cut ? c->width - mark_columns(ascii) : -1, ascii);
}

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

/* Columns of the first n bytes of UTF-8 text (continuation bytes take none). */
static int columns_of(const char *s, size_t n)
{
    int cols = 0;
    for (size_t i = 0; i < n; i++)
        cols += ((unsigned char)s[i] & 0xC0) != 0x80;
    return cols;
}

void pl_table_init(pl_table *t, bool ascii)
{
    memset(t, 0, sizeof *t);
    t->sort_col = -1;
    t->ascii = ascii;
}

int pl_table_add(pl_table *t, const char *header, pl_align align, bool name, int min)
{
    if (t->ncols == PL_TABLE_MAX)
        return PL_TABLE_MAX - 1;
    pl_column *c = &t->cols[t->ncols];
    *c = (pl_column){.header = header, .align = align, .name = name, .min = min, .want = pl_text_columns(header),
                     .head = -1};
    return t->ncols++;
}

void pl_table_measure(pl_table *t, int col, const char *text)
{
    size_t len = strlen(text);
    if (len <= (size_t)t->cols[col].want && pl_text_is_safe(text, len, 0))
        return; /* no wider: a character takes at least a byte (fast over 100,000 rows) */
    char *owned;
    const char *shown = pl_vm_safe(text, &owned); /* as the cell will show it: ESC as "\e" */
    int n = t->ascii ? pl_ascii_columns(shown) : pl_text_columns(shown); /* as drawn: "π" is "pi" */
    if (n > t->cols[col].want)
        t->cols[col].want = n;
    free(owned);
}

int pl_table_width(const pl_table *t)
{
    int total = 0, shown = 0;
    for (int i = 0; i < t->ncols; i++)
        if (t->cols[i].width) {
            total += t->cols[i].width;
            shown++;
        }
    return total + (shown > 1 ? shown - 1 : 0);
}

/* The empty column to hide first (the rightmost), or -1. */
static int next_empty(const pl_table *t)
{
    for (int i = t->ncols - 1; i >= 0; i--)
        if (t->cols[i].width && t->cols[i].empty)
            return i;
    return -1;
}

/* The optional column to hide first, or -1. */
static int next_to_hide(const pl_table *t)
{
    int at = -1;
    for (int i = 0; i < t->ncols; i++)
        if (t->cols[i].width && t->cols[i].hide && (at < 0 || t->cols[i].hide < t->cols[at].hide))
            at = i;
    return at;
}

/* The shown column of the lowest `drop`, or -1. */
static int next_to_drop(const pl_table *t)
{
    int at = -1;
    for (int i = 0; i < t->ncols; i++)
        if (t->cols[i].width && t->cols[i].drop && (at < 0 || t->cols[i].drop < t->cols[at].drop))
            at = i;
    return at;
}

/* The widest name column still above its minimum (with `floors`: above the
 * width at which its values stay apart), the rightmost of equals (the first
 * columns, ids, keep the most), or -1. */
static int next_to_shrink(const pl_table *t, bool floors)
{
    int at = -1;
    for (int i = 0; i < t->ncols; i++) {
        const pl_column *c = &t->cols[i];
        int least = floors && c->floor > c->min ? c->floor : c->min;
        if (c->width && c->name && c->width > least && (at < 0 || c->width >= t->cols[at].width))
            at = i;
    }
    return at;
}

static void shrink_names(pl_table *t, int width, bool floors)
{
    int at;
    for (int over = pl_table_width(t) - width; over > 0 && (at = next_to_shrink(t, floors)) >= 0; over--)
        t->cols[at].width--;
}

/* Shrinks the columns `which` picks towards their minimum while the table is too wide. */
static void shrink_some(pl_table *t, int width, bool (*which)(const pl_column *))
{
    for (int i = 0; i < t->ncols; i++) {
        pl_column *c = &t->cols[i];
        int over = pl_table_width(t) - width;
        if (c->width && c->name && which(c) && over > 0)
            c->width = c->width - over > c->min ? c->width - over : c->min;
    }
}

static bool is_lesser(const pl_column *c)
{
    return c->shrink_first;
}

static bool is_preview(const pl_column *c)
{
    return c->tail_cut && !c->shrink_first;
}

/* While the table is too wide the lesser names shrink to their minimum;
 * the previews give room to keep them when that is enough (a preview cut
 * at its end still gives its start), else the lesser names hide and the
 * previews keep their room. */
static void shrink_lesser(pl_table *t, int width)
{
    shrink_some(t, width, is_lesser);
    int kept[PL_TABLE_MAX];
    for (int i = 0; i < t->ncols; i++)
        kept[i] = t->cols[i].width;
    shrink_some(t, width, is_preview);
    if (pl_table_width(t) <= width)
        return;
    for (int i = 0; i < t->ncols; i++)
        t->cols[i].width = t->cols[i].shrink_first ? 0 : kept[i];
}

/* Empty columns hide first, then optional ones; lesser names shrink to
 * their minimum (and hide when that is not enough), then names to where
 * their values stay apart (the others first), then to their minimum; then
 * lesser columns drop. */
static void size_columns(pl_table *t, int width)
{
    for (int i = 0; i < t->ncols; i++)
        t->cols[i].width = t->cols[i].off ? 0 : t->cols[i].want > 0 ? t->cols[i].want : 1;
    int at;
    while (pl_table_width(t) > width && (at = next_empty(t)) >= 0)
        t->cols[at].width = 0;
    while (pl_table_width(t) > width && (at = next_to_hide(t)) >= 0)
        t->cols[at].width = 0;
    shrink_lesser(t, width);
    shrink_names(t, width, true);
    shrink_names(t, width, false);
    while (pl_table_width(t) > width && (at = next_to_drop(t)) >= 0) {
        t->cols[at].width = 0;
        for (int i = 0; i < t->ncols; i++) /* the names take back the room dropped */
            if (t->cols[i].width && t->cols[i].name)
                t->cols[i].width = t->cols[i].want > 0 ? t->cols[i].want : 1;
        shrink_names(t, width, true);
        shrink_names(t, width, false);
    }
}

void pl_table_values(pl_table *t, int col, const char *const *values, int n)
{
    t->cols[col].values = values;
    t->cols[col].nvalues = n;
}

static bool is_separator(char c)
{
    return c && strchr("/-_.: ", c);
}

static bool has_alnum(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((s[i] >= '0' && s[i] <= '9') || ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
            return true;
    return false;
}

static size_t common_head(const char *a, size_t na, const char *b, size_t nb)
{
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i])
        i++;
    return i;
}

static size_t common_tail(const char *a, size_t na, const char *b, size_t nb)
{
    size_t i = 0;
    while (i < na && i < nb && a[na - 1 - i] == b[nb - 1 - i])
        i++;
    return i;
}

/* What every value shares at its start, up to and with a separator, and at
 * its end, from a separator on ("…/applicability"): a name, not a part of a
 * number ("-" of negative ids stays), and never a whole value. */
static void shared_ends(pl_column *c)
{
    const char *const *v = c->values;
    size_t n0 = strlen(v[0]), head = n0, least = n0;
    bool differ = false;
    for (int i = 1; i < c->nvalues; i++) {
        size_t len = strlen(v[i]);
        least = len < least ? len : least;
        size_t same = common_head(v[0], n0, v[i], len);
        head = same < head ? same : head;
        differ = differ || same != n0 || len != n0;
    }
    if (!differ)
        return;
    while (head > 0 && (head >= least || !is_separator(v[0][head - 1])))
        head--;
    if (!has_alnum(v[0], head))
        head = 0;
    size_t tail = n0 - head;
    for (int i = 1; i < c->nvalues && tail; i++) {
        size_t len = strlen(v[i]), same = common_tail(v[0] + head, n0 - head, v[i] + head, len - head);
        tail = same < tail ? same : tail;
    }
    while (tail > 0 && (head + tail >= least || !is_separator(v[0][n0 - tail])))
        tail--;
    if (!has_alnum(v[0] + n0 - tail, tail))
        tail = 0;
    c->skip_head = (int)head;
    c->skip_tail = (int)tail;
    c->head_hash = hash_bytes(v[0], head);
    c->tail_hash = hash_bytes(v[0] + n0 - tail, tail);
}

typedef struct {
    const char *s;             /* the value without what every value shares */
    size_t len;                /* its bytes */
    int cols;
    int need_head, need_tail;  /* columns of its head (tail) no other value shares */
} cut_value;

static int by_head(const void *x, const void *y)
{
    const cut_value *a = x, *b = y;
    int c = memcmp(a->s, b->s, a->len < b->len ? a->len : b->len);
    return c ? c : (a->len > b->len) - (a->len < b->len);
}

static int by_tail(const void *x, const void *y)
{
    const cut_value *a = x, *b = y;
    size_t same = common_tail(a->s, a->len, b->s, b->len);
    if (same == a->len || same == b->len)
        return (a->len > b->len) - (a->len < b->len);
    return (unsigned char)a->s[a->len - 1 - same] - (unsigned char)b->s[b->len - 1 - same];
}

/* The most bytes v[i] shares (by `common`) with its neighbours in v's order. */
static size_t shared_with_neighbours(const cut_value *v, int m, int i,
                                     size_t (*common)(const char *, size_t, const char *, size_t))
{
    size_t before = i > 0 ? common(v[i].s, v[i].len, v[i - 1].s, v[i - 1].len) : 0;
    size_t after = i + 1 < m ? common(v[i].s, v[i].len, v[i + 1].s, v[i + 1].len) : 0;
    return before > after ? before : after;
}

/* The column's distinct values (without their shared ends), each with the
 * head and tail that tell it apart: in sorted order its neighbours share
 * the most with it (once by head, once by tail).  NULL when out of memory. */
static cut_value *distinct_values(const pl_column *c, int *count)
{
    cut_value *v = malloc((size_t)c->nvalues * sizeof *v);
    if (!v)
        return NULL;
    int n = 0;
    for (int i = 0; i < c->nvalues; i++) {
        size_t len = strlen(c->values[i]);
        if (len > (size_t)(c->skip_head + c->skip_tail))
            v[n++] = (cut_value){c->values[i] + c->skip_head, len - (size_t)(c->skip_head + c->skip_tail), 0, 0, 0};
    }
    pl_sort(v, (size_t)n, sizeof *v, by_head);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!m || by_head(&v[m - 1], &v[i]))
            v[m++] = v[i];
    for (int i = 0; i < m; i++) {
        size_t same = shared_with_neighbours(v, m, i, common_head);
        v[i].cols = columns_of(v[i].s, v[i].len);
        v[i].need_head = columns_of(v[i].s, same) + 1;
    }
    pl_sort(v, (size_t)m, sizeof *v, by_tail);
    for (int i = 0; i < m; i++) {
        size_t same = shared_with_neighbours(v, m, i, common_tail);
        v[i].need_tail = columns_of(v[i].s + v[i].len - same, same) + 1;
    }
    *count = m;
    return v;
}

/* Prepares a name column about to be cut: its shared ends dropped, its
 * width the widest value without them, and the width at which every value
 * is whole or keeps a head or tail of its own. */
static cut_value *prepare_cut(pl_table *t, int col, int *count)
{
    pl_column *c = &t->cols[col];
    shared_ends(c);
    cut_value *v = distinct_values(c, count);
    if (!v)
        return NULL;
    int want = pl_text_columns(c->header) + (col == t->sort_col), floor = 0, mark = mark_columns(t->ascii);
    for (int i = 0; i < *count; i++) {
        want = v[i].cols > want ? v[i].cols : want;
        int need = v[i].need_head < v[i].need_tail ? v[i].need_head : v[i].need_tail;
        int apart = v[i].cols < mark + need ? v[i].cols : mark + need;
        floor = apart > floor ? apart : floor;
    }
    c->want = want;
    c->floor = floor;
    return v;
}

/* Columns before the mark for a value cut to keep + mark columns: balanced
 * when that tells it apart, else the nearest split whose head or tail does
 * (the tail on a tie); balanced when none does. */
static int split_of(const cut_value *v, int keep)
{
    int balanced = (keep + 1) / 2;
    if (balanced >= v->need_head || keep - balanced >= v->need_tail)
        return balanced;
    int by_tail = keep - v->need_tail, by_head = v->need_head; /* by_tail < balanced < by_head */
    if (by_tail >= 0 && (by_head > keep || balanced - by_tail <= by_head - balanced))
        return by_tail;
    return by_head <= keep ? by_head : balanced;
}

/* Each cut value's split: the most common one is the column's, the others
 * are remembered one by one (as many as the table holds). */
static void choose_splits(pl_table *t, int col, const cut_value *v, int n)
{
    pl_column *c = &t->cols[col];
    int keep = c->width - mark_columns(t->ascii);
    if (keep <= 0)
        return;
    int *votes = calloc((size_t)keep + 1, sizeof *votes);
    if (!votes)
        return;
    for (int i = 0; i < n; i++)
        if (v[i].cols > c->width)
            votes[split_of(&v[i], keep)]++;
    int best = (keep + 1) / 2;
    for (int h = 0; h <= keep; h++)
        if (votes[h] > votes[best])
            best = h;
    free(votes);
    c->head = best;
    for (int i = 0; i < n && t->ncuts < PL_TABLE_CUTS; i++) {
        int h = v[i].cols > c->width ? split_of(&v[i], keep) : best;
        if (h != best)
            t->cuts[t->ncuts++] = (pl_cut){hash_bytes(v[i].s, v[i].len), (short)col, (short)h};
    }
}

void pl_table_fit(pl_table *t, int width)
{
    if (t->sort_col >= 0) { /* room for the sort mark */
        pl_column *c = &t->cols[t->sort_col];
        int marked = pl_text_columns(c->header) + 1;
        c->want = c->want > marked ? c->want : marked;
    }
    t->ncuts = 0;
    cut_value *values[PL_TABLE_MAX] = {0};
    int nvalues[PL_TABLE_MAX] = {0};
    bool tried[PL_TABLE_MAX] = {0};
    for (int i = 0; i < t->ncols; i++) {
        pl_column *c = &t->cols[i];
        c->skip_head = c->skip_tail = c->floor = 0;
        c->head = -1;
    }
    for (bool again = true; again;) { /* a column kept apart may leave another one cut */
        size_columns(t, width);
        again = false;
        for (int i = 0; i < t->ncols; i++) {
            pl_column *c = &t->cols[i];
            if (c->width && c->width < c->want && c->name && c->nvalues > 1 && !tried[i]) {
                tried[i] = again = true;
                values[i] = prepare_cut(t, i, &nvalues[i]);
            }
        }
    }
    /* nothing cut or dropped: every column at its want (a cut name's without
     * what all its values share); optional columns say what the title does */
    int natural = 0, shown = 0;
    for (int i = 0; i < t->ncols; i++) /* a lesser name hidden for room stays hidden, as optional columns do */
        if (!t->cols[i].off && !t->cols[i].hide && (t->cols[i].width || !t->cols[i].shrink_first)) {
            natural += t->cols[i].want > 0 ? t->cols[i].want : 1;
            shown++;
        }
    t->natural = natural + (shown > 1 ? shown - 1 : 0);
    for (int i = 0; i < t->ncols; i++) {
        if (values[i] && t->cols[i].width)
            choose_splits(t, i, values[i], nvalues[i]);
        free(values[i]);
        t->cols[i].values = NULL; /* read here only: the caller may free them */
        t->cols[i].nvalues = 0;
    }
}

static bool first_shown(const pl_table *t, int col)
{
    for (int i = 0; i < col; i++)
        if (t->cols[i].width)
            return false;
    return true;
}

/* A name cell's text as pl_table_fit planned it: without the ends every
 * value shares, cut where the value differs from the others. */
static char *name_text(const pl_table *t, int col, const char *text)
{
    const pl_column *c = &t->cols[col];
    size_t len = strlen(text), skip = (size_t)(c->skip_head + c->skip_tail);
    if (skip && len > skip && hash_bytes(text, (size_t)c->skip_head) == c->head_hash &&
        hash_bytes(text + len - c->skip_tail, (size_t)c->skip_tail) == c->tail_hash) {
        text += c->skip_head;
        len -= skip;
    }
    char *shown = pl_strndup(text, len);
    if (!shown || pl_text_columns(shown) <= c->width)
        return shown;
    if (c->tail_cut) {
        char *cut = column_cut(c, shown, t->ascii);
        free(shown);
        return cut;
    }
    int head = c->head;
    if (t->ncuts) {
        uint64_t h = hash_bytes(text, len);
        for (int i = 0; i < t->ncuts; i++)
            if (t->cuts[i].col == col && t->cuts[i].value == h)
                head = t->cuts[i].head;
    }
    char *cut = cut_at(shown, c->width, head, t->ascii);
    free(shown);
    return cut;
}

static void cell(const pl_table *t, int col, pl_view_model *vm, pl_role role, const char *text, bool value)
{
    const pl_column *c = &t->cols[col];
    if (!c->width)
        return;
    char *cut = !c->name ? pl_strdup(text) : value ? name_text(t, col, text) : column_cut(c, text, t->ascii);
    if (cut && t->ascii) { /* cut as drawn, so that "π" drawn "pi" does not push the last character out */
        char *ascii = pl_ascii_text(cut);
        if (ascii && c->name && pl_text_columns(ascii) > c->width) {
            free(ascii);
            char *whole = pl_ascii_text(text);
            ascii = whole ? column_cut(c, whole, true) : NULL;
            free(whole);
        }
        free(cut);
        cut = ascii;
    }
    if (!cut) {
        vm->oom = true;
        return;
    }
    int pad = c->width - pl_text_columns(cut);
    if (pad < 0)
        pad = 0;
    const char *sep = first_shown(t, col) ? "" : " ";
    if (c->align == PL_ALIGN_RIGHT)
        pl_vm_span(vm, role, "%s%*s%s", sep, pad, "", cut);
    else
        pl_vm_span(vm, role, "%s%s%*s", sep, cut, pad, "");
    free(cut);
}

void pl_table_cell(const pl_table *t, int col, pl_view_model *vm, pl_role role, const char *text)
{
    char *owned; /* made safe before it is cut and padded, so that the column keeps its width */
    cell(t, col, vm, role, pl_vm_safe(text, &owned), true);
    free(owned);
}

void pl_table_header(const pl_table *t, pl_view_model *vm)
{
    vm->natural_width = t->natural > vm->natural_width ? t->natural : vm->natural_width;
    for (int i = 0; i < t->ncols; i++) {
        if (i != t->sort_col) {
            cell(t, i, vm, ROLE_HEADER, t->cols[i].header, false);
            continue;
        }
        const char *mark = t->ascii ? (t->descending ? "v" : "^") : t->descending ? "▼" : "▲";
        char *title = pl_strdup_printf("%s%s", t->cols[i].header, mark);
        cell(t, i, vm, ROLE_HEADER, title ? title : t->cols[i].header, false);
        free(title);
    }
}
