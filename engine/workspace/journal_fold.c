/* The fold of the review journal: which records are retracted, and the
 * current state of every key (journal.h).  Rebuilt from all records after
 * every read that adds some: a retract may name any earlier line, so a new
 * record can change the state of another key. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "workspace/journal_internal.h"

static uint32_t hash_text(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The slot of key: its state's, or the empty one where it would go. */
static unsigned slot_of(const pl_journal *j, const char *key)
{
    unsigned mask = j->nslots - 1, i = hash_text(key) & mask;
    while (j->slots[i] && strcmp(j->states[j->slots[i] - 1].key, key))
        i = (i + 1) & mask;
    return i;
}

void journal_fold_free(pl_journal *j)
{
    free(j->states);
    free(j->state_records);
    free(j->slots);
    j->states = NULL;
    j->state_records = NULL;
    j->slots = NULL;
    j->nstates = 0;
    j->nslots = 0;
}

/* The record at a 1-based line (lines increase with the index), or -1. */
static int record_at_line(const pl_journal *j, int line)
{
    int lo = 0, hi = j->nrecords - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (j->records[mid].line == line)
            return mid;
        if (j->records[mid].line < line)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* From the last record back: a retract that is not itself withdrawn
 * withdraws the earlier record it names (a retract of a retract restores). */
static void mark_retracted(pl_journal *j)
{
    for (int i = 0; i < j->nrecords; i++)
        j->records[i].retracted = false;
    for (int i = j->nrecords - 1; i >= 0; i--) {
        const pl_journal_record *r = &j->records[i];
        if (r->type != PL_JR_RETRACT || r->retracted || r->retracts >= r->line)
            continue;
        int target = record_at_line(j, r->retracts);
        if (target >= 0)
            j->records[target].retracted = true;
    }
}

static void apply(pl_journal_state *s, const pl_journal_record *r)
{
    s->question_scope = r->question_scope;
    switch (r->type) {
    case PL_JR_NOTE:
        s->note = r->text && *r->text ? r->text : NULL;
        s->note_author = s->note ? r->author : NULL;
        break;
    case PL_JR_FLAG:
        s->flagged = r->flag;
        break;
    case PL_JR_STATUS:
        s->status = r->status;
        s->status_author = r->status ? r->author : NULL;
        break;
    case PL_JR_OVERRIDE:
        s->has_override = true;
        s->override_score = r->score;
        s->override_answer = r->answer;
        s->override_author = r->author;
        break;
    case PL_JR_EXCLUDE:
        s->excluded = true;
        s->exclude_author = r->author;
        break;
    case PL_JR_RETRACT:
        break;
    }
}

int journal_fold(pl_journal *j)
{
    journal_fold_free(j);
    mark_retracted(j);
    if (!j->nrecords)
        return 0;
    unsigned nslots = 16;
    while (nslots < 2u * (unsigned)j->nrecords)
        nslots *= 2;
    int *state_of = malloc((size_t)j->nrecords * sizeof *state_of);
    j->states = calloc((size_t)j->nrecords, sizeof *j->states);
    j->state_records = malloc((size_t)j->nrecords * sizeof *j->state_records);
    j->slots = calloc(nslots, sizeof *j->slots);
    j->nslots = nslots;
    if (!state_of || !j->states || !j->state_records || !j->slots) {
        free(state_of);
        journal_fold_free(j);
        return -1;
    }
    /* the states in order of first appearance, and how many records each */
    for (int i = 0; i < j->nrecords; i++) {
        unsigned slot = slot_of(j, j->records[i].key);
        if (!j->slots[slot]) {
            j->states[j->nstates].key = j->records[i].key;
            j->slots[slot] = ++j->nstates;
        }
        state_of[i] = j->slots[slot] - 1;
        j->states[state_of[i]].nrecords++;
    }
    /* each state's stretch of state_records, filled and folded in file order */
    int start = 0;
    for (int s = 0; s < j->nstates; s++) {
        j->states[s].records = j->state_records + start;
        start += j->states[s].nrecords;
        j->states[s].nrecords = 0;
    }
    for (int i = 0; i < j->nrecords; i++) {
        pl_journal_state *s = &j->states[state_of[i]];
        ((int *)s->records)[s->nrecords++] = i;
        if (!j->records[i].retracted)
            apply(s, &j->records[i]);
    }
    free(state_of);
    return 0;
}

const pl_journal_state *pl_journal_state_of(const pl_journal *j, const char *key)
{
    if (!j->nslots || !key)
        return NULL;
    unsigned slot = slot_of(j, key);
    return j->slots[slot] ? &j->states[j->slots[slot] - 1] : NULL;
}

int pl_journal_nstates(const pl_journal *j)
{
    return j->nstates;
}

const pl_journal_state *pl_journal_state_at(const pl_journal *j, int i)
{
    return i >= 0 && i < j->nstates ? &j->states[i] : NULL;
}
