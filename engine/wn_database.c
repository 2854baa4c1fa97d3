#include "wn_database.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pddl.h"
#include "pl_keymap.h"

#define MAX_FORMS 16

typedef struct {
    char *text;
    const char **lines; /* sorted by their first word */
    int nlines;
} sorted_file;

struct wn_database {
    sorted_file index[2], exc[2];
    char *data[2];
    size_t data_len[2];
    wn_synset *synsets;
    int nsynsets, cap;
    pl_keymap ids; /* (pos, offset) → synset id */
};

static const char *const pos_names[2] = {"noun", "verb"};

/* Loads a file and indexes its lines (the license header of index files,
 * lines starting with a space, is skipped). */
static int load_sorted(const char *path, sorted_file *f, pl_error *err)
{
    size_t len;
    if (!(f->text = pl_read_file(path, &len, err)))
        return -1;
    int cap = 1024;
    f->lines = malloc((size_t)cap * sizeof *f->lines);
    for (char *s = f->text; f->lines && *s;) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        if (*s && *s != ' ') {
            if (f->nlines == cap) {
                const char **grown = realloc(f->lines, (size_t)(cap *= 2) * sizeof *grown);
                if (!grown)
                    break;
                f->lines = grown;
            }
            f->lines[f->nlines++] = s;
        }
        s = nl ? nl + 1 : s + strlen(s);
    }
    if (!f->lines || f->nlines == cap) {
        pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        return -1;
    }
    return 0;
}

/* The line whose first word is `word`, or NULL. */
static const char *find_line(const sorted_file *f, const char *word)
{
    size_t n = strlen(word);
    int lo = 0, hi = f->nlines - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const char *line = f->lines[mid];
        int c = strncmp(line, word, n);
        if (c == 0)
            c = line[n] == ' ' || line[n] == '\0' ? 0 : 1;
        if (c == 0)
            return line;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

wn_database *wn_open(const char *dict_dir, pl_error *err)
{
    if (!dict_dir || !*dict_dir)
        dict_dir = getenv("WNSEARCHDIR");
    if (!dict_dir || !*dict_dir)
        dict_dir = "/usr/share/wordnet";
    wn_database *db = calloc(1, sizeof *db);
    if (!db) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        return NULL;
    }
    char path[4096];
    for (int p = 0; p < 2; p++) {
        snprintf(path, sizeof path, "%s/index.%s", dict_dir, pos_names[p]);
        if (load_sorted(path, &db->index[p], err) < 0)
            goto fail;
        snprintf(path, sizeof path, "%s/%s.exc", dict_dir, pos_names[p]);
        if (load_sorted(path, &db->exc[p], err) < 0)
            goto fail;
        snprintf(path, sizeof path, "%s/data.%s", dict_dir, pos_names[p]);
        if (!(db->data[p] = pl_read_file(path, &db->data_len[p], err)))
            goto fail;
    }
    return db;
fail:
    wn_close(db);
    return NULL;
}

void wn_close(wn_database *db)
{
    if (!db)
        return;
    for (int p = 0; p < 2; p++) {
        free(db->index[p].text);
        free(db->index[p].lines);
        free(db->exc[p].text);
        free(db->exc[p].lines);
        free(db->data[p]);
    }
    free(db->synsets);
    pl_keymap_free(&db->ids);
    free(db);
}

/* Synset offsets of an index line, in order; returns the count. */
static int line_offsets(const char *line, long *out, int max)
{
    char word[256];
    int ncount, pcount, consumed;
    if (sscanf(line, "%255s %*s %d %d%n", word, &ncount, &pcount, &consumed) != 3)
        return 0;
    const char *s = line + consumed;
    for (int i = 0; i < pcount + 2; i++) { /* pointer symbols, sense_cnt, tagsense_cnt */
        while (*s == ' ')
            s++;
        while (*s && *s != ' ')
            s++;
    }
    int n = 0;
    for (int i = 0; i < ncount && n < max; i++) {
        char *end;
        long off = strtol(s, &end, 10);
        if (end == s)
            break;
        out[n++] = off;
        s = end;
    }
    return n;
}

/* NLTK's MORPHOLOGICAL_SUBSTITUTIONS. */
static const char *const subs[2][9][2] = {
    {{"s", ""}, {"ses", "s"}, {"ves", "f"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"},
     {"ies", "y"}},
    {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}, {NULL, NULL}}};

typedef struct {
    char items[MAX_FORMS * 4][128];
    int n;
} form_list;

static void add_form(form_list *l, const char *s)
{
    if (l->n < MAX_FORMS * 4 && strlen(s) < 128)
        strcpy(l->items[l->n++], s);
}

static void apply_rules(const form_list *in, wn_pos pos, form_list *out)
{
    out->n = 0;
    for (int i = 0; i < in->n; i++)
        for (int k = 0; k < 9 && subs[pos][k][0]; k++) {
            size_t n = strlen(in->items[i]), old = strlen(subs[pos][k][0]);
            if (n >= old && !strcmp(in->items[i] + n - old, subs[pos][k][0])) {
                char buf[128];
                snprintf(buf, sizeof buf, "%.*s%s", (int)(n - old), in->items[i], subs[pos][k][1]);
                add_form(out, buf);
            }
        }
}

