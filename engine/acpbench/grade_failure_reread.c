/* The failure of a wrong generative answer, re-read (docs/ANALYSIS.md,
 * "Re-reading"): the response's stated answer (stated_answer.h) beside what
 * the official parser extracted.  The verdicts stay as graded; only the
 * failure changes:
 *  - no content at all ("[]", "()"): empty-answer;
 *  - the stated answer differs from the extraction and is right:
 *    misextracted (another span) or malformed (broken syntax);
 *  - it differs and is wrong, found after an answer marker or through broken
 *    syntax: the stated answer's own failure, the extraction in its detail;
 *  - nexta "None" (no answer for the official grammar) while an optimal next
 *    action exists: none-but-exists naming one;
 *  - a yes/no answer whose filter took the first yes or no of the prose while
 *    the answer marked ("Answer: yes", "**yes**") is right: misextracted. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acpbench/choice.h"
#include "acpbench/grade_internal.h"
#include "acpbench/stated_answer.h"

static bool same_items(const pl_acp_parsed *a, const pl_acp_parsed *b)
{
    if (!a->ok || !b->ok || a->nlists != b->nlists || a->count[0] != b->count[0] || a->count[1] != b->count[1])
        return false;
    for (int i = 0; i < a->count[0] + a->count[1]; i++)
        if (strcasecmp(a->items[i], b->items[i]) != 0)
            return false;
    return true;
}

/* Extractions longer than this are cut in a failure's detail (a list
 * repeated a hundred times would fill a screen). */
#define TOOK_MAX 120

/* What the official parser took, as text, cut after TOOK_MAX bytes (at a
 * character boundary, "…" added); owned, NULL when out of memory. */
static char *extraction_text(const pl_acp_verdict *v)
{
    char *json = cJSON_IsString(v->parsed) || !v->parsed ? NULL : cJSON_PrintUnformatted(v->parsed);
    const char *text = cJSON_IsString(v->parsed) ? v->parsed->valuestring : json ? json : "null";
    size_t n = strlen(text);
    bool cut = n > TOOK_MAX;
    if (cut)
        for (n = TOOK_MAX; n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80; n--)
            ;
    char *out = cut ? pl_strdup_printf("%.*s…", (int)n, text) : pl_strdup(text);
    cJSON_free(json);
    return out;
}

static void nexta_none(pl_acp_grader *g, const pl_acp_question *q, pl_acp_verdict *v)
{
    pl_acp_verdict scratch = {0};
    acp_question_cache *c = acp_task_for(g, q, &scratch);
    pl_acp_verdict_clear(&scratch);
    pl_limits lim = acp_limits(g->opts.sound_seconds);
    int a = c ? acp_optimal_next_action(c, &lim) : -1;
    if (a >= 0)
        pl_failure_set(&v->failure, PL_FAIL_NONE_BUT_EXISTS, NULL, 0, "the answer says None; %s starts an optimal plan",
                       c->lt.task->actions[a].name);
}

/* The stated answer graded as if the official parser had extracted it. */
static void reread(pl_acp_grader *g, const pl_acp_question *q, pl_acp_start start, const pl_acp_stated *st,
                   const pl_acp_parsed *p, pl_acp_verdict *v, acp_grade_fn grade)
{
    pl_acp_parsed sp;
    if (pl_acp_parse(start, st->text, &sp) < 0)
        return;
    pl_acp_verdict w = {0};
    pl_error err = PL_ERROR_INIT;
    bool malformed = st->kind == PL_ACP_STATED_MALFORMED;
    if (sp.ok && !same_items(p, &sp) && grade(g, q, st->text, &sp, &w, &err) == 0) {
        char *took = extraction_text(v);
        char *key = cJSON_IsString(v->parsed) && !malformed ? acp_head(v->parsed->valuestring) : NULL;
        if (w.sound_score && malformed)
            pl_failure_set(&v->failure, PL_FAIL_MALFORMED, st->why, 0,
                           "read as %s (%s), which is right; the official parser took %s", st->text, st->why,
                           took ? took : "?");
        else if (w.sound_score)
            pl_failure_set(&v->failure, PL_FAIL_MISEXTRACTED, key, 0,
                           "the official parser took %s; the answer states %s, which is right", took ? took : "?",
                           st->text);
        else if ((st->marked || malformed) && w.failure.kind != PL_FAIL_NONE) {
            pl_failure_copy(&v->failure, &w.failure);
            char *detail = pl_strdup_printf("%s (the answer states %s; the official parser took %s)",
                                            w.failure.detail ? w.failure.detail : "wrong", st->text, took ? took : "?");
            if (detail) {
                free(v->failure.detail);
                v->failure.detail = detail;
            }
        }
        free(key);
        free(took);
    }
    pl_error_clear(&err);
    pl_acp_verdict_clear(&w);
    pl_acp_parsed_free(&sp);
}

void acp_failure_reread(pl_acp_grader *g, const pl_acp_question *q, pl_acp_start start, const char *response,
                        const pl_acp_parsed *p, pl_acp_verdict *v, acp_grade_fn grade)
{
    if (!g->opts.sound || v->sound_score || v->failure.kind == PL_FAIL_TOO_LONG)
        return;
    pl_acp_stated st;
    pl_acp_stated_answer(start, response, &st);
    if (st.kind == PL_ACP_STATED_EMPTY)
        pl_failure_set(&v->failure, PL_FAIL_EMPTY_ANSWER, NULL, 0, "the answer has no content");
    else if (q->task == PL_ACP_NEXTA && st.text && !strcmp(st.text, "None"))
        nexta_none(g, q, v);
    else if (st.text)
        reread(g, q, start, &st, p, v, grade);
    pl_acp_stated_clear(&st);
}

void acp_failure_reread_choice(const pl_acp_question *q, const char *response, pl_acp_verdict *v)
{
    const char *stated = q->format == PL_ACP_BOOL && !v->sound_score ? pl_acp_stated_yes_no(response) : NULL;
    const char *gold = cJSON_IsString(q->answer) ? q->answer->valuestring : "";
    const char *took = cJSON_IsString(v->parsed) ? v->parsed->valuestring : "?";
    if (stated && strcmp(took, "[invalid]") != 0 && pl_acp_bool_match(stated, gold) == 1)
        pl_failure_set(&v->failure, PL_FAIL_MISEXTRACTED, took, 0,
                       "the official filter took %s, the first yes or no of the text; the answer states %s, which is "
                       "right",
                       took, stated);
}
