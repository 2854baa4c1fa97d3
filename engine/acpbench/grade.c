/* Grading dispatch: parse the response as the official code does, then hand
 * it to the task's rule (grade_sets.c, grade_search.c); the failure mode
 * of a wrong answer is settled last. */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/choice.h"
#include "acpbench/grade_internal.h"

/* ---- parsing ---- */

static pl_acp_start start_of(pl_acp_task t)
{
    switch (t) {
    case PL_ACP_REACH:
    case PL_ACP_AREACH:
    case PL_ACP_LAND:
        return PL_ACP_START_ACT;
    case PL_ACP_NEXTA:
        return PL_ACP_START_ACTION_NAME;
    case PL_ACP_PROG:
        return PL_ACP_START_PROGRESSION_LIST;
    case PL_ACP_VAL:
        return PL_ACP_START_INDEX;
    default:
        return PL_ACP_START_ACTION_LIST;
    }
}

static cJSON *string_array(char *const *items, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++) {
        cJSON *s = cJSON_CreateString(items[i]);
        if (!s || !cJSON_AddItemToArray(a, s)) {
            cJSON_Delete(s);
            cJSON_Delete(a);
            return NULL;
        }
    }
    return a;
}

/* The parsed value as the official visitor's Python value, in JSON. */
static cJSON *parsed_json(pl_acp_start start, const pl_acp_parsed *p)
{
    if (!p->ok)
        return cJSON_CreateNull();
    switch (start) {
    case PL_ACP_START_ACTION_LIST:
        return string_array(p->items, p->count[0]);
    case PL_ACP_START_PROGRESSION_LIST: {
        cJSON *a = cJSON_CreateArray();
        for (int l = 0, off = 0; a && l < p->nlists; off += p->count[l], l++) {
            cJSON *list = string_array(p->items + off, p->count[l]);
            if (!list || !cJSON_AddItemToArray(a, list)) {
                cJSON_Delete(list);
                cJSON_Delete(a);
                return NULL;
            }
        }
        return a;
    }
    default:
        return cJSON_CreateString(p->count[0] ? p->items[0] : "");
    }
}

/* Runs the task's rewriting (prog, just) and the parser. */
static int parse_response(pl_acp_task task, const char *response, pl_acp_parsed *out)
{
    char *rewritten = task == PL_ACP_PROG ? pl_acp_rewrite_prog(response)
                      : task == PL_ACP_JUST ? pl_acp_rewrite_just(response)
                                            : NULL;
    if ((task == PL_ACP_PROG || task == PL_ACP_JUST) && !rewritten)
        return -1;
    int rc = pl_acp_parse(start_of(task), rewritten ? rewritten : response, out);
    free(rewritten);
    return rc;
}

/* ---- parse errors ---- */

/* Wrapping a bare answer may carry: blanks, markdown, quotes. */
static bool none_wrapping(char ch)
{
    return isspace((unsigned char)ch) || ch == '*' || ch == '`' || ch == '"' || ch == '\'' || ch == '_';
}

/* "none", "NONE.", " None! " or "**none**": None in any case, wrapped in
 * blanks, markdown or quotes, with trailing punctuation.  The official
 * parser knows only the exact keyword None; the sound verdict reads all of
 * these as None. */
static bool says_none(const char *response)
{
    const char *s = response;
    while (*s && none_wrapping(*s))
        s++;
    for (int i = 0; i < 4; i++)
        if (tolower((unsigned char)s[i]) != "none"[i])
            return false;
    for (s += 4; *s; s++)
        if (!none_wrapping(*s) && !strchr(".!?,;:", *s))
            return false;
    return true;
}

static bool none_task(pl_acp_task task)
{
    return task == PL_ACP_REACH || task == PL_ACP_AREACH || task == PL_ACP_LAND;
}

static bool none_is_right(const pl_acp_question *q)
{
    const cJSON *a = q->answer;
    if (q->task == PL_ACP_LAND)
        a = cJSON_GetObjectItemCaseSensitive(q->answer, "yes");
    return cJSON_IsArray(a) && cJSON_GetArraySize(a) == 0;
}

