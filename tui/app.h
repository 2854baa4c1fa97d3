/* The explorer's state: a stack of screens over one workspace. */
#ifndef PL_TUI_APP_H
#define PL_TUI_APP_H

#include <stdbool.h>

#include "acpbench/audit_job.h"
#include "compare_view.h"
#include "freq_view.h"
#include "keymap.h"
#include "plan_view.h"
#include "probe_view.h"
#include "quality_charts.h"
#include "review_queue.h"
#include "state_view.h"
#include "views.h"
#include "why_view.h"

#define MAX_DEPTH 32

typedef struct {
    tui_view_kind kind;
    pl_filter *filter;       /* the user's filter (f): owned; NULL: none */
    char *filter_text;
    pl_filter *scope;        /* what the screen was opened on (owned; NULL: everything): */
    char *scope_expr;        /* the screens below's filters and the row opened, as a filter */
    char *scope_label;       /* what the breadcrumb shows of it ("run · task"), or NULL */
    int *subset;             /* owned record indices (a histogram bin), or NULL */
    int nsubset;
    int record;              /* detail: the record shown */
    pl_sort_key sort;
    bool descending;
    double bin_width;
    pl_hist_metric metric;   /* histogram: the metric shown, or PL_HIST_ALL */
    pl_view_model vm;
    pl_dashboard_rows rows;  /* dashboard: what each line opens */
    pl_detail_cache detail;  /* detail: the question's grounded task, kept across rebuilds */
    pl_plan_subject *plan;   /* plan, state: the plan's subject (owned when owns_plan) */
    bool owns_plan;
    int plan_k;              /* plan, state: 0 = the model's plan, 1..4 = π1..π4, 5 = ground truth */
    bool np_aqm;             /* plan: NP-AQM labels instead of AQM */
    pl_state_trace *trace;   /* state: owned; NULL = the record's answer against the true state */
    int step;                /* state: states after `step` actions */
    char *model_a, *model_b; /* compare: the two runs */
    pl_compare_filter agree; /* compare: all, agreeing or disagreeing questions */
    pl_probe_job *probe_job; /* probe: owned, grading in the background */
    pl_probe_report probe;   /* probe: the job's report when last built */
    int probe_total;         /* probe: generative questions to probe */
    int probe_state;         /* probe: pl_probe_job_peek's answer then (0 running) */
    pl_why *why;             /* why: owned (its runs, folds and the table last built) */
    pl_freq_column freq;     /* frequency: the column counted */
    bool by_value;           /* frequency: values in value order, not by count */
    bool disagreements;      /* list: the disagreements (D), whose D groups them by rule */
    pl_qcharts *charts;      /* charts: owned (the counts last drawn, what each bar opens) */
    pl_probe_answer *probe_answer; /* probe-answer: owned */
    pl_review_queue *queue;  /* review: owned, the answers walked */
    int at;                  /* review: the answer shown */
    int cursor, top;         /* selected line and first line shown (views/viewport.h) */
    int left;                /* columns scrolled off to the left */
    bool full_width;         /* a table screen laid out at its tables' natural width (→ past what was cut) */
    bool hold_top;           /* show from `top` even when the cursor is elsewhere (until it moves) */
    bool expanded;           /* detail: long responses and contexts unfolded */
    tui_view_kind help_for;  /* help: the screen it explains */
    bool stale;              /* rebuild the view model before drawing */
    struct {                 /* where the cursor was before the last jump (a search hit, g, G): ` goes back */
        bool set;
        int cursor, top, left;
        bool hold, expanded;
    } mark;
} tui_screen;

/* What a screen shows of its records, beside its filter: a change of these
 * is undone as one step (undo.c). */
typedef struct {
    pl_sort_key sort;
    bool descending, by_value, np_aqm;
    pl_hist_metric metric;
    pl_compare_filter agree;
    double bin_width;
    int record, step;
} tui_settings;

/* One step of the undo history: a screen opened or left (the screen off the
 * stack is kept here, whole, so that redo or undo puts it back as it was), a
 * filter set or cleared, or the settings of a screen changed. */
