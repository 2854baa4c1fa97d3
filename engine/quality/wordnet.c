#include "quality/wordnet.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/hashmap.h"

typedef struct {
    char *text;
    const char **lines; /* sorted by their first word (checked: strcmp order) */
    int nlines;
} sorted_file;

struct wn_database {
    sorted_file index[2], exc[2];
    char *data[2];
    size_t data_len[2];
    wn_synset *synsets;
    int nsynsets, cap;
    pl_hashmap ids; /* (pos, offset) → synset id */
};

static const char *const pos_names[2] = {"noun", "verb"};

/* Loads a file and indexes its lines; the license header of the index
 * files (lines starting with a space) is skipped, as NLTK does. */
static int load_sorted(const char *path, sorted_file *f, pl_error *err)
{
    size_t len;
    if (!(f->text = pl_read_file(path, &len, err)))
        return -1;
    int cap = 1;
    for (const char *s = f->text; *s; s++)
        cap += *s == '\n';
    if (!(f->lines = malloc((size_t)cap * sizeof *f->lines))) {
        pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        return -1;
    }
    for (char *s = f->text; *s;) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        if (*s && *s != ' ' && f->nlines < cap)
            f->lines[f->nlines++] = s;
        s = nl ? nl + 1 : s + strlen(s);
    }
    return 0;
}

/* The line whose first word is `word` (the last such line: NLTK's dict keeps
 * the last of noun.exc's four repeated keys), or NULL.  A word containing
 * white space or an empty word is in no file: NLTK's keys come from split(). */
static const char *find_line(const sorted_file *f, const char *word)
{
    size_t n = strlen(word);
    if (!n)
        return NULL;
    for (const char *c = word; *c; c++)
        if (isspace((unsigned char)*c))
            return NULL;
    int lo = 0, hi = f->nlines - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        const char *line = f->lines[mid];
        int c = strncmp(line, word, n);
        if (c == 0 && line[n] != ' ' && line[n] != '\0')
            c = 1; /* the line's word is longer */
        if (c == 0) {
            while (mid + 1 < f->nlines && !strncmp(f->lines[mid + 1], word, n) &&
                   (f->lines[mid + 1][n] == ' ' || f->lines[mid + 1][n] == '\0'))
                mid++;
            return f->lines[mid];
        }
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
    for (int p = 0; p < 2; p++) {
        char *path = pl_strdup_printf("%s/index.%s", dict_dir, pos_names[p]);
        int rc = path ? load_sorted(path, &db->index[p], err) : -1;
        free(path);
        if (rc < 0 || !(path = pl_strdup_printf("%s/%s.exc", dict_dir, pos_names[p])))
            goto fail;
        rc = load_sorted(path, &db->exc[p], err);
        free(path);
        if (rc < 0 || !(path = pl_strdup_printf("%s/data.%s", dict_dir, pos_names[p])))
            goto fail;
        db->data[p] = pl_read_file(path, &db->data_len[p], err);
        free(path);
        if (!db->data[p])
            goto fail;
    }
    return db;
fail:
    if (!err || err->code == PL_OK)
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
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
    for (int i = 0; i < db->nsynsets; i++) {
        free(db->synsets[i].name);
        free(db->synsets[i].hypernyms);
        free(db->synsets[i].ancestors);
    }
    free(db->synsets);
    pl_hashmap_free(&db->ids);
    free(db);
}

void wn_ids_free(wn_ids *l)
{
    free(l->ids);
    l->ids = NULL;
    l->n = l->cap = 0;
}

static int ids_push(wn_ids *l, int id)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 16;
        int *grown = realloc(l->ids, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        l->ids = grown;
        l->cap = cap;
    }
    l->ids[l->n++] = id;
    return 0;
}

/* Skips one white-space separated token. */
static const char *skip_token(const char *s)
{
    while (*s == ' ')
        s++;
    while (*s && *s != ' ')
        s++;
    return s;
}

/* Copies the next blank-separated token of a data line into out (cut to
 * cap - 1 bytes) and returns what follows it.  Not sscanf: the data file is
 * one string, and sscanf measures all of what follows on every call. */
static const char *next_token(const char *s, char *out, size_t cap)
{
    while (*s == ' ')
        s++;
    size_t n = 0;
    for (; *s && *s != ' ' && *s != '\n'; s++)
        if (n + 1 < cap)
            out[n++] = *s;
    out[n] = '\0';
    return s;
}

/* The synset offsets of an index line, in order: "lemma pos synset_cnt
 * p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...".  Returns
 * the number stored (at most max). */
