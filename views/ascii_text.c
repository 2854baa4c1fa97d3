#include "ascii_text.h"

#include <stdlib.h>
#include <string.h>

/* The stand-in of one UTF-8 character of n bytes. */
static const char *ascii_for(const char *ch, size_t n)
{
    static const char *const map[][2] = {
        {"·", "-"},  {"×", "x"},  {"│", "|"},  {"─", "-"},   {"…", "..."}, {"π", "pi"}, {"›", ">"}, {"‹", "<"},
        {"Δ", "d"},  {"±", "+-"}, {"−", "-"},  {"→", "->"},  {"←", "<-"},  {"✓", "="},  {"✗", "x"}, {"○", "o"},
        {"◎", "G"},  {"█", "#"},  {"▏", "#"},  {"▎", "#"},   {"▍", "#"},   {"▌", "#"},  {"▋", "#"}, {"▊", "#"},
        {"▉", "#"},  {"▲", "^"},  {"▼", "v"},  {"≠", "!="},  {"≤", "<="},  {"≥", ">="}, {"—", "-"}, {"–", "-"},
        {"★", "*"},  {"“", "\""}, {"”", "\""}, {"‘", "'"},   {"’", "'"}, {"▾", "-"}, {"▸", "+"},
    };
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (strlen(map[i][0]) == n && !memcmp(map[i][0], ch, n))
            return map[i][1];
    return "?";
}

/* Writes the ASCII form of text to out (when not NULL, unterminated); returns its columns. */
static int each(const char *text, char *out)
{
    int cols = 0;
    for (const char *s = text; *s;) {
        size_t n = 1;
        while (((unsigned char)*s & 0x80) && ((unsigned char)s[n] & 0xC0) == 0x80)
            n++;
        const char *put = (unsigned char)*s < 0x80 ? NULL : ascii_for(s, n);
        size_t k = put ? strlen(put) : 1;
        if (out)
            memcpy(out + cols, put ? put : s, k);
        cols += (int)k;
        s += n;
    }
    return cols;
}

char *pl_ascii_text(const char *text)
{
    char *out = malloc(strlen(text) + 1); /* a stand-in is never longer than its character */
    if (out)
        out[each(text, out)] = '\0';
    return out;
}

int pl_ascii_columns(const char *text)
{
    return each(text, NULL);
}
