#include "natural_order.h"

#include <string.h>

/* Two runs of digits as numbers: leading zeros aside, the longer is larger. */
static int digits_cmp(const char *a, size_t la, const char *b, size_t lb)
{
    while (la > 1 && *a == '0')
        a++, la--;
    while (lb > 1 && *b == '0')
        b++, lb--;
    if (la != lb)
        return la < lb ? -1 : 1;
    int c = memcmp(a, b, la);
    return (c > 0) - (c < 0);
}

int pl_natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        size_t da = strspn(a, "0123456789"), db = strspn(b, "0123456789");
        if (da && db) {
            int c = digits_cmp(a, da, b, db);
            if (c)
                return c;
            a += da;
            b += db;
        } else if (*a != *b) {
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        } else {
            a++;
            b++;
        }
    }
    return (*a != '\0') - (*b != '\0');
}
