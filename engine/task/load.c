#include "base/file.h"
#include "task/load.h"

#include <stdlib.h>
#include <string.h>

int pl_load_task_texts(const char *domain_text, size_t domain_len, const char *domain_name,
                       const char *problem_text, size_t problem_len, const char *problem_name,
                       pl_loaded_task *out, pl_diags *warnings, pl_error *err)
{
    memset(out, 0, sizeof *out);
    out->domain = pl_domain_parse(domain_text, domain_len, domain_name, warnings, err);
    if (out->domain)
        out->problem = pl_problem_parse(out->domain, problem_text, problem_len, problem_name, warnings, err);
    if (out->problem)
        out->task = pl_task_new(out->problem, err);
    if (!out->task) {
        pl_loaded_task_free(out);
        return err && err->code ? err->code : PL_ERR_LIMIT;
    }
    return PL_OK;
}

int pl_load_task_files(const char *domain_path, const char *problem_path, pl_loaded_task *out,
                       pl_diags *warnings, pl_error *err)
{
    memset(out, 0, sizeof *out);
    size_t dlen = 0, plen = 0;
    char *dtext = pl_read_file(domain_path, &dlen, err);
    if (!dtext)
        return err ? err->code : PL_ERR_IO;
    char *ptext = pl_read_file(problem_path, &plen, err);
    if (!ptext) {
        free(dtext);
        return err ? err->code : PL_ERR_IO;
    }
    int rc = pl_load_task_texts(dtext, dlen, domain_path, ptext, plen, problem_path, out, warnings, err);
    free(dtext);
    free(ptext);
    return rc;
}

void pl_loaded_task_free(pl_loaded_task *lt)
{
    pl_task_free(lt->task);
    pl_problem_free(lt->problem);
    pl_domain_free(lt->domain);
    memset(lt, 0, sizeof *lt);
}