typedef enum { TUI_CHANGE_PUSH, TUI_CHANGE_POP, TUI_CHANGE_FILTER, TUI_CHANGE_SETTINGS } tui_change_kind;
typedef struct {
    tui_change_kind kind;
    int depth;               /* the index in the stack of the screen it changed */
    bool holds_screen;       /* `screen` is off the stack (a push undone, a pop done) */
    tui_screen screen;
    char *before, *after;    /* FILTER: the filter texts (NULL: none) */
    tui_settings was, now;   /* SETTINGS */
} tui_change;
typedef struct {
    tui_change *items;
    int count, done;         /* items[0..done) are undone by U, items[done..count) redone by R */
    const void *ws;          /* the workspace the history is about (a reload forgets it) */
    bool replaying;          /* an undo or redo is moving screens: nothing is recorded */
} tui_undo;

typedef struct {
    pl_workspace *ws;
    tui_keymap keymap;
    tui_screen stack[MAX_DEPTH];
    int depth;
    bool ascii, color, mouse;
    bool quit;
    char *search;            /* last search text */
    char message[512];       /* one-line notice or error for the status bar */
    int last_graded;
    int rows, cols;
    char *history_dir;       /* where the prompts' histories are kept */
    char *notes_path;        /* the review journal (--notes), opened once the records are loaded */
    bool opened;             /* the workspace finished loading and the notes are applied */
    pl_journal *journal;     /* notes, flags and reviews of every writer (NULL until opened, or unreadable) */
    char *author;            /* --author, or NULL: the journal's default ($PLANLENS_AUTHOR, the login) */
    char *compare_a;         /* dashboard: the run chosen first for a comparison */
    char reducer[32];        /* :reducer NAME for every run; "" each log's own (kept across reloads) */
    struct tui_live *live;   /* following the paths opened (live.c), or NULL */
    pl_probe_job **stopping; /* probe runs whose screen was left, told to stop; */
    int nstopping;           /* freed once ended (tui_reap_probes) */
    pl_audit_job *audit_job; /* :review audit running in the background, or NULL */
    tui_undo undo;           /* navigation, filters, sorts and scopes (undo.c) */
} tui_app;

/* Screens. */
tui_screen *tui_push(tui_app *app, tui_view_kind kind);
void tui_pop(tui_app *app); /* the last screen is not popped: it quits */
void tui_close_all(tui_app *app);
/* Frees what a screen owns (not the slot). */
void tui_screen_free(tui_app *app, tui_screen *s);
tui_screen *tui_top(tui_app *app);
void tui_rebuild(tui_app *app, tui_screen *s);
/* Performs an action on the top screen. */
void tui_act(tui_app *app, tui_action action);
/* Applies a filter expression to the top screen (errors go to the message). */
void tui_apply_filter(tui_app *app, const char *text);
/* Runs a ':' command. */
void tui_command(tui_app *app, const char *line);
/* The record under the cursor (list or detail), or -1. */
int tui_selected_record(tui_app *app);
/* Once the workspace has loaded (checked at every tick): applies the notes
 * file and reports warnings; true from then on. */
bool tui_check_opened(tui_app *app);
/* The review journal (tui/notes.c).  tui_apply_notes copies its flags and notes
 * onto the workspace's records (at load, when records arrive, and on a
 * workspace reloaded while following the files) and marks the screens that
 * show them stale. */
void tui_load_notes(tui_app *app);
void tui_apply_notes(tui_app *app);
/* Reads what other writers appended (at every tick of the follow
 * machinery); true when something arrived or went wrong (the status line says). */
bool tui_refresh_notes(tui_app *app);
/* Appends rec (type and its fields set by the caller) for record `record`:
 * its key (the question's when rec->question_scope), question and author
 * are filled in.  False with "WHAT not saved: why" in the status line. */
bool tui_journal_append(tui_app *app, int record, pl_journal_record *rec, const char *what);
/* :note and :qnote (text "" clears), m and M (flag toggled); the status line says "note saved" only once appended. */
void tui_note(tui_app *app, int record, bool question, const char *text);
void tui_flag(tui_app *app, int record, bool question);
/* The author of this explorer's records: --author, else the journal's default. */
const char *tui_author(const tui_app *app);
/* H: the history of the selected answer's records and its question's. */
void tui_open_history(tui_app *app);
void tui_build_history(tui_app *app, tui_screen *s, int width);

