#include "acpbench/parse_text.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "plans/plan.h"

/* Is b a UTF-8 continuation byte? */
static bool is_continuation(unsigned char b)
{
    return (b & 0xc0) == 0x80;
}

/* The length of the character at s (n > 0 bytes left) when Python's
 * str.isspace() is true for it, else 0: ASCII \t \n \v \f \r, \x1c-\x1f and
 * space; U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F,
 * U+205F and U+3000.  Bytes are looked at one by one by the callers, which is
 * safe because no whitespace encoding starts with a continuation byte. */
static size_t space_len(const unsigned char *s, size_t n)
{
    if ((s[0] >= 0x09 && s[0] <= 0x0d) || (s[0] >= 0x1c && s[0] <= 0x20))
        return 1;
    if (n >= 2 && s[0] == 0xc2 && (s[1] == 0x85 || s[1] == 0xa0))
        return 2;
    if (n < 3 || (s[0] & 0xf0) != 0xe0 || !is_continuation(s[1]) || !is_continuation(s[2]))
        return 0;
    unsigned cp = (unsigned)(s[0] & 0x0f) << 12 | (unsigned)(s[1] & 0x3f) << 6 | (s[2] & 0x3fu);
    bool space = cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029 ||
                 cp == 0x202f || cp == 0x205f || cp == 0x3000;
    return space ? 3 : 0;
}

char *pl_acp_delete_newlines_and_strip(const char *text, size_t *len)
{
    size_t n = strlen(text);
    unsigned char *buf = malloc(n + 1);
    if (!buf)
        return NULL;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (text[i] != '\n')
            buf[kept++] = (unsigned char)text[i];
    size_t begin = 0, k;
    while (begin < kept && (k = space_len(buf + begin, kept - begin)) > 0)
        begin += k;
    size_t end = begin; /* just past the last non-whitespace byte */
    for (size_t i = begin; i < kept;) {
        k = space_len(buf + i, kept - i);
        i += k ? k : 1;
        if (!k)
            end = i;
    }
    memmove(buf, buf + begin, end - begin);
    buf[end - begin] = '\0';
    *len = end - begin;
    return (char *)buf;
}

char *pl_acp_lower(const char *text)
{
    size_t n = strlen(text);
    /* Only U+0130 grows (2 bytes -> 3). */
    char *out = malloc(n + n / 2 + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        if (text[i] >= 'A' && text[i] <= 'Z') {
            out[o++] = (char)(text[i++] - 'A' + 'a');
        } else if (strncmp(text + i, "\xe2\x84\xaa", 3) == 0) {
            out[o++] = 'k';
            i += 3;
        } else if (strncmp(text + i, "\xc4\xb0", 2) == 0) {
            memcpy(out + o, "i\xcc\x87", 3);
            o += 3;
            i += 2;
        } else {
            out[o++] = text[i++];
        }
    }
    out[o] = '\0';
    return out;
}

/* Byte offset of code point `cp` of s (Python slices count code points). */
static size_t utf8_offset(const char *s, size_t len, long cp)
{
    size_t i = 0;
    for (long k = 0; k < cp && i < len; k++) {
        i++;
        while (i < len && is_continuation((unsigned char)s[i]))
            i++;
    }
    return i;
}

static size_t utf8_length(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += !is_continuation((unsigned char)s[i]);
    return n;
}

int pl_acp_just_plan(const char *question, char ***out)
{
    size_t len = strlen(question), ncp = utf8_length(question, len);
    *out = NULL;
    if (ncp < 19 + 147)
        return 0;
    size_t from = utf8_offset(question, len, 19), to = utf8_offset(question, len, (long)ncp - 147);
    int n = 0, cap = 16;
    char **steps = malloc((size_t)cap * sizeof *steps);
    if (!steps)
        return -1;
    size_t start = from;
    for (size_t i = from; i <= to; i++) {
        bool cut = i == to || (i + 3 <= to && !memcmp(question + i, ") (", 3));
        if (!cut)
            continue;
        size_t end = i == to ? to : i + 1;
        if (n == cap) {
            char **grown = realloc(steps, (size_t)(cap *= 2) * sizeof *steps);
            if (!grown)
                goto oom;
            steps = grown;
        }
        if (!(steps[n] = pl_strndup(question + start, end - start)))
            goto oom;
        n++;
        start = end + 1;
        i = end;
    }
    *out = steps;
    return n;
oom:
    pl_strings_free(steps, n);
    return -1;
}
