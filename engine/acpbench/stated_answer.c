/* The answer a response states (stated_answer.h): where a person would look
 * for it, not where the official grammar first succeeds. */
#include "acpbench/stated_answer.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/error.h"

/* Characters that wrap an answer without being part of it. */
static bool wrapping(char c)
{
    return isspace((unsigned char)c) || strchr("*`'\"_.,;:!?", c) != NULL;
}

static bool no_content(const char *s)
{
    for (; *s; s++)
        if (!wrapping(*s) && !strchr("[]()", *s))
            return false;
    return true;
}

/* Is `s` the word None (any case), wrapped in markdown or punctuation? */
static bool is_none(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && wrapping(s[i]))
        i++;
    if (n - i < 4 || strncasecmp(s + i, "none", 4) != 0)
        return false;
    for (i += 4; i < n; i++)
        if (!wrapping(s[i]))
            return false;
    return true;
}

/* Just after the last "answer:" / "answer is" (markdown between allowed),
 * or NULL. */
static const char *after_marker(const char *s)
{
    const char *found = NULL;
    for (size_t i = 0; s[i]; i++) {
        if (strncasecmp(s + i, "answer", 6) != 0 || (i > 0 && isalpha((unsigned char)s[i - 1])))
            continue;
        size_t j = i + 6;
        while (s[j] == '*' || s[j] == ' ')
            j++;
        if (s[j] == ':')
            found = s + j + 1;
        else if (strncasecmp(s + j, "is", 2) == 0 && !isalpha((unsigned char)s[j + 2]))
            found = s + j + 2;
    }
    return found;
}

/* The last "**…**" span with content: *len its length; NULL when none. */
static const char *last_bold(const char *s, size_t *len)
{
    const char *best = NULL;
    for (const char *open = strstr(s, "**"); open; ) {
        const char *close = strstr(open + 2, "**");
        if (!close)
            break;
        if (close > open + 2) {
            best = open + 2;
            *len = (size_t)(close - best);
        }
        open = strstr(close + 2, "**");
    }
    return best;
}

/* The first (or last) group open…close in s[0..n) with no `open` inside:
 * its start and length; false when none. */
static bool find_group(const char *s, size_t n, char open, char close, bool last, size_t *at, size_t *len)
{
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != open)
            continue;
        size_t j = i + 1;
        while (j < n && s[j] != close && s[j] != open)
            j++;
        if (j < n && s[j] == close) {
            *at = i;
            *len = j - i + 1;
            found = true;
            if (!last)
                return true;
            i = j;
        }
    }
    return found;
}

/* Does s[0..n) start with the word None (after markdown)? */
static bool starts_with_none(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && wrapping(s[i]))
        i++;
    return n - i >= 4 && strncasecmp(s + i, "none", 4) == 0 && (i + 4 == n || !isalnum((unsigned char)s[i + 4]));
}

/* The single atom or action the span states: None, else its first group
 * when marked (what follows "the answer is"), its last group otherwise. */
static char *single_answer(const char *s, size_t n, bool marked)
{
    size_t at, len;
    if (marked ? starts_with_none(s, n) : is_none(s, n))
        return pl_strdup("None");
    return find_group(s, n, '(', ')', !marked, &at, &len) ? pl_strndup(s + at, len) : NULL;
}

/* The last list of the span (prog: the last two, "[…] […]"). */
static char *list_answer(const char *s, size_t n, int lists)
{
    size_t at[2], len[2], found = 0, from = 0;
    for (;;) {
        size_t a, l;
        if (!find_group(s + from, n - from, '[', ']', false, &a, &l))
            break;
        at[0] = at[1];
        len[0] = len[1];
        at[1] = from + a;
        len[1] = l;
        found++;
        from += a + l;
    }
    if (found < (size_t)lists)
        return NULL;
    if (lists == 1)
        return pl_strndup(s + at[1], len[1]);
    return pl_strndup(s + at[0], at[1] + len[1] - at[0]);
}

/* "((None", "(sail l0 l1": a lone answer (nothing but names and
 * parentheses, starting with one) whose parentheses are unbalanced or
 * doubled, read with them removed; NULL when it is not one. */
static char *repaired_single(const char *r, const char **why)
{
    int opens = 0, closes = 0;
    for (const char *c = r; *c; c++)
        opens += *c == '(', closes += *c == ')';
    const char *first = r + strspn(r, " \t\r\n*`");
    if (*first != '(' || (opens == closes && !strstr(r, "((")))
        return NULL;
    char *words = malloc(strlen(r) + 1);
    if (!words)
        return NULL;
    size_t n = 0;
    for (const char *c = r; *c; c++)
        if (*c != '(' && *c != ')')
            words[n++] = *c;
    while (n > 0 && wrapping(words[n - 1]))
        n--;
    words[n] = '\0';
    size_t start = 0;
    while (words[start] && wrapping(words[start]))
        start++;
    char *out = NULL;
    bool names = words[start] != '\0';
    for (size_t i = start; i < n && names; i++)
        names = isalnum((unsigned char)words[i]) || words[i] == '_' || words[i] == '-' || words[i] == ' ';
    if (is_none(words, n))
        out = pl_strdup("None");
    else if (names)
        out = pl_strdup_printf("(%s)", words + start);
    free(words);
    if (out)
        *why = opens != closes ? "unbalanced parentheses" : "nested parentheses";
    return out;
}

void pl_acp_stated_answer(pl_acp_start start, const char *response, pl_acp_stated *out)
{
    memset(out, 0, sizeof *out);
    if (start == PL_ACP_START_INDEX)
        return;
    if (no_content(response)) {
        out->kind = PL_ACP_STATED_EMPTY;
        return;
    }
    bool single = start == PL_ACP_START_ACT || start == PL_ACP_START_ACTION_NAME;
    if (single && (out->text = repaired_single(response, &out->why))) {
        out->kind = PL_ACP_STATED_MALFORMED;
        return;
    }
    const char *span = after_marker(response);
    size_t n = span ? strlen(span) : 0;
    if (!span)
        span = last_bold(response, &n);
    out->marked = span != NULL;
    if (!span) {
        span = response;
        n = strlen(response);
    }
    out->text = single ? single_answer(span, n, out->marked)
                       : list_answer(span, n, start == PL_ACP_START_PROGRESSION_LIST ? 2 : 1);
    out->kind = out->text ? PL_ACP_STATED_ANSWER : PL_ACP_STATED_NOTHING;
}

const char *pl_acp_stated_yes_no(const char *response)
{
    size_t n = 0;
    const char *span = after_marker(response);
    if (span)
        n = strlen(span);
    else
        span = last_bold(response, &n);
    for (size_t i = 0; span && i < n; i++) {
        if (i > 0 && isalpha((unsigned char)span[i - 1]))
            continue;
        bool yes = n - i >= 3 && strncasecmp(span + i, "yes", 3) == 0;
        bool no = n - i >= 2 && strncasecmp(span + i, "no", 2) == 0;
        size_t len = yes ? 3 : 2;
        if ((yes || no) && (i + len == n || !isalpha((unsigned char)span[i + len])))
            return yes ? "yes" : "no";
    }
    return NULL;
}

void pl_acp_stated_clear(pl_acp_stated *s)
{
    free(s->text);
    memset(s, 0, sizeof *s);
}