/* The review queue (review.c): R turns the list on screen (or the list the
 * line under the cursor opens) into a queue, :review SOURCE the list of
 * SOURCE (disagreements, flagged, or a filter expression); the queue opens
 * at its first unreviewed answer.  On it: a status (1-4) is appended and the
 * next unreviewed answer shown; n/p the next/previous unreviewed, J/K the
 * next/previous answer; a and A prompt for a note, of the answer or of its question. */
void tui_open_review(tui_app *app);
void tui_review_command(tui_app *app, const char *source);
void tui_review_mark(tui_app *app, pl_review_status status);
void tui_review_step(tui_app *app, int dir);
void tui_review_move(tui_app *app, int dir);
void tui_review_note(tui_app *app, bool question);
/* :review audit runs in the background: at every tick, its progress on the
 * status line, and once it has ended the queue of its flagged questions. */
void tui_review_audit_tick(tui_app *app);
/* The records of the loaded runs that answer one of `questions`, in
 * workspace order (*n of them); NULL when out of memory. */
int *tui_answers_to(const pl_workspace *ws, const pl_acp_question *const *questions, int nquestions, int *n);
/* Writes the records of the top screen to FILE (.csv or .json). */
void tui_export(tui_app *app, const char *path);

/* Moves the cursor to the next (dir 1) or previous (-1) line matching the search. */
void tui_search(tui_app *app, int dir);

/* The records a screen works on (its scope and the user's filter). */
pl_selection tui_selection(const tui_screen *s);
/* A new screen of `kind` whose scope is the records of `from` (its scope and
 * filter), narrowed by a filter expression (NULL: none) that the breadcrumb
 * shows as `label` (NULL: nothing); NULL when it cannot be opened. */
tui_screen *tui_push_narrowed(tui_app *app, tui_view_kind kind, const tui_screen *from, const char *extra,
                              const char *label);

/* Plan, state, compare and teach screens (screens.c). */
void tui_build_screen(tui_app *app, tui_screen *s, int width);
void tui_free_screen_extras(tui_app *app, tui_screen *s);
void tui_open_plan(tui_app *app);
void tui_open_state(tui_app *app);
void tui_open_teach(tui_app *app);
void tui_open_compare(tui_app *app, const char *model_a, const char *model_b);
void tui_choose_compare(tui_app *app);
/* Enter on a plan or compare screen's line. */
void tui_open_from_extra(tui_app *app, tui_screen *s, int target);
void tui_open_probe(tui_app *app, const char *kinds);
/* :warnings: the warnings of opening the files, grouped. */
void tui_open_warnings(tui_app *app);
/* h: the histograms, from the dashboard row's own when opened on one. */
void tui_open_histogram(tui_app *app);
/* A list of exactly `records` (taken over), its scope `label` (taken over)
 * in the breadcrumb: what a histogram bin, a why row or a value opens. */
tui_screen *tui_push_records(tui_app *app, int *records, int n, char *label);

/* The why screen and frequency tables (why.c). */
/* w on a dashboard row: the why of its run x task, or of run A (c) and its run. */
void tui_open_why(tui_app *app);
/* F: asks for a column, then opens its frequency table (or histogram). */
void tui_ask_frequency(tui_app *app);
/* :freq COLUMN, or the screen's default column when `name` is empty. */
void tui_open_frequency(tui_app *app, const char *name);
/* Enter on a why or frequency line: the records it counts. */
void tui_open_counted(tui_app *app, tui_screen *s, int target);
/* o (fold) and O (fold-all) on the why screen; s on why and frequency. */
void tui_fold(tui_app *app, bool all);
void tui_sort_counts(tui_app *app);
/* D on the disagreements list: a frequency table of their official rule. */
void tui_group_disagreements(tui_app *app);
/* :export on the why screen: its table as CSV. */
void tui_export_why(tui_app *app, const char *path);
/* The quality charts (charts.c): C on a plan-quality dashboard row (every
 * run of its task) or on a list (its cases), or :charts; Enter on a bar
 * opens its cases; :export FILE.svg writes the charts and FILE.csv. */
void tui_open_charts(tui_app *app);
void tui_build_charts(tui_app *app, tui_screen *s, int width);
void tui_open_chart_bar(tui_app *app, tui_screen *s, int target);
void tui_export_charts(tui_app *app, const char *path);
/* True while the top screen shows work still in progress (a probe run), so
 * the event loop keeps redrawing it. */
