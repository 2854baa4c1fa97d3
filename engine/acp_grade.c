/* Grading dispatch: parse the response as the official code does, then hand
 * it to the task's rule; plus the per-question cache. */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acp_choice.h"
#include "acp_grade_internal.h"

pl_acp_grade_options pl_acp_grade_default_options(void)
{
    return (pl_acp_grade_options){3.0, 5.0, 10.0, true};
}

pl_acp_grader *pl_acp_grader_new(const pl_acp_grade_options *options)
{
    pl_acp_grader *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->opts = options ? *options : pl_acp_grade_default_options();
    return g;
}

static void cache_clear(acp_question_cache *c)
{
    if (c->has_landmarks)
        pl_landmark_checker_free(&c->landmarks);
    pl_relaxed_free(c->relaxed);
    free(c->next_action);
    free(c->official_next);
    if (c->load_status > 0)
        pl_loaded_task_free(&c->lt);
    pl_error_clear(&c->load_error);
}

void pl_acp_grader_free(pl_acp_grader *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->cap; i++)
        if (g->caches[i].q)
            cache_clear(&g->caches[i]);
    free(g->caches);
    free(g);
}

static size_t slot_of(const pl_acp_question *q, int cap)
{
    uintptr_t h = (uintptr_t)q;
    h ^= h >> 17;
    h *= (uintptr_t)0x9e3779b97f4a7c15u;
    return (size_t)(h >> 7) & (size_t)(cap - 1);
}

static acp_question_cache *find_slot(acp_question_cache *caches, int cap, const pl_acp_question *q)
{
    size_t i = slot_of(q, cap);
    while (caches[i].q && caches[i].q != q)
        i = (i + 1) & (size_t)(cap - 1);
    return &caches[i];
}

static int grow(pl_acp_grader *g)
{
    int cap = g->cap ? 2 * g->cap : 64;
    acp_question_cache *caches = calloc((size_t)cap, sizeof *caches);
    if (!caches)
        return -1;
    for (int i = 0; i < g->cap; i++)
        if (g->caches[i].q)
            *find_slot(caches, cap, g->caches[i].q) = g->caches[i];
    free(g->caches);
    g->caches = caches;
    g->cap = cap;
    return 0;
}

/* 1 when the question's task is loaded into c, else -1 with c->load_error set.
 * PDDL errors are located as "<file>[record N].PDDL_problem:line:col". */
static int load_question_task(acp_question_cache *c, const pl_acp_question *q)
{
    if (!q->domain_pddl || !q->problem_pddl) {
        pl_error_set(&c->load_error, PL_ERR_SEMANTIC, q->source, q->record, 0, "question %s has no PDDL", q->id);
        return -1;
    }
    char *dname = pl_strdup_printf("%s[record %d].PDDL_domain", q->source ? q->source : "?", q->record);
    char *pname = pl_strdup_printf("%s[record %d].PDDL_problem", q->source ? q->source : "?", q->record);
    int rc = dname && pname &&
                     pl_load_task_texts(q->domain_pddl, strlen(q->domain_pddl), dname, q->problem_pddl,
                                        strlen(q->problem_pddl), pname, &c->lt, NULL, &c->load_error) == PL_OK
                 ? 1
                 : -1;
    free(dname);
    free(pname);
    if (rc > 0 && !(c->relaxed = pl_relaxed_new(c->lt.task))) {
        pl_loaded_task_free(&c->lt);
        rc = -1;
    }
    if (rc < 0 && !c->load_error.message)
        pl_error_set(&c->load_error, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    return rc;
}

acp_question_cache *acp_cache_get(pl_acp_grader *g, const pl_acp_question *q, pl_error *err)
{
    if ((g->used + 1) * 2 > g->cap && grow(g) < 0) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        return NULL;
    }
    acp_question_cache *c = find_slot(g->caches, g->cap, q);
    if (!c->q) {
        c->q = q;
        g->used++;
    }
    if (c->load_status == 0)
        c->load_status = load_question_task(c, q);
    if (c->load_status < 0) {
        pl_error_set(err, c->load_error.code, c->load_error.file, c->load_error.line, c->load_error.column, "%s",
                     c->load_error.message ? c->load_error.message : "out of memory");
        return NULL;
    }
    return c;
}

acp_question_cache *acp_task_for(pl_acp_grader *g, const pl_acp_question *q, pl_acp_verdict *v)
{
    pl_error err = PL_ERROR_INIT;
    acp_question_cache *c = acp_cache_get(g, q, &err);
    if (!c) {
        char *msg = pl_error_format(&err);
        acp_reason(v, "no sound check: the question's PDDL does not load (%s)", msg ? msg : "out of memory");
        free(msg);
    }
    pl_error_clear(&err);
    return c;
}

int acp_cache_mutexes(acp_question_cache *c)
{
    if (!c->has_mutexes) {
        if (pl_relaxed_add_mutexes(c->relaxed) != 0)
            return -1;
        c->has_mutexes = true;
    }
    return 0;
}

pl_landmark_checker *acp_cache_landmarks(acp_question_cache *c, const pl_limits *lim)
{
    if (!c->has_landmarks) {
        if (pl_landmark_checker_init(&c->landmarks, c->lt.task, c->relaxed, c->lt.task->init, lim) != 0)
            return NULL;
        c->has_landmarks = true;
    }
    return &c->landmarks;
}

