/* :export hist.svg on the histogram screen: one chart per histogram shown
 * (the metric chosen, or every one), its bins as bars, the CSV beside. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "test_support.h"
#include "views.h"

static int count(const char *s, const char *needle)
{
    int n = 0;
    for (; (s = strstr(s, needle)); s++)
        n++;
    return n;
}

/* How many histograms the screen shows ("N histograms · ..."). */
static int histograms_shown(const pl_workspace *ws, pl_hist_metric only)
{
    pl_view_model vm;
    pl_view_histogram(ws, NULL, 0.1, only, true, 120, &vm);
    int n = atoi(vm.status);
    pl_vm_free(&vm);
    return n;
}

static void test_export(void **state)
{
    pl_workspace *ws = *state;
    char dir[] = "/tmp/planlens-hist-XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    for (int only = PL_HIST_ALL; only <= PL_HIST_VALUE; only++) { /* every metric, then IoU / AD alone */
        int shown = histograms_shown(ws, (pl_hist_metric)only);
        assert_true(shown > 5);
        snprintf(path, sizeof path, "%s/hist.svg", dir);
        pl_error err = PL_ERROR_INIT;
        assert_int_equal(pl_histogram_export(ws, NULL, 0.1, (pl_hist_metric)only, path, &err), PL_OK);
        size_t len;
        char *svg = pl_read_file(path, &len, NULL);
        assert_non_null(svg);
        assert_int_equal(count(svg, "<g>"), shown);
        snprintf(path, sizeof path, "%s/hist.csv", dir);
        char *csv = pl_read_file(path, &len, NULL);
        assert_non_null(csv);
        assert_int_equal(count(csv, "\n"), 1 + 10 * shown); /* a header, a line per bin of width 0.1 */
        free(svg);
        free(csv);
    }
    snprintf(path, sizeof path, "%s/hist.svg", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/hist.csv", dir);
    unlink(path);
    rmdir(dir);
}

static void test_nothing_to_export(void **state)
{
    pl_workspace *ws = *state;
    int none = 0;
    pl_selection sel = {.subset = &none, .nsubset = 0};
    pl_error err = PL_ERROR_INIT;
    assert_int_not_equal(pl_histogram_export(ws, &sel, 0.1, PL_HIST_ALL, "/tmp/planlens-none.svg", &err), PL_OK);
    assert_non_null(strstr(err.message, "no histograms"));
    assert_int_equal(access("/tmp/planlens-none.svg", F_OK), -1);
    pl_error_clear(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_export),
        cmocka_unit_test(test_nothing_to_export),
    };
    return cmocka_run_group_tests(tests, pl_test_open_samples, pl_test_close_workspace);
}
