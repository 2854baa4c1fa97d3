/* A model's state or effects against the true ones: the true atoms grouped
 * by predicate with their roles, then the atoms only the model gave, each
 * with the engine's reason. */
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "natural_order.h"
#include "state_text.h"
#include "state_view.h"
#include "task/load.h"
#include "views.h"

static bool is_state_task(pl_iou_task t)
{
    return t == PL_IOU_STATE || t == PL_IOU_TRACKING || t == PL_IOU_PROG_POS || t == PL_IOU_PROG_NEG;
}

/* The verdict's items and roles with no reasons yet (they are explained
 * again below, with what the question says about the state). */
static int clone_roles(const pl_set_comparison *from, pl_set_comparison *to)
{
    *to = *from;
    to->items = calloc((size_t)from->count + 1, sizeof *to->items);
    to->count = 0;
    to->n_hallucinated = 0;
    if (!to->items)
        return -1;
    for (int i = 0; i < from->count; i++) {
        pl_item_role role = from->items[i].role == PL_ITEM_HALLUCINATED ? PL_ITEM_WRONG : from->items[i].role;
        char *text = pl_strdup(from->items[i].text);
        if (!text) {
            pl_set_comparison_free(to);
            return -1;
        }
        to->items[to->count++] = (pl_set_item){text, role, NULL};
    }
    return 0;
}

static int set_why(pl_set_item *it, char *why)
{
    if (!why)
        return -1;
    free(it->why);
    it->why = why;
    return 0;
}

/* Tracking: when the actions made an atom true or false.  Wrong atoms (false
 * at the end) say which step deleted them; missed ones which step added them. */
static int explain_tracking(const pl_task *t, const pl_iou_question *q, pl_set_comparison *c)
{
    pl_trace *tr = pl_trace_new(t, q->actions, q->nactions);
    if (!tr)
        return -1;
    int rc = 0;
    for (int i = 0; i < c->count && rc == 0; i++) {
        pl_set_item *it = &c->items[i];
        if (it->why || (it->role != PL_ITEM_WRONG && it->role != PL_ITEM_MISSED))
            continue;
        bool is_static;
        int a = pl_resolve_atom(t, it->text, &is_static, NULL);
        if (a < 0)
            continue;
        bool want = it->role == PL_ITEM_MISSED; /* the atom's truth at the end */
        int j = tr->lea;
        while (j >= 0 && pl_state_has(pl_trace_state(tr, j), a) == want)
            j--;
        if (j == tr->lea) /* the trace stopped early and disagrees with the truth */
            continue;
        if (j < 0)
            rc = set_why(it, pl_strdup(want ? "true from the start, never deleted" : "never true along the actions"));
        else
            rc = set_why(it, pl_strdup_printf("%s by step %d, %s", want ? "made true" : "deleted", j + 1,
                                              tr->steps[j].ref.text));
    }
    pl_trace_free(tr);
    return rc;
}

/* Missed static facts (state and tracking truths include them). */
static int explain_statics(const pl_task *t, pl_set_comparison *c)
{
    for (int i = 0; i < c->count; i++) {
        pl_set_item *it = &c->items[i];
        bool is_static = false;
        if (it->role == PL_ITEM_MISSED && !it->why && pl_resolve_atom(t, it->text, &is_static, NULL) < 0 && is_static &&
            set_why(it, pl_strdup("a static fact: true in every state")) < 0)
            return -1;
    }
    return 0;
}

static int explain_iou(const pl_task *t, const pl_iou_question *q, pl_set_comparison *c)
{
    switch (q->task) {
    case PL_IOU_PROG_POS:
    case PL_IOU_PROG_NEG:
        return pl_set_explain_effects(t, t->init, q->task == PL_IOU_PROG_POS, c);
    case PL_IOU_TRACKING:
        if (pl_set_explain_atoms(t, c) < 0 || explain_tracking(t, q, c) < 0)
            return -1;
        return explain_statics(t, c);
    default:
        return pl_set_explain_atoms(t, c) < 0 ? -1 : explain_statics(t, c);
    }
}

/* Answer-only atoms the engine could say nothing more of. */
static int fallback_reasons(pl_set_comparison *c, const char *why)
{
    for (int i = 0; i < c->count; i++)
        if (c->items[i].role == PL_ITEM_WRONG && !c->items[i].why && set_why(&c->items[i], pl_strdup(why)) < 0)
            return -1;
    return 0;
}

static const char *fallback_of(pl_iou_task t)
{
    return t == PL_IOU_STATE      ? "false in the state"
           : t == PL_IOU_TRACKING ? "false after the actions"
           : t == PL_IOU_PROG_POS ? "not made true by the action"
                                  : "not made false by the action";
}