pl_answer acp_cache_hstar(acp_question_cache *c, const pl_limits *lim, long long *hstar)
{
    if (!c->has_hstar) {
        c->hstar_known = pl_optimal_cost(c->lt.task, c->relaxed, c->lt.task->init, lim, &c->hstar, NULL);
        c->has_hstar = true;
    }
    *hstar = c->hstar;
    return c->hstar_known;
}

pl_answer acp_cache_next_action(acp_question_cache *c, int action, const pl_limits *lim, long long *hstar)
{
    const pl_task *t = c->lt.task;
    if (acp_cache_hstar(c, lim, hstar) != PL_YES)
        return PL_UNKNOWN;
    if (!c->next_action) {
        c->next_action = malloc((size_t)t->nactions + 1);
        if (!c->next_action)
            return PL_UNKNOWN;
        memset(c->next_action, -1, (size_t)t->nactions + 1);
    }
    if (c->next_action[action] < 0)
        c->next_action[action] = (signed char)pl_is_next_action(t, c->relaxed, t->init, action, *hstar, lim);
    return (pl_answer)c->next_action[action];
}

pl_limits acp_limits(double seconds)
{
    return (pl_limits){0, seconds, 0};
}

char *acp_lower(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        out[i] = (s[i] >= 'A' && s[i] <= 'Z') ? (char)(s[i] - 'A' + 'a') : s[i];
    return out;
}

void acp_reason(pl_acp_verdict *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    free(v->sound_reason);
    v->sound_reason = s;
}

bool acp_in_list_lower(const cJSON *list, const char *lower)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        if (!cJSON_IsString(it))
            continue;
        const char *a = it->valuestring, *b = lower;
        while (*a && tolower((unsigned char)*a) == *b)
            a++, b++;
        if (!*a && !*b)
            return true;
    }
    return false;
}

static bool contains(char *const *set, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(set[i], s))
            return true;
    return false;
}

static int distinct(char *const *set, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += !contains(set, i, set[i]);
    return k;
}

double acp_jaccard(char *const *a, int na, char *const *b, int nb)
{
    int inter = 0;
    for (int i = 0; i < na; i++)
        inter += !contains(a, i, a[i]) && contains(b, nb, a[i]);
    int uni = distinct(a, na) + distinct(b, nb) - inter;
    return uni ? (double)inter / uni : 1.0;
}

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

/* "none", "NONE." or "**none**": the official parser knows only the exact
 * keyword None; the sound verdict reads these as None too. */
static bool says_none(const char *response)
{
    const char *s = response;
    while (*s && (isspace((unsigned char)*s) || *s == '*' || *s == '`'))
        s++;
    for (int i = 0; i < 4; i++)
        if (tolower((unsigned char)s[i]) != "none"[i])
            return false;
    for (s += 4; *s; s++)
        if (!(isspace((unsigned char)*s) || *s == '*' || *s == '`' || *s == '.'))
            return false;
    return true;
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
    bool none_task = q->task == PL_ACP_REACH || q->task == PL_ACP_AREACH || q->task == PL_ACP_LAND;
    if (none_task && says_none(response) && none_is_right(q)) {
        v->sound_score = 1;
        acp_reason(v, "the answer says None, which is right; the official parser accepts only the exact keyword "
                      "'None'");
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
    return 0;
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

int pl_acp_grade(pl_acp_grader *g, const pl_acp_question *q, const char *response, pl_acp_verdict *out,
                 pl_error *err)
{
    memset(out, 0, sizeof *out);
    if (q->format != PL_ACP_GEN)
        return grade_choice(q, response, out);
    pl_acp_parsed p;
    if (parse_response(q->task, response, &p) < 0) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        return -1;
    }
    out->parsed = parsed_json(start_of(q->task), &p);
    int rc = 0;
    if (!p.ok)
        grade_parse_error(q, response, out);
    else
        rc = grade_gen(g, q, response, &p, out, err);
    if (!g->opts.sound) {
        out->sound_score = out->score;
        free(out->sound_reason);
        out->sound_reason = NULL;
    }
    pl_acp_parsed_free(&p);
    if (rc < 0) {
        out->score = out->sound_score = 0;
        out->path = "question-error";
    }
    return out->parsed ? rc : -1;
}

void pl_acp_grader_forget(pl_acp_grader *g, const pl_acp_question *q)
{
    if (!g->cap)
        return;
    acp_question_cache *c = find_slot(g->caches, g->cap, q);
    if (!c->q)
        return;
    cache_clear(c);
    memset(c, 0, sizeof *c);
    /* Re-insert the run after the emptied slot so probing still finds it. */
    for (size_t i = (size_t)(c - g->caches + 1) & (size_t)(g->cap - 1); g->caches[i].q;
         i = (i + 1) & (size_t)(g->cap - 1)) {
        acp_question_cache moved = g->caches[i];
        memset(&g->caches[i], 0, sizeof moved);
        *find_slot(g->caches, g->cap, moved.q) = moved;
    }
    g->used--;
}

void pl_acp_verdict_clear(pl_acp_verdict *v)
{
    cJSON_Delete(v->parsed);
    free(v->sound_reason);
    memset(v, 0, sizeof *v);
}
