/* How untrusted text is shown (safe_text.h, docs/SECURITY.md). */
#include "base/safe_text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAB_STOP 8
#define REPLACEMENT "\xEF\xBF\xBD" /* U+FFFD */
#define NUL_CODE 0x110000L         /* what decode() returns for PL_NUL_MARK */
#define INVALID (-1L)

typedef struct {
    char *s;
    size_t len, cap;
    bool oom;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *grown = realloc(b->s, cap);
        if (!grown) {
            b->oom = true;
            return;
        }
        b->s = grown;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void put_str(buf *b, const char *s) { put(b, s, strlen(s)); }

static char *finish(buf *b)
{
    if (!b->oom && !b->s)
        put(b, "", 0);
    if (b->oom) {
        free(b->s);
        return NULL;
    }
    return b->s;
}

/* The code point of the UTF-8 sequence at s[0..len) and its length in *n:
 * NUL_CODE for PL_NUL_MARK, INVALID (with *n = 1) for a byte that does not
 * start a valid sequence (overlong, surrogate, beyond U+10FFFF, cut short). */
static long decode(const unsigned char *s, size_t len, size_t *n)
{
    unsigned char c = s[0];
    *n = 1;
    if (c < 0x80)
        return c;
    if (c == 0xC0 && len >= 2 && s[1] == 0x80) {
        *n = 2;
        return NUL_CODE;
    }
    int more;
    long cp;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        more = 1;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        more = 2;
        cp = c & 0x0F;
        if (c == 0xE0)
            lo = 0xA0; /* overlong */
        else if (c == 0xED)
            hi = 0x9F; /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        more = 3;
        cp = c & 0x07;
        if (c == 0xF0)
            lo = 0x90; /* overlong */
        else if (c == 0xF4)
            hi = 0x8F; /* beyond U+10FFFF */
    } else {
        return INVALID;
    }
    if ((size_t)more >= len)
        return INVALID;
    for (int k = 1; k <= more; k++) {
        unsigned char t = s[k];
        if (t < (k == 1 ? lo : 0x80) || t > (k == 1 ? hi : 0xBF))
            return INVALID;
        cp = (cp << 6) | (t & 0x3F);
    }
    *n = (size_t)more + 1;
    return cp;
}

/* C1 controls, bidi controls, line and paragraph separators, the other
 * invisible format characters (Unicode category Cf) and the noncharacters
 * (U+FDD0..U+FDEF, U+xFFFE and U+xFFFF, which XML forbids): shown escaped. */
static bool is_hidden(long cp)
{
    if (cp >= 0x80 && cp <= 0x9F)
        return true;
    if (cp < 0xAD)
        return false;
    return cp == 0xAD || (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE || (cp >= 0x600 && cp <= 0x605) || cp == 0x61C || cp == 0x6DD || cp == 0x70F ||
           (cp >= 0x890 && cp <= 0x891) || cp == 0x8E2 || cp == 0x180E || (cp >= 0x200B && cp <= 0x200F) ||
           (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x206F) ||
           cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0x110BD || cp == 0x110CD ||
           (cp >= 0x13430 && cp <= 0x1343F) || (cp >= 0x1BCA0 && cp <= 0x1BCA3) ||
           (cp >= 0x1D173 && cp <= 0x1D17A) || cp == 0xE0001 || (cp >= 0xE0020 && cp <= 0xE007F);
}

/* The visible escape of a C0 control or DEL. */
static void put_control(buf *b, unsigned char c)
{
    static const char names[] = {[0] = '0', [7] = 'a', [8] = 'b', [9] = 't', [10] = 'n',
                                 [11] = 'v', [12] = 'f', [13] = 'r', [27] = 'e'};
    char e[5];
    if (c < sizeof names && names[c])
        snprintf(e, sizeof e, "\\%c", names[c]);
    else
        snprintf(e, sizeof e, "\\x%02x", c);
    put_str(b, e);
}

static void put_code_escape(buf *b, long cp)
{
    char e[12];
    snprintf(e, sizeof e, cp > 0xFFFF ? "\\U%08lx" : "\\u%04lx", cp);
    put_str(b, e);
}

/* Appends src[0..len) made safe; *col counts the columns of the current line
 * (one per character) for tab stops. */
static void put_safe(buf *b, const char *src, size_t len, unsigned flags, size_t *col)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0;
    while (i < len) {
        size_t start = i;
        /* printable ASCII and valid, visible UTF-8 go through as they are */
        while (i < len) {
            size_t n;
            if (s[i] >= 0x20 && s[i] < 0x7F) {
                i++;
                (*col)++;
                continue;
            }
            if (s[i] < 0x80)
                break;
            long cp = decode(s + i, len - i, &n);
            if (cp == INVALID || cp == NUL_CODE || is_hidden(cp))
                break;
            i += n;
            (*col)++;
        }
        put(b, src + start, i - start);
        if (i >= len)
            break;
        size_t before = b->len;
        unsigned char c = s[i];
        size_t n = 1;
        if (c == '\t' && (flags & PL_SAFE_TABS)) {
            put(b, "\t", 1);
            *col += TAB_STOP - *col % TAB_STOP;
            i++;
            continue;
        }
        if (c == '\t') {
            do
                put(b, " ", 1);
            while (++*col % TAB_STOP);
            i++;
            continue;
        }
        if ((flags & PL_SAFE_LINES) && (c == '\n' || (c == '\r' && i + 1 < len && s[i + 1] == '\n'))) {
            put(b, "\n", 1);
            *col = 0;
            i += c == '\r' ? 2 : 1;
            continue;
        }
        if (c < 0x80) {
            put_control(b, c);
        } else {
            long cp = decode(s + i, len - i, &n);
            if (cp == INVALID)
                put_str(b, REPLACEMENT);
            else if (cp == NUL_CODE)
                put_str(b, "\\0");
            else
                put_code_escape(b, cp);
        }
        /* an escape is ASCII, one column a byte; U+FFFD is one column */
        *col += b->len - before == 3 && (unsigned char)b->s[before] == 0xEF ? 1 : b->len - before;
        i += n;
    }
}

