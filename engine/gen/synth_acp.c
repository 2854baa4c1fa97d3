/* Synthetic responses to ACPBench's single-answer generative questions
 * (reach, areach, land, nexta) and the dispatch for the six tasks beyond app
 * and prog (docs/SYNTH.md). */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "gen/synth_internal.h"

/* A random item of the list as the answer writes it (reach stores atoms
 * without parentheses), or NULL for an empty list. */
static char *random_item(pl_synth *s, const cJSON *list, bool wrap)
{
    int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
    const char *item = n ? synth_string_at(list, synth_pick(s, n)) : NULL;
    if (!item)
        return NULL;
    if (!wrap || item[0] == '(')
        return pl_strdup(item);
    item += strspn(item, " \t\n"); /* the grader strips the stored atom */
    int len = (int)strlen(item);
    while (len > 0 && strchr(" \t\n", item[len - 1]))
        len--;
    return pl_strdup_printf("(%.*s)", len, item);
}

/* The `want`-th flat atom of the :init section that starts at init (not a
 * numeric "(= ...)" or a "(not ...)"): *at and *len set when found.  Returns
 * the number of such atoms seen. */
static int init_atoms(const char *init, int want, const char **at, size_t *len)
{
    int depth = 0, n = 0;
    const char *open = NULL;
    bool flat = true;
    for (const char *c = init; *c; c++) {
        if (*c == '(') {
            if (++depth == 2)
                open = c, flat = true;
            else if (depth > 2)
                flat = false;
        } else if (*c == ')') {
            if (--depth == 0)
                break;
            if (depth == 1 && flat && strncmp(open, "(=", 2) && n++ == want) {
                *at = open;
                *len = (size_t)(c + 1 - open);
            }
        }
    }
    return n;
}

/* A random atom true in the question's state (its problem's :init), or NULL. */
static char *true_atom(pl_synth *s, const char *problem)
{
    const char *init = problem ? strstr(problem, "(:init") : NULL;
    int n = init ? init_atoms(init, -1, NULL, NULL) : 0;
    const char *at = NULL;
    size_t len = 0;
    if (n)
        init_atoms(init, synth_pick(s, n), &at, &len);
    return at ? pl_strndup(at, len) : NULL;
}

/* An item that is wrong for the question, or NULL when there is none:
 * land, nexta: one of `no`; reach: an atom true now; areach: a correct
 * action with its arguments reversed. */
static char *wrong_item(pl_synth *s, const pl_acp_question *q, const char *correct)
{
    switch (q->task) {
    case PL_ACP_LAND:
    case PL_ACP_NEXTA:
        return random_item(s, cJSON_GetObjectItemCaseSensitive(q->answer, "no"), false);
    case PL_ACP_REACH:
        return true_atom(s, q->problem_pddl);
    default:
        return correct ? synth_reversed_args(correct) : NULL;
    }
}

/* reach, areach, land, nexta: one atom or action, or None. */
static char *single(pl_synth *s, const pl_acp_question *q)
{
    double p = s->error_rate;
    if (synth_chance(s, p / 4))
        return synth_prose(s);
    bool sets = q->task == PL_ACP_LAND || q->task == PL_ACP_NEXTA;
    const cJSON *right = sets ? cJSON_GetObjectItemCaseSensitive(q->answer, "yes") : q->answer;
    char *correct = random_item(s, right, q->task == PL_ACP_REACH), *wrong = wrong_item(s, q, correct), *answer;
    if (synth_chance(s, p / 2)) /* hallucinated object */
        answer = synth_invented(correct ? correct : wrong, s);
    else if (synth_chance(s, p)) /* wrong item; None when there is none and an item is right */
        answer = wrong ? pl_strdup(wrong) : correct ? pl_strdup("None") : synth_invented(NULL, s);
    else
        answer = pl_strdup(correct ? correct : "None");
    char *text = answer ? synth_styled(answer, synth_uniform(s)) : NULL;
    free(answer);
    free(correct);
    free(wrong);
    return text;
}

/* val: the index of the first inapplicable action. */
static char *val(pl_synth *s, const pl_acp_question *q)
{
    double p = s->error_rate;
    if (synth_chance(s, p / 4))
        return synth_prose(s);
    const cJSON *a = q->answer;
    long index = cJSON_IsNumber(a) ? (long)a->valuedouble : cJSON_IsString(a) ? strtol(a->valuestring, NULL, 10) : 0;
    if (index < 0)
        index = 0;
    if (synth_chance(s, p)) /* off by one */
        index += index == 0 || synth_chance(s, 0.5) ? 1 : -1;
    char *body = synth_chance(s, 0.5) ? pl_strdup_printf("The first inapplicable action is at index %ld.", index)
                                      : pl_strdup_printf("%ld", index);
    char *text = body ? synth_styled(body, synth_uniform(s)) : NULL;
    free(body);
    return text;
}

char *pl_synth_acp_response(pl_synth *s, const pl_acp_question *q)
{
    switch (q->task) {
    case PL_ACP_REACH:
    case PL_ACP_AREACH:
    case PL_ACP_LAND:
    case PL_ACP_NEXTA:
        return single(s, q);
    case PL_ACP_VAL:
        return val(s, q);
    case PL_ACP_JUST:
        return synth_just(s, q);
    default:
        return NULL;
    }
}
