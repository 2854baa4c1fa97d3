/* Question list: one line per response with its verdicts, sortable. */
#include <stdlib.h>
#include <string.h>

#include "views.h"

static const char *const sort_names[SORT_COUNT] = {"input", "id", "model", "domain", "task", "score", "sound", "iou"};

const char *pl_sort_key_name(pl_sort_key k)
{
    return (unsigned)k < SORT_COUNT ? sort_names[k] : "?";
}

static const pl_workspace *sort_ws;
static pl_sort_key sort_key;
static bool sort_desc;

static double number_of(const pl_ws_record *r)
{
    if (!r->graded)
        return -1;
    return sort_key == SORT_SCORE ? r->score : sort_key == SORT_SOUND ? r->sound_score : r->has_value ? r->value : -1;
}

static int by_key(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    const pl_ws_record *ra = pl_workspace_record(sort_ws, a), *rb = pl_workspace_record(sort_ws, b);
    int c = 0;
    switch (sort_key) {
    case SORT_ID:
        c = strcmp(ra->id, rb->id);
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
    case SORT_IOU: {
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

void pl_view_list(const pl_workspace *ws, const pl_selection *sel, pl_sort_key sort, bool descending, int width,
                  pl_view_model *vm)
{
    (void)width;
    pl_vm_init(vm);
    int n;
    int *records = pl_select_records(ws, sel, &n);
    if (!records) {
        vm->oom = true;
        return;
    }
    sort_ws = ws;
    sort_key = sort;
    sort_desc = descending;
    if (sort != SORT_INPUT || descending)
        qsort(records, (size_t)n, sizeof *records, by_key);
    pl_vm_set_title(vm, "questions");
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%-34s %-18s %-12s %-13s %5s %5s %5s %5s %-6s %s", "id", "run", "domain", "task",
               "score", "sound", "IoU", "AD", "parse", "flags");
    int right = 0, graded = 0, parse_fail = 0;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, records[i]);
        pl_vm_line(vm, records[i]); /* spans come later, for the lines drawn (pl_view_list_fill) */
        graded += r->graded;
        right += r->graded && r->score;
        parse_fail += r->graded && r->parse_failed;
    }
    pl_vm_set_status(vm, "%d questions · %d graded · %d right · %d parse failures · sorted by %s%s", n, graded, right,
                     parse_fail, pl_sort_key_name(sort), descending ? " (descending)" : "");
    free(records);
}

/* One line's spans: the record's columns. */
static void fill_line(const pl_workspace *ws, pl_view_model *vm, int line)
{
    const pl_ws_record *r = pl_workspace_record(ws, vm->lines[line].target);
    pl_view_model one = {0};
    pl_vm_line(&one, vm->lines[line].target);
    pl_vm_span(&one, ROLE_TEXT, "%-34.34s %-18.18s %-12.12s %-13.13s ", r->id, r->model, r->domain, r->task);
    if (!r->graded) {
        pl_vm_span(&one, ROLE_DIM, "%5s %5s %5s %5s", "…", "…", "…", "…");
    } else if (r->resp->error) { /* an errored sample: no answer, no verdict */
        pl_vm_span(&one, ROLE_ERROR, "%5s %5s %5s %5s %-6s errored (epoch %d)", "-", "-", "-", "-", "-", r->epoch);
    } else {
        pl_vm_span(&one, r->score ? ROLE_CORRECT : ROLE_WRONG, "%5d", r->score);
        pl_vm_span(&one, r->sound_score ? ROLE_CORRECT : ROLE_WRONG, " %5d", r->sound_score);
        for (int distance = 0; distance < 2; distance++) /* IoU, then action distance (plans) */
            if (r->has_value && r->is_distance == distance)
                pl_vm_span(&one, ROLE_TEXT, " %5.3f", r->value);
            else
                pl_vm_span(&one, ROLE_DIM, " %5s", "-");
        pl_vm_span(&one, r->parse_failed ? ROLE_ERROR : ROLE_DIM, " %-6s", r->parse_failed ? "fail" : "ok");
        if (r->flagged || r->note) /* the curator's marks first: they must fit any width */
            pl_vm_span(&one, ROLE_MISSED, "%s%s", r->flagged ? "flag " : "", r->note ? "note " : "");
        if (r->pcase) /* a plan-quality case: how far its plan executes */
            pl_vm_span(&one, r->case_lea < r->pcase->nllm ? ROLE_MISSED : ROLE_DIM, "LEA %d/%d ", r->case_lea,
                       r->pcase->nllm);
        bool differs = r->score != r->sound_score;
        bool stored = r->resp->has_stored_score && r->resp->stored_score != r->score;
        pl_vm_span(&one, ROLE_HALLUCINATED, " %s%s%s", differs ? "off!=sound " : "", stored ? "stored!=ours " : "",
                   r->error ? "error " : "");
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
    for (int i = from < 0 ? 0 : from; i < to && i < vm->nlines; i++)
        if (vm->lines[i].target >= 0 && vm->lines[i].nspans == 0)
            fill_line(ws, vm, i);
}
