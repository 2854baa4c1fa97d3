/* Classes of interchangeable objects and orbit representatives. */
#include <stdlib.h>
#include <string.h>

#include "search/symmetry.h"

struct pl_symmetry_s {
    const pl_task *t;
    int nobjects;
    int *class_of; /* per object: its class, or -1 */
    int nclasses;
    int *first;    /* class k: members[first[k] .. first[k + 1]), increasing */
    int *members;
    int ngens;     /* atom permutations mapping the task onto itself (structural.h) */
    int *gens;     /* ngens * natoms */
    /* Each atom's part of the class objects' signatures (atom_signatures),
     * fixed once the classes are: atom a adds sig_val[i] to object
     * sig_obj[i] for i in [sig_first[a], sig_first[a + 1]). */
    int *sig_first, *sig_obj;
    uint64_t *sig_val;
};

enum { MAX_TRIES_PER_OBJECT = 8 };

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 33);
}

/* ---- building: which transpositions map the task onto itself ---- */

typedef struct {
    const pl_task *t;
    int **atoms_of, *natoms_of;     /* per object: atoms naming it */
    int **actions_of, *nactions_of; /* per object: actions naming it */
    bool *is_goal;
    int *amap;                      /* atom -> swapped atom; identity outside a check */
    unsigned *mark, gen;            /* marks over 2 * natoms (atoms, or coded effects) */
} builder;

static int swapped(int o, int a, int b)
{
    return o == a ? b : o == b ? a : o;
}

/* Do the two lists hold the same items once x's are mapped?  Items are
 * atoms, or (coded) atom * 2 + add flag. */
static int map_item(const builder *B, int item, bool coded)
{
    return coded ? B->amap[item >> 1] * 2 + (item & 1) : B->amap[item];
}

static bool same_mapped(builder *B, const int *x, int nx, const int *y, int ny, bool coded)
{
    if (nx != ny)
        return false;
    unsigned g = ++B->gen;
    for (int i = 0; i < ny; i++)
        B->mark[y[i]] = g;
    for (int i = 0; i < nx; i++)
        if (B->mark[map_item(B, x[i], coded)] != g)
            return false;
    g = ++B->gen;
    for (int i = 0; i < nx; i++)
        B->mark[map_item(B, x[i], coded)] = g;
    for (int i = 0; i < ny; i++)
        if (B->mark[y[i]] != g)
            return false;
    return true;
}

/* The effects of an action coded atom * 2 + add into out (NULL: too many). */
static const int *coded_effects(const pl_gaction *ga, int *buf, int cap)
{
    if (ga->neffs > cap)
        return NULL;
    for (int i = 0; i < ga->neffs; i++)
        buf[i] = ga->effs[i].atom * 2 + ga->effs[i].add;
    return buf;
}

static bool action_maps(builder *B, int x, int a, int b)
{
    const pl_task *t = B->t;
    const pl_gaction *ax = &t->actions[x];
    int args[256], n = t->domain->actions[ax->schema].nparams;
    for (int i = 0; i < n; i++)
        args[i] = swapped(ax->args[i], a, b);
    int y = pl_task_action_id(t, ax->schema, args);
    if (y < 0)
        return false;
    const pl_gaction *ay = &t->actions[y];
    enum { CAP = 512 };
    int ex[CAP], ey[CAP];
    const int *cx = coded_effects(ax, ex, CAP), *cy = coded_effects(ay, ey, CAP);
    return ax->cost == ay->cost && cx && cy && same_mapped(B, ax->pre_pos, ax->npre_pos, ay->pre_pos, ay->npre_pos, false) &&
           same_mapped(B, ax->pre_neg, ax->npre_neg, ay->pre_neg, ay->npre_neg, false) &&
           same_mapped(B, cx, ax->neffs, cy, ay->neffs, true);
}