static void grade_parse_error(const pl_acp_question *q, const char *response, pl_acp_verdict *v)
{
    v->path = "parse-error";
    v->score = v->sound_score = 0;
    bool none = says_none(response), none_answer = none && none_task(q->task);
    if (none_answer && none_is_right(q)) {
        v->sound_score = 1;
        acp_reason(v, "the answer says None, which is right; the official parser accepts only the exact keyword "
                      "'None'");
    } else if (none_answer) {
        pl_failure_set(&v->failure, PL_FAIL_NONE_BUT_EXISTS, NULL, 0, "the answer says None");
    } else if (q->task == PL_ACP_VAL && none) {
        int step = cJSON_IsNumber(q->answer) ? q->answer->valueint + 1 : 0; /* the first failing step */
        pl_failure_set(&v->failure, PL_FAIL_VALID_CLAIMED, NULL, step, "the answer says None: no action fails");
    } else {
        pl_failure_set(&v->failure, PL_FAIL_NOTHING_EXTRACTED, NULL, 0, "the official parser found no answer");
    }
}

/* ---- bool and mcq ---- */

static int grade_choice(const pl_acp_question *q, const char *response, pl_acp_verdict *v)
{
    bool is_bool = q->format == PL_ACP_BOOL;
    char *got = is_bool ? pl_acp_extract_bool(response) : pl_acp_extract_mcq(response);
    if (!got)
        return -1;
    const char *gold = cJSON_IsString(q->answer) ? q->answer->valuestring : "";
    int m = is_bool ? pl_acp_bool_match(got, gold) : pl_acp_mcq_match(got, gold);
    v->parsed = cJSON_CreateString(got);
    free(got);
    if (m < 0 || !v->parsed)
        return -1;
    v->score = v->sound_score = m;
    v->path = m ? "exact-match" : "no-match";
    const char *chosen = v->parsed->valuestring;
    if (!m && !strcmp(chosen, "[invalid]"))
        pl_failure_set(&v->failure, PL_FAIL_NOTHING_EXTRACTED, NULL, 0, "no %s in the answer",
                       is_bool ? "yes or no" : "choice");
    else if (!m)
        pl_failure_set(&v->failure, PL_FAIL_WRONG_CHOICE, chosen, 0, "%s, not %s", chosen, gold);
    return 0;
}

/* ---- failures ---- */

static bool blank(const char *s)
{
    while (*s && isspace((unsigned char)*s))
        s++;
    return !*s;
}

/* The failure beside the final sound verdict: none when it is 1; an empty
 * answer whatever the task's grader found; and a kind for every 0 the
 * grader left without one (a question whose PDDL does not load). */
static void settle_failure(const char *response, pl_acp_verdict *v)
{
    if (v->sound_score)
        pl_failure_clear(&v->failure);
    else if (blank(response))
        pl_failure_set(&v->failure, PL_FAIL_EMPTY_ANSWER, NULL, 0, "the response is blank");
    else if (v->failure.kind == PL_FAIL_NONE)
        pl_failure_set(&v->failure, PL_FAIL_OTHER, v->path, 0, "wrong by the official rule %s", v->path);
}

/* ---- dispatch ---- */

static int grade_gen(pl_acp_grader *g, const pl_acp_question *q, const char *response, const pl_acp_parsed *p,
                     pl_acp_verdict *v, pl_error *err)
{
    switch (q->task) {
    case PL_ACP_APP:
        return acp_grade_app(g, q, p, v);
    case PL_ACP_PROG:
        return acp_grade_prog(g, q, p, v);
    case PL_ACP_REACH:
        return acp_grade_reach(g, q, p, v);
    case PL_ACP_AREACH:
        return acp_grade_areach(g, q, p, v);
    case PL_ACP_VAL:
        return acp_grade_val(g, q, p, response, v);
    case PL_ACP_JUST:
        return acp_grade_just(g, q, p, v);
    case PL_ACP_LAND:
        return acp_grade_land(g, q, p, v);
    case PL_ACP_NEXTA:
        return acp_grade_nexta(g, q, p, v);
    default:
        pl_error_set(err, PL_ERR_SEMANTIC, q->source, q->record, 0, "unknown task");
        return -1;
    }
}

