/* Inspect's pattern(pattern=...) scorer (inspect_ai/scorer/_pattern.py) with
 * ACPBench's BOOLEAN_REGEX and MULTI_CHOICE_REGEX (evals/acpbench.py):
 *
 *   match = re.search(pattern, completion, re.IGNORECASE)
 *   no match            → NOANSWER ("N", 0)
 *   else match_first(match.groups(), target): the first group that is a
 *   string and whose lower() is in [t.lower() for t in target] → CORRECT.
 *
 * Every group of these patterns that takes part in a match spans the same
 * text as group 1 (the whole match), so the verdict is: the whole first
 * match, lower-cased, equals the stored answer lower-cased.  The target is
 * Target(answer): ["yes"], ["A"].
 *
 * lm-eval reads the same patterns through its filters (choice.h): no
 * IGNORECASE, the last match for mcq, fallbacks for mcq, the text stripped
 * and compared without punctuation.  Where the verdicts differ, the rule is
 * the first of these that tells the two readings apart:
 *   no case-insensitive match at all: lm-eval answered from a fallback
 *     (mcq-choice-fallback);
 *   the first case-insensitive match is not the first case-sensitive one
 *     (pattern-ignorecase);
 *   mcq: the first case-sensitive match is not the last (pattern-first-match);
 *   mcq: the one match is empty, lm-eval fell back (mcq-choice-fallback);
 *   else the same text, compared verbatim (pattern-group-verbatim). */
#include <stdlib.h>
#include <string.h>

#include "acpbench/choice.h"
#include "acpbench/inspect_pattern.h"
#include "acpbench/parse_text.h"
#include "base/error.h"

/* text[start, end).lower() == gold.lower(): 1, 0, or -1 when out of memory. */
static int same_lowered(const char *text, size_t start, size_t end, const char *gold)
{
    char *group = pl_strndup(text + start, end - start);
    char *a = group ? pl_acp_lower(group) : NULL, *b = pl_acp_lower(gold);
    int same = a && b ? !strcmp(a, b) : -1;
    free(group);
    free(a);
    free(b);
    return same;
}

/* The rule that tells apart two verdicts that differ (see the top). */
static int differing_rule(const char *response, bool is_bool, size_t start, size_t end, const char **rule)
{
    size_t cs = 0, ce = 0, ls = 0, le = 0;
    int first = pl_acp_choice_search(response, is_bool, false, false, &cs, &ce);
    if (first < 0)
        return -1;
    if (!first || cs != start || ce != end) {
        *rule = "pattern-ignorecase";
        return 0;
    }
    if (!is_bool) {
        if (pl_acp_choice_search(response, false, false, true, &ls, &le) < 0)
            return -1;
        if (ls != cs || le != ce) {
            *rule = "pattern-first-match";
            return 0;
        }
        if (le == ls) {
            *rule = "mcq-choice-fallback";
            return 0;
        }
    }
    *rule = "pattern-group-verbatim";
    return 0;
}

int acp_inspect_pattern(const pl_acp_question *q, const char *response, const pl_acp_verdict *lm,
                        pl_inspect_verdict *out)
{
    bool is_bool = q->format == PL_ACP_BOOL;
    const char *gold = cJSON_IsString(q->answer) ? q->answer->valuestring : "";
    size_t start = 0, end = 0;
    int found = pl_acp_choice_search(response, is_bool, true, false, &start, &end);
    int score = found > 0 ? same_lowered(response, start, end, gold) : found;
    if (score < 0)
        return -1;
    *out = (pl_inspect_verdict){score, NULL, NULL};
    if (score == lm->score)
        return 0;
    if (!found) { /* nothing matched: lm-eval's answer came from its fallbacks */
        out->official_rule = "mcq-choice-fallback";
        return 0;
    }
    return differing_rule(response, is_bool, start, end, &out->official_rule);
}