bool pl_text_is_safe(const char *src, size_t len, unsigned flags)
{
    const unsigned char *s = (const unsigned char *)src;
    for (size_t i = 0; i < len;) {
        if (s[i] >= 0x20 && s[i] < 0x7F) {
            i++;
            continue;
        }
        if ((s[i] == '\n' && (flags & PL_SAFE_LINES)) || (s[i] == '\t' && (flags & PL_SAFE_TABS))) {
            i++;
            continue;
        }
        if (s[i] < 0x80)
            return false;
        size_t n;
        long cp = decode(s + i, len - i, &n);
        if (cp == INVALID || cp == NUL_CODE || is_hidden(cp))
            return false;
        i += n;
    }
    return true;
}

char *pl_safe_text_n(const char *src, size_t len, unsigned flags)
{
    buf b = {0};
    size_t col = 0;
    put_safe(&b, src, len, flags, &col);
    return finish(&b);
}

char *pl_safe_text(const char *src, unsigned flags)
{
    return src ? pl_safe_text_n(src, strlen(src), flags) : NULL;
}

char *pl_safe_json(const char *json)
{
    buf b = {0};
    const unsigned char *s = (const unsigned char *)json;
    size_t len = strlen(json), i = 0;
    while (i < len) {
        size_t start = i, n = 1;
        while (i < len && s[i] < 0x7F)
            i++;
        put(&b, json + start, i - start);
        if (i >= len)
            break;
        long cp = s[i] == 0x7F ? 0x7F : decode(s + i, len - i, &n);
        char e[32];
        if (cp == INVALID) {
            put_str(&b, REPLACEMENT);
        } else if (cp == NUL_CODE || cp == 0x7F || is_hidden(cp)) {
            long c = cp == NUL_CODE ? 0 : cp;
            if (c > 0xFFFF)
                snprintf(e, sizeof e, "\\u%04lx\\u%04lx", 0xD800 + ((c - 0x10000) >> 10),
                         0xDC00 + ((c - 0x10000) & 0x3FF));
            else
                snprintf(e, sizeof e, "\\u%04lx", c);
            put_str(&b, e);
        } else {
            put(&b, json + i, n);
        }
        i += n;
    }
    return finish(&b);
}

/* "-3", "+0.5e2", "12": a number, which no spreadsheet reads as a formula. */
static bool is_plain_number(const char *t)
{
    if (*t == '+' || *t == '-')
        t++;
    bool digits = false;
    for (; *t >= '0' && *t <= '9'; t++)
        digits = true;
    if (*t == '.') {
        for (t++; *t >= '0' && *t <= '9'; t++)
            digits = true;
    }
    if (!digits)
        return false;
    if (*t == 'e' || *t == 'E') {
        t++;
        if (*t == '+' || *t == '-')
            t++;
        if (!(*t >= '0' && *t <= '9'))
            return false;
        while (*t >= '0' && *t <= '9')
            t++;
    }
    return *t == '\0';
}

char *pl_csv_cell(const char *text, bool raw)
{
    if (!text)
        text = "";
    buf b = {0};
    size_t col = 0;
    bool formula = !raw && strchr("=+-@\t\r", text[0]) && text[0] && !is_plain_number(text);
    if (formula)
        put(&b, "'", 1);
    put_safe(&b, text, strlen(text), PL_SAFE_LINES, &col);
    if (b.oom)
        return finish(&b);
    bool quote = b.s && strpbrk(b.s, ",\"\r\n");
    if (!quote)
        return finish(&b);
    buf q = {0};
    put(&q, "\"", 1);
    for (const char *p = b.s; *p; p++) {
        if (*p == '"')
            put(&q, "\"", 1); /* a quote inside is doubled */
        put(&q, p, 1);
    }
    put(&q, "\"", 1);
    free(b.s);
    return finish(&q);
}

char *pl_xml_text(const char *text)
{
    char *safe = pl_safe_text(text ? text : "", 0);
    if (!safe)
        return NULL;
    buf b = {0};
    for (const char *p = safe; *p; p++) {
        switch (*p) {
        case '&': put_str(&b, "&amp;"); break;
        case '<': put_str(&b, "&lt;"); break;
        case '>': put_str(&b, "&gt;"); break;
        case '"': put_str(&b, "&quot;"); break;
        case '\'': put_str(&b, "&apos;"); break;
        default: put(&b, p, 1);
        }
    }
    free(safe);
    return finish(&b);
}