/* A None the official parser rejects ("none", "NONE."): officially a parse
 * error, soundly the very verdict of the keyword None, so that every
 * spelling of None gets one sound verdict. */
static int grade_none_spelling(pl_acp_grader *g, const pl_acp_question *q, const char *response,
                               pl_acp_verdict *v, pl_error *err)
{
    char keyword[] = "None", *items[] = {keyword};
    pl_acp_parsed none = {.ok = true, .nlists = 1, .count = {1, 0}, .items = items};
    int rc = grade_gen(g, q, response, &none, v, err);
    v->path = "parse-error";
    v->score = 0;
    if (v->sound_score) {
        pl_failure_clear(&v->failure);
        acp_reason(v, "the answer says None, which is right; the official parser accepts only the exact keyword "
                      "'None'");
    } else {
        free(v->sound_reason); /* both 0: the keyword's reason explained its official verdict */
        v->sound_reason = NULL;
    }
    return rc;
}

/* An answer over PL_ACP_MAX_ITEMS: the official rule only (linear in the
 * items), then sound 0 as too-long.  Its items are all graded, never cut. */
static int grade_too_long(pl_acp_grader *g, const pl_acp_question *q, const char *response, const pl_acp_parsed *p,
                          pl_acp_verdict *v, pl_error *err)
{
    bool sound = g->opts.sound;
    g->opts.sound = false; /* the sound checks' work per item is what the cap bounds */
    int rc = grade_gen(g, q, response, p, v, err);
    g->opts.sound = sound;
    int n = p->count[0] + p->count[1];
    if (sound) {
        v->sound_score = 0;
        acp_reason(v, "the answer lists %d items, more than the %d graded soundly; the official score is computed", n,
                   PL_ACP_MAX_ITEMS);
    }
    pl_failure_clear(&v->failure); /* the official rule's item counts: not the sound grading's */
    if (!v->sound_score)
        pl_failure_set(&v->failure, PL_FAIL_TOO_LONG, NULL, 0, "%d items, more than the %d an answer may list", n,
                       PL_ACP_MAX_ITEMS);
    return rc;
}

int pl_acp_grade(pl_acp_grader *g, const pl_acp_question *q, const char *response, pl_acp_verdict *out,
                 pl_error *err)
{
    memset(out, 0, sizeof *out);
    if (q->format != PL_ACP_GEN) {
        int rc = grade_choice(q, response, out);
        acp_failure_reread_choice(q, response, out);
        settle_failure(response, out);
        return rc;
    }
    pl_acp_parsed p;
    if (parse_response(q->task, response, &p) < 0) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        return -1;
    }
    out->parsed = parsed_json(start_of(q->task), &p);
    int rc = 0;
    if (!p.ok && g->opts.sound && none_task(q->task) && says_none(response))
        rc = grade_none_spelling(g, q, response, out, err);
    else if (!p.ok)
        grade_parse_error(q, response, out);
    else if (p.count[0] + p.count[1] > PL_ACP_MAX_ITEMS)
        rc = grade_too_long(g, q, response, &p, out, err);
    else
        rc = grade_gen(g, q, response, &p, out, err);
    if (rc == 0)
        acp_failure_reread(g, q, start_of(q->task), response, &p, out, grade_gen);
    if (!g->opts.sound) {
        out->sound_score = out->score;
        free(out->sound_reason);
        out->sound_reason = NULL;
    }
    pl_acp_parsed_free(&p);
    if (rc < 0 && acp_cancelled(g)) {
        pl_error_clear(err);
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "grading cancelled");
    }
    if (rc < 0) {
        out->score = out->sound_score = 0;
        out->path = acp_cancelled(g) ? "cancelled" : "question-error";
    }
    settle_failure(response, out);
    return out->parsed ? rc : -1;
}

void pl_acp_verdict_clear(pl_acp_verdict *v)
{
    cJSON_Delete(v->parsed);
    free(v->sound_reason);
    pl_failure_clear(&v->failure);
    memset(v, 0, sizeof *v);
}
