/* CSV cells as every export of the views writes them (export.c, chart_svg.c,
 * why_export.c): made safe and quoted by pl_csv_cell (engine/base/safe_text.h),
 * a cell that begins with =, +, -, @, TAB or CR led by ' so that no
 * spreadsheet runs it as a formula, unless the session asked for raw cells
 * (--csv-raw).
 *
 * One schema for a line per answer, written by the explorer's list export
 * (export.c) and `planlens grade --format csv` (cli/grade_output.c) alike:
 * the columns of PL_ANSWER_CSV_HEADER in that order (docs/EXPLORER.md,
 * "Answer CSV"), each writer leaving empty what it does not know. */
#ifndef PL_CSV_OUT_H
#define PL_CSV_OUT_H

#include <stdbool.h>
#include <stdio.h>

/* For the whole session, like the colour setting: the explorer sets it
 * from --csv-raw before any export. */
void pl_csv_set_raw(bool raw);
/* Writes one cell (NULL: an empty cell); false when out of memory. */
bool pl_csv_put(FILE *out, const char *text);

/* The answer schema's columns, in order. */
typedef enum {
    PL_AC_ID,
    PL_AC_SAMPLE_ID,
    PL_AC_EPOCH,
    PL_AC_MODEL,
    PL_AC_DOMAIN,
    PL_AC_TASK,
    PL_AC_SCORE,          /* the official verdict */
    PL_AC_SOUND_SCORE,
    PL_AC_PATH,           /* the official grader's rule that decided */
    PL_AC_IOU,
    PL_AC_ACTION_DISTANCE,
    PL_AC_PARSE_FAILED,   /* true / false */
    PL_AC_STORED_SCORE,   /* the run's own score */
    PL_AC_OFFICIAL_RULE,  /* why lm-eval's and Inspect's verdicts differ */
    PL_AC_LM_EVAL_SCORE,
    PL_AC_INSPECT_SCORE,
    PL_AC_INSPECT_ERROR,  /* the exception the Inspect scorer raises */
    PL_AC_SOUND_REASON,
    PL_AC_FAILURE_KIND,   /* the failure record of a wrong sound verdict (base/failure.h) */
    PL_AC_FAILURE_KEY,
    PL_AC_FAILURE_STEP,
    PL_AC_FAILURE_DETAIL,
    PL_AC_FLAG,           /* the curator's */
    PL_AC_NOTE,
    PL_AC_PLAN_LENGTH,    /* plan-quality cases */
    PL_AC_LEA,
    PL_AC_TRUE_LEA,
    PL_AC_CORRECT,
    PL_AC_MISPLACED,
    PL_AC_SAME_ACT,
    PL_AC_DIFF_ACT,
    PL_AC_REDUNDANT,
    PL_AC_FINAL_SCORE,
    PL_AC_KEY,            /* the answer's key (runs/answer_key.h) */
    PL_AC_GROUP,          /* the question's group as its file stores it */
    PL_AC_QUESTION,
    PL_AC_FILE,
    PL_AC_LINE,
    PL_AC_STORED_ANSWER,
    PL_AC_PARSED_ANSWER,  /* what the grader read (pl_csv_json_text, export_answer.h): "null" on a parse failure */
    PL_AC_RESPONSE,       /* as the run stored it */
    PL_AC_COUNT
} pl_answer_column;

#define PL_ANSWER_CSV_HEADER                                                                                        \
    "id,sample_id,epoch,model,domain,task,score,sound_score,path,iou,action_distance,parse_failed,stored_score,"   \
    "official_rule,lm_eval_score,inspect_score,inspect_error,sound_reason,failure_kind,failure_key,failure_step,"   \
    "failure_detail,flag,note,plan_length,lea,true_lea,correct,misplaced,same_act,diff_act,redundant,final_score," \
    "key,group,question,file,line,stored_answer,parsed_answer,response"

/* Writes one answer's cells (cells[PL_AC_COUNT], NULL: empty),
 * comma-separated, without a newline; false when out of memory. */
bool pl_answer_csv_put(FILE *out, const char *const *cells);

#endif
