/* The question bank (question_bank.h): the questions loaded, listed and
 * shown one at a time, without a run that answers them. */
#include "question_bank.h"

#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "base/error.h"
#include "table.h"

enum { COL_GROUP, COL_DOMAIN, COL_ID, COL_QUESTION };

/* The question on one line: every run of white space one blank. */
static char *one_line(const char *text)
{
    char *out = malloc(strlen(text) + 1), *o = out;
    if (!out)
        return NULL;
    bool blank = true; /* leading white space dropped */
    for (const char *p = text; *p; p++) {
        bool space = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
        if (space && !blank)
            *o++ = ' ';
        else if (!space)
            *o++ = *p;
        blank = space;
    }
    if (o > out && o[-1] == ' ')
        o--;
    *o = '\0';
    return out;
}

void pl_view_question_bank(const pl_workspace *ws, int width, bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    const pl_acp_questions *qs = pl_workspace_acp_questions(ws);
    int n = qs ? qs->count : 0;
    char **domains = calloc((size_t)n + 1, sizeof *domains), **texts = calloc((size_t)n + 1, sizeof *texts);
    pl_table t;
    pl_table_init(&t, ascii);
    pl_table_add(&t, "group", PL_ALIGN_LEFT, true, 8);
    pl_table_add(&t, "domain", PL_ALIGN_LEFT, true, 6);
    pl_table_add(&t, "id", PL_ALIGN_LEFT, true, 6);
    int qcol = pl_table_add(&t, "question", PL_ALIGN_LEFT, true, 12);
    t.cols[qcol].tail_cut = true;
    for (int i = 0; domains && texts && i < n; i++) {
        const pl_acp_question *q = &qs->items[i];
        domains[i] = pl_acp_question_domain(q);
        texts[i] = one_line(q->question ? q->question : "");
        if (!domains[i] || !texts[i]) {
            vm->oom = true;
            break;
        }
        pl_table_measure(&t, COL_GROUP, q->group);
        pl_table_measure(&t, COL_DOMAIN, domains[i]);
        pl_table_measure(&t, COL_ID, q->id);
        pl_table_measure(&t, COL_QUESTION, texts[i]);
    }
    pl_vm_set_title(vm, "questions");
    if (!domains || !texts || vm->oom) {
        vm->oom = true;
    } else {
        pl_table_fit(&t, width);
        pl_vm_line(vm, -1);
        pl_table_header(&t, vm);
        vm->nfixed = 1;
        for (int i = 0; i < n; i++) {
            const pl_acp_question *q = &qs->items[i];
            pl_vm_line(vm, i);
            pl_table_cell(&t, COL_GROUP, vm, ROLE_TEXT, q->group);
            pl_table_cell(&t, COL_DOMAIN, vm, ROLE_TEXT, domains[i]);
            pl_table_cell(&t, COL_ID, vm, ROLE_TEXT, q->id);
            pl_table_cell(&t, COL_QUESTION, vm, ROLE_DIM, texts[i]);
        }
        if (!n) {
            pl_vm_line(vm, -1);
            pl_vm_span(vm, ROLE_DIM, "no ACPBench questions loaded");
        }
    }
    for (int i = 0; domains && i < n; i++)
        free(domains[i]);
    for (int i = 0; texts && i < n; i++)
        free(texts[i]);
    free(domains);
    free(texts);
    pl_vm_set_status(vm, "%d question%s %s no run: nothing to grade", n, PL_PLURAL(n), ascii ? "-" : "\u00b7");
}

static void section(pl_view_model *vm, const char *title)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", title);
}

void pl_view_bank_question(const pl_workspace *ws, int question, int width, bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    const pl_acp_questions *qs = pl_workspace_acp_questions(ws);
    if (!qs || question < 0 || question >= qs->count) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_ERROR, "no such question");
        return;
    }
    const pl_acp_question *q = &qs->items[question];
    const char *dot = ascii ? "-" : "\u00b7";
    char *domain = pl_acp_question_domain(q);
    pl_vm_set_title(vm, "%s", q->id);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s %s %s %s %s", q->group, dot, domain ? domain : "?", dot, q->id);
    pl_vm_span(vm, ROLE_DIM, " %s no answers", dot); /* short: the line fits 80 columns with a 19-digit id */
    vm->nfixed = 1;
    free(domain);
    section(vm, "Question");
    pl_vm_wrapped(vm, ROLE_TEXT, q->question ? q->question : "(none)", width, 2);
    if (q->choices) {
        section(vm, "Choices");
        pl_view_answer_lines(vm, q->choices, PL_ACP_NTASKS, width, ascii);
    }
    section(vm, "Ground truth (stored answer)");
    pl_view_answer_lines(vm, q->answer, q->task, width, ascii);
    section(vm, "Context");
    pl_vm_wrapped(vm, ROLE_TEXT, q->context ? q->context : "(none)", width, 2);
    pl_vm_set_status(vm, "%s, record %d", q->source ? q->source : "", q->record);
}
