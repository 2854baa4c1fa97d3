/* Iterating over the lines of a text held in memory (JSON-lines files). */
#ifndef PL_BASE_TEXT_LINES_H
#define PL_BASE_TEXT_LINES_H

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef struct {
    const char *text;
    size_t len, at;
    int line; /* 1-based number of the line last returned */
} pl_line_reader;

/* The next line, without its newline; false at the end of the text. */
static inline bool pl_next_line(pl_line_reader *lr, const char **s, size_t *n)
{
    if (lr->at >= lr->len)
        return false;
    const char *start = lr->text + lr->at, *nl = memchr(start, '\n', lr->len - lr->at);
    *s = start;
    *n = nl ? (size_t)(nl - start) : lr->len - lr->at;
    lr->at += *n + 1;
    lr->line++;
    return true;
}

static inline bool pl_is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isspace((unsigned char)s[i]))
            return false;
    return true;
}

#endif
