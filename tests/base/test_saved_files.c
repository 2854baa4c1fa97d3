/* Notes and teach plans are saved through base/atomic_file: their temporary
 * file is mkstemp's, not a name another user can guess and plant a link at.
 * Before, notes went to `<path>.tmp-<pid>` and a teach plan to `<path>.tmp`,
 * opened with O_CREAT|O_TRUNC: a symbolic link planted there made the save
 * truncate and overwrite the file it pointed to.  Now that file is left as
 * it was, the save lands at the path, and no temporary file is left. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "teach/teach.h"
#include "test_support.h"
#include "workspace/notes.h"

#define VICTIM_TEXT "precious: not to be overwritten\n"

static char dir[] = "/tmp/planlens-saved-files-XXXXXX";
static char victim[300];

static int make_dir(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(victim, sizeof victim, "%s/victim", dir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_victim(void)
{
    FILE *f = fopen(victim, "w");
    assert_non_null(f);
    fputs(VICTIM_TEXT, f);
    fclose(f);
}

static void assert_victim_untouched(void)
{
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *text = pl_read_file(victim, &len, &err);
    assert_non_null(text);
    assert_string_equal(text, VICTIM_TEXT);
    free(text);
}

/* The directory holds exactly the names given (a leftover temporary file fails). */
static void assert_entries(int expected)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    assert_int_equal(n, expected);
}

static void test_notes_planted_link(void **state)
{
    (void)state;
    write_victim();
    char path[300], planted[400];
    snprintf(path, sizeof path, "%s/notes.jsonl", dir);
    snprintf(planted, sizeof planted, "%s.tmp-%ld", path, (long)getpid());
    assert_int_equal(symlink(victim, planted), 0);
    pl_notes n;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_notes_open(&n, path, &warnings, &err), PL_OK);
    assert_int_equal(pl_notes_set(&n, "run/q1/1", 1, "look again", &err), PL_OK);
    pl_notes_free(&n);
    assert_victim_untouched();
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode)); /* the notes, not the planted link renamed over them */
    assert_int_equal(pl_notes_open(&n, path, &warnings, &err), PL_OK);
    const pl_note *it = pl_notes_get(&n, "run/q1/1");
    assert_non_null(it);
    assert_string_equal(it->note, "look again");
    pl_notes_free(&n);
    assert_int_equal(warnings.count, 0);
    assert_entries(3); /* victim, the planted link, notes.jsonl */
    unlink(planted);
    unlink(path);
}

static void test_teach_planted_link(void **state)
{
    (void)state;
    write_victim();
    pl_loaded_task lt;
    pl_test_load_texts("(define (domain d) (:predicates (p)) (:action a :parameters () :precondition () "
                       ":effect (p)))",
                       "(define (problem q) (:domain d) (:init) (:goal (p)))", "saved", &lt);
    pl_teach *s = pl_teach_new(lt.task, 0);
    assert_non_null(s);
    assert_int_equal(pl_teach_apply(s, 0), 0);
    char path[300], planted[400];
    snprintf(path, sizeof path, "%s/plan.txt", dir);
    snprintf(planted, sizeof planted, "%s.tmp", path);
    assert_int_equal(symlink(victim, planted), 0);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_teach_save(s, path, &err), PL_OK);
    assert_victim_untouched();
    size_t len;
    char *saved = pl_read_file(path, &len, &err);
    assert_non_null(saved);
    assert_string_equal(saved, "(a)\n");
    free(saved);
    assert_entries(3); /* victim, the planted link, plan.txt */
    unlink(planted);
    unlink(path);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notes_planted_link),
        cmocka_unit_test(test_teach_planted_link),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
