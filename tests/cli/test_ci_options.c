/* --ci (the default) and --no-ci on `report` and `quality --summary`: the
 * tables show the 95 % interval, and "n = 1" where one answer leaves it
 * undefined, never "± 0".  The intervals are Wilson's, from
 * bench/stats_reference.py (12 of 14: [0.6006, 0.9599]; 1 of 3:
 * [0.0615, 0.7923]). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs/iou"
#define HOSTILE PLANLENS_SOURCE_DIR "/tests/data/hostile-text"

static char *run(const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", PLANLENS_BIN, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0)
        if ((n += got) + 1024 > cap)
            buf = realloc(buf, cap *= 2);
    buf[n] = '\0';
    assert_int_equal(pclose(p), 0);
    return buf;
}

static void test_report_ci(void **state)
{
    (void)state;
    const char *args = "report --questions " SAMPLES "/questions.jsonl --responses " SAMPLES
                       "/runs/synthetic-careful.jsonl --bins 2";
    char *out = run(args);
    /* careful's applicability: 12 of 14 */
    assert_non_null(strstr(out, "binary success 12/14 (85.7%, 95% CI [60.1, 96.0])"));
    free(out);
    char with[1024];
    snprintf(with, sizeof with, "%s --no-ci", args);
    out = run(with);
    assert_non_null(strstr(out, "binary success 12/14 (85.7%)\n"));
    assert_null(strstr(out, "95% CI"));
    free(out);
    snprintf(with, sizeof with, "%s --ci", args); /* said outright, as by default */
    out = run(with);
    assert_non_null(strstr(out, "[60.1, 96.0]"));
    free(out);
}

static void test_quality_summary_ci(void **state)
{
    (void)state;
    char *out = run("quality " HOSTILE "/quality.jsonl --summary --format table");
    assert_non_null(strstr(out, "sr0 95% CI"));
    assert_non_null(strstr(out, "n = 1\n"));        /* a group of one case */
    assert_non_null(strstr(out, "[0.06, 0.79]\n")); /* all: 1 of 3 valid */
    assert_null(strstr(out, "± 0"));
    free(out);
    out = run("quality " HOSTILE "/quality.jsonl --summary --format table --no-ci");
    assert_null(strstr(out, "95% CI"));
    assert_null(strstr(out, "n = 1"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_report_ci), cmocka_unit_test(test_quality_summary_ci)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
