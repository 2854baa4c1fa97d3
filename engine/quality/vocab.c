/* Interned actions and tokens of one plan-quality case. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/hashmap.h"
#include "quality/vocab.h"

/* Strings -> dense ids: open addressing over FNV-1a hashes. */
typedef struct {
    const char **strs; /* id -> string (in the arena) */
    int *lens;
    uint32_t *hashes;
    int count, cap;
    int *slots;        /* id + 1, 0 = empty */
    uint32_t nslots;   /* power of two */
} str_table;

struct pl_qvocab {
    const pl_task *task;
    pl_name_sim *sim;
    pl_similarity_version version;
    pl_arena arena;
    str_table actions, tokens;
    pl_qaction *info;  /* per action id */
    int info_cap;
    pl_hashmap sim_ids; /* (llm name, gt name) -> index into sims */
    double *sims;
    int nsims, sims_cap;
    bool failed;
};

static uint32_t fnv1a(const char *s, int n)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static int table_grow_slots(str_table *t)
{
    uint32_t n = t->nslots ? t->nslots * 2 : 64;
    int *slots = calloc(n, sizeof *slots);
    if (!slots)
        return -1;
    for (int id = 0; id < t->count; id++) {
        uint32_t k = t->hashes[id] & (n - 1);
        while (slots[k])
            k = (k + 1) & (n - 1);
        slots[k] = id + 1;
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = n;
    return 0;
}

/* Returns the id, *fresh = true when it was added; -1 on out of memory. */
static int table_intern(pl_qvocab *v, str_table *t, const char *s, int n, bool *fresh)
{
    *fresh = false;
    if ((uint32_t)(t->count + 1) * 2 > t->nslots && table_grow_slots(t) < 0)
        return -1;
    uint32_t h = fnv1a(s, n), k = h & (t->nslots - 1);
    for (; t->slots[k]; k = (k + 1) & (t->nslots - 1)) {
        int id = t->slots[k] - 1;
        if (t->hashes[id] == h && t->lens[id] == n && !memcmp(t->strs[id], s, (size_t)n))
            return id;
    }
    if (t->count == t->cap) {
        int cap = t->cap ? t->cap * 2 : 64;
        const char **strs = realloc(t->strs, (size_t)cap * sizeof *strs);
        if (strs)
            t->strs = strs;
        int *lens = realloc(t->lens, (size_t)cap * sizeof *lens);
        if (lens)
            t->lens = lens;
        uint32_t *hashes = realloc(t->hashes, (size_t)cap * sizeof *hashes);
        if (hashes)
            t->hashes = hashes;
        if (!strs || !lens || !hashes)
            return -1;
        t->cap = cap;
    }
    char *copy = pl_arena_strndup(&v->arena, s, (size_t)n);
    if (!copy)
        return -1;
    int id = t->count++;
    t->strs[id] = copy;
    t->lens[id] = n;
    t->hashes[id] = h;
    t->slots[k] = id + 1;
    *fresh = true;
    return id;
}

static void table_free(str_table *t)
{
    free(t->strs);
    free(t->lens);
    free(t->hashes);
    free(t->slots);
}

pl_qvocab *pl_qvocab_new(const pl_task *task, pl_name_sim *sim, pl_similarity_version version)
{
    pl_qvocab *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->task = task;
    v->sim = sim;
    v->version = version;
    return v;
}

void pl_qvocab_free(pl_qvocab *v)
{
    if (!v)
        return;
    table_free(&v->actions);
    table_free(&v->tokens);
    free(v->info);
    pl_hashmap_free(&v->sim_ids);
    free(v->sims);
    pl_arena_free(&v->arena);
    free(v);
}

const pl_task *pl_qvocab_task(const pl_qvocab *v)
{
    return v->task;
}

int pl_qvocab_ntokens(const pl_qvocab *v)
{
    return v->tokens.count;
}

int pl_qvocab_token_id(pl_qvocab *v, const char *s, int len)
{
    bool fresh;
    int id = table_intern(v, &v->tokens, s, len, &fresh);
    v->failed |= id < 0;
    return id;
}

/* parse_action: delete every '(' and ')', split on single spaces. */
static int split_action(pl_qvocab *v, pl_qaction *a, const char *text)
{
    size_t n = strlen(text);
    char *buf = pl_arena_alloc(&v->arena, n + 1);
    if (!buf)
        return -1;
    size_t m = 0;
    int pieces = 1;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '(' || text[i] == ')')
            continue;
        pieces += text[i] == ' ';
        buf[m++] = text[i];
    }
    int *ids = pl_arena_alloc(&v->arena, (size_t)pieces * sizeof *ids);
    if (!ids)
        return -1;
    int k = 0;
    size_t start = 0;
    for (size_t i = 0; i <= m; i++) {
        if (i < m && buf[i] != ' ')
            continue;
        ids[k] = pl_qvocab_token_id(v, buf + start, (int)(i - start));
        if (ids[k++] < 0)
            return -1;
        start = i + 1;
    }
    a->name = ids[0];
    a->params = ids + 1;
    a->nparams = pieces - 1;
    return 0;
}

