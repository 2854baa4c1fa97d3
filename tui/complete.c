/* Tab in the prompts: what the word being typed can become.  Plain logic
 * (prompt.c hands it to readline), so that tests read the candidates. */
#include "complete.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "answer_text.h"
#include "base/sort.h"
#include "freq_view.h"

static const char *const commands[] = {"bins",  "charts", "compare",   "export", "export!", "filter",  "freq",
                                       "help",  "histogram", "note",  "probe",  "questions", "quit", "reducer",
                                       "warnings", "why"};
static const char *const filter_fields[] = {"task",  "domain", "model",  "id",      "note",      "raw",      "prompt",
                                            "score", "sound",  "stored", "iou",     "parse",     "graded",   "flag",
                                            "kind",  "key",    "step",   "final",   "lea",       "correct",  "misplaced",
                                            "same_act", "diff_act", "redundant"};
static const char *const reducers[] = {"mean", "median", "mode", "max", "at_least_", "pass_at_"};
static const char *const widths[] = {"0.01", "0.05", "0.1", "0.2", "0.25", "0.5", "1"};
static const char *const yes_no[] = {"yes", "no"};
static const char *const ok_fail[] = {"ok", "fail"};
static const char *const fields_vs_score[] = {"score", "0", "1"};

#define COUNT(a) (int)(sizeof a / sizeof *a)

typedef struct {
    char **items;
    int n, cap;
    const char *prefix;
    size_t len;
} matches;

/* Adds `word` when it starts with the prefix and is not there yet. */
static void offer(matches *m, const char *word)
{
    if (!word || strncmp(word, m->prefix, m->len))
        return;
    for (int i = 0; i < m->n; i++)
        if (!strcmp(m->items[i], word))
            return;
    if (m->n + 2 > m->cap) {
        int cap = m->cap ? m->cap * 2 : 16;
        char **grown = realloc(m->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return;
        m->items = grown;
        m->cap = cap;
    }
    if ((m->items[m->n] = pl_strdup(word)))
        m->items[++m->n] = NULL;
}

static void offer_all(matches *m, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        offer(m, words[i]);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every failure kind's name (new kinds included: the engine's list). */
static void offer_kinds(matches *m)
{
    for (int k = 0; k < PL_FAIL_NKINDS; k++)
        offer(m, pl_failure_kind_name((pl_failure_kind)k));
}

/* The keys of the graded answers' failures; one with a blank or an
 * operator in it quoted, so that it parses as one value.  `quoted`: the
 * value's opening quote is typed already. */
static void offer_keys(matches *m, const pl_workspace *ws, bool quoted)
{
    int graded = pl_workspace_graded(ws);
    for (int i = 0; i < graded; i++) {
        pl_record_failure f;
        if (!pl_record_failure_of(pl_workspace_record(ws, i), &f) || !f.key)
            continue;
        bool plain = !f.key[strcspn(f.key, " \t\"()!=<>~")];
        if (plain || quoted) {
            offer(m, f.key);
            continue;
        }
        if (strncmp(f.key, m->prefix, m->len)) /* the prefix typed is the key's, without the quote */
            continue;
        char *q = pl_strdup_printf("\"%s\"", f.key);
        size_t len = m->len;
        m->len = 0;
        offer(m, q);
        m->len = len;
        free(q);
    }
}

/* The values of a text field present in the data. */
static void offer_values(matches *m, const pl_workspace *ws, const char *field, bool quoted)
{
    if (!strcmp(field, "kind"))
        offer_kinds(m);
    if (!ws)
        return;
    if (!strcmp(field, "key")) {
        offer_keys(m, ws, quoted);
    } else if (!strcmp(field, "model") || !strcmp(field, "task")) {
        for (int g = 0; g < pl_workspace_ngroups(ws); g++)
            offer(m, *field == 'm' ? pl_workspace_group_model(ws, g) : pl_workspace_group_task(ws, g));
    } else if (!strcmp(field, "domain")) {
        for (int i = 0; i < pl_workspace_count(ws); i++)
            offer(m, pl_workspace_record(ws, i)->domain);
    } else if (!strcmp(field, "flag") || !strcmp(field, "graded")) {
        offer_all(m, yes_no, COUNT(yes_no));
    } else if (!strcmp(field, "parse")) {
        offer_all(m, ok_fail, COUNT(ok_fail));
    } else if (!strcmp(field, "sound") || !strcmp(field, "stored")) {
        offer_all(m, fields_vs_score, COUNT(fields_vs_score));
    }
}

static bool is_op(char c)
{
    return c && strchr("=~<>!", c);
}

/* A filter's word at [start, end): a field name, or after "field op" one of
 * the field's values. */
static bool filter_word(matches *m, const pl_workspace *ws, const char *line, int start)
{
    int at = start;
    bool quoted = at > 0 && line[at - 1] == '"';
    if (quoted) /* a quoted value */
        at--;
    if (at > 0 && is_op(line[at - 1])) {
        while (at > 0 && is_op(line[at - 1]))
            at--;
        int end = at;
        while (at > 0 && (line[at - 1] == '_' || (line[at - 1] >= 'a' && line[at - 1] <= 'z')))
            at--;
        char field[32];
        snprintf(field, sizeof field, "%.*s", end - at, line + at);
        offer_values(m, ws, field, quoted);
        return true;
    }
    offer_all(m, filter_fields, COUNT(filter_fields));
    return false;
}

char **tui_complete(const pl_workspace *ws, tui_history_kind kind, const char *line, int start, int end, bool *whole)
{
    *whole = true;
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%.*s", end - start, line + start);
    matches m = {NULL, 0, 0, prefix, strlen(prefix)};
    if (kind == TUI_HISTORY_FILTER) {
        *whole = filter_word(&m, ws, line, start);
    } else if (kind == TUI_HISTORY_COMMAND) {
        int first = 0;
        while (line[first] == ' ')
            first++;
        int len = (int)strcspn(line + first, " ");
        const char *command = line + first;
        if (start <= first) /* the command itself */
            offer_all(&m, commands, COUNT(commands));
        else if (len == 7 && !strncmp(command, "compare", 7)) { /* the two runs */
            for (int g = 0; ws && g < pl_workspace_ngroups(ws); g++)
                offer(&m, pl_workspace_group_model(ws, g));
        } else if (len == 4 && !strncmp(command, "freq", 4)) {
            for (int c = 0; c < PL_FREQ_COLUMNS; c++)
                offer(&m, pl_freq_column_name((pl_freq_column)c));
            offer(&m, "failure"); /* the list's column (key) */
        } else if (len == 7 && !strncmp(command, "reducer", 7)) {
            offer_all(&m, reducers, COUNT(reducers));
        } else if (len == 4 && !strncmp(command, "bins", 4)) {
            offer_all(&m, widths, COUNT(widths));
        } else if (len == 6 && !strncmp(command, "filter", 6)) {
            *whole = filter_word(&m, ws, line, start);
        }
    }
    pl_sort(m.items, (size_t)m.n, sizeof *m.items, by_name);
    return m.items;
}

void tui_complete_free(char **matches)
{
    for (char **p = matches; p && *p; p++)
        free(*p);
    free(matches);
}
