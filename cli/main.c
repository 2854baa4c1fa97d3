/* planlens: batch commands over PDDL tasks and plans. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "state_output.h"

/* In five parts: ISO C guarantees string literals of 4095 bytes only. */
static const char usage_tasks[] =
    "usage: planlens [--color=auto|always|never] [--ascii] [--no-mouse] [--batch [--follow]]\n"
    "                [--notes FILE] [--warnings FILE] [PATH...]\n"
    "       planlens COMMAND [ARGS]\n"
    "\n"
    "Without a command, opens the files and directories given (sample-runs/ when none)\n"
    "in the terminal explorer; without a usable terminal (or with --batch) it prints\n"
    "the dashboard as text.  Keys: ? in the explorer, docs/EXPLORER.md.  --notes FILE\n"
    "keeps flags and notes there; --warnings FILE writes every warning of opening the\n"
    "files (on exit only a summary); exit 3 when nothing could be opened.\n"
    "\n"
    "Commands:\n"
    "  validate DOMAIN PROBLEM PLAN... [--json]\n"
    "      Simulate each plan from the initial state and report, like VAL, whether it is\n"
    "      valid; otherwise the last executable action (LEA), the failing action with its\n"
    "      unmet preconditions or the reason it names no action, and the unmet goals.\n"
    "  validate --stream [--root DIR] [FILE]\n"
    "      JSONL in (FILE or stdin): per line {domain, problem} paths or {domain_pddl,\n"
    "      problem_pddl} texts, plan (path or array of actions) or plan_text, id; one\n"
    "      verdict per line out (validate --json's fields), tasks kept across lines.\n"
    "      Paths in the lines are read relative to, and only inside, --root DIR\n"
    "      (default: the current directory).\n"
    "  applicable DOMAIN PROBLEM [--plan FILE [--step K] | --state FILE] [--json]\n"
    "      List the ground actions applicable in the initial state, or after the plan's\n"
    "      first K actions, or in the state of a state file (docs/TEACH.md); costs as ';' comments.\n"
    "  progress DOMAIN PROBLEM ACTION [--plan FILE [--step K] | --state FILE] [--json]\n"
    "      Apply ACTION to that state: positive effects, negative effects, next state.\n"
    "  states DOMAIN PROBLEM PLAN [--step K|--all] [--width N] [--ascii]\n"
    "      The state after step K (default: the last state reached; 0 = initial) grouped by\n"
    "      predicate: atoms the last action added (+) and deleted (-), goal atoms marked, and\n"
    "      where and why the plan stops (exit 1 unless the plan is valid).\n"
    "  plan DOMAIN PROBLEM [--search astar-lmcut|astar-hmax|astar-blind|sat|lazy-ff|gbfs-ff|\n"
    "       gbfs-add] [--time-limit SEC] [--memory-limit SIZE] [--quiet] [--json]\n"
    "       [--trace FILE] [--color=auto|always|never]\n"
    "      Find a plan (optimal with astar-*; sat: LAMA's first iteration, when any plan will do),\n"
    "      printed in Fast Downward's sas_plan form; the limits bound the whole run;\n"
    "      progress on stderr when it is a terminal (not with --quiet; without its redrawn\n"
    "      status line, so without ESC, under --color=never or NO_COLOR).  SIZE: 512M, 4G,\n"
    "      none; default half of physical memory.  --trace FILE: every expansion of astar-* and\n"
    "      gbfs-* as a JSON line, for the explorer's search replay (docs/PLANNER.md).\n"
    ;
