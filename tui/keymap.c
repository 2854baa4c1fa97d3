#include "keymap.h"

#include <curses.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/file.h"
#include "base/resources.h"
#include "base/text_lines.h"
#include "terminal.h"

static const char *const action_names[ACT_COUNT] = {
    "none",        "quit",      "back",        "help",   "down",         "up",         "page-down", "page-up",
    "first",       "last",      "open",        "search", "search-next",  "search-prev", "prompt",   "filter",
    "clear-filter", "refresh",  "histogram",   "toggle-bins", "sort",   "reverse",    "flag",     "disagreements",
    "plan-view",   "state-view", "teach",      "toggle-np", "next-step",   "prev-step",   "compare",  "agree-filter",
    "undo",        "toggle-hints", "save",     "cancel",    "expand",    "scroll-left", "scroll-right",
    "metric",      "why",       "frequency",   "fold",      "fold-all",  "charts",
    "redo",        "jump-back", "yank",        "pager",     "editor",    "next-answer", "prev-answer",
    "review",      "flag-question", "history",  "note",      "question-note", "grader-right", "grader-wrong",
    "bad-question", "unsure",   "next-unreviewed", "prev-unreviewed", "heuristics", "rpg",
    "replay",      "goal-generated", "goal-taken"};
static const char *const view_names[VIEW_COUNT] = {"generic", "dashboard", "list",  "detail",
                                                   "histogram", "plan",    "state", "compare", "probe", "teach",
                                                   "warnings", "probe-answer", "help", "why", "frequency",
                                                   "charts", "review", "history", "question-bank", "bank-question"};

static const struct {
    const char *name;
    int key;
} named_keys[] = {{"Enter", '\n'},         {"Esc", 27},           {"Tab", '\t'},        {"Space", ' '},
                  {"Up", KEY_UP},          {"Down", KEY_DOWN},    {"Left", KEY_LEFT},   {"Right", KEY_RIGHT},
                  {"PgUp", KEY_PPAGE},     {"PgDn", KEY_NPAGE},   {"Home", KEY_HOME},   {"End", KEY_END},
                  {"Backspace", KEY_BACKSPACE}};

const char *tui_action_name(tui_action a)
{
    return (unsigned)a < ACT_COUNT ? action_names[a] : "?";
}

const char *tui_view_name(tui_view_kind v)
{
    return (unsigned)v < VIEW_COUNT ? view_names[v] : "?";
}

static int parse_key(const char *s)
{
    for (size_t i = 0; i < sizeof named_keys / sizeof *named_keys; i++)
        if (!strcasecmp(s, named_keys[i].name))
            return named_keys[i].key;
    if ((s[0] == 'F' || s[0] == 'f') && s[1] >= '1' && s[1] <= '9') {
        int n = atoi(s + 1);
        return n >= 1 && n <= 12 ? KEY_F(n) : -1;
    }
    if (s[0] == '^' && s[1] && !s[2])
        return (s[1] & 0x1f);
    if ((s[0] == 'M' || s[0] == 'm') && s[1] == '-' && s[2] && !s[3])
        return TUI_KEY_ALT((unsigned char)s[2]);
    return s[0] && !s[1] ? (unsigned char)s[0] : -1;
}

const char *tui_key_name(int key, char buf[16])
{
    for (size_t i = 0; i < sizeof named_keys / sizeof *named_keys; i++)
        if (named_keys[i].key == key)
            return named_keys[i].name;
    if (key > TUI_KEY_ALT_BASE && key < TUI_KEY_ALT(256))
        snprintf(buf, 16, "M-%c", key - TUI_KEY_ALT_BASE);
    else if (key >= KEY_F(1) && key <= KEY_F(12))
        snprintf(buf, 16, "F%d", key - KEY_F0);
    else if (key > 0 && key < 32)
        snprintf(buf, 16, "^%c", key + 64);
    else
        snprintf(buf, 16, "%c", key);
    return buf;
}

