/* Action-name similarity of the plan-quality paper (seed 002), built on a C
 * reimplementation of NLTK's Wu-Palmer similarity over Debian's WordNet 3.0
 * database files.  Exact behaviour: ../shared/specs/plan-quality.md §5.
 *
 * v2 (default, the official code's current HEAD): lower-case, '-'/'_' → space,
 * whole-phrase verb+noun attempt, then the asymmetric word-level fallback.
 * v1 (Aug 2025, the paper's worked example): first verb synsets of the raw
 * strings only. */
#ifndef PL_QUALITY_NAME_SIMILARITY_H
#define PL_QUALITY_NAME_SIMILARITY_H

#include "base/error.h"

typedef enum { PL_SIM_V2 = 0, PL_SIM_V1 = 1 } pl_similarity_version;

typedef struct pl_name_sim pl_name_sim;

/* Opens the WordNet database in dict_dir (NULL: $WNSEARCHDIR, then
 * /usr/share/wordnet).  NULL with `err` set when the files are missing. */
pl_name_sim *pl_name_sim_open(const char *dict_dir, pl_error *err);
void pl_name_sim_close(pl_name_sim *s);

/* WuP(llm_name, gt_name) in [0, 1] under version v.  Asymmetric in v2 (the
 * LLM action's name is name 1).  Results are memoised per name pair. */
double pl_name_sim_score(pl_name_sim *s, const char *llm_name, const char *gt_name,
                         pl_similarity_version v);

const char *pl_similarity_version_name(pl_similarity_version v); /* "v2" / "v1" */
/* Parses "v2"/"v1"; returns 0 on success, -1 for anything else. */
int pl_similarity_version_parse(const char *text, pl_similarity_version *out);

#endif