/* Is swapping objects a and b an automorphism of the task? */
static bool swap_ok(builder *B, int a, int b)
{
    const pl_task *t = B->t;
    bool ok = true;
    for (int k = 0; k < 2 && ok; k++) {
        int o = k ? b : a;
        for (int i = 0; i < B->natoms_of[o] && ok; i++) {
            const pl_gatom *at = &t->atoms[B->atoms_of[o][i]];
            int args[256], n = t->domain->preds[at->pred].arity;
            for (int j = 0; j < n; j++)
                args[j] = swapped(at->args[j], a, b);
            int id = pl_task_atom_id(t, at->pred, args);
            ok = id >= 0 && B->is_goal[id] == B->is_goal[B->atoms_of[o][i]];
            if (ok)
                B->amap[B->atoms_of[o][i]] = id;
        }
    }
    for (int k = 0; k < 2 && ok; k++) {
        int o = k ? b : a;
        for (int i = 0; i < B->nactions_of[o] && ok; i++)
            ok = action_maps(B, B->actions_of[o][i], a, b);
    }
    for (int k = 0; k < 2; k++) {
        int o = k ? b : a;
        for (int i = 0; i < B->natoms_of[o]; i++)
            B->amap[B->atoms_of[o][i]] = B->atoms_of[o][i];
    }
    return ok;
}

/* The goal as a set of atoms; false when it is no conjunction of atoms. */
static bool goal_atoms(const pl_task *t, bool *is_goal)
{
    if (t->goal == PL_GF_TRUE)
        return true;
    if (t->goal < 0)
        return false;
    const pl_gnode *g = &t->gnodes[t->goal];
    if (g->kind == PL_G_LIT) {
        is_goal[g->atom] = !g->neg;
        return !g->neg;
    }
    if (g->kind != PL_G_AND)
        return false;
    for (int i = 0; i < g->count; i++) {
        const pl_gnode *k = &t->gnodes[t->gkids[g->first + i]];
        if (k->kind != PL_G_LIT || k->neg)
            return false;
        is_goal[k->atom] = true;
    }
    return true;
}

static bool supported(const pl_task *t)
{
    for (int a = 0; a < t->nactions; a++)
        if (t->actions[a].pre != PL_GF_TRUE || t->actions[a].conditional)
            return false;
    return true;
}

bool pl_symmetry_task_supported(const pl_task *t, bool *is_goal)
{
    return goal_atoms(t, is_goal) && supported(t);
}

/* Per object: the atoms (or actions) naming it, each listed once. */
static int incidence(const pl_task *t, int nobjects, bool actions, int ***lists, int **counts)
{
    int n = actions ? t->nactions : t->natoms;
    *counts = calloc((size_t)nobjects + 1, sizeof **counts);
    *lists = calloc((size_t)nobjects + 1, sizeof **lists);
    int *last = malloc(((size_t)nobjects + 1) * sizeof *last);
    if (!*counts || !*lists || !last) {
        free(last);
        return -1;
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int o = 0; o < nobjects; o++) {
            last[o] = -1;
            if (pass == 1 && !((*lists)[o] = malloc(((size_t)(*counts)[o] + 1) * sizeof(int)))) {
                free(last);
                return -1;
            }
            if (pass == 1)
                (*counts)[o] = 0;
        }
        for (int i = 0; i < n; i++) {
            const int *args = actions ? t->actions[i].args : t->atoms[i].args;
            int arity = actions ? t->domain->actions[t->actions[i].schema].nparams
                                : t->domain->preds[t->atoms[i].pred].arity;
            for (int j = 0; j < arity; j++) {
                int o = args[j];
                if (last[o] == i)
                    continue;
                last[o] = i;
                if (pass == 1)
                    (*lists)[o][(*counts)[o]] = i;
                (*counts)[o]++;
            }
        }
    }
    free(last);
    return 0;
}

/* A cheap fingerprint: interchangeable objects have equal ones. */
static uint64_t fingerprint(const builder *B, int o)
{
    const pl_task *t = B->t;
    uint64_t h = (uint64_t)B->natoms_of[o] << 32 | (uint64_t)B->nactions_of[o];
    for (int i = 0; i < B->natoms_of[o]; i++) {
        const pl_gatom *at = &t->atoms[B->atoms_of[o][i]];
        for (int j = 0; j < t->domain->preds[at->pred].arity; j++)
            if (at->args[j] == o)
                h += mix((uint64_t)at->pred * 64 + (uint64_t)j + 1 + ((uint64_t)B->is_goal[B->atoms_of[o][i]] << 40));
    }
    for (int i = 0; i < B->nactions_of[o]; i++) {
        const pl_gaction *ga = &t->actions[B->actions_of[o][i]];
        for (int j = 0; j < t->domain->actions[ga->schema].nparams; j++)
            if (ga->args[j] == o)
                h += mix(((uint64_t)ga->schema * 64 + (uint64_t)j + 1) << 20 ^ (uint64_t)(ga->cost * 1024));
    }
    return h;
}