static const char usage_benchmarks[] =
    "  grade --questions FILE... --responses FILE... [--mode official|sound|both]\n"
    "        [--format table|json|jsonl|csv] [--csv-raw] [--jobs N] [--shard I/N]\n"
    "        [--reducer mean|median|mode|max|at_least_k:K|pass_at_k:K] [--official lm-eval|inspect]\n"
    "      Regrade model answers to ACPBench and ACPBench-Hard questions, officially and soundly.\n"
    "      --notes FILE --apply-review: the review journal's overrides and exclusions applied\n"
    "      (--notes alone changes no score).\n"
    "  report --questions FILE... --responses FILE... [--bin-width W | --bins N]\n"
    "         [--by task|domain|model|failure] [--format table|csv|json|svg]\n"
    "         [--output PATH.svg [--force]] [--ascii] [--csv-raw] [--no-ci]\n"
    "      IoU / action-distance histograms beside binary success, per run and task (svg:\n"
    "      both as charts; --output PATH.svg writes PATH.csv beside, --force replaces them);\n"
    "      --by failure: the failure modes of every run x task (any task, any file the\n"
    "      explorer opens).\n"
    "  gen --domain D --problem P... [--style iou|acpbench] [--tasks LIST] [--track-length K]\n"
    "      [--seed N] [--templates DIR] [--time-limit S] [--out FILE]\n"
    "      Write the IoU paper's questions for each problem (planlens-iou/1 JSONL), or with\n"
    "      --style acpbench ACPBench-style generative questions (a JSON list, docs/GEN.md).\n"
    "  quality FILE... [--similarity v2|v1] [--format jsonl|csv|table] [--pddl-dir DIR]\n"
    "          [--no-potential] [--no-replan] [--replan-search] [--time-limit S] [--csv-raw]\n"
    "      Plan-quality metrics of LLM plans (AQM, NP-AQM, scores, LEA, StV, plan potential).\n"
    "  quality FILE... --summary [--format table|csv|jsonl|svg] [--by group|model|prompt|domain]\n"
    "          [--missing fail|omit] [--instances A-B] [--values published|computed]\n"
    "          [--chart NAME] [--output PATH.svg [--force]] [--csv-raw] [--no-ci]\n"
    "      The plan-quality paper's tables and figures for the cases: success of pi0..pi4 per\n"
    "      domain x model x prompt type, label distributions, LEA/|pi0|; svg writes charts + CSV.\n"
    "  probe --questions FILE... [--kinds LIST] [--format table|csv|json] [--csv-raw]\n"
    "      Perturb each correct answer in known ways and report where the official grader\n"
    "      accepts a wrong answer or rejects a right one (the sound verdict decides).\n"
    "  audit --questions FILE... [--format table|jsonl] [--time-limit S]\n"
    "      Re-derive stored labels (app, land, reach, areach) and list each provably wrong one\n"
    "      with its proof (exit 1 when any).\n"
    "  synth --questions FILE... --model NAME [--seed N] [--error-rate P] [--out FILE]\n"
    "      A synthetic model run from a documented error model (labelled synthetic).\n"
    "  planview FILE [--case ID|--index N] [--plan pi0|pi1|pi2|pi3|pi4|gt] [--np]\n"
    "           [--pddl-dir DIR] [--width N]\n"
    "      The explorer's plan view of one plan-quality case as text: each step's AQM label\n"
    "      (NP-AQM with --np) as C M S D R beside the paired ground-truth action, the last\n"
    "      executable action, unmet goals, metrics and π1-π4 (first case, or --index N from 0).\n"
    "  compare --questions FILE... --responses FILE... --runs A B [--filter all|agree|disagree]\n"
    "          [--task T] [--bin-width W] [--format table|csv|json] [--ascii] [--csv-raw]\n"
    "      Two runs question by question: accuracy and IoU differences per task with paired\n"
    "      standard errors, discordant counts, paired histograms on the same axes.\n"
    "  teach DOMAIN PROBLEM [--plan FILE [--step K] | --state FILE] [--save FILE] [--hints] [--batch]\n"
    "      Walk the task by hand in the terminal: apply (Enter), undo (u), why-not of any\n"
    "      typed action (:), optimal next actions with h* (h), save the plan (s).\n"
    "  merge [--output FILE] PART...\n"
    "      The parts written by grade, quality, audit, gen, report or validate --stream run\n"
    "      with --shard I/N (one per shard, on any machines) merged into one process's output;\n"
    "      parts from other inputs (SHA-256) or shard counts are refused, and --output then\n"
    "      stays as it was.\n"
    ;
