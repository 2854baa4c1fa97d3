/* VAL as the official plan-quality code sees it, on the engine's simulator. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"
#include "quality/exec.h"

const char *pl_qx_verdict_name(pl_qx_verdict v)
{
    static const char *const names[] = {"executed", "precondition", "echo-mismatch", "bad-operator", "crash"};
    return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "?";
}

/* VAL's echo of a failing step: "(name a b)", lower-case, single-spaced,
 * only as many arguments as the schema has parameters. */
static int echo_id(pl_qvocab *v, const char *text, int arity)
{
    size_t n = strlen(text);
    char local[256];
    char *buf = n + 3 <= sizeof local ? local : malloc(n + 3);
    if (!buf)
        return -1;
    size_t m = 0;
    int words = 0;
    buf[m++] = '(';
    for (size_t i = 0; i < n && words <= arity;) {
        while (i < n && (isspace((unsigned char)text[i]) || text[i] == '(' || text[i] == ')'))
            i++;
        if (i == n)
            break;
        if (words > 0)
            buf[m++] = ' ';
        while (i < n && !isspace((unsigned char)text[i]) && text[i] != '(' && text[i] != ')')
            buf[m++] = (char)tolower((unsigned char)text[i++]);
        words++;
    }
    buf[m++] = ')';
    buf[m] = '\0';
    int id = pl_qvocab_action(v, buf);
    if (buf != local)
        free(buf);
    return id;
}

static int resolve(pl_qvocab *v, int id)
{
    pl_qaction *a = pl_qvocab_get_mut(v, id);
    if (a->val != PL_QV_UNRESOLVED)
        return 0;
    if (!strchr(a->text, '(')) {
        a->val = PL_QV_DROPPED;
        return 0;
    }
    const pl_task *t = pl_qvocab_task(v);
    pl_action_ref ref;
    pl_ref_status st = pl_resolve_action(t, a->text, &ref);
    int schema = ref.schema, ground = ref.action;
    bool ends_plan = ref.stray_parens > 0;
    pl_action_ref_clear(&ref);
    pl_qval_kind kind = st == PL_REF_OK               ? PL_QV_GROUND
                        : st == PL_REF_UNKNOWN_ACTION ? PL_QV_BAD_OPERATOR
                        : st == PL_REF_WRONG_ARITY || st == PL_REF_MALFORMED ? PL_QV_CRASH
                                                                              : PL_QV_NEVER;
    int echo = -1;
    if (kind == PL_QV_GROUND || kind == PL_QV_NEVER) {
        echo = echo_id(v, a->text, schema >= 0 ? t->domain->actions[schema].nparams : 0);
        if (echo < 0)
            return -1;
        a = pl_qvocab_get_mut(v, id); /* interning may have moved the table */
    }
    a->val = kind;
    a->ends_plan = ends_plan;
    a->ground = ground;
    a->echo = echo;
    return 0;
}

void pl_qexec_clear(pl_qexec *e)
{
    free(e->states);
    memset(e, 0, sizeof *e);
}

/* states[s] = the state after min(s, done) replayed steps, s = 0..k: VAL's
 * happenings are counted over the lines it kept. */
static int keep_states(pl_qexec *out, const pl_task *t, const uint64_t *traj, int done, int k)
{
    size_t w = (size_t)t->words;
    out->states = malloc(((size_t)k + 1) * w * sizeof *out->states);
    if (!out->states)
        return -1;
    for (int s = 0; s <= k; s++)
        memcpy(out->states + (size_t)s * w, traj + (size_t)(s < done ? s : done) * w, w * sizeof *traj);
    out->nstates = k + 1;
    return 0;
}

int pl_qexec_run(pl_qvocab *v, const int *plan, int n, bool want_states, pl_qexec *out)
{
    memset(out, 0, sizeof *out);
    const pl_task *t = pl_qvocab_task(v);
    out->simulation_possible = true;
    int read = n; /* lines VAL's plan reader gets to */
    for (int i = 0; i < read; i++) {
        if (resolve(v, plan[i]) < 0)
            return -1;
        const pl_qaction *a = pl_qvocab_get(v, plan[i]);
        if (a->val == PL_QV_BAD_OPERATOR || a->val == PL_QV_CRASH)
            out->verdict = a->val == PL_QV_CRASH ? PL_QX_CRASH : PL_QX_BAD_OPERATOR;
        if (a->ends_plan)
            read = i + 1;
    }
    if (out->verdict == PL_QX_BAD_OPERATOR || out->verdict == PL_QX_CRASH)
        return want_states ? keep_states(out, t, t->init, 0, 0) : 0;
    size_t w = (size_t)t->words;
    uint64_t *traj = malloc(((size_t)n + 1) * w * sizeof *traj);
    if (!traj)
        return -1;
    memcpy(traj, t->init, w * sizeof *traj);
    int done = 0, failed = -1;
    for (int i = 0; i < read && failed < 0; i++) {
        const pl_qaction *a = pl_qvocab_get(v, plan[i]);
        if (a->val == PL_QV_DROPPED)
            continue;
        const uint64_t *cur = traj + (size_t)done * w;
        if (a->val == PL_QV_GROUND && pl_task_applicable(t, a->ground, cur)) {
            pl_task_apply(t, a->ground, cur, traj + (size_t)(done + 1) * w);
            done++;
        } else {
            failed = i;
        }
    }
    int k = 0;
    if (failed < 0) {
        out->verdict = PL_QX_EXECUTED;
        out->executable = true;
        out->valid = pl_task_goal_reached(t, traj + (size_t)done * w);
        out->lea = k = n;
    } else {
        int echo = pl_qvocab_get(v, plan[failed])->echo, at = -1;
        for (int j = 0; j < n && at < 0; j++)
            if (plan[j] == echo)
                at = j;
        if (at < 0) {
            out->verdict = PL_QX_ECHO_MISMATCH;
            out->simulation_possible = false;
        } else {
            out->verdict = PL_QX_PRECONDITION;
            out->lea = k = at;
        }
    }
    int rc = want_states ? keep_states(out, t, traj, done, k) : 0;
    free(traj);
    return rc;
}
