#include "iou/answer_list.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Characters that decorate items without being part of them. */
static bool is_decoration(char c)
{
    return c == '*' || c == '`' || c == '"' || c == '\'' || c == '[' || c == ']';
}

/* Skips a leading list marker: "1.", "2)", "-", "+", "•" (UTF-8). */
static size_t skip_marker(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && (isspace((unsigned char)s[i]) || is_decoration(s[i])))
        i++;
    size_t digits = i;
    while (digits < len && isdigit((unsigned char)s[digits]))
        digits++;
    if (digits > i && digits < len && (s[digits] == '.' || s[digits] == ')') &&
        (digits + 1 == len || isspace((unsigned char)s[digits + 1]) || s[digits + 1] == '('))
        return digits + 1;
    if (i < len && (s[i] == '-' || s[i] == '+') && i + 1 < len && isspace((unsigned char)s[i + 1]))
        return i + 1;
    if (i + 2 < len && (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x80 &&
        (unsigned char)s[i + 2] == 0xa2)
        return i + 3;
    return i;
}

char *pl_answer_item_normalise(const char *text, size_t len)
{
    size_t start = skip_marker(text, len);
    text += start;
    len -= start;
    char *out = malloc(len + 3);
    if (!out)
        return NULL;
    /* tokens: the name, then the arguments; '(' ')' ',' and decorations separate them */
    size_t n = 0;
    bool in_token = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        bool sep = isspace((unsigned char)c) || c == '(' || c == ')' || c == ',' || is_decoration(c);
        if (sep) {
            in_token = false;
            continue;
        }
        if (!in_token && n > 0)
            out[n++] = ' ';
        in_token = true;
        out[n++] = (char)tolower((unsigned char)c);
    }
    /* a trailing full stop ends the sentence, not the last argument */
    while (n > 0 && (out[n - 1] == '.' || out[n - 1] == ' '))
        n--;
    if (n == 0) {
        out[0] = '\0';
        return out;
    }
    memmove(out + 1, out, n);
    out[0] = '(';
    out[n + 1] = ')';
    out[n + 2] = '\0';
    return out;
}

typedef struct {
    char **items;
    int count, cap;
} item_vec;

static int push_item(item_vec *v, const char *text, size_t len)
{
    char *item = pl_answer_item_normalise(text, len);
    if (!item)
        return -1;
    if (!item[0]) {
        free(item);
        return 0;
    }
    if (v->count == v->cap) {
        int cap = v->cap ? v->cap * 2 : 8;
        char **grown = realloc(v->items, (size_t)cap * sizeof *grown);
        if (!grown) {
            free(item);
            return -1;
        }
        v->items = grown;
        v->cap = cap;
    }
    v->items[v->count++] = item;
    return 0;
}

/* Pushes the items of one comma-separated element: each top-level (...)
 * group when it holds two or more ("(a x) (b y)" without a comma), else the
 * whole element. */
static int push_element(item_vec *v, const char *s, size_t len)
{
    int groups = 0, depth = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '(' && depth++ == 0)
            groups++;
        else if (s[i] == ')' && depth > 0)
            depth--;
    }
    if (groups < 2)
        return push_item(v, s, len);
    depth = 0;
    size_t open = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '(' && depth++ == 0)
            open = i;
        else if (s[i] == ')' && depth > 0 && --depth == 0 && push_item(v, s + open, i + 1 - open) < 0)
            return -1;
    }
    return 0;
}

/* Splits s[0..len) at commas outside parentheses. */
static int push_elements(item_vec *v, const char *s, size_t len)
{
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && s[i] == '(')
            depth++;
        else if (i < len && s[i] == ')' && depth > 0)
            depth--;
        else if (i == len || ((s[i] == ',' || s[i] == '\n') && depth == 0)) {
            if (push_element(v, s + start, i - start) < 0)
                return -1;
            start = i + 1;
        }
    }
    return 0;
}

/* The last top-level [...] of the text: *open and *close index its brackets. */
static bool last_bracket_list(const char *s, size_t len, size_t *open, size_t *close)
{
    for (size_t i = len; i-- > 0;) {
        if (s[i] != ']')
            continue;
        int depth = 0;
        for (size_t j = i + 1; j-- > 0;) {
            depth += s[j] == ']' ? 1 : s[j] == '[' ? -1 : 0;
            if (depth == 0) {
                *open = j;
                *close = i;
                return true;
            }
        }
        return false; /* an unmatched ']' ends the search: what precedes it is prose */
    }
    return false;
}

/* "[none]", "[nothing]", "[empty]": a spelled-out empty list. */
static void drop_spelled_empty(item_vec *v)
{
    if (v->count == 1 && (!strcmp(v->items[0], "(none)") || !strcmp(v->items[0], "(nothing)") ||
                          !strcmp(v->items[0], "(empty)"))) {
        free(v->items[0]);
        v->count = 0;
    }
}

int pl_answer_list_parse(const char *response, pl_answer_list *out)
{
    memset(out, 0, sizeof *out);
    out->source = PL_LIST_NONE;
    size_t len = strlen(response), open, close;
    item_vec v = {NULL, 0, 0};
    int rc = 0;
    if (last_bracket_list(response, len, &open, &close)) {
        out->source = PL_LIST_BRACKETS;
        out->span_start = open;
        out->span_end = close + 1;
        rc = push_elements(&v, response + open + 1, close - open - 1);
    } else {
        int depth = 0;
        size_t first = 0, last = 0, start = 0;
        for (size_t i = 0; i < len && rc == 0; i++) {
            if (response[i] == '(' && depth++ == 0)
                start = i;
            else if (response[i] == ')' && depth > 0 && --depth == 0) {
                if (out->source == PL_LIST_NONE)
                    first = start;
                out->source = PL_LIST_PARENTHESES;
                last = i + 1;
                rc = push_item(&v, response + start, i + 1 - start);
            }
        }
        out->span_start = first;
        out->span_end = last;
    }
    if (rc < 0) {
        for (int i = 0; i < v.count; i++)
            free(v.items[i]);
        free(v.items);
        memset(out, 0, sizeof *out);
        return -1;
    }
    drop_spelled_empty(&v);
    out->ok = out->source != PL_LIST_NONE;
    out->items = v.items;
    out->count = v.count;
    return 0;
}

void pl_answer_list_free(pl_answer_list *l)
{
    for (int i = 0; i < l->count; i++)
        free(l->items[i]);
    free(l->items);
    memset(l, 0, sizeof *l);
}
