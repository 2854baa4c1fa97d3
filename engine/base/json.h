/* JSON reading that keeps what cJSON alone loses (19-digit ids, lone
 * surrogates, where a syntax error is), and small lookup helpers. */
#ifndef PL_BASE_JSON_H
#define PL_BASE_JSON_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "base/error.h"

/* The exact text of an id: a string as stored, an integer number printed
 * in decimal.  NULL for anything else (owned). */
char *pl_json_id_text(const cJSON *v);
/* The string member `key` of `obj` (case-sensitive), or NULL.  Borrowed. */
const char *pl_json_str(const cJSON *obj, const char *key);
/* The member `key` of `obj` (case-sensitive), or NULL.  Borrowed. */
cJSON *pl_json_get(const cJSON *obj, const char *key);
/* 1-based line and column of byte `off` of `text`. */
void pl_text_position(const char *text, size_t off, int *line, int *column);
/* cJSON parse that keeps integers too long for a double exactly: every
 * integer literal of more than 15 digits becomes a JSON string holding its
 * digits.  A \u escape of a lone UTF-16 surrogate (Python writes them for
 * undecodable bytes; cJSON rejects them) reads as U+FFFD; \u0000 reads as
 * PL_NUL_MARK (base/safe_text.h), so that a string goes on after a NUL.  Text after the
 * value is an error.  Returns NULL on a syntax error, with err set (line,
 * 1-based byte column); `file` only names the text in err. */
cJSON *pl_json_parse_exact(const char *text, size_t len, const char *file, pl_error *err);

#endif