static void builder_free(builder *B, int nobjects)
{
    for (int o = 0; o < nobjects; o++) {
        if (B->atoms_of)
            free(B->atoms_of[o]);
        if (B->actions_of)
            free(B->actions_of[o]);
    }
    free(B->atoms_of);
    free(B->natoms_of);
    free(B->actions_of);
    free(B->nactions_of);
    free(B->is_goal);
    free(B->amap);
    free(B->mark);
}

/* Groups the objects into classes (rep[k]: the first member of class k). */
static int find_classes(builder *B, pl_symmetry *s)
{
    const pl_task *t = B->t;
    int n = s->nobjects, *rep = malloc(((size_t)n + 1) * sizeof *rep), *size = calloc((size_t)n + 1, sizeof *size);
    uint64_t *fp = malloc(((size_t)n + 1) * sizeof *fp);
    if (!rep || !size || !fp) {
        free(rep);
        free(size);
        free(fp);
        return -1;
    }
    int ngroups = 0;
    for (int o = t->domain->nconstants; o < n; o++) {
        fp[o] = fingerprint(B, o);
        int tries = 0, k = 0;
        for (; k < ngroups && tries < MAX_TRIES_PER_OBJECT; k++)
            if (fp[rep[k]] == fp[o] && (tries++, swap_ok(B, rep[k], o)))
                break;
        if (k == ngroups || tries == MAX_TRIES_PER_OBJECT) {
            k = ngroups++;
            rep[k] = o;
        }
        s->class_of[o] = k;
        size[k]++;
    }
    /* keep the groups of two or more; number them and list their members */
    int *renum = malloc(((size_t)ngroups + 1) * sizeof *renum);
    s->first = calloc((size_t)ngroups + 2, sizeof *s->first);
    s->members = malloc(((size_t)n + 1) * sizeof *s->members);
    if (!renum || !s->first || !s->members) {
        free(rep);
        free(size);
        free(fp);
        free(renum);
        return -1;
    }
    for (int k = 0; k < ngroups; k++)
        renum[k] = size[k] > 1 ? s->nclasses++ : -1;
    for (int o = 0; o < n; o++)
        s->class_of[o] = o >= t->domain->nconstants ? renum[s->class_of[o]] : -1;
    for (int o = 0; o < n; o++)
        if (s->class_of[o] >= 0)
            s->first[s->class_of[o] + 1]++;
    for (int k = 0; k < s->nclasses; k++)
        s->first[k + 1] += s->first[k];
    int *fill = size; /* reuse: next free slot per class */
    for (int k = 0; k < s->nclasses; k++)
        fill[k] = s->first[k];
    for (int o = 0; o < n; o++)
        if (s->class_of[o] >= 0)
            s->members[fill[s->class_of[o]]++] = o;
    free(rep);
    free(size);
    free(fp);
    free(renum);
    return 0;
}

/* The atom's part of the signature of each class object it names, into
 * obj/val (when not NULL); returns how many:
 * the predicate and, per position, that object itself, another object's
 * class, or an object outside the classes. */
static int atom_signatures(const pl_symmetry *s, const pl_gatom *at, int arity, int *obj, uint64_t *val)
{
    int n = 0;
    for (int j = 0; j < arity; j++) {
        int o = at->args[j];
        bool seen = false;
        for (int m = 0; m < j && !seen; m++)
            seen = at->args[m] == o;
        if (seen || s->class_of[o] < 0)
            continue;
        uint64_t h = mix((uint64_t)at->pred + 1);
        for (int m = 0; m < arity; m++) {
            int x = at->args[m];
            uint64_t d = x == o ? 1 : s->class_of[x] >= 0 ? 2 + ((uint64_t)s->class_of[x] << 1) : (uint64_t)x << 33;
            h = mix(h ^ (d * (uint64_t)(m + 1)));
        }
        if (obj) {
            obj[n] = o;
            val[n] = h;
        }
        n++;
    }
    return n;
}

/* Fills sig_first, sig_obj and sig_val: two passes, count then fill. */
static int precompute_signatures(pl_symmetry *s)
{
    const pl_task *t = s->t;
    s->sig_first = malloc(((size_t)t->natoms + 1) * sizeof *s->sig_first);
    if (!s->sig_first)
        return -1;
    int n = 0;
    for (int a = 0; a < t->natoms; a++) {
        s->sig_first[a] = n;
        n += atom_signatures(s, &t->atoms[a], t->domain->preds[t->atoms[a].pred].arity, NULL, NULL);
    }
    s->sig_first[t->natoms] = n;
    s->sig_obj = malloc(((size_t)n + 1) * sizeof *s->sig_obj);
    s->sig_val = malloc(((size_t)n + 1) * sizeof *s->sig_val);
    if (!s->sig_obj || !s->sig_val)
        return -1;
    for (int a = 0; a < t->natoms; a++)
        atom_signatures(s, &t->atoms[a], t->domain->preds[t->atoms[a].pred].arity, s->sig_obj + s->sig_first[a],
                        s->sig_val + s->sig_first[a]);
    return 0;
}

