/* The eight ACPBench tasks: short names, group prefixes, and a group name
 * read back into task and format. */
#include <string.h>

#include "acpbench/questions.h"

static const char *const task_names[PL_ACP_NTASKS] = {"app", "prog", "reach", "areach",
                                                      "val", "just", "land", "nexta"};
static const char *const group_prefixes[PL_ACP_NTASKS] = {
    "applicable_actions", "progression",          "reachable_atom", "reachable_action",
    "validation",         "action_justification", "landmarks",      "goal_closer"};

const char *pl_acp_task_name(pl_acp_task t)
{
    return (unsigned)t < PL_ACP_NTASKS ? task_names[t] : "?";
}

const char *pl_acp_task_group_prefix(pl_acp_task t)
{
    return (unsigned)t < PL_ACP_NTASKS ? group_prefixes[t] : "?";
}

static bool format_parse(const char *s, pl_acp_format *f)
{
    if (!strcmp(s, "gen"))
        *f = PL_ACP_GEN;
    else if (!strcmp(s, "bool"))
        *f = PL_ACP_BOOL;
    else if (!strcmp(s, "mc") || !strcmp(s, "mcq"))
        *f = PL_ACP_MCQ;
    else
        return false;
    return true;
}

bool pl_acp_group_parse(const char *group, pl_acp_task *task, pl_acp_format *format)
{
    for (int t = 0; group && t < PL_ACP_NTASKS; t++) {
        size_t n = strlen(group_prefixes[t]);
        pl_acp_format f;
        if (!strncmp(group, group_prefixes[t], n) && group[n] == '_' && format_parse(group + n + 1, &f)) {
            if (task)
                *task = (pl_acp_task)t;
            if (format)
                *format = f;
            return true;
        }
    }
    return false;
}
