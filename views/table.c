#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "base/error.h"

char *pl_middle_cut(const char *text, int width, bool ascii)
{
    int cols = pl_text_columns(text);
    if (cols <= width)
        return pl_strdup(text);
    const char *mark = ascii ? ".." : "…";
    int mark_cols = ascii ? 2 : 1;
    if (width <= mark_cols) /* no room for both ends */
        return pl_strndup(text, pl_text_prefix(text, width > 0 ? width : 0));
    int keep = width - mark_cols, head = (keep + 1) / 2, tail = keep - head;
    size_t head_bytes = pl_text_prefix(text, head), tail_at = pl_text_prefix(text, cols - tail);
    return pl_strdup_printf("%.*s%s%s", (int)head_bytes, text, mark, text + tail_at);
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
    *c = (pl_column){header, align, name, min, 0, false, pl_text_columns(header), 0, 0};
    return t->ncols++;
}

void pl_table_measure(pl_table *t, int col, const char *text)
{
    if (strlen(text) <= (size_t)t->cols[col].want)
        return; /* no wider: a character takes at least a byte (fast over 100,000 rows) */
    int n = pl_text_columns(text);
    if (n > t->cols[col].want)
        t->cols[col].want = n;
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

/* The widest name column still above its minimum, or -1. */
static int next_to_shrink(const pl_table *t)
{
    int at = -1;
    for (int i = 0; i < t->ncols; i++) {
        const pl_column *c = &t->cols[i];
        if (c->width && c->name && c->width > c->min && (at < 0 || c->width > t->cols[at].width))
            at = i;
    }
    return at;
}

static void shrink_names(pl_table *t, int width)
{
    int at;
    for (int over = pl_table_width(t) - width; over > 0 && (at = next_to_shrink(t)) >= 0; over--)
        t->cols[at].width--;
}

void pl_table_fit(pl_table *t, int width)
{
    if (t->sort_col >= 0) { /* room for the sort mark */
        pl_column *c = &t->cols[t->sort_col];
        int marked = pl_text_columns(c->header) + 1;
        c->want = c->want > marked ? c->want : marked;
    }
    for (int i = 0; i < t->ncols; i++)
        t->cols[i].width = t->cols[i].off ? 0 : t->cols[i].want > 0 ? t->cols[i].want : 1;
    int at;
    while (pl_table_width(t) > width && (at = next_to_hide(t)) >= 0)
        t->cols[at].width = 0;
    shrink_names(t, width);
    while (pl_table_width(t) > width && (at = next_to_drop(t)) >= 0) {
        t->cols[at].width = 0;
        for (int i = 0; i < t->ncols; i++) /* the names take back the room dropped */
            if (t->cols[i].width && t->cols[i].name)
                t->cols[i].width = t->cols[i].want > 0 ? t->cols[i].want : 1;
        shrink_names(t, width);
    }
}

static bool first_shown(const pl_table *t, int col)
{
    for (int i = 0; i < col; i++)
        if (t->cols[i].width)
            return false;
    return true;
}

void pl_table_cell(const pl_table *t, int col, pl_view_model *vm, pl_role role, const char *text)
{
    const pl_column *c = &t->cols[col];
    if (!c->width)
        return;
    char *cut = c->name ? pl_middle_cut(text, c->width, t->ascii) : pl_strdup(text);
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

void pl_table_header(const pl_table *t, pl_view_model *vm)
{
    for (int i = 0; i < t->ncols; i++) {
        if (i != t->sort_col) {
            pl_table_cell(t, i, vm, ROLE_HEADER, t->cols[i].header);
            continue;
        }
        const char *mark = t->ascii ? (t->descending ? "v" : "^") : t->descending ? "▼" : "▲";
        char *title = pl_strdup_printf("%s%s", t->cols[i].header, mark);
        pl_table_cell(t, i, vm, ROLE_HEADER, title ? title : t->cols[i].header);
        free(title);
    }
}
