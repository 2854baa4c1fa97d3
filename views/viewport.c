#include "viewport.h"

#include "table.h"

static bool selectable(const pl_view_model *vm, int i)
{
    return i >= 0 && i < vm->nlines && vm->lines[i].target >= 0;
}

/* The first selectable line from `from` going `dir` within [lo, hi), or -1. */
static int find(const pl_view_model *vm, int from, int dir, int lo, int hi)
{
    for (int i = from; i >= lo && i < hi; i += dir)
        if (selectable(vm, i))
            return i;
    return -1;
}

static int fixed_of(const pl_view_model *vm)
{
    return vm->nfixed < vm->nlines ? vm->nfixed : vm->nlines;
}

/* Rows left for the scrolling lines. */
static int rows_of(const pl_view_model *vm, int height)
{
    int rows = height - fixed_of(vm);
    return rows > 1 ? rows : 1;
}

static int max_top(const pl_view_model *vm, int height)
{
    int last = vm->nlines - rows_of(vm, height);
    return last > fixed_of(vm) ? last : fixed_of(vm);
}

static int clamp(int x, int lo, int hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* The section heading shown on the first scrolling row when `top` is the
 * first line shown: the last heading at or above it, or -1. */
static int heading_of(const pl_view_model *vm, int top)
{
    int lo = 0, hi = vm->nheadings; /* the first heading below top */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (vm->headings[mid] <= top)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo && vm->headings[lo - 1] >= fixed_of(vm) ? vm->headings[lo - 1] : -1;
}

/* True when line `top` is hidden under the heading of its section (it has
 * scrolled up past its heading, which stays in view instead) - unless the
 * next section starts right below it: a heading with none of its lines. */
static bool covered(const pl_view_model *vm, int top)
{
    int h = heading_of(vm, top);
    return h >= 0 && h < top && heading_of(vm, top + 1) != top + 1;
}

/* The first scrolling line in view that is not under a heading. */
static int first_seen(const pl_view_model *vm, const pl_viewport *v)
{
    return v->top + covered(vm, v->top);
}

static bool in_view(const pl_view_model *vm, int height, const pl_viewport *v, int i)
{
    return i >= first_seen(vm, v) && i < v->top + rows_of(vm, height);
}

/* Scrolls so that line i is the first one seen (under its heading if it has one). */
static void show_first(const pl_view_model *vm, int height, pl_viewport *v, int i)
{
    v->top = clamp(i, fixed_of(vm), max_top(vm, height));
    if (covered(vm, v->top) && v->top == i)
        v->top = clamp(i - 1, fixed_of(vm), max_top(vm, height));
}

static void reveal(const pl_view_model *vm, int height, pl_viewport *v)
{
    if (v->cursor < 0)
        return;
    if (v->cursor < first_seen(vm, v))
        show_first(vm, height, v, v->cursor);
    else if (v->cursor >= v->top + rows_of(vm, height))
        v->top = v->cursor - rows_of(vm, height) + 1;
    v->top = clamp(v->top, fixed_of(vm), max_top(vm, height));
}

/* After the text scrolled: a cursor left out of view moves to the nearest
 * selectable line in view (from the side it left by), if there is one. */
static void follow(const pl_view_model *vm, int height, pl_viewport *v)
{
    if (v->cursor >= 0 && in_view(vm, height, v, v->cursor))
        return;
    int lo = first_seen(vm, v), hi = v->top + rows_of(vm, height);
    int at = v->cursor >= hi ? find(vm, hi - 1, -1, lo, hi) : find(vm, lo, 1, lo, hi);
    if (at >= 0)
        v->cursor = at;
}

int pl_vp_widest(const pl_view_model *vm)
{
    int w = vm->table ? pl_table_width(vm->table) : 0;
    for (int i = 0; i < vm->nlines; i++)
        if (vm->lines[i].nspans) {
            int n = pl_vm_line_columns(&vm->lines[i]);
            w = n > w ? n : w;
        }
    return w;
}

void pl_vp_fit(const pl_view_model *vm, int height, int width, pl_viewport *v)
{
    v->top = clamp(v->top, fixed_of(vm), max_top(vm, height));
    if (!selectable(vm, v->cursor)) {
        int at = find(vm, v->cursor < 0 ? 0 : v->cursor, 1, 0, vm->nlines);
        v->cursor = at >= 0 ? at : find(vm, vm->nlines - 1, -1, 0, vm->nlines);
    }
    if (!v->hold)
        reveal(vm, height, v);
    if (v->left > 0) {
        int most = pl_vp_widest(vm) - width;
        v->left = clamp(v->left, 0, most > 0 ? most : 0);
    }
}

void pl_vp_scroll(const pl_view_model *vm, int height, pl_viewport *v, int lines)
{
    v->top = clamp(v->top + lines, fixed_of(vm), max_top(vm, height));
    follow(vm, height, v);
    v->hold = v->cursor >= 0 && !in_view(vm, height, v, v->cursor);
}

void pl_vp_line(const pl_view_model *vm, int height, pl_viewport *v, int dir)
{
    int next = v->cursor >= 0 && in_view(vm, height, v, v->cursor) ? find(vm, v->cursor + dir, dir, 0, vm->nlines)
                                                                    : -1;
    if (next < 0) {
        pl_vp_scroll(vm, height, v, dir);
        return;
    }
    v->cursor = next;
    v->hold = false;
    reveal(vm, height, v);
}

void pl_vp_page(const pl_view_model *vm, int height, pl_viewport *v, int dir)
{
    int rows = rows_of(vm, height), old = v->top;
    int next = v->top + dir * rows;
    if (dir > 0 ? covered(vm, next) : covered(vm, v->top)) /* no line left unseen under the heading */
        next -= dir;
    v->top = clamp(next, fixed_of(vm), max_top(vm, height));
    int lo = first_seen(vm, v), hi = v->top + rows;
    if (v->top == old) { /* at the end already: the cursor goes to the last line in view */
        int at = dir > 0 ? find(vm, hi - 1, -1, lo, hi) : find(vm, lo, 1, lo, hi);
        if (at >= 0)
            v->cursor = at;
        return;
    }
    if (v->cursor >= 0) { /* the cursor keeps its row when a selectable line is there */
        int want = clamp(v->cursor + (v->top - old), lo, hi - 1);
        int at = find(vm, want, dir, lo, hi);
        if (at < 0)
            at = find(vm, want, -dir, lo, hi);
        if (at >= 0)
            v->cursor = at;
    }
    v->hold = v->cursor >= 0 && !in_view(vm, height, v, v->cursor);
}

void pl_vp_edge(const pl_view_model *vm, int height, pl_viewport *v, int dir)
{
    if (dir < 0) {
        v->top = fixed_of(vm);
        v->cursor = find(vm, 0, 1, 0, vm->nlines);
    } else {
        v->top = max_top(vm, height);
        int last = find(vm, vm->nlines - 1, -1, 0, vm->nlines);
        v->cursor = last >= 0 ? last : v->cursor;
    }
    /* a selectable line beyond the first (last) page stays where it is */
    v->hold = v->cursor >= 0 && !in_view(vm, height, v, v->cursor);
}

void pl_vp_side(const pl_view_model *vm, int width, pl_viewport *v, int dir)
{
    int step = width / 4 > 4 ? width / 4 : 4, most = pl_vp_widest(vm) - width;
    v->left = clamp(v->left + dir * step, 0, most > 0 ? most : 0);
}

void pl_vp_goto(const pl_view_model *vm, int height, pl_viewport *v, int line)
{
    if (line < 0 || line >= vm->nlines)
        return;
    if (selectable(vm, line)) {
        v->cursor = line;
        v->hold = false;
        reveal(vm, height, v);
    } else {
        int old = v->top;
        show_first(vm, height, v, line);
        int target = v->top;
        v->top = old;
        pl_vp_scroll(vm, height, v, target - old);
    }
}

int pl_vp_line_at(const pl_view_model *vm, const pl_viewport *v, int height, int row)
{
    if (row < 0 || row >= height)
        return -1;
    int fixed = fixed_of(vm), i = row < fixed ? row : v->top + row - fixed;
    if (row == fixed && covered(vm, v->top))
        i = heading_of(vm, v->top);
    return i < vm->nlines ? i : -1;
}
