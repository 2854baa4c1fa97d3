/* cJSON parsing that keeps long integers exactly, and small JSON helpers.
 *
 * cJSON stores every number as a double, which rounds integers beyond 2^53
 * (ACPBench ids have 19 digits).  Before parsing, every integer literal of
 * more than 15 digits is wrapped in quotes, so cJSON keeps its digits as a
 * string; a syntax error is then mapped back to its place in the original.
 * The same pass rewrites the \u escape of a lone UTF-16 surrogate, which
 * Python writes for undecodable bytes and cJSON rejects, as \ufffd, and the
 * escape \u0000, at which cJSON would end the string, as PL_NUL_MARK
 * (base/safe_text.h): the text after a NUL is kept, graded and shown. */
#include "base/json.h"
#include "base/safe_text.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A double holds every integer of up to 15 decimal digits exactly. */
#define EXACT_DIGITS 15

typedef enum {
    LONG_INTEGER, /* quoted: two bytes longer */
    LONE_SURROGATE, /* \uD8xx (6 bytes) -> \ufffd (6 bytes) */
    NUL_ESCAPE      /* \u0000 (6 bytes) -> PL_NUL_MARK (2 bytes) */
} span_kind;

typedef struct {
    size_t start, len;
    span_kind kind;
} span;

typedef struct {
    span *items;
    size_t count, capacity;
} spans;

static int spans_add(spans *s, size_t start, size_t len, span_kind kind)
{
    if (s->count == s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 16;
        span *items = realloc(s->items, cap * sizeof *items);
        if (!items)
            return -1;
        s->items = items;
        s->capacity = cap;
    }
    s->items[s->count++] = (span){start, len, kind};
    return 0;
}

