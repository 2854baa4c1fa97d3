/* splitmix64: the small, well-mixed generator behind every seeded choice
 * (gen, synth): the same seed gives the same output on every machine. */
#ifndef PL_BASE_RANDOM_H
#define PL_BASE_RANDOM_H

#include <stdint.h>

static inline uint64_t pl_next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

#endif
