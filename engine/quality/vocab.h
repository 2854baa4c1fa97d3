/* The plan-quality metrics compare actions as exact strings and their names
 * and parameters as the pieces of `str.split(' ')` (spec plan-quality.md §0).
 * A vocabulary interns both once per case, so that every later comparison —
 * thousands of candidate plans in the π1 search — is an integer compare:
 * a plan is an array of action ids.  It also caches, per action, how the
 * VAL emulation reads it, and the name similarities asked for. */
#ifndef PL_QUALITY_VOCAB_H
#define PL_QUALITY_VOCAB_H

#include <stdbool.h>

#include "quality/name_similarity.h"
#include "task/task.h"

/* How VAL reads one plan line (exec.c). */
typedef enum {
    PL_QV_UNRESOLVED = 0,
    PL_QV_DROPPED,      /* no parenthesised action: VAL's plan reader skips the line */
    PL_QV_GROUND,       /* names a ground action of the task */
    PL_QV_NEVER,        /* well-formed but never applicable (unknown object, static precondition) */
    PL_QV_BAD_OPERATOR, /* no such action name: VAL rejects the whole plan */
    PL_QV_CRASH         /* too few arguments, or unreadable: VAL aborts without a verdict */
} pl_qval_kind;

typedef struct {
    const char *text;  /* the action exactly as written */
    int name;          /* token id of piece 0 */
    int *params;       /* token ids of pieces 1.. */
    int nparams;
    pl_qval_kind val;  /* resolved on first use by quality_exec */
    int ground;        /* PL_QV_GROUND: ground action id */
    int echo;          /* action id of VAL's echo of the failing step, or -1 */
    bool ends_plan;    /* a stray ')' after the action: VAL's plan reader stops after it */
} pl_qaction;

typedef struct pl_qvocab pl_qvocab;

/* `sim` is borrowed and may be NULL (every cross-name similarity is then 0). */
pl_qvocab *pl_qvocab_new(const pl_task *task, pl_name_sim *sim, pl_similarity_version version);
void pl_qvocab_free(pl_qvocab *v);

const pl_task *pl_qvocab_task(const pl_qvocab *v);
/* The id of an action string (interned on first sight), or -1 when out of memory. */
int pl_qvocab_action(pl_qvocab *v, const char *text);
/* The id of "(t0 t1 ...)" built from tokens as the official code formats a
 * remapped action: "(" + t0 + " " + " ".join(rest) + ")". */
int pl_qvocab_action_from_tokens(pl_qvocab *v, const int *tokens, int n);
const pl_qaction *pl_qvocab_get(const pl_qvocab *v, int id);
pl_qaction *pl_qvocab_get_mut(pl_qvocab *v, int id);
const char *pl_qvocab_token(const pl_qvocab *v, int token);
int pl_qvocab_ntokens(const pl_qvocab *v);
/* Token id of a string, interning it; -1 when out of memory. */
int pl_qvocab_token_id(pl_qvocab *v, const char *s, int len);
/* WuP(name of LLM action, name of GT action) under the vocabulary's version, memoised. */
double pl_qvocab_name_sim(pl_qvocab *v, int llm_name, int gt_name);
bool pl_qvocab_failed(const pl_qvocab *v); /* an allocation failed at some point */

#endif
