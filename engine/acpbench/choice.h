/* Answer extraction and scoring of ACPBench boolean and multiple-choice
 * questions exactly as the lm-evaluation-harness configs do (spec
 * acpbench-grading.md §10): the regex filters, take_first, and exact_match
 * with its normalisation. */
#ifndef PL_ACPBENCH_CHOICE_H
#define PL_ACPBENCH_CHOICE_H

#include <stdbool.h>

/* The bool regex filter (group_select 0: the earliest match; the first
 * non-empty group).  Returns an owned string: the extracted answer, or
 * "[invalid]" when nothing matches; NULL when out of memory. */
char *pl_acp_extract_bool(const char *response);

/* The mcq multi_choice_regex filter (group_select -1: the last match).
 * Returns an owned string, "[invalid]" when nothing matches, NULL when out
 * of memory. */
char *pl_acp_extract_mcq(const char *response);

/* exact_match as configured for each format: ignore_case and
 * ignore_punctuation; for mcq also regexes_to_ignore (\.$ , \\ \n ").
 * 1 when the extracted answer matches the gold answer, 0 when not, -1 when
 * out of memory. */
int pl_acp_bool_match(const char *extracted, const char *gold);
int pl_acp_mcq_match(const char *extracted, const char *gold);

#endif
