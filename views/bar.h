/* Horizontal bars of histograms and frequency tables: Unicode eighth blocks,
 * or '#' under --ascii. */
#ifndef PL_VIEWS_BAR_H
#define PL_VIEWS_BAR_H

#include <stdbool.h>
#include <stddef.h>

/* A bar of value / max of `width` columns, padded with spaces to `width`
 * (0 when max <= 0), into buf. */
void pl_bar_text(char *buf, size_t size, double value, double max, int width, bool ascii);

#endif
