/* The plan-quality paper's action-name similarity (spec plan-quality.md §5)
 * on the WordNet reader and NLTK's Wu-Palmer measure. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "quality/name_similarity.h"
#include "quality/wordnet.h"
#include "quality/wup.h"

#define MAX_WORDS 8

typedef struct {
    char *llm, *gt;
    int version;
    double value;
} memo_entry;

struct pl_name_sim {
    wn_database *db;
    memo_entry *memo; /* open addressing; power-of-two size */
    size_t memo_size, memo_used;
};

pl_name_sim *pl_name_sim_open(const char *dict_dir, pl_error *err)
{
    pl_name_sim *s = calloc(1, sizeof *s);
    if (!s) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        return NULL;
    }
    if (!(s->db = wn_open(dict_dir, err))) {
        free(s);
        return NULL;
    }
    return s;
}

void pl_name_sim_close(pl_name_sim *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->memo_size; i++) {
        free(s->memo[i].llm);
        free(s->memo[i].gt);
    }
    free(s->memo);
    wn_close(s->db);
    free(s);
}

const char *pl_similarity_version_name(pl_similarity_version v)
{
    return v == PL_SIM_V1 ? "v1" : "v2";
}

int pl_similarity_version_parse(const char *text, pl_similarity_version *out)
{
    if (!strcmp(text, "v2"))
        *out = PL_SIM_V2;
    else if (!strcmp(text, "v1"))
        *out = PL_SIM_V1;
    else
        return -1;
    return 0;
}

/* synsets(name, VERB) + synsets(name, NOUN) (v2), or the verbs only (v1);
 * -1 when out of memory. */
static int synsets_of(wn_database *db, const char *name, bool nouns_too, wn_ids *out)
{
    if (wn_synsets(db, name, WN_VERB, out) < 0)
        return -1;
    return nouns_too ? wn_synsets(db, name, WN_NOUN, out) : 0;
}

static double first_pair(wn_database *db, const char *a, const char *b, bool nouns_too)
{
    wn_ids sa = {0}, sb = {0};
    double w = 0.0;
    if (synsets_of(db, a, nouns_too, &sa) < 0 || synsets_of(db, b, nouns_too, &sb) < 0 || !sa.n || !sb.n ||
        !wn_wup(db, sa.ids[0], sb.ids[0], &w))
        w = 0.0;
    wn_ids_free(&sa);
    wn_ids_free(&sb);
    return w;
}

/* The best wup over every synset pair of two words (None ignored). */
static double best_synset_sim(wn_database *db, const char *a, const char *b)
{
    wn_ids sa = {0}, sb = {0};
    double best = 0, w;
    if (synsets_of(db, a, true, &sa) == 0 && synsets_of(db, b, true, &sb) == 0)
        for (int i = 0; i < sa.n; i++)
            for (int j = 0; j < sb.n; j++)
                if (wn_wup(db, sa.ids[i], sb.ids[j], &w) && w > best)
                    best = w;
    wn_ids_free(&sa);
    wn_ids_free(&sb);
    return best;
}

/* v2 step 1: lower case, '-' and '_' become spaces. */
static void normalise(const char *in, char *out, size_t cap)
{
    size_t n = 0;
    for (; *in && n + 1 < cap; in++)
        out[n++] = *in == '-' || *in == '_' ? ' ' : (char)tolower((unsigned char)*in);
    out[n] = '\0';
}

static int split_words(char *s, char **words)
{
    int n = 0;
    for (char *w = strtok(s, " "); w && n < MAX_WORDS; w = strtok(NULL, " "))
        words[n++] = w;
    return n;
}

static double score_v2(wn_database *db, const char *llm, const char *gt)
{
    char a[128], b[128];
    normalise(llm, a, sizeof a);
    normalise(gt, b, sizeof b);
    double whole = first_pair(db, a, b, true);
    if (whole > 0)
        return whole;
    char *wa[MAX_WORDS], *wb[MAX_WORDS];
    int na = split_words(a, wa), nb = split_words(b, wb);
    if (!na)
        return 0.0;
    double sum = 0;
    for (int i = 0; i < na; i++) {
        double best = 0;
        for (int j = 0; j < nb; j++) {
            double s = best_synset_sim(db, wa[i], wb[j]);
            best = s > best ? s : best;
        }
        sum += best;
    }
    return sum / na; /* asymmetric: the mean over the LLM name's words */
}

static uint64_t hash_pair(const char *a, const char *b, int v)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325) ^ (uint64_t)v;
    for (const char *s = a; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
    h = (h ^ 0xff) * UINT64_C(0x100000001b3);
    for (const char *s = b; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
    return h;
}

static memo_entry *memo_slot(pl_name_sim *s, const char *a, const char *b, int v)
{
    if ((s->memo_used + 1) * 2 > s->memo_size) {
        size_t size = s->memo_size ? s->memo_size * 2 : 256;
        memo_entry *grown = calloc(size, sizeof *grown);
        if (!grown)
            return NULL;
        for (size_t i = 0; i < s->memo_size; i++) {
            if (!s->memo[i].llm)
                continue;
            size_t k = hash_pair(s->memo[i].llm, s->memo[i].gt, s->memo[i].version) & (size - 1);
            while (grown[k].llm)
                k = (k + 1) & (size - 1);
            grown[k] = s->memo[i];
        }
        free(s->memo);
        s->memo = grown;
        s->memo_size = size;
    }
    size_t k = hash_pair(a, b, v) & (s->memo_size - 1);
    while (s->memo[k].llm && (s->memo[k].version != v || strcmp(s->memo[k].llm, a) || strcmp(s->memo[k].gt, b)))
        k = (k + 1) & (s->memo_size - 1);
    return &s->memo[k];
}

double pl_name_sim_score(pl_name_sim *s, const char *llm_name, const char *gt_name, pl_similarity_version v)
{
    memo_entry *e = memo_slot(s, llm_name, gt_name, (int)v);
    if (e && e->llm)
        return e->value;
    double value = v == PL_SIM_V1 ? first_pair(s->db, llm_name, gt_name, false) : score_v2(s->db, llm_name, gt_name);
    if (e && (e->llm = pl_strdup(llm_name)) && (e->gt = pl_strdup(gt_name))) {
        e->version = (int)v;
        e->value = value;
        s->memo_used++;
    } else if (e) {
        free(e->llm);
        e->llm = NULL;
    }
    return value;
}