static const char usage_teaching[] =
    "  heuristics DOMAIN PROBLEM [--plan FILE [--step K] | --state FILE] [--format text|json]\n"
    "             [--time-limit S]\n"
    "      A state's blind, h_max, h_add, h_FF, LM-cut and h* values and why: the cost tables,\n"
    "      h_max's critical path, h_add's supports, h_FF's relaxed plan by layers, LM-cut's\n"
    "      cuts, an optimal plan or the goal conditions a dead end cannot reach.\n"
    "  rpg DOMAIN PROBLEM [--plan FILE [--step K] | --state FILE] [--format text|json]\n"
    "      [--quiz [--answers FILE]]\n"
    "      The relaxed planning graph: fact and action layers to the fixpoint, the goal level,\n"
    "      h_FF's relaxed plan marked; --quiz: an answer template (first levels, a relaxed\n"
    "      plan), graded with the why of each answer with --answers FILE (docs/TEACH.md).\n"
    "  exercises --domain D --problem P... --tasks LIST --students ROSTER [--seed N] --out DIR\n"
    "  exercises mark DIR ANSWERS... [--out PREFIX] [--force]\n"
    "      Per student a sheet (Markdown, text), an answer template and a key in DIR/key;\n"
    "      mark grades filled templates into marks.csv and marks-summary.csv (docs/TEACHING.md).\n"
    "  prove DOMAIN PROBLEM never-applicable ACTION | dead-end | landmark ATOM\n"
    "        [--plan FILE [--step K] | --state FILE] [--format text|json] [--time-limit S]\n"
    "      The cheapest proof of the claim: a static fact, the delete relaxation, an h^2 mutex\n"
    "      with its invariant, or an exhaustive search; refuted by a witness plan (exit 1);\n"
    "      exit 4 when the time limit left it undecided (docs/TEACH.md).\n"
    ;
static const char usage_curation[] =
    "  notes add --notes FILE --key KEY [--question] --type note|flag|status|override|exclude|retract\n"
    "            [--text T] [--status S] [--flag on|off] [--score 0|1 [--answer A]] [--retracts LINE]\n"
    "            [--author A]\n"
    "      Append one record to the review journal FILE (docs/CURATION.md), shared safely by\n"
    "      several planlens processes: a note (--text \"\" clears it), a flag, a review status\n"
    "      (grader-right, grader-wrong, bad-question, unsure, none), an override (the right\n"
    "      score, the corrected stored answer), an exclusion, or the withdrawal of the record\n"
    "      at LINE.  KEY: an answer key as grade prints it (RUN|GROUP|ID|SAMPLE|EPOCH), or a\n"
    "      question key GROUP|ID with --question.  Author: --author, $PLANLENS_AUTHOR, login.\n"
    "  notes list --notes FILE [--format table|jsonl|csv] [--author A] [--status S] [--key K]\n"
    "             [--history] [--csv-raw]\n"
    "      The current state of every key in the journal (--history: every record, numbered).\n"
    "  notes export --notes FILE [--format md|jsonl|csv] [--output FILE [--force]] [--csv-raw] PATH...\n"
    "      The maintainer's report: each question flagged, reviewed as grader-wrong or\n"
    "      bad-question, overridden or excluded, with its stored and proposed answers, the\n"
    "      notes and their authors, and planlens's evidence from grading the PATHs.\n"
    "  diff-verdicts A B [--format table|jsonl|csv] [--field NAME] [--csv-raw]\n"
    "      Two verdict files (grade output, or a grader's own verdicts.jsonl) answer by answer:\n"
    "      counts per group and rule, then every answer that differs (exit 1 when any).\n"
    ;
static const char usage_notes[] =
    "\n"
    "Untrusted text (responses, names, file contents) is shown with visible escapes (\\e,\n"
    "\\u202e), never obeyed; CSV cells starting = + - @ get a leading ' (--csv-raw: not).\n"
    "\n"
    "validate, applicable, progress, plan, heuristics and rpg take --format text|json (--json =\n"
    "--format json).  --step K applies a plan's first K actions (0 = the initial state); in\n"
    "listings, step 0 is the first action.\n"
    "Actions may be written (name a b), name(a, b) or name a b, in any case.\n"
    "Plan files: one action per line, ';' comments; Fast Downward sas_plan and VAL forms.\n"
    "\n"
    "Exit codes: 0 valid/ok, 1 invalid plan, inapplicable action, no plan found or\n"
    "            verdicts that differ (diff-verdicts),\n"
    "            2 usage error,\n"
    "            3 input error (unreadable file, PDDL error, unsupported feature, limit).\n"
    "\n"
    "Environment: PLANLENS_MAX_INPUT_MB caps the size of any input file once\n"
    "decompressed (default 1024); PLANLENS_MAX_GROUND the fluent atoms and ground\n"
    "actions of a task (default 4000000); PLANLENS_MEMORY_LIMIT the memory bound of\n"
    "every search (a SIZE, as for plan --memory-limit).\n";

/* Prints the usage entries of one command (`planlens grade --help`): every
 * entry of the text above that starts with the command's name, its option
 * and description lines under it.  False when the command has none. */
