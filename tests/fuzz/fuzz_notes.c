/* Curators' notes files.  Beyond "no crash", this checks the promise that
 * nothing saved is lost: after a note is set (which saves the file), reading
 * the file again gives back every unreadable line byte for byte and every
 * note as it was.  A broken promise aborts, so libFuzzer reports it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "workspace/notes.h"

static const char key[] = "fuzz-model\tapp\tfuzz-id";

static void check_same_note(const pl_note *a, const pl_note *b)
{
    if (!b || a->flag != b->flag || (a->note == NULL) != (b->note == NULL) ||
        (a->note && strcmp(a->note, b->note)))
        abort();
}

/* Everything in `before` that a save keeps is in `after`, unchanged. */
static void check_round_trip(const pl_notes *before, const pl_notes *after)
{
    if (after->nunread != before->nunread)
        abort();
    for (int i = 0; i < before->nunread; i++)
        if (after->unread[i].len != before->unread[i].len ||
            memcmp(after->unread[i].text, before->unread[i].text, before->unread[i].len))
            abort();
    for (int i = 0; i < before->count; i++) {
        const pl_note *it = &before->items[i];
        /* A verdict with neither flag nor note is dropped by design, and a
         * later duplicate of a key is shadowed by the first. */
        if ((it->flag || it->note) && pl_notes_get(before, it->key) == it)
            check_same_note(it, pl_notes_get(after, it->key));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("notes.jsonl", data, size);
    pl_notes n, again;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (pl_notes_open(&n, path, &warnings, &err) == PL_OK &&
        pl_notes_set(&n, key, 1, "checked", &err) == PL_OK) {
        pl_diags_clear(&warnings);
        if (pl_notes_open(&again, path, &warnings, &err) != PL_OK)
            abort();
        check_round_trip(&n, &again);
        pl_notes_free(&again);
    }
    pl_notes_free(&n);
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return 0;
}
