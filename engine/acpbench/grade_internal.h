/* Shared between the grading files: the per-question cache and helpers. */
#ifndef PL_ACPBENCH_GRADE_INTERNAL_H
#define PL_ACPBENCH_GRADE_INTERNAL_H

#include "acpbench/grade.h"
#include "acpbench/parse.h"
#include "base/hashmap.h"
#include "plans/plan.h"
#include "search/heuristic.h"
#include "search/reach.h"
#include "task/load.h"

/* What the checks of one question need, built on first use. */
typedef struct {
    const pl_acp_question *q;
    int load_status;            /* 0 not tried, 1 loaded, -1 failed */
    pl_error load_error;        /* why it failed, repeated on every later use */
    pl_loaded_task lt;
    pl_relaxed *relaxed;
    bool has_mutexes;
    bool has_landmarks;
    pl_landmark_checker landmarks;
    bool has_hstar;
    bool has_structural;        /* structural symmetries tried (grader.c, question_symmetry) */
    bool has_pdbs;              /* pattern databases tried (grader.c, acp_cache_pdbs) */
    double cpu_start;           /* the thread's CPU time when the task was loaded */
    pl_answer hstar_known;      /* YES: hstar holds h*(init); NO: dead end; UNKNOWN: limit */
    long long hstar;
    double hstar_seconds;       /* the time limit it was computed under */
    signed char *next_action;   /* per action: pl_answer of the next-action test, -1 not yet asked */
    const char **official_next; /* per action: path of the official nexta planner check, NULL not yet run */
    pl_hcache *hcache;          /* LM-cut values and lower bounds shared by the nexta searches */
    bool init_solvable;         /* a plan from the question state is known */
    int *orbit_rep;             /* per action: acp_cache_orbit_action, -1 not yet asked */
    uint64_t *orbit_states;     /* representatives of the successors seen, one per orbit */
    int *orbit_actions;         /* the action of each */
    int norbits, cap_orbits;
    bool has_none;              /* none_truth computed (acp_none_truth) */
    pl_answer none_truth;       /* is "None" the right answer (reach, areach, land)? */
    char *none_witness;         /* owned: when NO, a right answer that proves it */
} acp_question_cache;

struct pl_acp_grader_s {
    pl_acp_grade_options opts;
    acp_question_cache *caches; /* open addressing on the question pointer */
    int cap, used;
};

/* The loaded task of the question (ground on first use); NULL when it
 * cannot be loaded (err set). */
acp_question_cache *acp_cache_get(pl_acp_grader *g, const pl_acp_question *q, pl_error *err);
/* The question's loaded task for a check, or NULL when its PDDL does not
 * load: the verdict's sound_reason then says why, and the caller falls back
 * as the official code does when its PDDL tools fail. */
acp_question_cache *acp_task_for(pl_acp_grader *g, const pl_acp_question *q, pl_acp_verdict *v);
/* The h^2 mutexes of the question's task (computed once). */
int acp_cache_mutexes(acp_question_cache *c);
pl_landmark_checker *acp_cache_landmarks(acp_question_cache *c, const pl_limits *lim);
/* h*(init) of the question's task (computed once). */
pl_answer acp_cache_hstar(acp_question_cache *c, const pl_limits *lim, long long *hstar);

/* The first action asked about whose successor (of the question state) is
 * symmetric to that of `action` (symmetry.h), or `action` itself: the two
 * successors have the same h*, so every next-action check answers both
 * alike.  `action` must be applicable in the question state. */
int acp_cache_orbit_action(acp_question_cache *c, int action);
/* The table of LM-cut values the question's A* searches towards its goal
 * share (hcache.h); NULL when out of memory. */
pl_hcache *acp_cache_hcache(acp_question_cache *c);
/* The pattern databases of the question's goal (pdb.h), built once the
 * question has proved costly; NULL before, and where they cannot be built. */
const struct pl_pdbs *acp_cache_pdbs(acp_question_cache *c);
/* Is the successor by `action` (applicable in the question state) a dead end
 * in the delete relaxation, so on no plan at all? */
bool acp_cache_dead_successor(acp_question_cache *c, int action);
/* Does `action` (applicable in the question state) lead back to the
 * question state itself (a no-op such as (change-color robot1 white white))?
 * Then the successor's optimal plans are the state's own. */
bool acp_cache_noop_successor(acp_question_cache *c, int action);

