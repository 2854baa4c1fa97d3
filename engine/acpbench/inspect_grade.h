/* The other official grader: the scorers of ACPBench's own Inspect AI tasks
 * (IBM/ACPBench evals/acpbench_hard.py for gen, evals/acpbench.py for bool
 * and mcq), as their source behaves, defects included (docs/GRADERS.md).
 *
 * Both official graders parse alike and share their helpers, so the Inspect
 * verdict is derived from the lm-eval one (grade.h) where they agree, and
 * each difference is a named rule:
 *   app-target-string               app: Target(str(answer)) is one string, never equal to the parsed set: 0
 *   app-parse-failure-typeerror     app: a parse failure is iterated: TypeError
 *   parse-failure-correct-when-empty reach, areach: a parse failure is correct when the stored answer is empty
 *   just-parse-failure-typeerror    just: a parse failure is iterated: TypeError
 *   just-empty-indexerror           just: an empty plan falls through to is_subsequence: IndexError
 *   nexta-maybe-nameerror           nexta: a `maybe` action reaches get_atoms_pddl, never defined: NameError
 *   pattern-ignorecase              bool, mcq: re.IGNORECASE finds another match
 *   pattern-first-match             mcq: re.search's first match, where lm-eval takes the last
 *   mcq-choice-fallback             mcq: lm-eval's fallbacks when the pattern finds nothing; pattern() has none
 *   pattern-group-verbatim          bool, mcq: the matched text compared as it is (only lower-cased),
 *                                   where lm-eval strips it and ignores punctuation */
#ifndef PL_ACPBENCH_INSPECT_GRADE_H
#define PL_ACPBENCH_INSPECT_GRADE_H

#include "acpbench/grade.h"
#include "acpbench/questions.h"

typedef struct {
    int score;                 /* 1 (Inspect's C) or 0 (I, or N: no answer found); -1 when the scorer raises */
    const char *raised;        /* the exception the scorer raises ("IndexError"), else NULL; static */
    const char *official_rule; /* why the verdict differs from lm-eval's (one of the rules above), NULL
                                * when the two agree; static */
} pl_inspect_verdict;

/* The Inspect verdict of `response` to q, where `lm` is the verdict
 * pl_acp_grade gave it (its parse and official path are reused; graded
 * without an error).  Returns 0, or -1 when out of memory. */
int pl_inspect_grade(const pl_acp_question *q, const char *response, const pl_acp_verdict *lm,
                     pl_inspect_verdict *out);

#endif