pl_symmetry *pl_symmetry_new(const pl_task *t)
{
    pl_symmetry *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->t = t;
    s->nobjects = t->problem->nobjects;
    s->class_of = malloc(((size_t)s->nobjects + 1) * sizeof *s->class_of);
    if (!s->class_of) {
        free(s);
        return NULL;
    }
    for (int o = 0; o < s->nobjects; o++)
        s->class_of[o] = -1;
    builder B = {.t = t};
    B.is_goal = calloc((size_t)t->natoms + 1, sizeof *B.is_goal);
    if (!B.is_goal || !pl_symmetry_task_supported(t, B.is_goal)) {
        bool failed = !B.is_goal;
        builder_free(&B, 0);
        if (failed) {
            pl_symmetry_free(s);
            return NULL;
        }
        return s; /* trivial */
    }
    B.amap = malloc(((size_t)t->natoms + 1) * sizeof *B.amap);
    B.mark = calloc((size_t)t->natoms * 2 + 2, sizeof *B.mark);
    int rc = B.amap && B.mark ? 0 : -1;
    for (int a = 0; rc == 0 && a < t->natoms; a++)
        B.amap[a] = a;
    if (rc == 0)
        rc = incidence(t, s->nobjects, false, &B.atoms_of, &B.natoms_of);
    if (rc == 0)
        rc = incidence(t, s->nobjects, true, &B.actions_of, &B.nactions_of);
    if (rc == 0)
        rc = find_classes(&B, s);
    if (rc == 0)
        rc = precompute_signatures(s);
    builder_free(&B, s->nobjects);
    if (rc < 0) {
        pl_symmetry_free(s);
        return NULL;
    }
    return s;
}

void pl_symmetry_free(pl_symmetry *s)
{
    if (!s)
        return;
    free(s->class_of);
    free(s->first);
    free(s->members);
    free(s->gens);
    free(s->sig_first);
    free(s->sig_obj);
    free(s->sig_val);
    free(s);
}

/* Does the permutation only rename objects within their classes (each atom
 * it moves goes to one of the same predicate whose arguments differ only by
 * interchangeable objects)?  The representatives mostly take those into
 * account already, at less cost; dropping one costs pruning at most. */
static bool within_classes(const pl_symmetry *s, const int *perm)
{
    const pl_task *t = s->t;
    for (int a = 0; a < t->natoms; a++) {
        const pl_gatom *x = &t->atoms[a], *y = &t->atoms[perm[a]];
        if (perm[a] == a)
            continue;
        if (x->pred != y->pred)
            return false;
        for (int j = 0; j < t->domain->preds[x->pred].arity; j++)
            if (x->args[j] != y->args[j]
                && (s->class_of[x->args[j]] < 0 || s->class_of[x->args[j]] != s->class_of[y->args[j]]))
                return false;
    }
    return true;
}

int pl_symmetry_add_generators(pl_symmetry *s, const int *perms, int ngens)
{
    size_t natoms = (size_t)s->t->natoms;
    int kept = 0;
    for (int k = 0; k < ngens; k++)
        kept += !within_classes(s, perms + (size_t)k * natoms);
    if (kept == 0)
        return 0;
    int *gens = realloc(s->gens, ((size_t)s->ngens + (size_t)kept) * natoms * sizeof *gens);
    if (!gens)
        return -1;
    s->gens = gens;
    for (int k = 0; k < ngens; k++)
        if (!within_classes(s, perms + (size_t)k * natoms))
            memcpy(gens + (size_t)s->ngens++ * natoms, perms + (size_t)k * natoms, natoms * sizeof *gens);
    return 0;
}

bool pl_symmetry_trivial(const pl_symmetry *s)
{
    return s->nclasses == 0 && s->ngens == 0;
}

int pl_symmetry_classes(const pl_symmetry *s)
{
    return s->nclasses;
}

/* ---- representatives ---- */

/* Scratch layout: sig[nobjects], perm[nobjects], (sig, object) pairs, then
 * a state for the generators. */
