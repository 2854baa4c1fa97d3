/* The display options every program of planlens reads (display_options.h). */
#include "display_options.h"

#include <stdlib.h>
#include <string.h>

bool pl_color_default(void)
{
    const char *no_color = getenv("NO_COLOR");
    return !(no_color && *no_color);
}

bool pl_display_option(const char *arg, bool *color, bool *ascii)
{
    if (!strcmp(arg, "--color=never") || !strcmp(arg, "--no-color"))
        *color = false;
    else if (!strcmp(arg, "--color=always"))
        *color = true;
    else if (ascii && !strcmp(arg, "--ascii"))
        *ascii = true;
    else
        return !strcmp(arg, "--color=auto") || !strcmp(arg, "--color");
    return true;
}
