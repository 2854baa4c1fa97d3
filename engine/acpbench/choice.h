/* Answer extraction and scoring of ACPBench boolean and multiple-choice
 * questions exactly as the lm-evaluation-harness configs do (spec
 * acpbench-grading.md §10): the regex filters, take_first, and exact_match
 * with its normalisation. */
#ifndef PL_ACPBENCH_CHOICE_H
#define PL_ACPBENCH_CHOICE_H

#include <stdbool.h>
#include <stddef.h>

/* The bool regex filter (group_select 0: the earliest match; the first
 * non-empty group).  Returns an owned string: the extracted answer, or
 * "[invalid]" when nothing matches; NULL when out of memory. */
char *pl_acp_extract_bool(const char *response);

/* The mcq multi_choice_regex filter (group_select -1: the last match).
 * Returns an owned string, "[invalid]" when nothing matches, NULL when out
 * of memory. */
char *pl_acp_extract_mcq(const char *response);

/* The pattern's match as a bare regex search sees it, for Inspect's
 * pattern() scorer (evals/acpbench.py scores both formats with these two
 * patterns) and for telling where it and the filters above part: the first
 * match (re.search), with re.IGNORECASE when ignore_case, or with `last`
 * (mcq only; bool always takes the first) the last match of findall.
 * Returns 1 with the match's byte span [*start, *end) in response (group 1,
 * the whole match, as matched: not stripped, possibly empty), 0 when
 * nothing matches, -1 when out of memory. */
int pl_acp_choice_search(const char *response, bool is_bool, bool ignore_case, bool last, size_t *start, size_t *end);

/* exact_match as configured for each format: ignore_case and
 * ignore_punctuation; for mcq also regexes_to_ignore (\.$ , \\ \n ").
 * 1 when the extracted answer matches the gold answer, 0 when not, -1 when
 * out of memory. */
int pl_acp_bool_match(const char *extracted, const char *gold);
int pl_acp_mcq_match(const char *extracted, const char *gold);

#endif