static int add(tui_keymap *km, tui_binding b)
{
    for (int i = 0; i < km->count; i++)
        if (km->items[i].view == b.view && km->items[i].key == b.key) {
            km->items[i].action = b.action;
            return 0;
        }
    if (km->count == km->cap) {
        int cap = km->cap ? km->cap * 2 : 64;
        tui_binding *grown = realloc(km->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        km->items = grown;
        km->cap = cap;
    }
    km->items[km->count++] = b;
    return 0;
}

/* Splits a line into at most 4 words; returns the count and each word's column. */
static int split(char *line, char *words[4], int cols[4])
{
    int n = 0;
    for (char *s = line; *s && n < 4;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#')
            break;
        words[n] = s;
        cols[n++] = (int)(s - line) + 1;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (*s)
            *s++ = '\0';
    }
    return n;
}

pl_error_code tui_keymap_load(tui_keymap *km, const char *path, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return PL_ERR_IO;
    tui_keymap staged = {0};
    pl_line_reader lr = {text, len, 0, 0};
    const char *line;
    size_t n;
    pl_error_code rc = PL_OK;
    while (rc == PL_OK && pl_next_line(&lr, &line, &n)) {
        char *s = (char *)line, *w[4];
        int col[4];
        s[n] = '\0';
        if (n && s[n - 1] == '\r')
            s[n - 1] = '\0';
        int words = split(s, w, col);
        if (!words)
            continue;
        if (strcmp(w[0], "bind") || words < 4) {
            rc = pl_error_set(err, PL_ERR_SYNTAX, path, lr.line, words && strcmp(w[0], "bind") ? col[0] : 1,
                              "expected: bind <view> <key> <action>");
            break;
        }
        int view = -1, action = -1, key = parse_key(w[2]);
        for (int v = 0; v < VIEW_COUNT; v++)
            view = strcmp(w[1], view_names[v]) ? view : v;
        for (int a = 0; a < ACT_COUNT; a++)
            action = strcmp(w[3], action_names[a]) ? action : a;
        if (view < 0)
            rc = pl_error_set(err, PL_ERR_SYNTAX, path, lr.line, col[1],
                              "expected a view (generic, dashboard, list, detail, histogram, why, frequency, ...), found '%s'", w[1]);
        else if (key < 0)
            rc = pl_error_set(err, PL_ERR_SYNTAX, path, lr.line, col[2], "expected a key name, found '%s'", w[2]);
        else if (action < 0)
            rc = pl_error_set(err, PL_ERR_SYNTAX, path, lr.line, col[3], "expected an action, found '%s'", w[3]);
        else if (add(&staged, (tui_binding){(tui_view_kind)view, key, (tui_action)action}) < 0)
            rc = pl_error_set(err, PL_ERR_LIMIT, path, lr.line, 0, "out of memory");
    }
    for (int i = 0; rc == PL_OK && i < staged.count; i++)
        if (add(km, staged.items[i]) < 0)
            rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    tui_keymap_free(&staged);
    free(text);
    return rc;
}

void tui_keymap_load_installed(tui_keymap *km, char *message, size_t size)
{
    message[0] = '\0';
    pl_error err = PL_ERROR_INIT;
    char *dir = pl_resource_dir("keymaps");
    char *path = dir ? pl_strdup_printf("%s/default.keymap", dir) : NULL;
    free(dir);
    pl_error_code rc = path ? tui_keymap_load(km, path, &err) : PL_ERR_IO;
    if (!path && !err.message)
        pl_error_set(&err, PL_ERR_IO, "keymaps/default.keymap", 0, 0, "not installed");
    free(path);
    if (rc != PL_OK) {
        char *m = pl_error_format(&err);
        snprintf(message, size, "keymap: %s", m ? m : "error");
        free(m);
        pl_error_clear(&err);
    }
    const char *config = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    char *user = config && *config ? pl_strdup_printf("%s/planlens/keymap", config)
                 : home          ? pl_strdup_printf("%s/.config/planlens/keymap", home)
                                 : NULL;
    FILE *probe = user ? fopen(user, "r") : NULL;
    if (probe) {
        fclose(probe);
        if (tui_keymap_load(km, user, &err) != PL_OK) {
            char *m = pl_error_format(&err);
            snprintf(message, size, "keymap: %s (not applied)", m ? m : "error");
            free(m);
            pl_error_clear(&err);
        }
    }
    free(user);
}

tui_action tui_keymap_lookup(const tui_keymap *km, tui_view_kind view, int key)
{
    tui_action generic = ACT_NONE;
    for (int i = 0; i < km->count; i++) {
        if (km->items[i].key != key)
            continue;
        if (km->items[i].view == view)
            return km->items[i].action;
        if (km->items[i].view == VIEW_GENERIC)
            generic = km->items[i].action;
    }
    return generic;
}

const char *tui_keymap_keys(const tui_keymap *km, tui_view_kind view, tui_action action, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < km->count; i++) {
        const tui_binding *b = &km->items[i];
        if ((b->view != view && b->view != VIEW_GENERIC) || tui_keymap_lookup(km, view, b->key) != action)
            continue;
        bool listed = false; /* a key bound in the view and generically */
        for (int j = 0; j < i && !listed; j++)
            listed = km->items[j].key == b->key && (km->items[j].view == view || km->items[j].view == VIEW_GENERIC);
        if (listed)
            continue;
        char name[16];
        int n = snprintf(buf + used, size - used, "%s%s", used ? " " : "", tui_key_name(b->key, name));
        if (n < 0 || (size_t)n >= size - used) {
            buf[used] = '\0'; /* does not fit: end at the last whole name */
            break;
        }
        used += (size_t)n;
    }
    return buf;
}

void tui_keymap_free(tui_keymap *km)
{
    free(km->items);
    memset(km, 0, sizeof *km);
}