/* The IoU record's comparison, reasons given against its grounded task
 * (when its PDDL loads; the verdict's note says why not otherwise). */
static int iou_part(const pl_ws_record *r, pl_compare_part *part)
{
    const pl_iou_question *q = r->iou;
    part->title = q->task == PL_IOU_STATE      ? "true state"
                  : q->task == PL_IOU_TRACKING ? "true state after the actions"
                  : q->task == PL_IOU_PROG_POS ? "positive effects"
                                               : "negative effects";
    if (clone_roles(&r->iou_v.cmp, &part->cmp) < 0)
        return -1;
    int rc = 0;
    if (q->pddl_domain && q->pddl_problem) {
        pl_loaded_task lt;
        pl_error err = PL_ERROR_INIT;
        if (pl_load_task_texts(q->pddl_domain, strlen(q->pddl_domain), "pddl_domain", q->pddl_problem,
                               strlen(q->pddl_problem), "pddl_problem", &lt, NULL, &err) == PL_OK) {
            rc = explain_iou(lt.task, q, &part->cmp);
            pl_loaded_task_free(&lt);
        }
        pl_error_clear(&err);
    }
    if (rc == 0)
        rc = fallback_reasons(&part->cmp, fallback_of(q->task));
    if (rc < 0)
        pl_set_comparison_free(&part->cmp);
    return rc;
}

typedef struct {
    const char *pred; /* into text: the predicate's name */
    int pred_len;
    const pl_set_item *item;
} grouped_item;

static grouped_item group_of(const pl_set_item *it)
{
    const char *s = it->text;
    while (*s == ' ' || *s == '(')
        s++;
    int len = (int)strcspn(s, " ()");
    return (grouped_item){len ? s : "?", len ? len : 1, it};
}

static int by_group(const grouped_item *x, const grouped_item *y)
{
    int n = x->pred_len < y->pred_len ? x->pred_len : y->pred_len;
    int c = strncmp(x->pred, y->pred, (size_t)n);
    return c ? c : x->pred_len - y->pred_len;
}

static int by_group_then_text(const void *a, const void *b)
{
    const grouped_item *x = a, *y = b;
    int c = by_group(x, y);
    return c ? c : pl_natural_cmp(x->item->text, y->item->text); /* natural order: c2 before c10 */
}

static pl_role role_of(pl_item_role r)
{
    return r == PL_ITEM_BOTH ? ROLE_CORRECT : r == PL_ITEM_MISSED ? ROLE_MISSED
                                          : r == PL_ITEM_WRONG    ? ROLE_WRONG
                                                                  : ROLE_HALLUCINATED;
}

static const char *mark_of(pl_item_role r, bool ascii)
{
    switch (r) {
    case PL_ITEM_BOTH:
        return pl_sv_glyph(ascii, "✓", "=");
    case PL_ITEM_MISSED:
        return pl_sv_glyph(ascii, "○", "o");
    case PL_ITEM_WRONG:
        return pl_sv_glyph(ascii, "✗", "x");
    default:
        return "?";
    }
}

static void item_line(pl_view_model *vm, const pl_set_item *it, bool ascii, int width)
{
    const char *role = pl_item_role_name(it->role);
    pl_vm_line(vm, -1);
    pl_sv_span(vm, ascii, role_of(it->role), "    %s ", mark_of(it->role, ascii));
    pl_sv_span(vm, ascii, role_of(it->role), "%s", it->text);
    pl_sv_span(vm, ascii, ROLE_DIM, "  %s", role);
    if (!it->why)
        return;
    int used = 6 + (int)strlen(it->text) + 2 + (int)strlen(role);
    if (used + 2 + (int)strlen(it->why) <= width)
        pl_sv_span(vm, ascii, ROLE_DIM, ": %s", it->why);
    else
        pl_sv_wrapped(vm, ascii, ROLE_DIM, it->why, width, 8);
}

