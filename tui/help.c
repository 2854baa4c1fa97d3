/* The help screen: the keys of the screen it was opened on and of every
 * screen (from the live keymap), the ':' commands, what the columns mean,
 * and the mouse.  It scrolls and searches like any screen. */
#include <stdio.h>
#include <string.h>

#include "app.h"

static const char *const action_help[ACT_COUNT] = {
    [ACT_QUIT] = "quit planlens",
    [ACT_BACK] = "back to the screen before (quits on the first)",
    [ACT_HELP] = "this help",
    [ACT_DOWN] = "next line (the text scrolls when no line is selectable)",
    [ACT_UP] = "previous line",
    [ACT_PAGE_DOWN] = "a page down",
    [ACT_PAGE_UP] = "a page up",
    [ACT_FIRST] = "first line",
    [ACT_LAST] = "last line",
    [ACT_OPEN] = "open the selected line",
    [ACT_SEARCH] = "search the lines for text",
    [ACT_SEARCH_NEXT] = "next match",
    [ACT_SEARCH_PREV] = "previous match",
    [ACT_PROMPT] = "a : command (below)",
    [ACT_FILTER] = "filter the records (task=app iou<0.5 model~gpt ...)",
    [ACT_CLEAR_FILTER] = "clear the filter (never the scope)",
    [ACT_REFRESH] = "redraw",
    [ACT_HISTOGRAM] = "IoU / action-distance (plan-quality: also LEA, final score) histograms beside binary success",
    [ACT_TOGGLE_BINS] = "bin width 0.05 / 0.1",
    [ACT_SORT] = "next sort column (the header marks it); why: by count / by the difference between runs; "
                 "frequency: by count / by value",
    [ACT_REVERSE] = "reverse the sort",
    [ACT_FLAG] = "flag or unflag the answer (appended to the review journal, --notes)",
    [ACT_FLAG_QUESTION] = "flag or unflag the question: shown on every answer of it, marked \"question\"",
    [ACT_NOTE] = "a note on the answer (asks for the text; empty clears it)",
    [ACT_QUESTION_NOTE] = "a note on the question: shown on every answer of it as \"question note\"",
    [ACT_HISTORY] = "the history of the answer's notes, flags and reviews, and its question's: every record, "
                    "author, time, retracted ones marked",
    [ACT_REVIEW] = "review queue of this list (or of the list the line opens; on a probe cell, of the loaded "
                   "answers to its questions): walk it answer by answer, one key per status; it continues at the "
                   "first unreviewed answer, from the journal",
    [ACT_GRADER_RIGHT] = "review: the grader is right, then the next unreviewed answer",
    [ACT_GRADER_WRONG] = "review: the grader is wrong, then the next unreviewed answer",
    [ACT_BAD_QUESTION] = "review: the question is bad (its stored answer or wording), then the next unreviewed; "
                         "a status of the question: the review of every answer to it",
    [ACT_UNSURE] = "review: unsure, then the next unreviewed answer",
    [ACT_HEURISTICS] = "teach: the heuristic values of the state and why", [ACT_RPG] = "teach: the relaxed planning graph",
    [ACT_REPLAY] = "teach: replay a search trace (planlens plan --trace)",
    [ACT_GOAL_GENERATED] = "search replay: the expansion that first generates a goal",
    [ACT_GOAL_TAKEN] = "search replay: the goal taken, the end of the search and its plan",
    [ACT_NEXT_UNREVIEWED] = "review: the next unreviewed answer (round the end)",
    [ACT_PREV_UNREVIEWED] = "review: the previous unreviewed answer",
    [ACT_DISAGREEMENTS] = "answers where official != sound or stored != official (D again: grouped by rule)",
    [ACT_PLAN_VIEW] = "the plan view: AQM labels, last executable action, metrics",
    [ACT_STATE_VIEW] = "the state view: states step by step",
    [ACT_TEACH] = "teach mode on the question's task",
    [ACT_TOGGLE_NP] = "AQM / NP-AQM labels",
    [ACT_NEXT_STEP] = "next step",
    [ACT_PREV_STEP] = "previous step",
    [ACT_COMPARE] = "pick run A, then run B: compare them question by question",
    [ACT_AGREE_FILTER] = "all / agreeing / disagreeing questions",
    [ACT_UNDO] = "undo the last step: a screen opened or left, a filter, a sort, a setting, an answer stepped to "
                 "(teach: the last action)",
    [ACT_REDO] = "redo what undo undid (a new step forgets it)",
    [ACT_JUMP_BACK] = "back to where the cursor was before the last jump (/, n, N, g, G); again: forth",
    [ACT_YANK] = "copy to the clipboard (OSC 52, over ssh and tmux): then i id, a answer, p plan, q question, "
                 "c context (PDDL); on the dashboard i the run's name",
    [ACT_PAGER] = "open the answer in full (or the screen's text) in $PAGER (less); back to the same place",
    [ACT_EDITOR] = "open it read-only in $VISUAL / $EDITOR (vi)",
    [ACT_NEXT_ANSWER] = "the run's next answer to this question (review: the queue's next answer)",
    [ACT_PREV_ANSWER] = "the run's previous answer to this question (review: the queue's previous answer)",
    [ACT_TOGGLE_HINTS] = "hints (teach)",
    [ACT_SAVE] = "save the walked plan (teach)",
    [ACT_EXPAND] = "unfold (fold) the long response and context",
    [ACT_SCROLL_LEFT] = "scroll sideways, left; at the left edge of tables laid out whole, fit them again (state: a "
                        "step back when every line fits)",
    [ACT_SCROLL_RIGHT] = "scroll sideways, right: tables cut to fit are first laid out whole, then the columns and "
                         "long lines that do not fit scroll (state: a step when every line fits)",
    [ACT_METRIC] = "metric: all, IoU / AD, LEA, final score (plan-quality cases)",
    [ACT_WHY] = "why: the failure modes of the run x task (after c on run A: of both runs side by side); on a list: "
                "of its answers, a column per run",
    [ACT_FREQUENCY] = "frequency table of a column (asks which): count, share, bar; Enter opens the records",
    [ACT_FOLD] = "fold or unfold the failure kind under the cursor",
    [ACT_FOLD_ALL] = "fold every kind, or unfold them all",
    [ACT_CHARTS] = "quality charts of plan-quality cases (on a dashboard row: every run of its task; on a list: its "
                   "cases): AQM labels per model and by position in the plan, LEA / |π0|; Enter opens a bar's cases",
};

