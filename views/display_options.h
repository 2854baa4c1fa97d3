/* One rule for planlens's own escape sequences (the explorer's colours,
 * plan's redrawn status line) in every program: colour is on unless
 * $NO_COLOR is set and not empty; --color=never / --no-color turn it off,
 * --color=always on, --color[=auto] leaves the default; --ascii draws
 * ASCII only.  With colour off planlens writes no ESC byte at all. */
#ifndef PL_DISPLAY_OPTIONS_H
#define PL_DISPLAY_OPTIONS_H

#include <stdbool.h>

bool pl_color_default(void);
/* Handles one display option (`ascii` NULL: the command has no --ascii);
 * false when arg is not one. */
bool pl_display_option(const char *arg, bool *color, bool *ascii);

#endif