static int line_offsets(const char *line, long *out, int max)
{
    const char *s = skip_token(skip_token(line));
    char *end;
    long nsyn = strtol(s, &end, 10), nptr = strtol(end, &end, 10);
    s = end;
    for (long i = 0; i < nptr + 2; i++) /* pointer symbols, sense_cnt, tagsense_cnt */
        s = skip_token(s);
    int n = 0;
    for (long i = 0; i < nsyn && n < max; i++) {
        long off = strtol(s, &end, 10);
        if (end == s)
            break;
        out[n++] = off;
        s = end;
    }
    return n;
}

static int synset_id(wn_database *db, wn_pos pos, long offset);

/* The canonical name: the first lemma, lower-cased, and the place of this
 * synset among that lemma's senses in the index. */
static char *canonical_name(const wn_database *db, wn_pos pos, long offset, const char *lemma, size_t len)
{
    char word[128];
    snprintf(word, sizeof word, "%.*s", (int)(len < 127 ? len : 127), lemma);
    for (char *c = word; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    long offs[512];
    const char *idx = find_line(&db->index[pos], word);
    int n = idx ? line_offsets(idx, offs, 512) : 0, sense = 0;
    for (int i = 0; i < n && !sense; i++)
        sense = offs[i] == offset ? i + 1 : 0;
    return pl_strdup_printf("%s.%c.%02d", word, pos == WN_NOUN ? 'n' : 'v', sense);
}

/* Parses the data line "offset lex_filenum ss_type w_cnt (word lex_id)...
 * p_cnt (symbol offset pos source/target)..." of a new synset; loads its
 * hypernyms first.  Returns its id, or -1 (bad offset, out of memory). */
static int load_synset(wn_database *db, wn_pos pos, long offset)
{
    if (offset < 0 || (size_t)offset >= db->data_len[pos] || (offset > 0 && db->data[pos][offset - 1] != '\n'))
        return -1;
    if (db->nsynsets == db->cap) {
        int cap = db->cap ? db->cap * 2 : 256;
        wn_synset *grown = realloc(db->synsets, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        db->synsets = grown;
        db->cap = cap;
    }
    const char *p = skip_token(skip_token(skip_token(db->data[pos] + offset)));
    char *end;
    long nwords = strtol(p, &end, 16);
    while (*end == ' ')
        end++;
    const char *lemma = end;
    size_t lemma_len = strcspn(lemma, " \n");
    p = end;
    for (long i = 0; i < nwords; i++) /* word, lex_id */
        p = skip_token(skip_token(p));
    long nptr = strtol(p, &end, 10);
    p = end;
    wn_synset s = {.pos = pos, .offset = offset, .min_depth = -1, .max_depth = -1};
    if (!(s.name = canonical_name(db, pos, offset, lemma, lemma_len)))
        return -1;
    int id = db->nsynsets;
    int key[2] = {(int)pos, (int)offset};
    if (pl_hashmap_put(&db->ids, key, 2, id) < 0) {
        free(s.name);
        return -1;
    }
    db->synsets[db->nsynsets++] = s; /* a valid record while the hypernyms load */
    for (long i = 0; i < nptr; i++) {
        char sym[4], off[16], tpos[4], st[8], *end;
        p = next_token(next_token(next_token(next_token(p, sym, sizeof sym), off, sizeof off), tpos, sizeof tpos), st,
                       sizeof st);
        long toff = strtol(off, &end, 10);
        if (!*sym || !*off || *end || !*st)
            break;
        /* NLTK: only synset pointers (source/target 0000) are hypernyms() */
        if ((strcmp(sym, "@") && strcmp(sym, "@i")) || strcmp(st, "0000") || (strcmp(tpos, "n") && strcmp(tpos, "v")))
            continue;
        int h = synset_id(db, tpos[0] == 'v' ? WN_VERB : WN_NOUN, toff);
        int *grown = h < 0 ? NULL : realloc(s.hypernyms, (size_t)(s.nhypernyms + 1) * sizeof *grown);
        if (!grown)
            continue;
        s.hypernyms = grown;
        s.hypernyms[s.nhypernyms++] = h;
    }
    db->synsets[id] = s; /* after the recursion: it may have moved the array */
    return id;
}

static int synset_id(wn_database *db, wn_pos pos, long offset)
{
    if (offset < 0 || offset > 0x7fffffffL)
        return -1;
    int key[2] = {(int)pos, (int)offset};
    int id = pl_hashmap_get(&db->ids, key, 2);
    return id >= 0 ? id : load_synset(db, pos, offset);
}

wn_synset *wn_synset_at(const wn_database *db, int id)
{
    return &db->synsets[id];
}

/* ---- NLTK's _morphy ---------------------------------------------------- */

typedef struct {
    char **items;
    int n, cap;
} form_list;

static void forms_free(form_list *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->items[i]);
    free(l->items);
    *l = (form_list){0};
}

static int forms_add(form_list *l, char *owned)
{
    if (!owned)
        return -1;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        char **grown = realloc(l->items, (size_t)cap * sizeof *grown);
        if (!grown) {
            free(owned);
            return -1;
        }
        l->items = grown;
        l->cap = cap;
    }
    l->items[l->n++] = owned;
    return 0;
}

