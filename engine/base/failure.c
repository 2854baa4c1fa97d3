/* Failure modes: names, labels and the small value type (failure.h). */
#include "base/failure.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"

static const struct {
    const char *name, *label;
} kinds[PL_FAIL_NKINDS] = {
    [PL_FAIL_NONE] = {"none", "right"},
    [PL_FAIL_EMPTY_ANSWER] = {"empty-answer", "empty answer"},
    [PL_FAIL_NOTHING_EXTRACTED] = {"nothing-extracted", "nothing extracted"},
    [PL_FAIL_PARTLY_EXTRACTED] = {"partly-extracted", "partly extracted"},
    [PL_FAIL_MISEXTRACTED] = {"misextracted", "the parser took another span"},
    [PL_FAIL_MALFORMED] = {"malformed", "right answer, broken syntax"},
    [PL_FAIL_TOO_LONG] = {"too-long", "too many items"},
    [PL_FAIL_WRONG_CHOICE] = {"wrong-choice", "wrong choice"},
    [PL_FAIL_NOT_APPLICABLE] = {"not-applicable", "not applicable"},
    [PL_FAIL_NOT_AN_EFFECT] = {"not-an-effect", "not an effect"},
    [PL_FAIL_NOT_IN_STATE] = {"not-in-state", "not in the state"},
    [PL_FAIL_WRONG_SIGN] = {"wrong-sign", "added/deleted swapped"},
    [PL_FAIL_UNKNOWN_NAME] = {"unknown-name", "unknown object or name"},
    [PL_FAIL_TYPE_MISMATCH] = {"type-mismatch", "type mismatch"},
    [PL_FAIL_WRONG_ARITY] = {"wrong-arity", "wrong arity"},
    [PL_FAIL_DUPLICATES] = {"duplicates", "listed twice"},
    [PL_FAIL_MISSED_ITEMS] = {"missed-items", "missed items"},
    [PL_FAIL_REACHABLE] = {"reachable", "reachable after all"},
    [PL_FAIL_STATIC_OR_INITIAL] = {"static-or-initial", "static or initially true"},
    [PL_FAIL_NOT_A_LANDMARK] = {"not-a-landmark", "not a landmark"},
    [PL_FAIL_NONE_BUT_EXISTS] = {"none-but-exists", "None, but an answer exists"},
    [PL_FAIL_NOT_REMOVABLE] = {"not-removable", "not removable"},
    [PL_FAIL_NOTHING_REMOVED] = {"nothing-removed", "nothing removed"},
    [PL_FAIL_NOT_A_SUBSEQUENCE] = {"not-a-subsequence", "not the plan with steps left out"},
    [PL_FAIL_INDEX_TOO_EARLY] = {"index-too-early", "index too early"},
    [PL_FAIL_INDEX_TOO_LATE] = {"index-too-late", "index too late"},
    [PL_FAIL_VALID_CLAIMED] = {"valid-claimed", "\"valid\" for an invalid plan"},
    [PL_FAIL_INVALID_CLAIMED] = {"invalid-claimed", "an index for a valid plan"},
    [PL_FAIL_NOT_OPTIMAL] = {"not-optimal", "not optimal"},
    [PL_FAIL_DEAD_END] = {"dead-end", "leads to a dead end"},
    [PL_FAIL_NO_OP] = {"no-op", "a no-op"},
    [PL_FAIL_MALFORMED_STEP] = {"malformed-step", "malformed step"},
    [PL_FAIL_UNKNOWN_ACTION] = {"unknown-action", "unknown action"},
    [PL_FAIL_UNKNOWN_OBJECT] = {"unknown-object", "unknown object"},
    [PL_FAIL_UNMET_PRECONDITION] = {"unmet-precondition", "unmet precondition"},
    [PL_FAIL_GOAL_UNMET] = {"goal-unmet", "goal unmet at the end"},
    [PL_FAIL_OTHER] = {"other", "other"},
};

const char *pl_failure_kind_name(pl_failure_kind k)
{
    return k >= 0 && k < PL_FAIL_NKINDS ? kinds[k].name : "?";
}

const char *pl_failure_kind_label(pl_failure_kind k)
{
    return k >= 0 && k < PL_FAIL_NKINDS ? kinds[k].label : "?";
}

int pl_failure_kind_from_name(const char *name)
{
    for (int k = 0; name && k < PL_FAIL_NKINDS; k++)
        if (!strcmp(kinds[k].name, name))
            return k;
    return -1;
}

bool pl_failure_kind_is_item(pl_failure_kind k)
{
    return k >= PL_FAIL_FIRST_ITEM && k <= PL_FAIL_MISSED_ITEMS;
}

int pl_failure_set(pl_failure *f, pl_failure_kind k, const char *key, int step, const char *fmt, ...)
{
    free(f->key);
    free(f->detail);
    f->kind = k;
    f->step = step;
    f->key = key ? pl_strdup(key) : NULL;
    f->detail = NULL;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        f->detail = pl_strdup_vprintf(fmt, ap);
        va_end(ap);
    }
    return (key && !f->key) || (fmt && !f->detail) ? -1 : 0;
}

void pl_failure_count_item(pl_failure *f, pl_failure_kind item, int n)
{
    if (pl_failure_kind_is_item(item))
        f->items[item - PL_FAIL_FIRST_ITEM] += n;
}

pl_failure_kind pl_failure_dominant_item(const pl_failure *f)
{
    int best = -1;
    for (int i = 0; i < PL_FAIL_NITEMS; i++)
        if (f->items[i] > 0 && (best < 0 || f->items[i] > f->items[best]))
            best = i;
    return best < 0 ? PL_FAIL_NONE : (pl_failure_kind)(PL_FAIL_FIRST_ITEM + best);
}

int pl_failure_copy(pl_failure *dst, const pl_failure *src)
{
    pl_failure_clear(dst);
    *dst = *src;
    dst->key = src->key ? pl_strdup(src->key) : NULL;
    dst->detail = src->detail ? pl_strdup(src->detail) : NULL;
    return (src->key && !dst->key) || (src->detail && !dst->detail) ? -1 : 0;
}

void pl_failure_clear(pl_failure *f)
{
    free(f->key);
    free(f->detail);
    memset(f, 0, sizeof *f);
}
