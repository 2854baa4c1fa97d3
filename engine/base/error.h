/* Errors and warnings as values.
 *
 * The engine never prints and never exits: a function that can fail takes a
 * caller-owned `pl_error *` and fills it.  Warnings (lenient readings of sloppy
 * input) accumulate in a caller-owned `pl_diags` list.  Both own their strings;
 * release them with pl_error_clear / pl_diags_clear. */
#ifndef PL_BASE_ERROR_H
#define PL_BASE_ERROR_H

#include <stdarg.h>
#include <stddef.h>

typedef enum {
    PL_OK = 0,
    PL_ERR_SYNTAX,      /* malformed text: expected X at file:line:col */
    PL_ERR_UNSUPPORTED, /* a PDDL feature planlens refuses rather than misread */
    PL_ERR_SEMANTIC,    /* undeclared name, wrong arity, type error */
    PL_ERR_IO,          /* cannot open / read / decompress a file */
    PL_ERR_LIMIT        /* a size limit was exceeded */
} pl_error_code;

typedef struct {
    pl_error_code code;
    char *file;     /* owned; NULL when not about a file */
    int line;       /* 1-based; 0 when unknown */
    int column;     /* 1-based; 0 when unknown */
    char *message;  /* owned; NULL when code == PL_OK */
} pl_error;

#define PL_ERROR_INIT {PL_OK, NULL, 0, 0, NULL}

/* Sets the error (replacing an earlier one). `e` may be NULL. Returns the code. */
pl_error_code pl_error_set(pl_error *e, pl_error_code code, const char *file,
                           int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
void pl_error_clear(pl_error *e);
/* "file:line:col: message" (or as much as is known); owned by the caller. */
char *pl_error_format(const pl_error *e);

typedef struct {
    char *file;
    int line;
    int column;
    char *message;
} pl_diag;

typedef struct {
    pl_diag *items;
    size_t count;
    size_t capacity;
} pl_diags;

#define PL_DIAGS_INIT {NULL, 0, 0}

void pl_diags_add(pl_diags *d, const char *file, int line, int column,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void pl_diags_clear(pl_diags *d);

/* printf into a fresh heap string; NULL only when out of memory. */
char *pl_strdup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *pl_strdup_vprintf(const char *fmt, va_list ap);
char *pl_strdup(const char *s);
char *pl_strndup(const char *s, size_t n);

#endif
