/* Failure modes: why an answer's sound verdict is 0, as a value that can be
 * counted (docs/ANALYSIS.md lists every kind with an example).
 *
 * A failure is {kind, key, step, detail}: `kind` from the small taxonomy
 * below, `key` what the mistake is about (an action schema, a predicate
 * "schema: predicate", a cost gap "+2", a goal count "2 goals"), `step` the
 * 1-based plan step it happened at (0: none), `detail` one readable line.
 * The graders and the validator fill it from what they computed (sets,
 * traces, search answers), never from their free-text reasons.  A right
 * answer has kind PL_FAIL_NONE.
 *
 * Set answers also count their items per item kind (`items`); the kind is
 * then the dominant one (most items; ties go to the earlier kind in the
 * enum, hallucinations before misses). */
#ifndef PL_BASE_FAILURE_H
#define PL_BASE_FAILURE_H

#include <stdbool.h>

typedef enum {
    PL_FAIL_NONE = 0,
    /* any task */
    PL_FAIL_EMPTY_ANSWER,        /* the response is empty or blank */
    PL_FAIL_NOTHING_EXTRACTED,   /* the parser found no answer in it */
    PL_FAIL_PARTLY_EXTRACTED,    /* some parts of the answer could not be read */
    PL_FAIL_MISEXTRACTED,        /* the official parser took a span that is not the stated answer, which is right */
    PL_FAIL_MALFORMED,           /* the right answer in broken syntax ("((None", unbalanced parentheses) */
    PL_FAIL_TOO_LONG,            /* more items than an answer may list (PL_ACP_MAX_ITEMS): not graded soundly */
    PL_FAIL_WRONG_CHOICE,        /* bool / multiple choice: another option */
    /* set answers: per-item kinds (counted in pl_failure.items) */
    PL_FAIL_NOT_APPLICABLE,      /* an action named is not applicable (app; nexta: key the false predicate) */
    PL_FAIL_NOT_AN_EFFECT,       /* a fact named is not an effect of the action (prog) */
    PL_FAIL_NOT_IN_STATE,        /* a fact named does not hold (state answers) */
    PL_FAIL_WRONG_SIGN,          /* a fact listed as added that is deleted, or the reverse (prog) */
    PL_FAIL_UNKNOWN_NAME,        /* an item names no action / predicate / object of the task */
    PL_FAIL_TYPE_MISMATCH,       /* every name exists, an argument is of the wrong type (swapped arguments) */
    PL_FAIL_WRONG_ARITY,         /* every name exists, too few or too many arguments */
    PL_FAIL_DUPLICATES,          /* an item listed twice */
    PL_FAIL_MISSED_ITEMS,        /* an item of the truth is missing */
    /* reach / areach / land / just / val */
    PL_FAIL_REACHABLE,           /* the fact (action) named is reachable (applicable) after all */
    PL_FAIL_STATIC_OR_INITIAL,   /* the fact named is static or true initially */
    PL_FAIL_NOT_A_LANDMARK,      /* a plan avoids the fact named */
    PL_FAIL_NONE_BUT_EXISTS,     /* "None", but an answer exists (nexta: an optimal next action) */
    PL_FAIL_NOT_REMOVABLE,       /* just: removing the action(s) named breaks the plan */
    PL_FAIL_NOTHING_REMOVED,     /* just: the answer keeps every action of the plan */
    PL_FAIL_NOT_A_SUBSEQUENCE,   /* just: the answer is not the plan with actions left out */
    PL_FAIL_INDEX_TOO_EARLY,     /* val: the index names an executable step */
    PL_FAIL_INDEX_TOO_LATE,      /* val: the index is after the first failing step */
    PL_FAIL_VALID_CLAIMED,       /* val: "valid" (or no index) for an invalid plan */
    PL_FAIL_INVALID_CLAIMED,     /* val: an index for a valid plan */
    /* nexta */
    PL_FAIL_NOT_OPTIMAL,         /* applicable but on no optimal plan / valid plan not optimal (key the gap) */
    PL_FAIL_DEAD_END,            /* leads to a state from which the goal is unreachable */
    PL_FAIL_NO_OP,               /* leads back to the same state */
    /* plans */
    PL_FAIL_MALFORMED_STEP,      /* a step that is not an action */
    PL_FAIL_UNKNOWN_ACTION,      /* a step names no action schema */
    PL_FAIL_UNKNOWN_OBJECT,
    PL_FAIL_UNMET_PRECONDITION,  /* key "schema: predicate", step the failing step */
    PL_FAIL_GOAL_UNMET,          /* executable, goal false at the end (key "N goals") */
    PL_FAIL_OTHER,               /* wrong for a reason the taxonomy has no kind for (detail says) */
    PL_FAIL_NKINDS
} pl_failure_kind;

/* The item kinds counted per set answer: PL_FAIL_NOT_APPLICABLE ...
 * PL_FAIL_MISSED_ITEMS, at items[kind - PL_FAIL_FIRST_ITEM]. */
#define PL_FAIL_FIRST_ITEM PL_FAIL_NOT_APPLICABLE
#define PL_FAIL_NITEMS (PL_FAIL_MISSED_ITEMS - PL_FAIL_FIRST_ITEM + 1)

typedef struct {
    pl_failure_kind kind;
    char *key;     /* owned; NULL when none */
    int step;      /* 1-based, 0 when none */
    char *detail;  /* owned; NULL when none */
    int items[PL_FAIL_NITEMS]; /* set answers: items per item kind (all 0 otherwise) */
} pl_failure;

/* "not-applicable", ... ("none" for PL_FAIL_NONE). */
const char *pl_failure_kind_name(pl_failure_kind k);
/* The kind of a name (pl_failure_kind_name's inverse), or -1. */
int pl_failure_kind_from_name(const char *name);
/* A short phrase for screens and tables ("not applicable", ...). */
const char *pl_failure_kind_label(pl_failure_kind k);
/* Is it one of the per-item kinds of set answers? */
bool pl_failure_kind_is_item(pl_failure_kind k);

/* Sets kind, key, step and detail (printf-style; fmt NULL: no detail),
 * replacing what was there; items are kept.  Returns 0, or -1 when out of
 * memory (the kind is still set). */
int pl_failure_set(pl_failure *f, pl_failure_kind k, const char *key, int step, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Counts n items of an item kind. */
void pl_failure_count_item(pl_failure *f, pl_failure_kind item, int n);
/* The item kind with the most items (ties: the earlier kind), or
 * PL_FAIL_NONE when no item was counted. */
pl_failure_kind pl_failure_dominant_item(const pl_failure *f);
/* A deep copy into *dst (cleared first).  Returns 0 or -1 when out of memory. */
int pl_failure_copy(pl_failure *dst, const pl_failure *src);
void pl_failure_clear(pl_failure *f);

#endif
