/* Text in the order a person counts: "c2" before "c10", "case-9" before
 * "case-10" (runs of digits compared as numbers, the rest byte by byte).
 * Its own file: the state view of the small `planlens` front uses it
 * without the question list behind pl_id_cmp. */
#ifndef PL_NATURAL_ORDER_H
#define PL_NATURAL_ORDER_H

int pl_natural_cmp(const char *a, const char *b);

#endif
