#include "quality/wup.h"
#include "base/sort.h"

#include <stdlib.h>
#include <string.h>

#define ROOT (-1) /* NLTK's simulated "*ROOT*" synset: no hypernyms, depth 0 */

static int depth(wn_database *db, int id, bool longest)
{
    wn_synset *s = wn_synset_at(db, id); /* stable: nothing loads here */
    int *memo = longest ? &s->max_depth : &s->min_depth;
    if (*memo >= 0)
        return *memo;
    *memo = 0; /* ends the recursion on a hypernym cycle (WordNet 3.0 has none) */
    int best = -1;
    for (int k = 0; k < s->nhypernyms; k++) {
        int d = 1 + depth(db, s->hypernyms[k], longest);
        if (best < 0 || (longest ? d > best : d < best))
            best = d;
    }
    *memo = best < 0 ? 0 : best;
    return *memo;
}

int wn_min_depth(wn_database *db, int id)
{
    return id == ROOT ? 0 : depth(db, id, false);
}

int wn_max_depth(wn_database *db, int id)
{
    return id == ROOT ? 0 : depth(db, id, true);
}

static int by_id(const void *a, const void *b)
{
    int x = ((const wn_ancestor *)a)->id, y = ((const wn_ancestor *)b)->id;
    return (x > y) - (x < y);
}

/* _shortest_hypernym_paths: the synset (distance 0) and every ancestor at
 * its breadth-first distance, cached sorted by id; NULL when out of memory. */
static const wn_synset *with_ancestors(wn_database *db, int id)
{
    wn_synset *s = wn_synset_at(db, id);
    if (s->ancestors)
        return s;
    int n = 0, cap = 16;
    wn_ancestor *q = malloc((size_t)cap * sizeof *q);
    if (!q)
        return NULL;
    q[n++] = (wn_ancestor){id, 0};
    for (int head = 0; head < n; head++) {
        const wn_synset *h = wn_synset_at(db, q[head].id);
        for (int k = 0; k < h->nhypernyms; k++) {
            bool seen = false; /* first discovery in breadth-first order is the shortest */
            for (int i = 0; i < n && !seen; i++)
                seen = q[i].id == h->hypernyms[k];
            if (seen)
                continue;
            if (n == cap) {
                wn_ancestor *grown = realloc(q, (size_t)(cap *= 2) * sizeof *grown);
                if (!grown) {
                    free(q);
                    return NULL;
                }
                q = grown;
            }
            q[n++] = (wn_ancestor){h->hypernyms[k], q[head].dist + 1};
        }
    }
    s->farthest = q[n - 1].dist;
    pl_sort(q, (size_t)n, sizeof *q, by_id);
    s->ancestors = q;
    s->nancestors = n;
    return s;
}

static const char *name_of(const wn_database *db, int id)
{
    return id == ROOT ? "*ROOT*" : wn_synset_at(db, id)->name;
}

/* shortest_path_distance(x, s): the fewest edges up from x and from s to a
 * common ancestor (with the simulated root one beyond each synset's farthest
 * ancestor); -1 for None. */
static int path_distance(wn_database *db, int x, int s, bool root)
{
    if (x == s)
        return 0;
    const wn_synset *sx = with_ancestors(db, x);
    if (!sx)
        return -1;
    if (s == ROOT)
        return sx->farthest + 1;
    const wn_synset *ss = with_ancestors(db, s);
    if (!ss)
        return -1;
    int best = root ? sx->farthest + 1 + ss->farthest + 1 : -1;
    for (int i = 0, j = 0; i < sx->nancestors && j < ss->nancestors;) {
        const wn_ancestor *p = &sx->ancestors[i], *q = &ss->ancestors[j];
        if (p->id < q->id) {
            i++;
        } else if (p->id > q->id) {
            j++;
        } else {
            if (best < 0 || p->dist + q->dist < best)
                best = p->dist + q->dist;
            i++;
            j++;
        }
    }
    return best;
}

typedef struct {
    int lcs, depth;
    bool self_in; /* the first synset is among the lowest common hypernyms */
} lcs_choice;

/* One common hypernym for lowest_common_hypernyms(use_min_depth=True):
 * keep those of the greatest min_depth, sorted by name. */
static void consider(wn_database *db, lcs_choice *c, int id, int self)
{
    int d = wn_min_depth(db, id);
    if (d > c->depth) {
        *c = (lcs_choice){id, d, id == self};
    } else if (d == c->depth) {
        c->self_in |= id == self;
        if (strcmp(name_of(db, id), name_of(db, c->lcs)) < 0)
            c->lcs = id;
    }
}

bool wn_wup(wn_database *db, int a, int b, double *out)
{
    const wn_synset *sa = with_ancestors(db, a), *sb = with_ancestors(db, b);
    if (!sa || !sb)
        return false;
    bool root = sa->pos == WN_VERB || sb->pos == WN_VERB;
    lcs_choice c = {ROOT, -1, false};
    for (int i = 0, j = 0; i < sa->nancestors && j < sb->nancestors;) {
        int x = sa->ancestors[i].id, y = sb->ancestors[j].id;
        if (x == y)
            consider(db, &c, x, a);
        i += x <= y;
        j += y <= x;
    }
    if (root)
        consider(db, &c, ROOT, a);
    if (c.depth < 0)
        return false;
    int subsumer = c.self_in ? a : c.lcs;
    int depth = wn_max_depth(db, subsumer) + 1;
    int len1 = path_distance(db, a, subsumer, root), len2 = path_distance(db, b, subsumer, root);
    if (len1 < 0 || len2 < 0)
        return false;
    *out = 2.0 * depth / ((len1 + depth) + (len2 + depth));
    return true;
}
