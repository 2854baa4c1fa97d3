/* One exercise answer graded against its key entry, with the why
 * (exercises_mark.h says how each kind is graded). */
#define _POSIX_C_SOURCE 200809L /* strncasecmp */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acpbench/grade.h"
#include "teach/exercises_grade.h"
#include "teach/rpg_quiz.h"
#include "teach/start_state.h"

static const char *str(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The question's problem from the key: index and PDDL. */
static const cJSON *key_problem(const cJSON *key, const cJSON *q)
{
    const cJSON *index = cJSON_GetObjectItemCaseSensitive(q, "problem_index");
    return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(key, "problems"), cJSON_IsNumber(index) ? index->valueint : -1);
}

static int acp(pl_acp_grader *g, const cJSON *key, const cJSON *kq, pl_ex_kind kind, const char *path,
               const char *answer, int *score, char **why)
{
    const cJSON *rec = cJSON_GetObjectItemCaseSensitive(kq, "record");
    char group[64];
    snprintf(group, sizeof group, "%s_gen", pl_acp_task_group_prefix((pl_acp_task)kind));
    pl_acp_question q = {
        .id = (char *)str(rec, "id"), .group = group, .task = (pl_acp_task)kind, .format = PL_ACP_GEN,
        .context = (char *)str(rec, "context"), .question = (char *)str(rec, "question"),
        .domain_pddl = (char *)str(key, "domain_pddl"), .problem_pddl = (char *)str(key_problem(key, kq), "pddl"),
        .answer = cJSON_GetObjectItemCaseSensitive(kq, "answer"), .source = (char *)path, .record = 1,
    };
    if (!q.id || !q.question || !q.domain_pddl || !q.problem_pddl || !q.answer) {
        *why = pl_strdup("the key's entry for this question is incomplete");
        return *why ? 0 : -1;
    }
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    int rc = pl_acp_grade(g, &q, answer, &v, &err);
    pl_acp_grader_forget(g, &q);
    if (rc < 0 && err.code == PL_OK) /* out of memory */
        return -1;
    const char *model = str(kq, "model_answer");
    *score = rc == 0 && v.sound_score;
    if (rc < 0)
        *why = pl_strdup_printf("wrong: the question cannot be graded: %s", err.message ? err.message : "?");
    else if (v.sound_score)
        *why = pl_strdup_printf("right (official rule %s)%s%s", v.path, v.sound_reason ? "; " : "",
                                v.sound_reason ? v.sound_reason : "");
    else
        *why = pl_strdup_printf("wrong: %s%s%s; a right answer: %s", pl_failure_kind_label(v.failure.kind),
                                v.failure.detail ? ": " : "", v.failure.detail ? v.failure.detail : "",
                                model ? model : "?");
    if (rc == 0)
        pl_acp_verdict_clear(&v);
    pl_error_clear(&err);
    return *why ? 0 : -1;
}

/* A heuristic value as written: a number, or inf (infinity, dead end);
 * false when it is neither. */
static bool read_value(const char *s, long *value)
{
    if (!strcasecmp(s, "inf") || !strcasecmp(s, "infinity") || !strcmp(s, "∞") || !strcasecmp(s, "dead end")) {
        *value = -1;
        return true;
    }
    char *end;
    *value = strtol(s, &end, 10);
    return end != s && !*end && *value >= 0;
}

static int heuristic(const cJSON *kq, const char *answer, int *score, char **why)
{
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(kq, "answer");
    const char *model = str(kq, "model_answer"), *because = str(kq, "why");
    long wanted = cJSON_IsNumber(want) ? (long)want->valuedouble : -1, given;
    if (!read_value(answer, &given))
        *why = pl_strdup_printf("wrong: '%s' is not a number or inf; %s", answer, because ? because : "");
    else if (given == wanted)
        *why = pl_strdup_printf("right: %s", because ? because : "");
    else
        *why = pl_strdup_printf("wrong: %s, not %s; %s", answer, model ? model : "?", because ? because : "");
    *score = *why && !strncmp(*why, "right", 5);
    return *why ? 0 : -1;
}