uint64_t *pl_symmetry_scratch_new(const pl_symmetry *s)
{
    return malloc(((size_t)s->nobjects * 4 + (size_t)s->t->words + 1) * sizeof(uint64_t));
}

static int cmp_pair(const void *x, const void *y)
{
    const uint64_t *a = x, *b = y;
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    return (a[1] > b[1]) - (a[1] < b[1]);
}

/* The representative up to the classes of interchangeable objects: each
 * class's objects renamed in the order of their signatures. */
static void class_canonical(const pl_symmetry *s, const uint64_t *state, uint64_t *out, uint64_t *scratch)
{
    const pl_task *t = s->t;
    size_t bytes = (size_t)t->words * sizeof *state;
    if (s->nclasses == 0) {
        memcpy(out, state, bytes);
        return;
    }
    uint64_t *sig = scratch, *perm = scratch + s->nobjects, *pairs = scratch + 2 * s->nobjects;
    memset(sig, 0, (size_t)s->nobjects * sizeof *sig);
    for (int w = 0; w < t->words; w++)
        for (uint64_t bits = state[w]; bits; bits &= bits - 1) {
            int a = w * 64 + __builtin_ctzll(bits);
            for (int i = s->sig_first[a]; i < s->sig_first[a + 1]; i++)
                sig[s->sig_obj[i]] += s->sig_val[i];
        }
    for (int o = 0; o < s->nobjects; o++)
        perm[o] = (uint64_t)o;
    for (int k = 0; k < s->nclasses; k++) {
        int n = s->first[k + 1] - s->first[k];
        const int *mem = s->members + s->first[k];
        /* insertion sort by (signature, object): classes are small */
        for (int i = 0; i < n; i++) {
            uint64_t key[2] = {sig[mem[i]], (uint64_t)mem[i]};
            int j = i;
            for (; j > 0 && cmp_pair(pairs + 2 * (j - 1), key) > 0; j--) {
                pairs[2 * j] = pairs[2 * (j - 1)];
                pairs[2 * j + 1] = pairs[2 * (j - 1) + 1];
            }
            pairs[2 * j] = key[0];
            pairs[2 * j + 1] = key[1];
        }
        for (int i = 0; i < n; i++)
            perm[pairs[2 * i + 1]] = (uint64_t)mem[i];
    }
    memset(out, 0, bytes);
    for (int w = 0; w < t->words; w++)
        for (uint64_t bits = state[w]; bits; bits &= bits - 1) {
            int a = w * 64 + __builtin_ctzll(bits);
            const pl_gatom *at = &t->atoms[a];
            int arity = t->domain->preds[at->pred].arity, args[256];
            bool moved = false;
            for (int j = 0; j < arity; j++) {
                args[j] = (int)perm[at->args[j]];
                moved |= args[j] != at->args[j];
            }
            if (moved)
                a = pl_task_atom_id(t, at->pred, args);
            if (a < 0) { /* cannot happen for a verified class; stay exact */
                memcpy(out, state, bytes);
                return;
            }
            pl_state_set(out, a, true);
        }
}

static bool state_less(const uint64_t *a, const uint64_t *b, int words)
{
    for (int w = 0; w < words; w++)
        if (a[w] != b[w])
            return a[w] < b[w];
    return false;
}

/* Then, while a generator leads to a smaller state, moves there: every
 * step maps the state onto a symmetric one, so h* stays what it was (Fast
 * Downward's shallow orbit search). */
void pl_symmetry_canonical(const pl_symmetry *s, const uint64_t *state, uint64_t *out, uint64_t *scratch)
{
    class_canonical(s, state, out, scratch);
    const pl_task *t = s->t;
    uint64_t *moved = scratch + 4 * (size_t)s->nobjects;
    size_t bytes = (size_t)t->words * sizeof *out;
    for (bool smaller = s->ngens > 0; smaller;) {
        smaller = false;
        for (int k = 0; k < s->ngens; k++) {
            const int *perm = s->gens + (size_t)k * (size_t)t->natoms;
            memset(moved, 0, bytes);
            for (int w = 0; w < t->words; w++)
                for (uint64_t bits = out[w]; bits; bits &= bits - 1)
                    pl_state_set(moved, perm[w * 64 + __builtin_ctzll(bits)], true);
            if (state_less(moved, out, t->words)) {
                memcpy(out, moved, bytes);
                smaller = true;
            }
        }
    }
}
