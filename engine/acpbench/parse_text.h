/* The Python string operations the official ACPBench code applies to a
 * response before lark sees it, and to a just question to cut out its plan,
 * on UTF-8 text.  Bytes that are not valid UTF-8 count as ordinary
 * (non-whitespace) characters, as Python's surrogateescape decoding would
 * make them. */
#ifndef PL_ACPBENCH_PARSE_TEXT_H
#define PL_ACPBENCH_PARSE_TEXT_H

#include <stddef.h>

/* text.replace("\n", "").strip(): a new string, or NULL when out of memory. */
char *pl_acp_delete_newlines_and_strip(const char *text, size_t *len);

/* text.lower() as far as it can change how the grammar reads the text: ASCII
 * letters, U+212A KELVIN SIGN -> "k" and U+0130 (I with dot above) -> "i" +
 * U+0307.  Every other non-ASCII character lower-cases to a non-ASCII
 * character of the same whitespace class, which the lexer skips all the
 * same, so it is kept as it is.  A new string, or NULL when out of memory. */
char *pl_acp_lower(const char *text);

/* The plan a just question quotes, cut out as the official grader does:
 * question[19:-147] (code points) split after each ") (".  Returns the number
 * of steps (*out owned, pl_strings_free), 0 for a question too short to
 * hold one, or -1 when out of memory. */
int pl_acp_just_plan(const char *question, char ***out);

#endif
