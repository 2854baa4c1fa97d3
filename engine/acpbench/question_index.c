/* Open-addressing hash tables over the question list.  The id table hashes
 * the id alone, so every question sharing an id sits on one probe chain: a
 * lookup without a group can then tell a unique id from an ambiguous one. */
#include "acpbench/question_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct pl_acp_question_index_s {
    uint32_t *by_id;   /* item + 1, 0 = empty */
    uint32_t *by_text; /* on (context, question) */
    uint32_t nslots;   /* a power of two, more than twice the item count */
};

typedef struct {
    bool has_group;
    pl_acp_task task;
    pl_acp_format format;
    const char *id, *context, *question;
} lookup_key;

static uint32_t fnv(uint32_t h, const char *s)
{
    for (; s && *s; s++) {
        h ^= (unsigned char)*s;
        h *= 16777619u;
    }
    return h;
}

static uint32_t id_hash(const char *id)
{
    return fnv(2166136261u, id);
}

static uint32_t text_hash(const char *context, const char *question)
{
    return fnv(fnv(2166136261u, context) * 31u, question);
}

static void slot_put(uint32_t *slots, uint32_t nslots, uint32_t h, int item)
{
    uint32_t i = h & (nslots - 1);
    while (slots[i])
        i = (i + 1) & (nslots - 1);
    slots[i] = (uint32_t)item + 1;
}

static void put_item(pl_acp_question_index *ix, const pl_acp_question *q, int item)
{
    slot_put(ix->by_id, ix->nslots, id_hash(q->id), item);
    slot_put(ix->by_text, ix->nslots, text_hash(q->context, q->question), item);
}

static int rebuild(pl_acp_questions *qs, uint32_t nslots)
{
    pl_acp_question_index *ix = qs->index;
    uint32_t *by_id = calloc(nslots, sizeof *by_id), *by_text = calloc(nslots, sizeof *by_text);
    if (!by_id || !by_text) {
        free(by_id);
        free(by_text);
        return -1;
    }
    free(ix->by_id);
    free(ix->by_text);
    ix->by_id = by_id;
    ix->by_text = by_text;
    ix->nslots = nslots;
    for (int k = 0; k < qs->count; k++)
        put_item(ix, &qs->items[k], k);
    return 0;
}

int pl_acp_index_add(pl_acp_questions *qs, int item)
{
    if (!qs->index && !(qs->index = calloc(1, sizeof *qs->index)))
        return -1;
    pl_acp_question_index *ix = qs->index;
    if ((uint32_t)qs->count * 2 >= ix->nslots)
        return rebuild(qs, ix->nslots ? ix->nslots * 2 : 256);
    put_item(ix, &qs->items[item], item);
    return 0;
}

void pl_acp_index_free(pl_acp_question_index *ix)
{
    if (!ix)
        return;
    free(ix->by_id);
    free(ix->by_text);
    free(ix);
}

static bool same_text(const char *a, const char *b)
{
    return !strcmp(a ? a : "", b ? b : "");
}

static bool id_matches(const pl_acp_question *q, const lookup_key *k)
{
    return !strcmp(q->id, k->id) && (!k->has_group || (q->task == k->task && q->format == k->format));
}

static bool text_matches(const pl_acp_question *q, const lookup_key *k)
{
    return same_text(q->context, k->context) && !strcmp(q->question, k->question) &&
           (!k->has_group || (q->task == k->task && q->format == k->format));
}

/* The one question on the probe chain of h that matches, or NULL. */
static const pl_acp_question *probe(const pl_acp_questions *qs, const uint32_t *slots, uint32_t h,
                                    bool (*matches)(const pl_acp_question *, const lookup_key *),
                                    const lookup_key *k)
{
    const pl_acp_question *found = NULL;
    uint32_t mask = qs->index->nslots - 1;
    for (uint32_t i = h & mask; slots[i]; i = (i + 1) & mask) {
        const pl_acp_question *q = &qs->items[slots[i] - 1];
        if (!matches(q, k))
            continue;
        if (found)
            return NULL;
        found = q;
    }
    return found;
}

/* Fills the group part of the key; false for a group that names no task. */
static bool key_group(lookup_key *k, const char *group)
{
    k->has_group = group != NULL;
    return !group || pl_acp_group_parse(group, &k->task, &k->format);
}

const pl_acp_question *pl_acp_questions_find(const pl_acp_questions *qs, const char *group, const char *id)
{
    lookup_key k = {.id = id};
    if (!qs->index || !id || !key_group(&k, group))
        return NULL;
    return probe(qs, qs->index->by_id, id_hash(id), id_matches, &k);
}

const pl_acp_question *pl_acp_questions_find_text(const pl_acp_questions *qs, const char *group,
                                                  const char *context, const char *question)
{
    lookup_key k = {.context = context, .question = question};
    if (!qs->index || !question || !key_group(&k, group))
        return NULL;
    return probe(qs, qs->index->by_text, text_hash(context, question), text_matches, &k);
}