/* NLTK's MORPHOLOGICAL_SUBSTITUTIONS, in its order. */
static const char *const subs[2][9][2] = {
    {{"s", ""}, {"ses", "s"}, {"ves", "f"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"},
     {"ies", "y"}},
    {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}, {NULL, NULL}}};

/* apply_rules: every substitution whose suffix ends every form, in order. */
static int apply_rules(const form_list *in, wn_pos pos, form_list *out)
{
    for (int i = 0; i < in->n; i++)
        for (int k = 0; k < 9 && subs[pos][k][0]; k++) {
            size_t n = strlen(in->items[i]), old = strlen(subs[pos][k][0]);
            if (n >= old && !strcmp(in->items[i] + n - old, subs[pos][k][0]) &&
                forms_add(out, pl_strdup_printf("%.*s%s", (int)(n - old), in->items[i], subs[pos][k][1])) < 0)
                return -1;
        }
    return 0;
}

/* filter_forms: the forms the index lists for pos, first occurrence only. */
static int filter_forms(const wn_database *db, wn_pos pos, const form_list *in, form_list *out)
{
    for (int i = 0; i < in->n; i++) {
        bool seen = false;
        for (int k = 0; k < out->n && !seen; k++)
            seen = !strcmp(out->items[k], in->items[i]);
        if (!seen && find_line(&db->index[pos], in->items[i]) && forms_add(out, pl_strdup(in->items[i])) < 0)
            return -1;
    }
    return 0;
}

/* NLTK's _morphy(form, pos): the exception list's forms if the form is an
 * exception; else the form and one round of rules, then further rounds on
 * the rule outputs until one is in the index. */
static int morphy(const wn_database *db, const char *form, wn_pos pos, form_list *out)
{
    form_list forms = {0}, next = {0};
    int rc = forms_add(&forms, pl_strdup(form));
    const char *exc = find_line(&db->exc[pos], form);
    if (rc == 0 && exc) {
        for (const char *s = exc + strlen(form); rc == 0 && *s;) {
            while (*s == ' ')
                s++;
            size_t n = strcspn(s, " ");
            if (n)
                rc = forms_add(&forms, pl_strdup_printf("%.*s", (int)n, s));
            s += n;
        }
        rc = rc ? rc : filter_forms(db, pos, &forms, out);
        forms_free(&forms);
        return rc;
    }
    if (rc == 0)
        rc = apply_rules(&forms, pos, &next);
    for (int i = 0; rc == 0 && i < next.n; i++)
        rc = forms_add(&forms, pl_strdup(next.items[i]));
    if (rc == 0)
        rc = filter_forms(db, pos, &forms, out);
    while (rc == 0 && !out->n && next.n) {
        form_list again = {0};
        rc = apply_rules(&next, pos, &again);
        forms_free(&next);
        next = again;
        if (rc == 0)
            rc = filter_forms(db, pos, &next, out);
    }
    forms_free(&forms);
    forms_free(&next);
    return rc;
}

int wn_synsets(wn_database *db, const char *lemma, wn_pos pos, wn_ids *out)
{
    char *lower = pl_strdup(lemma);
    if (!lower)
        return -1;
    for (char *c = lower; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    form_list forms = {0};
    int rc = morphy(db, lower, pos, &forms);
    free(lower);
    for (int f = 0; rc == 0 && f < forms.n; f++) {
        long offs[512];
        const char *line = find_line(&db->index[pos], forms.items[f]);
        int k = line ? line_offsets(line, offs, 512) : 0;
        for (int i = 0; rc == 0 && i < k; i++) {
            int id = synset_id(db, pos, offs[i]);
            if (id >= 0)
                rc = ids_push(out, id);
        }
    }
    forms_free(&forms);
    return rc;
}
