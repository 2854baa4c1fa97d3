/* Review journals.  Beyond "no crash", this checks the promise that nothing
 * saved is lost: after a note is appended to whatever bytes the journal
 * held, reading it again gives back every record read before, in order and
 * unchanged, then the new one; and when the bytes were an old notes file,
 * the copy kept beside it (FILE.v1) is byte for byte what was there.  A
 * broken promise aborts, so libFuzzer reports it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/file.h"
#include "fuzz_input.h"
#include "workspace/journal.h"

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && !strcmp(a, b));
}

static bool same_record(const pl_journal_record *a, const pl_journal_record *b)
{
    return same_text(a->key, b->key) && a->type == b->type && same_text(a->text, b->text) &&
           a->question_scope == b->question_scope && a->status == b->status && a->flag == b->flag;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *written = fuzz_write_file("journal.jsonl", data, size);
    char path[4096], kept[4200];
    snprintf(path, sizeof path, "%s", written);
    snprintf(kept, sizeof kept, "%s.v1", path);
    unlink(kept); /* the last input's copy */
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    pl_journal *before = pl_journal_open(path, &warnings, &err), *after = NULL;
    pl_journal_record note = {.key = "fuzz-run|app_gen|1|#1|1", .type = PL_JR_NOTE, .text = "checked",
                              .author = "fuzz", .time = "2026-11-28T00:00:00Z", .version = "fuzz"};
    if (before && pl_journal_append(before, &note, &err) == PL_OK) {
        pl_diags_clear(&warnings);
        if (!(after = pl_journal_open(path, &warnings, &err)))
            abort();
        /* what `before` read is in `after` in order (a torn last line, once
         * ended by the append, may add one record before the note) */
        int n = pl_journal_nrecords(before), m = pl_journal_nrecords(after);
        if (m < n)
            abort();
        for (int i = 0; i < n; i++)
            if (!same_record(pl_journal_record_at(before, i), pl_journal_record_at(after, i)))
                abort();
        if (!same_record(pl_journal_record_at(after, m - 1), &note))
            abort();
        size_t len;
        char *copy = access(kept, F_OK) == 0 ? pl_read_file(kept, &len, NULL) : NULL;
        if (copy && (len != size || memcmp(copy, data, size)))
            abort();
        free(copy);
    }
    pl_journal_close(before);
    pl_journal_close(after);
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return 0;
}