/* The next-action test of `action` from the question state (memoised:
 * many responses name the same actions, or symmetric ones). */
pl_answer acp_cache_next_action(acp_question_cache *c, int action, const pl_limits *lim, long long *hstar);
/* Records the next-action answer of `action` (an orbit's action) proved
 * elsewhere. */
void acp_cache_record_next_action(acp_question_cache *c, int action, pl_answer a);

/* The question's task for naming what a wrong answer names, when sound
 * checks run and it loads (no sound reason otherwise: for tasks graded
 * without it); NULL else. */
const pl_task *acp_task_if_loads(pl_acp_grader *g, const pl_acp_question *q);

pl_limits acp_limits(double seconds);
/* CPU time of the calling thread (the questions of one grader are graded
 * by one thread). */
double acp_thread_cpu_seconds(void);

/* Is "None" the sound answer to the question (reach, areach, land)?  YES
 * when every candidate answer is proven wrong, NO when one is proven right
 * (c->none_witness names it), UNKNOWN when a candidate stays undecided within
 * `seconds` of CPU for all of them together.  Computed once per question, so
 * that every spelling of None gets the same verdict (docs/GRADING.md, "None"). */
pl_answer acp_none_truth(acp_question_cache *c, pl_acp_task task, double seconds);
/* The sound verdict of the answer None into v (official score set): the
 * verdict of acp_none_truth where it decided, with a sound reason where it
 * differs from the official one. */
void acp_sound_none(acp_question_cache *c, pl_acp_task task, double seconds, pl_acp_verdict *v);
/* The failure of a wrong None naming the right answer that proves it wrong,
 * when acp_none_truth found one (else v->failure is left as it is). */
void acp_none_failure(const acp_question_cache *c, pl_acp_task task, pl_acp_verdict *v);
/* The per-task searches behind it (grade_search.c, grade_sets.c): every
 * candidate checked until one is proven right or `deadline` (thread CPU
 * seconds) passes. */
pl_answer acp_reach_none(acp_question_cache *c, bool actions, double deadline, char **witness);
pl_answer acp_land_none(acp_question_cache *c, double deadline, char **witness);

/* Candidates a None check enumerates at most (per pass); beyond, None is
 * undecided and its official verdict stands. */
#define ACP_NONE_CANDIDATES 20000L
/* "(name a b)" for the objects args[0..n); NULL when out of memory. */
char *acp_tuple_text(const pl_task *t, const char *name, const int *args, int n);
/* Has the grader's cancel flag been set?  Item loops ask every
 * ACP_CANCEL_EVERY items. */
bool acp_cancelled(const pl_acp_grader *g);
#define ACP_CANCEL_EVERY 1024

/* Python str.lower() on the ASCII letters (every name the grammar accepts
 * is ASCII) into a new string; NULL when out of memory. */
