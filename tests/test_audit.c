/* Dataset audit on the ACPBench dev questions: every landmark label the
 * audit proves wrong is one of the known label errors (each re-proved by
 * test_planner's land test), all of them are found, and the app labels
 * audit clean. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acp_audit.h"
#include "test_support.h"

typedef struct {
    const char *label, *atom;
    pl_answer truth;
} known_label;

static const known_label wrong_land_labels[] = {
#include "land_label_errors.inc"
};

static bool known(const char *id, const char *atom)
{
    char label[128];
    snprintf(label, sizeof label, "land/dev id %s", id);
    for (size_t i = 0; i < sizeof wrong_land_labels / sizeof *wrong_land_labels; i++)
        if (!strcmp(wrong_land_labels[i].label, label) && !strcmp(wrong_land_labels[i].atom, atom))
            return true;
    return false;
}

static void test_audit_dev(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_questions_load(&qs, pl_test_acpbench_path("land", "dev"), NULL, &err), PL_OK);
    assert_int_equal(pl_acp_questions_load(&qs, pl_test_acpbench_path("app", "dev"), NULL, &err), PL_OK);
    pl_limits limits = {0, 60, 0};
    int land_found = 0, app_found = 0, checked = 0;
    for (int i = 0; i < qs.count; i++) {
        pl_audit_result r = {0};
        assert_int_equal(pl_acp_audit(&qs.items[i], &limits, &r, &err), 0);
        checked += r.checked;
        for (int k = 0; k < r.count; k++) {
            if (qs.items[i].task == PL_ACP_APP) {
                app_found++;
                continue;
            }
            assert_string_equal(r.items[k].stored, "not a landmark");
            if (!known(qs.items[i].id, r.items[k].item))
                fail_msg("audit: %s %s is not a known label error", qs.items[i].id, r.items[k].item);
            land_found++;
        }
        pl_audit_result_free(&r);
    }
    int dev_known = 0;
    for (size_t i = 0; i < sizeof wrong_land_labels / sizeof *wrong_land_labels; i++)
        dev_known += !strncmp(wrong_land_labels[i].label, "land/dev", 8);
    printf("audit: %d labels checked; %d wrong landmark labels found of %d known; %d app findings\n", checked,
           land_found, dev_known, app_found);
    assert_int_equal(land_found, dev_known);
    assert_int_equal(app_found, 0);
    pl_acp_questions_free(&qs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_audit_dev)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