static int intern_action(pl_qvocab *v, const char *text, int len)
{
    bool fresh;
    int id = table_intern(v, &v->actions, text, len, &fresh);
    if (id < 0 || !fresh)
        return v->failed |= id < 0, id;
    if (id >= v->info_cap) {
        int cap = v->actions.cap;
        pl_qaction *info = realloc(v->info, (size_t)cap * sizeof *info);
        if (!info)
            return v->failed = true, -1;
        v->info = info;
        v->info_cap = cap;
    }
    pl_qaction *a = &v->info[id];
    memset(a, 0, sizeof *a);
    a->text = v->actions.strs[id];
    a->echo = -1;
    a->ground = -1;
    if (split_action(v, a, a->text) < 0)
        return v->failed = true, -1;
    return id;
}

int pl_qvocab_action(pl_qvocab *v, const char *text)
{
    return intern_action(v, text, (int)strlen(text));
}

int pl_qvocab_action_from_tokens(pl_qvocab *v, const int *tokens, int n)
{
    char local[512];
    size_t need = 3;
    for (int i = 0; i < n; i++)
        need += (size_t)v->tokens.lens[tokens[i]] + 1;
    char *buf = need <= sizeof local ? local : malloc(need);
    if (!buf)
        return v->failed = true, -1;
    size_t m = 0;
    buf[m++] = '(';
    for (int i = 0; i < n; i++) {
        if (i >= 1)
            buf[m++] = ' ';
        memcpy(buf + m, v->tokens.strs[tokens[i]], (size_t)v->tokens.lens[tokens[i]]);
        m += (size_t)v->tokens.lens[tokens[i]];
    }
    if (n == 1)
        buf[m++] = ' '; /* f"({a[0]} {''})" */
    buf[m++] = ')';
    int id = intern_action(v, buf, (int)m);
    if (buf != local)
        free(buf);
    return id;
}

const pl_qaction *pl_qvocab_get(const pl_qvocab *v, int id)
{
    return &v->info[id];
}

pl_qaction *pl_qvocab_get_mut(pl_qvocab *v, int id)
{
    return &v->info[id];
}

const char *pl_qvocab_token(const pl_qvocab *v, int token)
{
    return v->tokens.strs[token];
}

double pl_qvocab_name_sim(pl_qvocab *v, int llm_name, int gt_name)
{
    int key[2] = {llm_name, gt_name};
    int at = pl_hashmap_get(&v->sim_ids, key, 2);
    if (at >= 0)
        return v->sims[at];
    double s = v->sim ? pl_name_sim_score(v->sim, v->tokens.strs[llm_name], v->tokens.strs[gt_name], v->version)
                      : 0.0;
    if (v->nsims == v->sims_cap) {
        int cap = v->sims_cap ? v->sims_cap * 2 : 32;
        double *sims = realloc(v->sims, (size_t)cap * sizeof *sims);
        if (!sims)
            return v->failed = true, s;
        v->sims = sims;
        v->sims_cap = cap;
    }
    if (pl_hashmap_put(&v->sim_ids, key, 2, v->nsims) < 0)
        return v->failed = true, s;
    v->sims[v->nsims++] = s;
    return s;
}

bool pl_qvocab_failed(const pl_qvocab *v)
{
    return v->failed;
}