char *acp_lower(const char *s);
/* Sets the sound reason (printf-style), replacing an earlier one. */
void acp_reason(pl_acp_verdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Does the lower-cased `s` equal one of the JSON strings of `list`, compared lower-cased? */
bool acp_in_list_lower(const cJSON *list, const char *lower);
/* A list of strings indexed by a hash map (base/hashmap.h): membership and
 * "is this item a repeat" in constant time, so that set answers are graded
 * in time linear in their size. */
typedef struct {
    char *const *items; /* not owned */
    int n;
    int *first;         /* per item: the index of the first item with its text */
    int *chain;         /* per first item: the next first item whose text has the same hash, -1 */
    pl_hashmap map;     /* text hash -> the first item with that hash */
} acp_index;

/* Indexes items[0..n) (kept by reference).  Returns 0, or -1 when out of
 * memory (x then needs no free). */
int acp_index_build(acp_index *x, char *const *items, int n);
/* The index of the first item equal to s, or -1. */
int acp_index_find(const acp_index *x, const char *s);
void acp_index_free(acp_index *x);
/* Jaccard index of two lists as sets (duplicates ignored). */
double acp_jaccard(const acp_index *a, const acp_index *b);

/* ---- failure modes (grade_failure.c) ----
 * Each fills f (base/failure.h) for an answer whose sound verdict is 0, from
 * what its grader computed: name resolution and the cached cheap tests;
 * nexta's not-optimal alone searches (h* of the successor, for its gap).  Item texts are lower-cased as the graders keep them.  Out of
 * memory leaves the kind set and the key or detail NULL: a failure never
 * changes a verdict. */
/* The name an item text starts with: "(sail l0 l1)" → "sail" (owned; NULL
 * when out of memory). */
char *acp_head(const char *text);
/* Sets f to kind k keyed by the head of `text` (the schema or predicate it names). */
void acp_fail_named(pl_failure *f, pl_failure_kind k, const char *text, int step, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* What an action or atom text that names no action or fact of the task gets
 * wrong: type-mismatch when every name exists but an argument is of the
 * wrong type (swapped arguments, a type predicate of another object),
 * wrong-arity when every name exists and the count is off, unknown-name when
 * a name does not exist (or the text is no action or atom at all). */
pl_failure_kind acp_action_name_kind(const pl_task *t, const char *text, const pl_action_ref *r);
pl_failure_kind acp_atom_name_kind(const pl_task *t, const char *text, pl_atom_status st);
/* app: the answer against the applicable actions (t NULL: against the
 * stored set, every extra item then counted as not applicable). */
void acp_fail_app(const pl_task *t, const acp_index *answer, const acp_index *truth, pl_failure *f);
/* prog: the answer's lists against the true positive and negative effects. */
void acp_fail_prog(const pl_task *t, const acp_index *pos, const acp_index *neg, const acp_index *truth_pos,
                   const acp_index *truth_neg, pl_failure *f);
/* reach (the atom text x) and areach (the action text x): `unreachable` /
 * `never` the sound check's answer (PL_UNKNOWN when it did not decide or did
 * not run: the official path then tells); t NULL when the task is not loaded. */
void acp_fail_reach(const pl_task *t, const char *x, pl_answer unreachable, const char *path, int nstored,
                    pl_failure *f);
void acp_fail_areach(const pl_task *t, const char *x, pl_answer never, const char *path, int nstored,
                     pl_failure *f);
/* val: the index the sound reading found (have), against the stored one
 * (want_number false: the plan is valid). */
void acp_fail_val(bool have, long index, bool want_number, long want, pl_failure *f);
/* just: the question's plan and the answer; shape and valid as the grader
 * found them (t NULL: the task did not load). */
void acp_fail_just(const pl_task *t, char *const *plan, int n, char *const *ans, int m, bool valid,
                   pl_failure *f);
/* nexta: `action` the grounded action when applicable in the question
 * state, else -1; `next` the next-action test's answer (PL_UNKNOWN when
 * undecided or not run); c NULL when the task is not loaded. */
void acp_fail_nexta(acp_question_cache *c, const char *x, int action, pl_answer next, const char *path,
                    double seconds, pl_failure *f);
/* An action applicable in the question state that starts an optimal plan
 * (the next-action test, memoised), or -1 when none is found within the
 * limit or the goal holds already. */
int acp_optimal_next_action(acp_question_cache *c, const pl_limits *lim);

/* A task's grader of a parsed answer (grade.c's dispatch). */
typedef int (*acp_grade_fn)(pl_acp_grader *g, const pl_acp_question *q, const char *response, const pl_acp_parsed *p,
                            pl_acp_verdict *v, pl_error *err);
/* The failure of a wrong generative answer re-read from its stated answer
 * (grade_failure_reread.c): empty-answer, misextracted, malformed, nexta's
 * none-but-exists, or the stated answer's own failure; `grade` grades the
 * stated answer.  Changes v->failure only, never a verdict. */
void acp_failure_reread(pl_acp_grader *g, const pl_acp_question *q, pl_acp_start start, const char *response,
                        const pl_acp_parsed *p, pl_acp_verdict *v, acp_grade_fn grade);
/* The same for a yes/no answer: misextracted when the official filter took
 * another yes or no than the answer marks, and the marked one is right. */
void acp_failure_reread_choice(const pl_acp_question *q, const char *response, pl_acp_verdict *v);

/* One function per task; each fills score, sound_score, path, reasons and
 * IoU, and the failure when sound_score is 0.  `p` is what the official parser yielded (p->ok true).  Return 0, or
 * -1 when out of memory or the question's task cannot be loaded. */
int acp_grade_app(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v);
int acp_grade_prog(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v);
int acp_grade_val(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, const char *response,
                  pl_acp_verdict *v);
int acp_grade_land(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v);
int acp_grade_reach(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v);
int acp_grade_areach(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v);
int acp_grade_nexta(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v);
int acp_grade_just(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v);

#endif
