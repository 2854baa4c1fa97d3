/* Whole-file saves (a journal converted from the old notes format, teach
 * plans) go through base/atomic_file: their temporary file is mkstemp's, not
 * a name another user can guess and plant a link at.  Before, notes went to `<path>.tmp-<pid>` and a teach plan to `<path>.tmp`,
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
#include "workspace/journal.h"

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

/* The review journal's conversion of an old notes file replaces the file
 * through base/atomic_file: a link planted at the old guessable temporary
 * name changes nothing, and the journal lands at its path. */
static void test_journal_planted_link(void **state)
{
    (void)state;
    write_victim();
    char path[300], planted[400];
    snprintf(path, sizeof path, "%s/notes.jsonl", dir);
    snprintf(planted, sizeof planted, "%s.tmp-%ld", path, (long)getpid());
    assert_int_equal(symlink(victim, planted), 0);
    FILE *old = fopen(path, "w"); /* the old format: converted on the first append */
    assert_non_null(old);
    fputs("{\"key\": \"run\\tapp\\t1\", \"flag\": true}\n", old);
    fclose(old);
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    pl_journal *j = pl_journal_open(path, &warnings, &err);
    assert_non_null(j);
    pl_journal_record note = {.key = "run|app_gen|1|#1|1", .type = PL_JR_NOTE, .text = "look again"};
    assert_int_equal(pl_journal_append(j, &note, &err), PL_OK);
    pl_journal_close(j);
    assert_victim_untouched();
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode)); /* the journal, not the planted link renamed over it */
    j = pl_journal_open(path, &warnings, &err);
    assert_non_null(j);
    const pl_journal_state *it = pl_journal_state_of(j, "run|app_gen|1|#1|1");
    assert_non_null(it);
    assert_string_equal(it->note, "look again");
    pl_journal_close(j);
    assert_int_equal(warnings.count, 0);
    assert_entries(4); /* victim, the planted link, notes.jsonl, notes.jsonl.v1 */
    char kept[420];
    snprintf(kept, sizeof kept, "%s.v1", path);
    unlink(kept);
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
        cmocka_unit_test(test_journal_planted_link),
        cmocka_unit_test(test_teach_planted_link),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