static bool is_number_char(char c)
{
    return isdigit((unsigned char)c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

/* Length of the number literal at t[i] ('-' or a digit); *long_int tells
 * whether it is an integer of more than EXACT_DIGITS digits. */
static size_t number_length(const char *t, size_t i, size_t len, bool *long_int)
{
    size_t j = i + (t[i] == '-'), first_digit = j;
    while (j < len && isdigit((unsigned char)t[j]))
        j++;
    size_t digits = j - first_digit;
    bool integral = true;
    while (j < len && is_number_char(t[j])) {
        integral = false;
        j++;
    }
    *long_int = integral && digits > EXACT_DIGITS;
    return j - i;
}

/* The UTF-16 unit of the \\uXXXX escape at t[i], or -1. */
static long escape_unit(const char *t, size_t i, size_t len)
{
    if (i + 6 > len || t[i] != '\\' || t[i + 1] != 'u')
        return -1;
    long unit = 0;
    for (size_t k = i + 2; k < i + 6; k++) {
        if (!isxdigit((unsigned char)t[k]))
            return -1;
        unit = unit * 16 + (isdigit((unsigned char)t[k]) ? t[k] - '0' : tolower((unsigned char)t[k]) - 'a' + 10);
    }
    return unit;
}

/* Bytes to skip after the escape at t[i], recording a lone surrogate or a NUL. */
static size_t escape_length(const char *t, size_t i, size_t len, spans *out, int *rc)
{
    long unit = escape_unit(t, i, len);
    if (unit == 0) {
        *rc = spans_add(out, i, 6, NUL_ESCAPE);
        return 6;
    }
    if (unit < 0xD800 || unit > 0xDFFF)
        return 2;
    long low = escape_unit(t, i + 6, len);
    if (unit <= 0xDBFF && low >= 0xDC00 && low <= 0xDFFF)
        return 12;
    *rc = spans_add(out, i, 6, LONE_SURROGATE);
    return 6;
}

/* What to rewrite, in order: long integer literals outside strings, and
 * lone-surrogate and NUL escapes inside them. */
static int find_rewrites(const char *t, size_t len, spans *out)
{
    bool in_string = false;
    int rc = 0;
    for (size_t i = 0; i < len && rc == 0; i++) {
        char c = t[i];
        if (in_string) {
            if (c == '\\')
                i += escape_length(t, i, len, out, &rc) - 1;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '-' || isdigit((unsigned char)c)) {
            bool long_int;
            size_t n = number_length(t, i, len, &long_int);
            if (long_int)
                rc = spans_add(out, i, n, LONG_INTEGER);
            i += n - 1;
        }
    }
    return rc;
}

/* A copy of t with the spans rewritten; NULL when out of memory. */
static char *rewrite_spans(const char *t, size_t len, const spans *s, size_t *out_len)
{
    char *buf = malloc(len + 2 * s->count + 1);
    if (!buf)
        return NULL;
    size_t at = 0, o = 0;
    for (size_t k = 0; k < s->count; k++) {
        const span *sp = &s->items[k];
        memcpy(buf + o, t + at, sp->start - at);
        o += sp->start - at;
        if (sp->kind == LONE_SURROGATE) {
            memcpy(buf + o, "\\ufffd", 6);
            o += 6;
        } else if (sp->kind == NUL_ESCAPE) {
            memcpy(buf + o, PL_NUL_MARK, 2);
            o += 2;
        } else {
            buf[o++] = '"';
            memcpy(buf + o, t + sp->start, sp->len);
            o += sp->len;
            buf[o++] = '"';
        }
        at = sp->start + sp->len;
    }
    memcpy(buf + o, t + at, len - at);
    o += len - at;
    buf[o] = '\0';
    *out_len = o;
    return buf;
}

/* The offset in the original text of offset `off` of the rewritten copy
 * (quotes shift what follows by two, a NUL mark by minus four; surrogate
 * rewrites keep lengths). */
static size_t original_offset(const spans *s, size_t off)
{
    long shift = 0; /* rewritten minus original length before the span */
    for (size_t k = 0; k < s->count; k++) {
        const span *sp = &s->items[k];
        if (sp->kind == LONE_SURROGATE)
            continue;
        size_t at = (size_t)((long)sp->start + shift);
        if (off <= at)
            break;
        if (sp->kind == NUL_ESCAPE) {
            if (off < at + 2)
                return sp->start;
            shift -= 4;
            continue;
        }
        if (off < at + sp->len + 2) {
            size_t inside = off - at - 1;
            return sp->start + (inside < sp->len ? inside : sp->len);
        }
        shift += 2;
    }
    return (size_t)((long)off - shift);
}

void pl_text_position(const char *text, size_t off, int *line, int *column)
{
    int l = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < off; i++)
        if (text[i] == '\n') {
            l++;
            line_start = i + 1;
        }
    *line = l;
    *column = (int)(off - line_start) + 1;
}

static size_t skip_space(const char *t, size_t i, size_t len)
{
    while (i < len && isspace((unsigned char)t[i]))
        i++;
    return i;
}

static void syntax_error(const char *text, size_t len, size_t off, bool trailing, const char *file, pl_error *err)
{
    int line, column;
    /* cJSON reports running out of text at the last byte: say where it ended */
    bool blank = skip_space(text, 0, len) == len, at_end = !trailing && off + 1 >= len;
    pl_text_position(text, blank || at_end ? len : off, &line, &column);
    unsigned char c = off < len ? (unsigned char)text[off] : 0;
    if (blank)
        pl_error_set(err, PL_ERR_SYNTAX, file, line, column, "expected a JSON value, found nothing");
    else if (trailing)
        pl_error_set(err, PL_ERR_SYNTAX, file, line, column, "expected the end of the JSON text, found more");
    else if (at_end)
        pl_error_set(err, PL_ERR_SYNTAX, file, line, column,
                     "invalid JSON: the text ends before the value is complete");
    else if (isprint(c))
        pl_error_set(err, PL_ERR_SYNTAX, file, line, column, "invalid JSON: unexpected '%c'", c);
    else
        pl_error_set(err, PL_ERR_SYNTAX, file, line, column, "invalid JSON: unexpected byte 0x%02x", c);
}

cJSON *pl_json_parse_exact(const char *text, size_t len, const char *file, pl_error *err)
{
    /* cJSON would end a string at a raw NUL and silently drop the rest */
    const char *nul = memchr(text, '\0', len);
    if (nul) {
        int line, column;
        pl_text_position(text, (size_t)(nul - text), &line, &column);
        pl_error_set(err, PL_ERR_SYNTAX, file, line, column, "invalid JSON: NUL byte");
        return NULL;
    }
    spans s = {NULL, 0, 0};
    char *rewritten = NULL;
    size_t rlen = len;
    if (find_rewrites(text, len, &s) < 0 || (s.count && !(rewritten = rewrite_spans(text, len, &s, &rlen)))) {
        free(s.items);
        pl_error_set(err, PL_ERR_LIMIT, file, 0, 0, "out of memory");
        return NULL;
    }
    const char *src = rewritten ? rewritten : text, *end = src;
    /* Trailing text is checked here: cJSON's own check needs a NUL terminator. */
    cJSON *json = rlen ? cJSON_ParseWithLengthOpts(src, rlen, &end, false) : NULL;
    size_t stop = (size_t)(end - src);
    bool trailing = json && skip_space(src, stop, rlen) < rlen;
    if (trailing) {
        cJSON_Delete(json);
        json = NULL;
        stop = skip_space(src, stop, rlen);
    }
    if (!json)
        syntax_error(text, len, original_offset(&s, stop), trailing, file, err);
    free(rewritten);
    free(s.items);
    return json;
}

char *pl_json_id_text(const cJSON *v)
{
    if (cJSON_IsString(v) && v->valuestring[0])
        return pl_strdup(v->valuestring);
    if (cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) && fabs(v->valuedouble) < 1e15)
        return pl_strdup_printf("%.0f", v->valuedouble);
    return NULL;
}

cJSON *pl_json_get(const cJSON *obj, const char *key)
{
    return cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

const char *pl_json_str(const cJSON *obj, const char *key)
{
    const cJSON *v = pl_json_get(obj, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}
