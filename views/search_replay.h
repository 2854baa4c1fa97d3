/* A search trace (planlens plan --trace, docs/PLANNER.md) replayed: the
 * records read back, a position among them, the jumps, the path to a node,
 * and the screen of one position as a view model (tui/search_replay.c
 * draws it).  Positions 0 .. nrecords-1 are the expansion records; position
 * nrecords is the end of the search (the goal taken, the plan). */
#ifndef PL_VIEWS_SEARCH_REPLAY_H
#define PL_VIEWS_SEARCH_REPLAY_H

#include <stdbool.h>

#include "base/error.h"
#include "search/search.h"
#include "view_model.h"

enum { PL_REPLAY_INF = -1 }; /* an h or f of infinity (a dead end) */

typedef struct {
    int id;
    char *action;
    long long g, h, f;  /* h, f: PL_REPLAY_INF for a dead end */
    bool goal;
    char *fate;         /* new, better, duplicate, pruned */
    long expanded_at;   /* the record n that expands it next, 0: never */
} pl_replay_successor;

typedef struct {
    long n;
    int id;
    char **atoms;
    int natoms;
    long long g, h, f;
    long parent;        /* record n of the parent's expansion; 0 at the start */
    char *action;       /* NULL at the start */
    long open, closed;
    pl_replay_successor *successors;
    int nsuccessors;
} pl_replay_record;

typedef struct {
    pl_replay_record *records;  /* by n: records[k].n == k + 1 */
    long nrecords;
    char *end;                  /* solved, unsolvable, unknown, error; NULL: no end line (cut short) */
    char *search;               /* the search named on the end line, or NULL */
    bool has_goal;              /* the end names the goal whose path is the plan */
    int goal_id;
    long long goal_g;
    long goal_parent;           /* record n of the goal's parent (0: the start is the goal) */
    char *goal_action;
    long goal_generated;        /* the first record n generating a goal state, 0: none */
    long at;                    /* the position shown: 0 .. nrecords */
    long limit;                 /* a search run here (pl_replay_search) stopped at this many
                                 * expansions, its limit: 0 when it ended by itself */
} pl_search_replay;

/* Reads a trace (text of `len` bytes; `name` names it in errors).  Errors
 * carry the line.  pl_replay_free in every case. */
pl_error_code pl_replay_parse(const char *text, size_t len, const char *name, pl_search_replay *r, pl_error *err);
pl_error_code pl_replay_read(const char *path, pl_search_replay *r, pl_error *err);
void pl_replay_free(pl_search_replay *r);

/* A search run here, replayed without a file: its records built from the
 * search's observer (pl_search_params.observe), as `plan --trace` would
 * write them. */
typedef struct {
    const char *search;           /* its name on the end line: "astar-hmax", "gbfs-ff", ... */
    pl_heuristic_kind heuristic;
    bool greedy;                  /* GBFS, else A* */
    long max_expansions;          /* 0: no limit (then r->limit stays 0) */
    double max_seconds;           /* CPU seconds; 0: no limit */
    const uint64_t *init;         /* the start; NULL: the task's initial state */
} pl_replay_search_opts;
/* The searches teach offers (astar-blind, astar-hmax, astar-lmcut, gbfs-ff,
 * gbfs-add; A*'s also by their heuristic alone: "hmax"): fills o's name,
 * heuristic and greedy; false for another name. */
bool pl_replay_search_named(const char *name, pl_replay_search_opts *o);
/* Runs the search and builds its replay into r; `res` (may be NULL) gets
 * the search's result (its plan, statistics).  PL_OK, or an error (out of
 * memory, or the search's own error); pl_replay_free in every case. */
pl_error_code pl_replay_search(const pl_task *t, const pl_relaxed *relaxed, const pl_replay_search_opts *o,
                               pl_search_replay *r, pl_search_result *res, pl_error *err);
/* Whether text (a file's first bytes) looks like a search trace: a JSON
 * line with "n", "successors" and "open" keys. */
bool pl_replay_sniff(const char *text, size_t len);

/* Moves (clamped to 0 .. nrecords): by `delta` positions, to record n (1 ..
 * nrecords; nrecords + 1 = the end), to the first generation of a goal,
 * to the goal taken (the end when the search found a plan). */
void pl_replay_step(pl_search_replay *r, long delta);
void pl_replay_go(pl_search_replay *r, long n);
bool pl_replay_go_first_goal(pl_search_replay *r);
bool pl_replay_go_goal(pl_search_replay *r);

/* The actions from the start to record n (the path g counts), into *actions
 * (owned array of borrowed strings, first action first); their number, or
 * -1 when out of memory or when the parent links do not lead to the start. */
int pl_replay_path(const pl_search_replay *r, long n, const char ***actions);
/* The plan: the path to the goal's parent and the goal's action; -1 without one. */
int pl_replay_plan(const pl_search_replay *r, const char ***actions);

/* The screen of the current position (under ascii, "inf" for "\u221e"). */
void pl_replay_view(const pl_search_replay *r, bool ascii, pl_view_model *vm);

#endif
