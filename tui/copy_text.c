#include "copy_text.h"

#include <stdlib.h>
#include <string.h>

#include "base/error.h"

const char *tui_part_name(tui_part part)
{
    static const char *const names[] = {"id", "answer", "plan", "question", "context", "everything"};
    return (unsigned)part <= TUI_PART_ALL ? names[part] : "?";
}

char *tui_join_lines(const char *const *lines, int n)
{
    size_t size = 1;
    for (int i = 0; i < n; i++)
        size += strlen(lines[i]) + 1;
    char *out = malloc(size), *at = out;
    for (int i = 0; out && i < n; i++) {
        size_t k = strlen(lines[i]);
        memcpy(at, lines[i], k);
        at += k;
        *at++ = '\n';
    }
    if (out)
        *at = '\0';
    return out;
}

/* The plan of a plan answer or case, in the model's order; NULL when none. */
static char *plan_of(const pl_ws_record *r)
{
    if (r->pcase)
        return tui_join_lines((const char *const *)r->pcase->llm, r->pcase->nllm);
    if (r->iou && r->is_distance && r->iou_v.list.ok)
        return tui_join_lines((const char *const *)r->iou_v.list.items, r->iou_v.list.count);
    return NULL;
}

/* The context, with the PDDL of domain and problem when the data has it. */
static char *context_of(const pl_ws_record *r)
{
    const char *domain = r->pcase ? r->pcase->domain_text : r->iou ? r->iou->pddl_domain : r->acp ? r->acp->domain_pddl : NULL;
    const char *problem = r->pcase ? r->pcase->problem_text : r->iou ? r->iou->pddl_problem : r->acp ? r->acp->problem_pddl : NULL;
    const char *context = r->iou ? r->iou->context : r->acp ? r->acp->context : r->resp->context;
    if (domain && problem)
        return context && !r->pcase ? pl_strdup_printf("%s\n\n%s\n\n%s\n", context, domain, problem)
                                    : pl_strdup_printf("%s\n\n%s\n", domain, problem);
    return context ? pl_strdup(context) : NULL;
}

static const char *question_of(const pl_ws_record *r)
{
    return r->iou ? r->iou->question : r->acp ? r->acp->question : r->pcase ? "A plan for this problem." : r->resp->question;
}

/* Appends "## title\n\ntext\n\n" when there is text. */
static char *section(char *doc, const char *title, const char *text)
{
    if (!doc || !text)
        return doc;
    char *longer = pl_strdup_printf("%s## %s\n\n%s%s\n", doc, title, text, *text && text[strlen(text) - 1] == '\n' ? "" : "\n");
    free(doc);
    return longer;
}

static char *everything(const pl_ws_record *r)
{
    char *doc = pl_strdup_printf("# %s\n\nrun %s, domain %s, task %s, epoch %d\nfile %s\n\n", r->id, r->model, r->domain,
                                 r->task, r->epoch, r->resp->source ? r->resp->source : "-");
    char *plan = plan_of(r), *context = context_of(r);
    doc = section(doc, "Question", question_of(r));
    doc = section(doc, "The model's own words", r->resp->raw);
    doc = section(doc, r->resp->raw ? "Extracted answer" : "Answer", r->resp->error ? r->resp->error : r->resp->response);
    doc = section(doc, "Plan (one action a line)", plan);
    doc = section(doc, "Reasoning", r->resp->reasoning);
    doc = section(doc, "Prompt", r->resp->prompt);
    doc = section(doc, "Context", context);
    free(plan);
    free(context);
    return doc;
}

char *tui_record_part(const pl_workspace *ws, int record, tui_part part)
{
    if (record < 0 || record >= pl_workspace_count(ws))
        return NULL;
    const pl_ws_record *r = pl_workspace_record(ws, record);
    switch (part) {
    case TUI_PART_ID:
        return pl_strdup(r->id);
    case TUI_PART_ANSWER:
        return pl_strdup(r->resp->error ? r->resp->error : r->resp->response);
    case TUI_PART_PLAN:
        return plan_of(r);
    case TUI_PART_QUESTION:
        return question_of(r) ? pl_strdup(question_of(r)) : NULL;
    case TUI_PART_CONTEXT:
        return context_of(r);
    case TUI_PART_ALL:
        return everything(r);
    }
    return NULL;
}

char *tui_vm_text(const pl_view_model *vm)
{
    char **lines = calloc((size_t)vm->nlines + 1, sizeof *lines);
    for (int i = 0; lines && i < vm->nlines; i++)
        if (!(lines[i] = pl_vm_line_text(&vm->lines[i]))) {
            for (int j = 0; j < i; j++)
                free(lines[j]);
            free(lines);
            return NULL;
        }
    char *text = lines ? tui_join_lines((const char *const *)lines, vm->nlines) : NULL;
    for (int i = 0; lines && i < vm->nlines; i++)
        free(lines[i]);
    free(lines);
    return text;
}

char *tui_base64(const unsigned char *data, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc((n + 2) / 3 * 4 + 1), *at = out;
    for (size_t i = 0; out && i < n; i += 3) {
        unsigned v = (unsigned)data[i] << 16 | (i + 1 < n ? (unsigned)data[i + 1] << 8 : 0) | (i + 2 < n ? data[i + 2] : 0);
        *at++ = digits[v >> 18 & 63];
        *at++ = digits[v >> 12 & 63];
        *at++ = i + 1 < n ? digits[v >> 6 & 63] : '=';
        *at++ = i + 2 < n ? digits[v & 63] : '=';
    }
    if (out)
        *at = '\0';
    return out;
}

char *tui_osc52(const char *text, bool in_tmux)
{
    char *b64 = tui_base64((const unsigned char *)text, strlen(text));
    char *seq = !b64       ? NULL
                : in_tmux ? pl_strdup_printf("\033]52;c;%s\a\033Ptmux;\033\033]52;c;%s\a\033\\", b64, b64)
                          : pl_strdup_printf("\033]52;c;%s\a", b64);
    free(b64);
    return seq;
}
