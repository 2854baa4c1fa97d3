/* Small helpers shared by the benchmark programs: clocks, JSON strings,
 * hashing and medians. */
#ifndef PLANLENS_BENCH_UTIL_H
#define PLANLENS_BENCH_UTIL_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t bench_now_ns(void);
/* The calling thread's CPU time in nanoseconds: what it costs, without the
 * time other processes take the core (a loaded machine). */
uint64_t bench_cpu_ns(void);

/* $PLANLENS_DATA_DIR when set and not empty, else configured. */
const char *bench_data_dir(const char *configured);

/* A copy of s; NULL when out of memory. */
char *bench_strdup(const char *s);

/* obj[key] when it is a string, else NULL. */
const char *bench_get_string(const cJSON *obj, const char *key);

/* FNV-1a over s[0..n), continuing from h (start with BENCH_FNV_OFFSET). */
#define BENCH_FNV_OFFSET UINT64_C(0xcbf29ce484222325)
uint64_t bench_fnv1a(uint64_t h, const char *s, size_t n);

/* Sorts v[0..n) ascending. */
void bench_sort(double *v, int n);

/* Sorts v; the median (the mean of the middle two when n is even), NAN when n <= 0. */
double bench_median(double *v, int n);

#endif
