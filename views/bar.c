#include "bar.h"

#include <math.h>
#include <stdio.h>

void pl_bar_text(char *buf, size_t size, double value, double max, int width, bool ascii)
{
    static const char *const eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    int units = max > 0 ? (int)lround(value / max * width * 8) : 0;
    size_t n = 0;
    buf[0] = '\0';
    for (; units >= 8 && n + 4 < size; units -= 8)
        n += (size_t)snprintf(buf + n, size - n, "%s", ascii ? "#" : "█");
    if (units > 0 && n + 4 < size)
        n += (size_t)snprintf(buf + n, size - n, "%s", ascii ? "#" : eighths[units]);
    int cells = max > 0 ? (int)ceil(value / max * width - 1e-9) : 0;
    if (n < size)
        snprintf(buf + n, size - n, "%*s", width - cells > 0 ? width - cells : 0, "");
}