/* The true atoms by predicate (both, missed), then the answer's own. */
static void part_lines(pl_view_model *vm, const pl_compare_part *p, bool ascii, int width)
{
    const pl_set_comparison *c = &p->cmp;
    grouped_item *truth = malloc(((size_t)c->count + 1) * sizeof *truth);
    if (!truth) {
        vm->oom = true;
        return;
    }
    int n = 0;
    for (int i = 0; i < c->count; i++)
        if (c->items[i].role == PL_ITEM_BOTH || c->items[i].role == PL_ITEM_MISSED)
            truth[n++] = group_of(&c->items[i]);
    pl_sort(truth, (size_t)n, sizeof *truth, by_group_then_text);
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_sv_span(vm, ascii, ROLE_HEADER, "%s", p->title);
    pl_sv_span(vm, ascii, ROLE_DIM, "  %d atom%s, %d in the answer", n, n == 1 ? "" : "s", c->n_both);
    for (int i = 0; i < n; i++) {
        if (i == 0 || by_group(&truth[i], &truth[i - 1])) {
            int both = 0, all = 0;
            for (int j = i; j < n && !by_group(&truth[j], &truth[i]); j++, all++)
                both += truth[j].item->role == PL_ITEM_BOTH;
            pl_vm_line(vm, -1);
            pl_sv_span(vm, ascii, ROLE_HEADER, "  %.*s", truth[i].pred_len, truth[i].pred);
            pl_sv_span(vm, ascii, ROLE_DIM, "  %d/%d in the answer", both, all);
        }
        item_line(vm, truth[i].item, ascii, width);
    }
    free(truth);
    pl_vm_line(vm, -1);
    pl_sv_span(vm, ascii, ROLE_HEADER, "  only in the model's answer");
    pl_sv_span(vm, ascii, ROLE_DIM, "  %d wrong, %d hallucinated", c->n_answer_only - c->n_hallucinated,
               c->n_hallucinated);
    for (int pass = 0; pass < 2; pass++) /* wrong, then hallucinated */
        for (int i = 0; i < c->count; i++)
            if (c->items[i].role == (pass ? PL_ITEM_HALLUCINATED : PL_ITEM_WRONG))
                item_line(vm, &c->items[i], ascii, width);
}

static void describe_question(pl_view_model *vm, const pl_ws_record *r, bool ascii, int width)
{
    pl_vm_line(vm, -1);
    pl_sv_span(vm, ascii, ROLE_HEADER, "%s", r->id);
    pl_sv_span(vm, ascii, ROLE_DIM, "  %s %s %s", r->model, pl_sv_glyph(ascii, "·", "-"), r->task);
    if (r->parse_failed) {
        pl_vm_line(vm, -1);
        pl_sv_span(vm, ascii, ROLE_ERROR, "  no list found in the response: parse failure");
    }
    const pl_iou_question *q = r->iou;
    if (!q || !q->nactions)
        return;
    size_t len = 32;
    for (int i = 0; i < q->nactions; i++)
        len += strlen(q->actions[i]) + 2;
    char *text = malloc(len);
    if (!text) {
        vm->oom = true;
        return;
    }
    strcpy(text, q->task == PL_IOU_TRACKING ? "after: " : "action: ");
    for (int i = 0; i < q->nactions; i++) {
        if (i)
            strcat(text, ", ");
        strcat(text, q->actions[i]);
    }
    strcat(text, q->task == PL_IOU_TRACKING ? "" : " (in the initial state)");
    pl_sv_wrapped(vm, ascii, ROLE_TEXT, text, width, 2);
    free(text);
}

int pl_view_state_answer(const pl_workspace *ws, int record, bool ascii, int width, pl_view_model *vm)
{
    const pl_ws_record *r = pl_workspace_record(ws, record);
    if (!r->graded || r->error)
        return 0;
    pl_compare_part parts[2];
    int nparts = 0, rc = 0;
    if (r->iou && is_state_task(r->iou->task)) {
        rc = iou_part(r, &parts[0]) < 0 ? -1 : 1;
        nparts = rc > 0;
    } else if (r->acp && r->acp->task == PL_ACP_PROG) {
        pl_detail_cache cache = {0};
        rc = pl_detail_compare(r, &cache, parts, &nparts);
        pl_detail_cache_free(&cache);
        for (int i = 0; rc > 0 && i < nparts; i++)
            if (fallback_reasons(&parts[i].cmp, i ? "not made false by the action" : "not made true by the action") < 0)
                rc = -1;
    }
    if (rc <= 0) {
        for (int i = 0; i < nparts; i++)
            pl_set_comparison_free(&parts[i].cmp);
        return rc;
    }
    pl_vm_init(vm);
    describe_question(vm, r, ascii, width);
    int both = 0, missed = 0, wrong = 0, hallucinated = 0;
    for (int i = 0; i < nparts; i++) {
        part_lines(vm, &parts[i], ascii, width);
        both += parts[i].cmp.n_both;
        missed += parts[i].cmp.n_missed;
        wrong += parts[i].cmp.n_answer_only - parts[i].cmp.n_hallucinated;
        hallucinated += parts[i].cmp.n_hallucinated;
        pl_set_comparison_free(&parts[i].cmp);
    }
    pl_vm_set_title(vm, "%s answer", r->task);
    const char *dot = pl_sv_glyph(ascii, "·", "-");
    pl_vm_set_status(vm, "%d in both %s %d missed %s %d wrong %s %d hallucinated", both, dot, missed, dot, wrong, dot,
                     hallucinated);
    pl_sv_ascii_finish(vm, ascii);
    if (vm->oom) {
        pl_vm_free(vm);
        return -1;
    }
    return 1;
}