bool tui_top_is_busy(tui_app *app);
/* Frees the stopping probe runs that have ended; with `wait`, waits for
 * every one (at exit, before the questions they read are freed). */
void tui_reap_probes(tui_app *app, bool wait);

/* Undo and redo (undo.c): tui_push and tui_pop record screens opened and
 * left, set_filter the filters, tui_act and tui_command the settings a key
 * or command changed (tui_settings); U/z undoes the last step, R/Z redoes
 * it (the status line says what); any new step forgets what was undone. */
tui_settings tui_settings_of(const tui_screen *s);
void tui_undo_pushed(tui_app *app);
bool tui_undo_keep_popped(tui_app *app, tui_screen *s); /* true: the screen is kept, not to be freed */
void tui_undo_filter(tui_app *app, int depth, const char *before, const char *after);
void tui_undo_settings(tui_app *app, int depth, tui_settings was);
void tui_undo_step(tui_app *app, int dir); /* dir -1 undo, 1 redo */
void tui_undo_free(tui_app *app);

/* y, v and E (yank.c): copies a part of the record on screen with OSC 52
 * (a menu in the status line: i id, a answer, p plan, q question, c
 * context); opens the record, or the screen's text, in $PAGER (editor:
 * $VISUAL, $EDITOR) read-only and comes back to the same place. */
void tui_yank(tui_app *app);
void tui_open_outside(tui_app *app, bool editor);

/* Scrolling (scroll.c): rows of the body; keys, the wheel and search hits
 * moving the top screen's viewport; the screen row of a click. */
int tui_body_rows(const tui_app *app);
void tui_fit_view(tui_app *app, tui_screen *s);
void tui_scroll(tui_app *app, tui_action action);
/* ←/→ between a table screen fitted to the terminal and the same tables laid
 * out whole (views/table.h): → on a fitted screen whose tables hide, cut or
 * drop something lays them out at their natural width from the left edge,
 * where further ←/→ scroll; ← at that left edge fits them again.  Returns
 * whether the key did that (else it scrolls as on any screen). */
bool tui_full_width(tui_app *app, tui_screen *s, tui_action action);
void tui_wheel(tui_app *app, int lines);
void tui_goto_line(tui_app *app, int line);
int tui_line_at_row(tui_app *app, int y);

/* What ←/→ reach on a screen: nothing, its tables laid out whole (they were
 * cut to fit), or lines wider than the terminal. */
typedef enum { SIDEWAYS_NONE, SIDEWAYS_WHOLE, SIDEWAYS_SCROLLS } tui_sideways;
/* The hint bar (hints.c): the main keys of a screen from the live keymap,
 * the way out and the help first (root: the first screen, where back
 * quits; the sideways keys next when lines scroll, after the screen's own
 * when tables were only cut); only the hints that fit whole in `width` columns. */
void tui_hints(const tui_keymap *km, tui_view_kind view, bool root, tui_sideways side, int width, char *buf,
               size_t size);
/* The help screen (help.c): opens it over the top screen, or closes it. */
void tui_toggle_help(tui_app *app);
void tui_build_help(tui_app *app, tui_screen *s, int width);

/* Drawing (draw.c). */
void tui_draw(tui_app *app);
/* Below 40x8 the screen only says how much room it needs; keys are ignored. */
bool tui_too_small(const tui_app *app);
void tui_init_colors(tui_app *app);

/* Prompts (prompt.c): reads a line in the status bar with readline; NULL on
 * Esc.  Each kind keeps its own history (Up/Down), saved in
 * $XDG_STATE_HOME/planlens/history (commands), history-filter,
 * history-search and history-teach; TUI_HISTORY_NONE keeps none. */
typedef enum { TUI_HISTORY_NONE = -1, TUI_HISTORY_COMMAND, TUI_HISTORY_FILTER, TUI_HISTORY_SEARCH,
               TUI_HISTORY_TEACH, TUI_HISTORY_COUNT } tui_history_kind;
char *tui_prompt(tui_app *app, tui_history_kind kind, const char *prompt);
void tui_prompt_setup(tui_app *app);
void tui_prompt_teardown(tui_app *app);

#endif