/* The quiz's answer text for a level or plan answer. */
static char *quiz_text(pl_ex_kind kind, const cJSON *kq, const char *answer)
{
    if (kind == PL_EX_RPG_LEVEL)
        return pl_strdup_printf("level %s %s\n", str(kq, "atom") ? str(kq, "atom") : "?", answer);
    size_t len = strlen(answer);
    char *text = malloc(len * 6 + 8); /* at most one "plan " per '(' */
    if (!text)
        return NULL;
    char *w = text;
    int depth = 0;
    for (const char *c = answer; *c; c++) {
        if (*c == '(' && depth++ == 0)
            w += sprintf(w, "plan ");
        if (depth > 0)
            *w++ = *c == '\n' ? ' ' : *c;
        if (*c == ')' && depth > 0 && --depth == 0)
            *w++ = '\n';
    }
    *w = '\0';
    return text;
}

static int rpg(const cJSON *key, const cJSON *kq, pl_ex_kind kind, const char *path, const char *answer, int *score,
               char **why)
{
    const char *dtext = str(key, "domain_pddl"), *ptext = str(key_problem(key, kq), "pddl");
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    if (!dtext || !ptext ||
        pl_load_task_texts(dtext, strlen(dtext), "domain", ptext, strlen(ptext), "problem", &lt, NULL, &err) != PL_OK) {
        *why = pl_strdup_printf("the key's problem does not load: %s", err.message ? err.message : "missing");
        pl_error_clear(&err);
        return *why ? 0 : -1;
    }
    size_t len = 1;
    const cJSON *a, *atoms = cJSON_GetObjectItemCaseSensitive(kq, "state");
    cJSON_ArrayForEach(a, atoms) len += cJSON_IsString(a) ? strlen(a->valuestring) + 1 : 0;
    char *state_text = calloc(len, 1), *text = quiz_text(kind, kq, answer);
    cJSON_ArrayForEach(a, atoms) if (state_text && cJSON_IsString(a)) strcat(strcat(state_text, a->valuestring), "\n");
    uint64_t *state = pl_state_new(lt.task);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_rpg g;
    pl_quiz_result quiz;
    bool built = false, graded = false;
    int rc = -1;
    if (state_text && text && state && r) {
        rc = 0;
        if (pl_start_state_parse(lt.task, state_text, path, state, &err) != PL_OK)
            *why = pl_strdup_printf("the key's state does not parse: %s", err.message);
        else if (!(built = pl_rpg_build(lt.task, r, state, &g) == 0))
            rc = -1;
        else if (!(graded = pl_rpg_quiz_grade(lt.task, &g, text, path, &quiz, &err) == PL_OK))
            *why = pl_strdup_printf("wrong: %s", err.message ? err.message : "the answer cannot be read");
        else if (quiz.nitems == 0)
            *why = pl_strdup(kind == PL_EX_RPG_PLAN ? "wrong: no action in parentheses" : "wrong: no level given");
        else {
            const pl_quiz_item *it = &quiz.items[0];
            *score = it->right;
            if (it->right || kind == PL_EX_RPG_PLAN)
                *why = pl_strdup_printf("%s: %s", it->right ? "right" : "wrong", it->why);
            else
                *why = pl_strdup_printf("wrong: %s, first level %s: %s", it->answer, it->expected, it->why);
        }
        rc = rc == 0 && *why ? 0 : -1;
    }
    if (graded)
        pl_quiz_result_clear(&quiz);
    if (built)
        pl_rpg_clear(&g);
    pl_relaxed_free(r);
    free(state);
    free(text);
    free(state_text);
    pl_error_clear(&err);
    pl_loaded_task_free(&lt);
    return rc;
}

int ex_grade(pl_acp_grader *g, const cJSON *key, const cJSON *kq, pl_ex_kind kind, const char *path, const char *answer,
             int *score, char **why)
{
    *score = 0;
    *why = NULL;
    if (kind <= PL_EX_NEXTA)
        return acp(g, key, kq, kind, path, answer, score, why);
    if (kind <= PL_EX_HFF)
        return heuristic(kq, answer, score, why);
    return rpg(key, kq, kind, path, answer, score, why);
}