/* Forms that the index lists for pos, first occurrence only. */
static void filter_forms(const wn_database *db, wn_pos pos, const form_list *in, form_list *out)
{
    out->n = 0;
    for (int i = 0; i < in->n; i++) {
        bool seen = false;
        for (int k = 0; k < out->n && !seen; k++)
            seen = !strcmp(out->items[k], in->items[i]);
        if (!seen && find_line(&db->index[pos], in->items[i]))
            add_form(out, in->items[i]);
    }
}

/* NLTK's _morphy(form, pos) with exceptions checked. */
static void morphy(const wn_database *db, const char *form, wn_pos pos, form_list *out)
{
    form_list forms = {.n = 0}, next;
    const char *exc = find_line(&db->exc[pos], form);
    add_form(&forms, form);
    if (exc) {
        for (const char *s = exc + strlen(form); *s;) {
            while (*s == ' ')
                s++;
            size_t n = strcspn(s, " ");
            if (n) {
                char buf[128];
                snprintf(buf, sizeof buf, "%.*s", (int)n, s);
                add_form(&forms, buf);
            }
            s += n;
        }
        filter_forms(db, pos, &forms, out);
        return;
    }
    apply_rules(&forms, pos, &next);
    form_list both = forms;
    for (int i = 0; i < next.n; i++)
        add_form(&both, next.items[i]);
    filter_forms(db, pos, &both, out);
    while (!out->n && next.n) {
        form_list again;
        apply_rules(&next, pos, &again);
        next = again;
        filter_forms(db, pos, &next, out);
    }
}

/* Parses the data line of (pos, offset) into a new synset; its id or -1. */
static int load_synset(wn_database *db, wn_pos pos, long offset);

static int synset_id(wn_database *db, wn_pos pos, long offset)
{
    int key[2] = {(int)pos, (int)offset};
    int id = pl_keymap_get(&db->ids, key, 2);
    return id >= 0 ? id : load_synset(db, pos, offset);
}

static int load_synset(wn_database *db, wn_pos pos, long offset)
{
    if (offset < 0 || (size_t)offset >= db->data_len[pos])
        return -1;
    if (db->nsynsets == db->cap) {
        int cap = db->cap ? db->cap * 2 : 256;
        wn_synset *grown = realloc(db->synsets, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        db->synsets = grown;
        db->cap = cap;
    }
    int id = db->nsynsets++;
    int key[2] = {(int)pos, (int)offset};
    if (pl_keymap_put(&db->ids, key, 2, id) < 0)
        return -1;
    const char *line = db->data[pos] + offset;
    char lemma[96];
    unsigned wcount;
    int consumed;
    wn_synset s = {.pos = pos, .offset = offset};
    if (sscanf(line, "%*s %*s %*s %x %95s %*s%n", &wcount, lemma, &consumed) != 2)
        return -1;
    for (char *c = lemma; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    /* the canonical name: the first lemma and this synset's place among its senses */
    long offs[128];
    const char *idx = find_line(&db->index[pos], lemma);
    int n = idx ? line_offsets(idx, offs, 128) : 0, sense = 0;
    for (int i = 0; i < n && !sense; i++)
        sense = offs[i] == offset ? i + 1 : 0;
    snprintf(s.name, sizeof s.name, "%.95s.%c.%02d", lemma, pos == WN_NOUN ? 'n' : 'v', sense);
    const char *p = line + consumed;
    for (unsigned i = 1; i < wcount; i++) /* the other words and their lex ids */
        for (int k = 0; k < 2; k++) {
            while (*p == ' ')
                p++;
            while (*p && *p != ' ')
                p++;
        }
    int pcount = (int)strtol(p, (char **)&p, 10);
    long targets[16];
    char tpos[16];
    int nt = 0;
    for (int i = 0; i < pcount; i++) {
        char sym[8], tp;
        long toff;
        int used;
        if (sscanf(p, " %7s %ld %c %*s%n", sym, &toff, &tp, &used) != 3)
            break;
        p += used;
        if ((!strcmp(sym, "@") || !strcmp(sym, "@i")) && nt < 16) {
            targets[nt] = toff;
            tpos[nt++] = tp;
        }
    }
    for (int i = 0; i < nt; i++) {
        int h = synset_id(db, tpos[i] == 'v' ? WN_VERB : WN_NOUN, targets[i]);
        if (h >= 0)
            s.hypernyms[s.nhypernyms++] = h;
    }
    db->synsets[id] = s; /* after the recursion: it may have moved the array */
    return id;
}

int wn_synsets(wn_database *db, const char *lemma, wn_pos pos, int *ids, int max)
{
    char lower[128];
    snprintf(lower, sizeof lower, "%s", lemma);
    for (char *c = lower; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    form_list forms;
    morphy(db, lower, pos, &forms);
    int n = 0;
    for (int f = 0; f < forms.n; f++) {
        long offs[128];
        int k = line_offsets(find_line(&db->index[pos], forms.items[f]), offs, 128);
        for (int i = 0; i < k && n < max; i++) {
            int id = synset_id(db, pos, offs[i]);
            if (id >= 0)
                ids[n++] = id;
        }
    }
    return n;
}

const wn_synset *wn_synset_get(const wn_database *db, int id)
{
    return &db->synsets[id];
}
