/* Every screen scrolls the same way: the keys and the mouse move a
 * viewport (views/viewport.h) over the screen's view model. */
#include "app.h"
#include "viewport.h"

int tui_body_rows(const tui_app *app)
{
    return app->rows - 3 > 1 ? app->rows - 3 : 1; /* title, status and hint bars */
}

static pl_viewport viewport_of(const tui_screen *s)
{
    bool on_line = s->cursor >= 0 && s->cursor < s->vm.nlines && s->vm.lines[s->cursor].target >= 0;
    return (pl_viewport){on_line ? s->cursor : -1, s->top, s->left, s->hold_top};
}

/* The cursor stays a valid index (0 when nothing is selectable): the code
 * that reads it checks the line's target. */
static void keep(tui_screen *s, pl_viewport v)
{
    s->cursor = v.cursor >= 0 ? v.cursor : 0;
    s->top = v.top;
    s->left = v.left;
    s->hold_top = v.hold;
}

void tui_fit_view(tui_app *app, tui_screen *s)
{
    pl_viewport v = viewport_of(s);
    pl_vp_fit(&s->vm, tui_body_rows(app), app->cols, &v);
    keep(s, v);
}

void tui_scroll(tui_app *app, tui_action action)
{
    tui_screen *s = tui_top(app);
    pl_viewport v = viewport_of(s);
    int height = tui_body_rows(app);
    pl_vp_fit(&s->vm, height, app->cols, &v);
    switch (action) {
    case ACT_DOWN:
    case ACT_UP:
        pl_vp_line(&s->vm, height, &v, action == ACT_DOWN ? 1 : -1);
        break;
    case ACT_PAGE_DOWN:
    case ACT_PAGE_UP:
        pl_vp_page(&s->vm, height, &v, action == ACT_PAGE_DOWN ? 1 : -1);
        break;
    case ACT_FIRST:
    case ACT_LAST:
        pl_vp_edge(&s->vm, height, &v, action == ACT_LAST ? 1 : -1);
        break;
    case ACT_SCROLL_LEFT:
    case ACT_SCROLL_RIGHT:
        if (s->kind == VIEW_LIST) /* measure the lines in view */
            pl_view_list_fill(app->ws, &s->vm, v.top, v.top + height);
        pl_vp_side(&s->vm, app->cols, &v, action == ACT_SCROLL_RIGHT ? 1 : -1);
        break;
    default:
        break;
    }
    keep(s, v);
}

bool tui_full_width(tui_app *app, tui_screen *s, tui_action action)
{
    if (action == ACT_SCROLL_RIGHT && !s->full_width && s->vm.natural_width > app->cols) {
        s->full_width = true;
        s->left = 0;
        s->stale = true;
        return true;
    }
    if (action == ACT_SCROLL_LEFT && s->full_width && s->left == 0) {
        s->full_width = false;
        s->stale = true;
        return true;
    }
    return false;
}

void tui_wheel(tui_app *app, int lines)
{
    tui_screen *s = tui_top(app);
    pl_viewport v = viewport_of(s);
    pl_vp_scroll(&s->vm, tui_body_rows(app), &v, lines);
    keep(s, v);
}

void tui_goto_line(tui_app *app, int line)
{
    tui_screen *s = tui_top(app);
    pl_viewport v = viewport_of(s);
    pl_vp_goto(&s->vm, tui_body_rows(app), &v, line);
    keep(s, v);
}

int tui_line_at_row(tui_app *app, int y)
{
    tui_screen *s = tui_top(app);
    pl_viewport v = viewport_of(s);
    return pl_vp_line_at(&s->vm, &v, tui_body_rows(app), y - 1);
}