static bool print_command_usage(const char *cmd)
{
    const char *const parts[] = {usage_tasks, usage_benchmarks, usage_teaching, usage_curation};
    size_t len = strlen(cmd);
    bool any = false;
    for (int p = 0; p < 4; p++) {
        bool in_entry = false;
        for (const char *line = parts[p]; *line;) {
            size_t n = strcspn(line, "\n");
            if (!strncmp(line, "  ", 2) && line[2] != ' ') /* an entry starts */
                in_entry = !strncmp(line + 2, cmd, len) && (line[2 + len] == ' ' || line[2 + len] == '\n');
            else if (strncmp(line, "    ", 4)) /* neither an entry nor its continuation */
                in_entry = false;
            if (in_entry) {
                if (!any)
                    fputs("usage: planlens\n", stdout);
                printf("%.*s\n", (int)n, line);
                any = true;
            }
            line += n + (line[n] == '\n');
        }
    }
    if (any)
        fputs("\nExit codes: 0 ok, 1 invalid plan / no plan / provably wrong labels, 2 usage error,\n"
              "3 input error.  Every command: planlens --help; the reference: docs/COMMANDS.md.\n",
              stdout);
    return any;
}

/* Does the command line after the command ask for help? */
static bool asks_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    return false;
}

int main(int argc, char **argv)
{
    atexit(cli_text_release);
    if (cli_apply_input_limit() != PL_EXIT_OK || cli_apply_memory_limit() != PL_EXIT_OK)
        return PL_EXIT_USAGE;
    if (argc < 2)
        return cli_explorer(0, argv + 1);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        fputs(usage_tasks, stdout);
        fputs(usage_benchmarks, stdout);
        fputs(usage_teaching, stdout);
        fputs(usage_curation, stdout);
        fputs(usage_notes, stdout);
        return PL_EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        puts("planlens " PLANLENS_VERSION);
        return PL_EXIT_OK;
    }
    if (asks_help(argc - 2, argv + 2) && print_command_usage(cmd))
        return PL_EXIT_OK;
    if (!strcmp(cmd, "validate"))
        return cmd_validate(argc - 2, argv + 2);
    if (!strcmp(cmd, "applicable"))
        return cli_applicable(argc - 2, argv + 2, &cli_state_json_output);
    if (!strcmp(cmd, "progress"))
        return cli_progress(argc - 2, argv + 2, &cli_state_json_output);
    if (!strcmp(cmd, "states"))
        return cmd_states(argc - 2, argv + 2);
    if (!strcmp(cmd, "plan"))
        return cli_plan(argc - 2, argv + 2, cli_print_plan_json);
    if (!strcmp(cmd, "grade"))
        return cmd_grade(argc - 2, argv + 2);
    if (!strcmp(cmd, "report"))
        return cmd_report(argc - 2, argv + 2);
    if (!strcmp(cmd, "gen"))
        return cmd_gen(argc - 2, argv + 2);
    if (!strcmp(cmd, "quality"))
        return cmd_quality(argc - 2, argv + 2);
    if (!strcmp(cmd, "probe"))
        return cmd_probe(argc - 2, argv + 2);
    if (!strcmp(cmd, "audit"))
        return cmd_audit(argc - 2, argv + 2);
    if (!strcmp(cmd, "synth"))
        return cmd_synth(argc - 2, argv + 2);
    if (!strcmp(cmd, "planview"))
        return cmd_planview(argc - 2, argv + 2);
    if (!strcmp(cmd, "compare"))
        return cmd_compare(argc - 2, argv + 2);
    if (!strcmp(cmd, "teach"))
        return cli_teach(argc - 2, argv + 2);
    if (!strcmp(cmd, "heuristics"))
        return cmd_heuristics(argc - 2, argv + 2);
    if (!strcmp(cmd, "rpg"))
        return cmd_rpg(argc - 2, argv + 2);
    if (!strcmp(cmd, "prove"))
        return cmd_prove(argc - 2, argv + 2);
    if (!strcmp(cmd, "exercises"))
        return cmd_exercises(argc - 2, argv + 2);
    if (!strcmp(cmd, "merge"))
        return cmd_merge(argc - 2, argv + 2);
    if (!strcmp(cmd, "notes"))
        return cmd_notes(argc - 2, argv + 2);
    if (!strcmp(cmd, "diff-verdicts"))
        return cmd_diff_verdicts(argc - 2, argv + 2);
    /* not a command: options and paths of the explorer */
    if (!strncmp(cmd, "--", 2) || access(cmd, F_OK) == 0)
        return cli_explorer(argc - 1, argv + 1);
    return cli_usage_error(cmd, "unknown command (and no such file or directory)");
}