static const char *const commands[] = {
    ":filter EXPR", "filter the records, as f does",
    ":note TEXT", "the selected answer's note, appended to the review journal (:note alone clears it)",
    ":qnote TEXT", "the note of the selected answer's question, shown on every answer of it (also :note! TEXT)",
    ":review [SOURCE]", "a review queue: of this list (as R does), or of disagreements, flagged, audit (the "
                        "answers to the questions whose stored label planlens audit proves wrong; it runs in the "
                        "background), or a filter expression (:review task=app score=0)",
    ":export FILE", "the records of the screen (the dashboard, why: its table): FILE.csv CSV, .json JSON, .jsonl one "
                    "object a line; an existing FILE is kept (:export! FILE replaces it)",
    ":freq COLUMN", "frequency table of run, task, domain, kind, key, parse, score, sound, rule, length, gap, label; "
                    "iou, lea, final as histograms",
    ":why", "the why screen of the dashboard row (as w does)",
    ":charts", "the quality charts (as C does); :export FILE.svg there writes them, with FILE.csv beside",
    ":bins W", "histogram bin width: 0.01, 0.05, 0.1, 0.2, 0.25, 0.5 or 1 (of [0, 1]; of -1 to 4 for the final score)",
    ":histogram", "open the histograms",
    ":questions", "a list of every question this screen holds (all of them from the dashboard)",
    ":compare A B", "compare two runs",
    ":probe [KINDS]", "grader probes on the loaded questions (exact, drop, hallucinate, ...)",
    ":warnings", "the warnings of opening the files, grouped by file and kind",
    ":reducer NAME", "reduce every run's epochs with NAME (mean, median, mode, max, at_least_K, pass_at_K); "
                     ":reducer alone: each log's own",
    ":help", "this help",
    ":q, :quit", "quit",
    "Tab", "completes commands, run names (:compare), columns (:freq), filter fields and the models, tasks and "
           "domains of the data (f)",
};

static const char *const columns[] = {
    "answers", "responses graded / in all",
    "official", "accuracy by the official ACPBench rule (binary success for IoU tasks)",
    "sound", "accuracy by the sound rule (it checks the answer against the task)",
    "IoU", "intersection over union of the answer's items with the truth (1 best)",
    "AD", "action distance of a plan answer to the nearest optimal plan (0 best)",
    "parse! / parse", "answers the parser could not read (fail)",
    "off!=snd", "the official verdict differs from the sound one",
    "stored!=", "the run's own stored score differs from the official verdict ('-': the run stores none)",
    "flags", "flag, note (the curator's marks, the answer's or its question's), off!=snd, stored!=, error",
    "score / sound", "a question's official and sound verdict (1 right, 0 wrong)",
    "LEA", "plan-quality case: actions executed before the first failure / plan length (the official count; "
           "in parentheses the true LEA where it differs)",
    "AQM", "plan-quality case: its actions' labels - c correct, m misplaced, s same_act, d diff_act, r redundant",
    "final", "plan-quality case: the final score of planlens quality (-1, or 0 to 4 and a little above; 4: a valid "
             "plan of the ground truth's length)",
    "▲ ▼", "the sort column, ascending or descending",
    "charts", "C M S D R (shades █ ▓ ▒ ░ ×): correct, misplaced, same_act, diff_act, redundant - a stacked bar "
              "of a model's or a tenth's action labels; V X (█ ░): valid and invalid plans; cases: what Enter opens",
    "why", "failure mode: a kind (▾ unfolded, ▸ folded) and its keys; count, share of the run's wrong answers, "
           "bar; diff: the first run's share minus the second's, in points",
};

