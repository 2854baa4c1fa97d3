/* pl_path_join_confined: paths from data stay under their root.  Inside:
 * a relative path, `a/../b`, an absolute path inside, a symbolic link that
 * stays inside.  Refused, naming the path and never reading it: `..` above
 * the root (`../../etc/passwd`), an absolute path elsewhere, a symbolic link
 * leading out, a sibling directory whose name merely starts like the root's
 * ("root2" is not under "root"), an empty path; a missing file is an error. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/path.h"

static char dir[] = "/tmp/planlens-confined-XXXXXX";
static char root[300], sibling[300];

static void touch(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("(define (domain d))\n", f);
    fclose(f);
}

/* dir/root/{plans/p1.txt, domain.pddl, inside -> plans/p1.txt,
 * out -> ../root2/secret, up -> ..} and dir/root2/secret */
static int make_tree(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(root, sizeof root, "%s/root", dir);
    snprintf(sibling, sizeof sibling, "%s/root2", dir);
    char p[400];
    assert_int_equal(mkdir(root, 0700), 0);
    assert_int_equal(mkdir(sibling, 0700), 0);
    snprintf(p, sizeof p, "%s/plans", root);
    assert_int_equal(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/plans/p1.txt", root);
    touch(p);
    snprintf(p, sizeof p, "%s/domain.pddl", root);
    touch(p);
    snprintf(p, sizeof p, "%s/secret", sibling);
    touch(p);
    snprintf(p, sizeof p, "%s/inside", root);
    assert_int_equal(symlink("plans/p1.txt", p), 0);
    snprintf(p, sizeof p, "%s/out", root);
    assert_int_equal(symlink("../root2/secret", p), 0);
    snprintf(p, sizeof p, "%s/up", root);
    assert_int_equal(symlink("..", p), 0);
    snprintf(p, sizeof p, "%s/passwd", root);
    assert_int_equal(symlink("/etc/passwd", p), 0);
    return 0;
}

static int remove_tree(void **state)
{
    (void)state;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void assert_inside(const char *rel, const char *expected)
{
    pl_error err = PL_ERROR_INIT;
    char *path = pl_path_join_confined(root, rel, &err);
    if (!path)
        fail_msg("'%s' refused: %s", rel, err.message);
    assert_string_equal(path, expected);
    free(path);
}

static void assert_refused(const char *root_dir, const char *rel, const char *message)
{
    pl_error err = PL_ERROR_INIT;
    char *path = pl_path_join_confined(root_dir, rel, &err);
    assert_null(path);
    assert_int_equal(err.code, PL_ERR_IO);
    assert_non_null(err.message);
    if (!strstr(err.message, message))
        fail_msg("'%s' does not say '%s'", err.message, message);
    assert_null(strstr(err.message, "root:")); /* nothing of /etc/passwd */
    pl_error_clear(&err);
}

static void test_inside(void **state)
{
    (void)state;
    char expected[400];
    snprintf(expected, sizeof expected, "%s/plans/p1.txt", root);
    assert_inside("plans/p1.txt", expected);
    snprintf(expected, sizeof expected, "%s/plans/../domain.pddl", root);
    assert_inside("plans/../domain.pddl", expected);
    snprintf(expected, sizeof expected, "%s/inside", root);
    assert_inside("inside", expected);
    snprintf(expected, sizeof expected, "%s/plans/p1.txt", root);
    assert_inside(expected, expected); /* absolute, but inside */
    snprintf(expected, sizeof expected, "%s/plans", root);
    assert_inside("plans", expected);
}

static void test_dot_dot(void **state)
{
    (void)state;
    assert_refused(root, "../../../../../../etc/passwd", "cannot open '../../../../../../etc/passwd': outside");
    assert_refused(root, "plans/../../root2/secret", "outside the directory");
    assert_refused(root, "..", "outside the directory");
}

static void test_absolute_elsewhere(void **state)
{
    (void)state;
    assert_refused(root, "/etc/passwd", "cannot open '/etc/passwd': outside the directory");
    char secret[400];
    snprintf(secret, sizeof secret, "%s/secret", sibling);
    /* root2 begins with root's name: compared on component boundaries */
    assert_refused(root, secret, "outside the directory");
    assert_refused("/", "/etc/passwd/..", "Not a directory");
}

static void test_symlink_out(void **state)
{
    (void)state;
    assert_refused(root, "out", "cannot open 'out': a symbolic link leads outside the directory");
    assert_refused(root, "passwd", "a symbolic link leads outside the directory");
    assert_refused(root, "up/root2/secret", "a symbolic link leads outside the directory");
}

static void test_missing_and_empty(void **state)
{
    (void)state;
    assert_refused(root, "plans/p2.txt", "cannot open 'plans/p2.txt': No such file or directory");
    assert_refused(root, "", "an empty path");
    char missing[400];
    snprintf(missing, sizeof missing, "%s/none", dir);
    assert_refused(missing, "x", "cannot open the root directory");
}

/* The whole file system as the root: everything existing is inside. */
static void test_root_slash(void **state)
{
    (void)state;
    pl_error err = PL_ERROR_INIT;
    char *path = pl_path_join_confined("/", "etc/passwd", &err);
    assert_string_equal(path, "/etc/passwd");
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inside),         cmocka_unit_test(test_dot_dot),
        cmocka_unit_test(test_absolute_elsewhere), cmocka_unit_test(test_symlink_out),
        cmocka_unit_test(test_missing_and_empty),  cmocka_unit_test(test_root_slash),
    };
    return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
