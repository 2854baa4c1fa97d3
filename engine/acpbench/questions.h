/* ACPBench question sets, read from ACPBench / ACPBench-Hard files (`.json`
 * or `.json.gz`, a JSON list of records; gen, bool and mcq).  Model runs that
 * answer them are read by runs/runs.h.
 *
 * Question ids are 19-digit integers that a double cannot hold and that are
 * not unique across tasks: every id is kept as its exact decimal text, and
 * questions are keyed by (group, id).  A bad record is reported in `warnings`
 * (file, line or record number, what was expected) and skipped; the rest
 * loads.  Files are only read. */
#ifndef PL_ACPBENCH_QUESTIONS_H
#define PL_ACPBENCH_QUESTIONS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/error.h"

/* The eight ACPBench tasks, in the official order. */
typedef enum {
    PL_ACP_APP,    /* applicable_actions */
    PL_ACP_PROG,   /* progression */
    PL_ACP_REACH,  /* reachable_atom */
    PL_ACP_AREACH, /* reachable_action */
    PL_ACP_VAL,    /* validation */
    PL_ACP_JUST,   /* action_justification */
    PL_ACP_LAND,   /* landmarks */
    PL_ACP_NEXTA,  /* goal_closer */
    PL_ACP_NTASKS
} pl_acp_task;

typedef enum { PL_ACP_GEN, PL_ACP_BOOL, PL_ACP_MCQ } pl_acp_format;

/* Short task name ("app") and group prefix ("applicable_actions"). */
const char *pl_acp_task_name(pl_acp_task t);
const char *pl_acp_task_group_prefix(pl_acp_task t);
/* "applicable_actions_gen" → APP, GEN; "…_bool" → BOOL; "…_mc" / "…_mcq" →
 * MCQ.  Returns false for a group that names no task. */
bool pl_acp_group_parse(const char *group, pl_acp_task *task, pl_acp_format *format);

typedef struct {
    char *id;            /* exact decimal text (the file may store a number or a string) */
    char *group;         /* as stored */
    pl_acp_task task;
    pl_acp_format format;
    char *context;       /* may be NULL */
    char *question;
    char *domain_pddl;   /* gen only, else NULL */
    char *problem_pddl;  /* gen only, else NULL */
    cJSON *answer;       /* owned: the stored answer, as in the file */
    cJSON *choices;      /* owned: mcq only (as stored: an object or a string), else NULL */
    char *query;         /* mcq only (may be NULL), else NULL */
    char *source;        /* file it came from */
    int record;          /* 1-based index of the record in that file */
} pl_acp_question;

typedef struct pl_acp_question_index_s pl_acp_question_index;

typedef struct {
    pl_acp_question *items;
    int count, capacity;
    pl_acp_question_index *index; /* (group, id) → item */
} pl_acp_questions;

#define PL_ACP_QUESTIONS_INIT {NULL, 0, 0, NULL}

/* Appends the questions of one file.  A record with a (group, id) already
 * loaded is a warning and skipped.  Returns PL_OK, or an error for a file
 * that cannot be read or is not a JSON list (err says where). */
pl_error_code pl_acp_questions_load(pl_acp_questions *qs, const char *path, pl_diags *warnings, pl_error *err);
/* The question with this group and id, or NULL.  Groups are compared by
 * task and format, so "…_mc" and "…_mcq" name the same questions.  With a
 * NULL group: the question with this id when exactly one has it. */
const pl_acp_question *pl_acp_questions_find(const pl_acp_questions *qs, const char *group, const char *id);
/* The question with this context and question text (NULL context = none),
 * in `group` when not NULL; NULL when none or more than one matches. */
const pl_acp_question *pl_acp_questions_find_text(const pl_acp_questions *qs, const char *group,
                                                  const char *context, const char *question);
void pl_acp_questions_free(pl_acp_questions *qs);
/* The domain name in the question's PDDL ("(define (domain NAME) ..."), as a
 * new string; "?" when there is none. */
char *pl_acp_question_domain(const pl_acp_question *q);

#endif
