#define _POSIX_C_SOURCE 200809L
/* Small helpers the per-task graders share: the task for naming failures,
 * limits, lower-casing as Python does, the sound reason, list membership, the
 * hashed index of a list of strings and the Jaccard index. */
#include <ctype.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acpbench/grade_internal.h"

const pl_task *acp_task_if_loads(pl_acp_grader *g, const pl_acp_question *q)
{
    pl_error err = PL_ERROR_INIT;
    acp_question_cache *c = g->opts.sound ? acp_cache_get(g, q, &err) : NULL;
    pl_error_clear(&err);
    return c ? c->lt.task : NULL;
}

pl_limits acp_limits(double seconds)
{
    return (pl_limits){0, seconds, 0};
}

bool acp_cancelled(const pl_acp_grader *g)
{
    return g->opts.cancel && atomic_load_explicit(g->opts.cancel, memory_order_relaxed);
}

char *acp_lower(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        out[i] = (s[i] >= 'A' && s[i] <= 'Z') ? (char)(s[i] - 'A' + 'a') : s[i];
    return out;
}

void acp_reason(pl_acp_verdict *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    free(v->sound_reason);
    v->sound_reason = s;
}

bool acp_in_list_lower(const cJSON *list, const char *lower)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        if (!cJSON_IsString(it))
            continue;
        const char *a = it->valuestring, *b = lower;
        while (*a && tolower((unsigned char)*a) == *b)
            a++, b++;
        if (!*a && !*b)
            return true;
    }
    return false;
}

/* ---- the index of a list of strings ---- */

/* A per-process seed for text_hash, so that no answer can be crafted in
 * advance whose items all share one hash (their chains would make grading
 * quadratic again).  The index's results never depend on it. */
static uint64_t hash_seed(void)
{
    static _Atomic uint64_t seed;
    uint64_t s = atomic_load_explicit(&seed, memory_order_relaxed);
    if (s)
        return s;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t fresh = ((uint64_t)now.tv_nsec << 32) ^ (uint64_t)now.tv_sec ^ (uint64_t)(uintptr_t)&seed ^
                     ((uint64_t)getpid() << 16);
    fresh = (fresh | 1u) * 0x9E3779B97F4A7C15u;
    uint64_t expected = 0;
    atomic_compare_exchange_strong(&seed, &expected, fresh);
    return atomic_load(&seed);
}

/* FNV-1a, 64 bits, from a seeded basis, then MurmurHash3's finaliser: the
 * map's key is this hash as two ints; items with the same hash but
 * different text are chained (acp_index.chain). */
static uint64_t text_hash(const char *s)
{
    uint64_t h = 14695981039346656037u ^ hash_seed();
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 33);
}

static int text_key(const char *s, int key[2])
{
    uint64_t h = text_hash(s);
    key[0] = (int)(uint32_t)h;
    key[1] = (int)(uint32_t)(h >> 32);
    return 2;
}

int acp_index_build(acp_index *x, char *const *items, int n)
{
    *x = (acp_index){.items = items, .n = n, .map = PL_HASHMAP_INIT};
    x->first = malloc(((size_t)n + 1) * sizeof *x->first);
    x->chain = malloc(((size_t)n + 1) * sizeof *x->chain);
    if (!x->first || !x->chain)
        goto oom;
    for (int i = 0; i < n; i++) {
        int key[2], len = text_key(items[i], key);
        int r = pl_hashmap_put(&x->map, key, len, i), last = -1;
        if (r == -2)
            goto oom;
        x->first[i] = x->chain[i] = -1;
        for (; r >= 0 && r != i; last = r, r = x->chain[r])
            if (!strcmp(items[r], items[i])) {
                x->first[i] = r;
                break;
            }
        if (x->first[i] < 0) { /* the first of its text: the chain's new tail */
            x->first[i] = i;
            if (last >= 0)
                x->chain[last] = i;
        }
    }
    return 0;
oom:
    acp_index_free(x);
    return -1;
}

int acp_index_find(const acp_index *x, const char *s)
{
    int key[2], len = text_key(s, key);
    for (int r = pl_hashmap_get(&x->map, key, len); r >= 0; r = x->chain[r])
        if (!strcmp(x->items[r], s))
            return r;
    return -1;
}

void acp_index_free(acp_index *x)
{
    pl_hashmap_free(&x->map);
    free(x->first);
    free(x->chain);
    x->first = x->chain = NULL;
}

double acp_jaccard(const acp_index *a, const acp_index *b)
{
    int inter = 0, distinct_a = 0, distinct_b = 0;
    for (int i = 0; i < a->n; i++)
        if (a->first[i] == i) {
            distinct_a++;
            inter += acp_index_find(b, a->items[i]) >= 0;
        }
    for (int i = 0; i < b->n; i++)
        distinct_b += b->first[i] == i;
    int uni = distinct_a + distinct_b - inter;
    return uni ? (double)inter / uni : 1.0;
}

char *acp_tuple_text(const pl_task *t, const char *name, const int *args, int n)
{
    size_t len = strlen(name) + 3;
    for (int i = 0; i < n; i++)
        len += strlen(t->problem->objects[args[i]].name) + 1;
    char *s = malloc(len), *end = s;
    if (!s)
        return NULL;
    end += sprintf(end, "(%s", name);
    for (int i = 0; i < n; i++)
        end += sprintf(end, " %s", t->problem->objects[args[i]].name);
    strcpy(end, ")");
    return s;
}

pl_answer acp_none_truth(acp_question_cache *c, pl_acp_task task, double seconds)
{
    if (!c->has_none) {
        double deadline = acp_thread_cpu_seconds() + seconds;
        c->none_truth = task == PL_ACP_LAND ? acp_land_none(c, deadline, &c->none_witness)
                                            : acp_reach_none(c, task == PL_ACP_AREACH, deadline, &c->none_witness);
        c->has_none = true;
    }
    return c->none_truth;
}

void acp_sound_none(acp_question_cache *c, pl_acp_task task, double seconds, pl_acp_verdict *v)
{
    static const char *const wrong[] = {"can never hold", "can never become applicable", "is a landmark"};
    static const char *const right[] = {"every atom of the question's propositions can hold",
                                        "every action can become applicable",
                                        "no fact is a non-trivial landmark (each proven avoidable)"};
    int k = task == PL_ACP_REACH ? 0 : task == PL_ACP_AREACH ? 1 : 2;
    pl_answer truth = acp_none_truth(c, task, seconds);
    if (truth != PL_UNKNOWN)
        v->sound_score = truth == PL_YES;
    if (v->sound_score != v->score && truth == PL_NO)
        acp_reason(v, "None is wrong: %s %s (proven)", c->none_witness, wrong[k]);
    else if (v->sound_score != v->score)
        acp_reason(v, "None is right: %s (proven)%s", right[k],
                   truth == PL_YES && v->score == 0 ? "; the stored answer is wrong" : "");
}

void acp_none_failure(const acp_question_cache *c, pl_acp_task task, pl_acp_verdict *v)
{
    static const char *const wrong[] = {"can never hold", "can never become applicable", "is a landmark"};
    int k = task == PL_ACP_REACH ? 0 : task == PL_ACP_AREACH ? 1 : 2;
    if (c && c->none_truth == PL_NO && c->none_witness)
        pl_failure_set(&v->failure, PL_FAIL_NONE_BUT_EXISTS, NULL, 0, "the answer says None, but %s %s",
                       c->none_witness, wrong[k]);
}
