#include "wn_wup.h"

#include <string.h>

#define MAX_NODES 256
#define ROOT (-1) /* NLTK's simulated "*ROOT*" synset */

typedef struct {
    int id[MAX_NODES];
    int dist[MAX_NODES];
    int n;
} node_set;

static int find(const node_set *s, int id)
{
    for (int i = 0; i < s->n; i++)
        if (s->id[i] == id)
            return i;
    return -1;
}

/* _shortest_hypernym_paths: breadth-first distances from `from` (itself at
 * 0), plus the fake root one beyond the farthest when simulating. */
static void hypernym_paths(const wn_database *db, int from, bool simulate_root, node_set *out)
{
    out->n = 0;
    if (from == ROOT) {
        out->id[0] = ROOT;
        out->dist[out->n++] = 0;
        return;
    }
    int queue[MAX_NODES * 4], qd[MAX_NODES * 4], head = 0, tail = 0;
    queue[tail] = from;
    qd[tail++] = 0;
    int far = 0;
    while (head < tail) {
        int s = queue[head], d = qd[head++];
        if (find(out, s) >= 0 || out->n == MAX_NODES)
            continue;
        out->id[out->n] = s;
        out->dist[out->n++] = d;
        far = d > far ? d : far;
        const wn_synset *syn = wn_synset_get(db, s);
        for (int k = 0; k < syn->nhypernyms && tail < MAX_NODES * 4; k++) {
            queue[tail] = syn->hypernyms[k];
            qd[tail++] = d + 1;
        }
    }
    if (simulate_root && out->n < MAX_NODES) {
        out->id[out->n] = ROOT;
        out->dist[out->n++] = far + 1;
    }
}

static int depth_of(const wn_database *db, int id, bool max)
{
    if (id == ROOT)
        return 0;
    const wn_synset *s = wn_synset_get(db, id);
    int best = -1;
    for (int k = 0; k < s->nhypernyms; k++) {
        int d = 1 + depth_of(db, s->hypernyms[k], max);
        if (best < 0 || (max ? d > best : d < best))
            best = d;
    }
    return best < 0 ? 0 : best;
}

static const char *name_of(const wn_database *db, int id)
{
    return id == ROOT ? "*ROOT*" : wn_synset_get(db, id)->name;
}

/* shortest_path_distance(x, target); -1 when NLTK returns None. */
static int path_distance(const wn_database *db, int x, int target, bool simulate_root)
{
    if (x == target)
        return 0;
    node_set a, b;
    hypernym_paths(db, x, simulate_root, &a);
    hypernym_paths(db, target, simulate_root, &b);
    int best = -1;
    for (int i = 0; i < a.n; i++) {
        int j = find(&b, a.id[i]);
        if (j >= 0 && (best < 0 || a.dist[i] + b.dist[j] < best))
            best = a.dist[i] + b.dist[j];
    }
    return best;
}

bool wn_wup(const wn_database *db, int a, int b, double *out)
{
    bool simulate = wn_synset_get(db, a)->pos == WN_VERB; /* _needs_root(): nouns have "entity" */
    node_set ha, hb;
    hypernym_paths(db, a, false, &ha);
    hypernym_paths(db, b, false, &hb);
    /* lowest_common_hypernyms(use_min_depth=True): deepest by min_depth, then by name */
    int lcs = 0, best_depth = -1;
    bool self_in = false;
    for (int i = 0; i <= ha.n; i++) {
        int id = i < ha.n ? ha.id[i] : ROOT;
        if (i < ha.n ? find(&hb, id) < 0 : !simulate)
            continue;
        int d = depth_of(db, id, false);
        if (d > best_depth) {
            best_depth = d;
            lcs = id;
            self_in = false;
        }
        if (d == best_depth) {
            self_in |= id == a;
            if (strcmp(name_of(db, id), name_of(db, lcs)) < 0)
                lcs = id;
        }
    }
    if (best_depth < 0)
        return false;
    int subsumer = self_in ? a : lcs;
    int depth = depth_of(db, subsumer, true) + 1;
    int len1 = path_distance(db, a, subsumer, simulate), len2 = path_distance(db, b, subsumer, simulate);
    if (len1 < 0 || len2 < 0)
        return false;
    *out = 2.0 * depth / (len1 + len2 + 2.0 * depth);
    return true;
}
