/* How untrusted text is shown: the one place that decides (docs/SECURITY.md).
 *
 * Model output, model and file names and everything read from downloaded
 * files may hold bytes that a terminal, a spreadsheet or an XML reader acts
 * on.  Every writer (tables, messages, pager and editor files, explorer
 * cells, SVG, JSON, CSV) passes such text through these functions, which
 * return plain, valid UTF-8:
 *  - C0 controls, DEL, C1 controls (U+0080..U+009F), bidi controls and the
 *    other invisible format characters become visible escapes: \0 \a \b \e
 *    \f \r \v, \n where the text is one line, \xNN for the other C0 bytes
 *    and DEL, \uXXXX (\UXXXXXXXX beyond the BMP) for the rest;
 *  - a tab becomes spaces up to the next multiple of 8 columns;
 *  - a byte that is not part of valid UTF-8 becomes U+FFFD;
 *  - NUL: text read from JSON keeps a NUL as the two bytes C0 80
 *    (PL_NUL_MARK, base/json.h), so it is graded and never ends a C string;
 *    it is shown as \0 (JSON output: \u0000).
 * A backslash in the text itself is shown as is. */
#ifndef PL_BASE_SAFE_TEXT_H
#define PL_BASE_SAFE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* How a NUL read from JSON is kept inside a C string: the overlong encoding
 * C0 80, which is never valid UTF-8 and so never text of its own. */
#define PL_NUL_MARK "\xC0\x80"

enum {
    /* Several lines: '\n' (and "\r\n") stays a line break; without it, a
     * newline is shown as \n.  Tabs expand from the start of each line. */
    PL_SAFE_LINES = 1u << 0,
    /* Tabs stay tabs (a tab moves the cursor on, it cannot hide text): for
     * text planlens itself indented, such as cJSON's formatted output. */
    PL_SAFE_TABS = 1u << 1,
};

/* src[0..len) as safe text (owned, NUL-terminated); NULL when out of memory. */
char *pl_safe_text_n(const char *src, size_t len, unsigned flags);
/* The same for a C string; NULL src gives NULL. */
char *pl_safe_text(const char *src, unsigned flags);
/* True when pl_safe_text_n(src, len, flags) would equal src. */
bool pl_text_is_safe(const char *src, size_t len, unsigned flags);

/* cJSON's printed text (any JSON text whose strings cJSON escaped) made
 * valid UTF-8 that no terminal acts on: invalid bytes become U+FFFD,
 * PL_NUL_MARK becomes \u0000, DEL, C1, bidi and format characters become
 * \u escapes.  The JSON value is the same.  Owned; NULL when out of memory. */
char *pl_safe_json(const char *json);

/* One CSV cell (RFC 4180): the text made safe (line breaks kept inside the
 * quotes), quoted when it holds a comma, quote, CR or LF.  Unless raw, a
 * cell that begins with =, +, -, @, TAB or CR (OWASP's formula characters)
 * gets a leading ' so that no spreadsheet runs it; a cell that is a plain
 * number ("-3", "+0.5e2") is left alone.  Owned; NULL when out of memory. */
char *pl_csv_cell(const char *text, bool raw);

/* XML character data and attribute values (SVG): the text made safe on one
 * line, with & < > " ' escaped.  Owned; NULL when out of memory. */
char *pl_xml_text(const char *text);

#endif
