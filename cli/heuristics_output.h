/* planlens heuristics: the text (cmd_heuristics.c) and JSON
 * (heuristics_json.c) forms of one state's explanation. */
#ifndef PL_CLI_HEURISTICS_OUTPUT_H
#define PL_CLI_HEURISTICS_OUTPUT_H

#include "cli.h"
#include "teach/heuristic_explain.h"

/* The explanation as JSON on stdout (heuristics_json.c). */
void cli_print_heuristics_json(const pl_heuristic_explanation *x, const pl_start_spec *spec,
                               const pl_start_state *start);

#endif