static void heading(pl_view_model *vm, const char *text)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", text);
}

#define KEY_COLUMN 16

/* "  keys  what they do"; a description too long for the width goes on
 * the lines below, wrapped. */
static void entry(pl_view_model *vm, const char *left, const char *right, int width)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_TEXT, "  %-*s", KEY_COLUMN, left);
    if (3 + KEY_COLUMN + (int)strlen(right) <= width) {
        pl_vm_span(vm, ROLE_DIM, " %s", right);
        return;
    }
    pl_vm_wrapped(vm, ROLE_DIM, right, width, 3 + KEY_COLUMN);
}

/* One line per action bound in `view` (for the generic keys: those the
 * screen does not rebind), with all its keys. */
static void keys_of(const tui_keymap *km, tui_view_kind view, tui_view_kind screen, int width, pl_view_model *vm)
{
    for (int a = ACT_QUIT; a < ACT_COUNT; a++) {
        bool bound = false;
        for (int i = 0; i < km->count && !bound; i++)
            bound = km->items[i].view == view && km->items[i].action == (tui_action)a &&
                    tui_keymap_lookup(km, screen, km->items[i].key) == (tui_action)a;
        if (!bound)
            continue;
        char keys[64];
        tui_keymap_keys(km, screen, (tui_action)a, keys, sizeof keys);
        entry(vm, keys, action_help[a] ? action_help[a] : tui_action_name((tui_action)a), width);
    }
}

static bool has_own_keys(const tui_keymap *km, tui_view_kind view)
{
    for (int i = 0; i < km->count; i++)
        if (km->items[i].view == view && km->items[i].action != ACT_NONE)
            return true;
    return false;
}

void tui_build_help(tui_app *app, tui_screen *s, int width)
{
    pl_view_model *vm = &s->vm;
    pl_vm_init(vm);
    pl_vm_set_title(vm, "help");
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Keys of the %s screen (from the live keymap)", tui_view_name(s->help_for));
    keys_of(&app->keymap, s->help_for, s->help_for, width, vm);
    heading(vm, "Keys on every screen");
    keys_of(&app->keymap, VIEW_GENERIC, s->help_for, width, vm);
    for (int v = VIEW_DASHBOARD; v < VIEW_COUNT; v++) { /* then every other screen's own keys */
        if (v == (int)s->help_for || v == VIEW_HELP || !has_own_keys(&app->keymap, (tui_view_kind)v))
            continue;
        char title[64];
        snprintf(title, sizeof title, "Keys of the %s screen", tui_view_name((tui_view_kind)v));
        heading(vm, title);
        keys_of(&app->keymap, (tui_view_kind)v, (tui_view_kind)v, width, vm);
    }
    heading(vm, "Commands (after :)");
    for (size_t i = 0; i + 1 < sizeof commands / sizeof *commands; i += 2)
        entry(vm, commands[i], commands[i + 1], width);
    heading(vm, "Columns");
    for (size_t i = 0; i + 1 < sizeof columns / sizeof *columns; i += 2)
        entry(vm, columns[i], columns[i + 1], width);
    heading(vm, "Mouse");
    entry(vm, "wheel", "scrolls three lines", width);
    entry(vm, "click", "selects a line; a second click opens it", width);
    entry(vm, "--no-mouse", "leaves the mouse to the terminal (select and copy text)", width);
    heading(vm, "Filters");
    entry(vm, "text fields", "task domain model id note: = != (ignore case), ~ !~ (substring)", width);
    entry(vm, "model's text", "raw (its own words, and reasoning) prompt (what it was given): raw~\"red block\"", width);
    entry(vm, "number fields", "score sound stored iou: = != < <= > >=; iou is the IoU or action distance", width);
    entry(vm, "plan quality", "final lea correct misplaced same_act diff_act redundant: numbers (final score, LEA, "
                              "AQM label counts), e.g. final<0.5 lea=0 redundant>2", width);
    entry(vm, "others", "parse=ok|fail, graded, flag=yes|no, sound!=score, stored!=score", width);
    entry(vm, "combine", "side by side (and), or, !, parentheses; \"quoted values\"", width);
    heading(vm, "More");
    entry(vm, "keymap", "keymaps/default.keymap, then $XDG_CONFIG_HOME/planlens/keymap", width);
    entry(vm, "manual", "docs/EXPLORER.md, man planlens", width);
    pl_vm_set_status(vm, "help for the %s screen", tui_view_name(s->help_for));
}

void tui_toggle_help(tui_app *app)
{
    tui_screen *top = tui_top(app);
    if (top->kind == VIEW_HELP) {
        tui_pop(app);
        return;
    }
    tui_view_kind of = top->kind;
    tui_screen *s = tui_push(app, VIEW_HELP);
    if (s)
        s->help_for = of;
}
