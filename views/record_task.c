/* The planning task behind a record: the PDDL its question (or plan-quality
 * case) carries, grounded, for the screens that walk states (teach). */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "views.h"

int pl_record_task(const pl_ws_record *r, pl_loaded_task *out, char **why)
{
    *why = NULL;
    const char *domain = r->acp    ? r->acp->domain_pddl
                         : r->iou  ? r->iou->pddl_domain
                         : r->pcase ? r->pcase->domain_text
                                    : NULL;
    const char *problem = r->acp    ? r->acp->problem_pddl
                          : r->iou  ? r->iou->pddl_problem
                          : r->pcase ? r->pcase->problem_text
                                     : NULL;
    if (!domain || !problem) {
        *why = pl_strdup("this question carries no PDDL");
        return -1;
    }
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    int rc = pl_load_task_texts(domain, strlen(domain), "domain", problem, strlen(problem), "problem", out, &warnings,
                                &err) == PL_OK
                 ? 0
                 : -1;
    if (rc < 0)
        *why = err.message ? pl_error_format(&err) : pl_strdup("out of memory");
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return rc;
}
