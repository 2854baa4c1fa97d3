/* `planlens COMMAND --help` prints that command's usage and exits 0, through
 * the front (validate, plan, ... run there) and planlens-full alike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

static char *run(const char *args, int *status)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", PLANLENS_BIN, args);
    return pl_test_shell(cmd, status);
}

static void test_each_command(void **state)
{
    (void)state;
    static const char *const commands[] = {"validate", "applicable", "progress", "states", "plan",
                                           "grade",    "report",     "gen",      "quality", "probe",
                                           "audit",    "synth",      "planview", "compare", "merge"};
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        char args[64], entry[64];
        snprintf(args, sizeof args, "%s --help", commands[i]);
        int status;
        char *out = run(args, &status);
        if (status != 0 || strncmp(out, "usage: planlens\n", 16))
            fail_msg("%s: exit %d: %s", args, status, out);
        snprintf(entry, sizeof entry, "\n  %s ", commands[i]);
        assert_non_null(strstr(out, entry));
        /* only this command's entries: no other command's */
        assert_null(strstr(out, strcmp(commands[i], "grade") ? "\n  grade " : "\n  report "));
        free(out);
    }
}

/* -h too, anywhere after the command; both quality entries (per case, --summary). */
static void test_short_and_several_entries(void **state)
{
    (void)state;
    int status;
    char *out = run("quality some-file.jsonl -h", &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "--summary"));
    assert_non_null(strstr(out, "--similarity"));
    free(out);
    out = run("validate --help", &status);
    assert_non_null(strstr(out, "validate --stream")); /* validate's two entries */
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_command),
        cmocka_unit_test(test_short_and_several_entries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
