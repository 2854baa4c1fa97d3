/* The task-specific rewriting done before parsing (src/evaluate_gen.py
 * get_parsed_answer; spec acpbench-grading.md §4). */
#include <stdlib.h>
#include <string.h>

#include "acpbench/parse.h"
#include "acpbench/parse_text.h"
#include "base/error.h"

static const char JUST_HEADING[] = "simplified plan:";

/* Deletes every '*' in place (resp.replace("*", "")). */
static void delete_asterisks(char *s)
{
    char *o = s;
    for (; *s; s++)
        if (*s != '*')
            *o++ = *s;
    *o = '\0';
}

/* Python's s.replace(from, to): every non-overlapping occurrence, left to
 * right, into a new string (NULL when out of memory).  s is freed. */
static char *replace_all(char *s, const char *from, const char *to)
{
    size_t from_len = strlen(from), to_len = strlen(to), hits = 0;
    for (const char *p = strstr(s, from); p; p = strstr(p + from_len, from))
        hits++;
    char *out = malloc(strlen(s) + hits * to_len + 1);
    if (out) {
        char *o = out;
        const char *p = s;
        for (const char *hit = strstr(p, from); hit; p = hit + from_len, hit = strstr(p, from)) {
            memcpy(o, p, (size_t)(hit - p));
            o += hit - p;
            memcpy(o, to, to_len);
            o += to_len;
        }
        strcpy(o, p);
    }
    free(s);
    return out;
}

/* check_prog_response: both headings in resp.lower(), and no '[' in resp. */
static bool has_effect_headings(const char *response, const char *lower)
{
    return strstr(lower, "positive effects") && strstr(lower, "negative effects") && !strchr(response, '[');
}

char *pl_acp_rewrite_prog(const char *response)
{
    char *s = pl_acp_lower(response);
    if (!s)
        return NULL;
    if (!has_effect_headings(response, s)) {
        free(s);
        return pl_strdup(response);
    }
    delete_asterisks(s);
    s = replace_all(s, "positive effects", "[");
    s = s ? replace_all(s, "negative effects", "] [") : NULL;
    char *out = s ? realloc(s, strlen(s) + 2) : NULL;
    if (!out) {
        free(s);
        return NULL;
    }
    strcat(out, "]");
    return out;
}

char *pl_acp_rewrite_just(const char *response)
{
    char *s = pl_acp_lower(response);
    if (!s)
        return NULL;
    if (!strstr(s, JUST_HEADING)) {
        free(s);
        return pl_strdup(response);
    }
    /* The test is made before the '*' are deleted; the split after. */
    delete_asterisks(s);
    const char *from = strstr(s, JUST_HEADING) + strlen(JUST_HEADING);
    const char *to = strstr(from, JUST_HEADING);
    size_t len = to ? (size_t)(to - from) : strlen(from);
    memmove(s, from, len);
    s[len] = '\0';
    return s;
}
