/* planlens applicable, progress and plan: the commands (cmd_state.c,
 * cmd_plan.c, text output, no JSON) and their JSON output (state_json.c,
 * plan_json.c), which planlens-full passes in and the static front, which
 * links no JSON library, does not (it hands --json to planlens-full). */
#ifndef PL_CLI_STATE_OUTPUT_H
#define PL_CLI_STATE_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "plans/plan.h"
#include "search/search.h"

typedef struct {
    /* the applicable actions ids[0..n) of the initial state */
    void (*applicable)(const pl_task *t, const int *ids, int n);
    /* an action that does not apply: the unmet preconditions */
    void (*inapplicable)(const pl_action_ref *ref, char **unmet, int n);
    /* the action applied to state `before` gives next; ids: room for every atom */
    void (*progress)(const pl_task *t, int action, const uint64_t *before, const uint64_t *next, int *ids);
} cli_state_json;

/* The JSON output of applicable and progress (state_json.c). */
extern const cli_state_json cli_state_json_output;

/* planlens applicable / progress: the arguments after the command; with
 * --json, the output through json_out (NULL: text whatever the options). */
int cli_applicable(int argc, char **argv, const cli_state_json *json_out);
int cli_progress(int argc, char **argv, const cli_state_json *json_out);

/* Into out, sorted by name: the basic atoms whose truth goes from !to to
 * `to` between the two states / the basic atoms true in s / the derived
 * atoms true in s; returns their number. */
int cli_changed_atoms(const pl_task *t, const uint64_t *before, const uint64_t *after, bool to, int *out);
int cli_state_atoms(const pl_task *t, const uint64_t *s, int *out);
int cli_derived_atoms(const pl_task *t, const uint64_t *s, int *out);

/* plan's JSON output: the search's result on t (plan_json.c). */
typedef void (*cli_plan_json)(const pl_task *t, const char *search_name, const pl_search_params *p,
                              const pl_search_result *res);
void cli_print_plan_json(const pl_task *t, const char *search_name, const pl_search_params *p,
                         const pl_search_result *res);
/* planlens plan: as cli_applicable, with json_out NULL for text only. */
int cli_plan(int argc, char **argv, cli_plan_json json_out);

#endif
