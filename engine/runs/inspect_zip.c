/* Inspect's default .eval log: a zip archive holding header.json (while the
 * eval still runs: _journal/start.json) with the log's "eval", and one
 * samples/<id>_epoch_<n>.json per sample (inspect_ai/log/_recorders/eval.py). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>

#include "base/json.h"
#include "runs/reader.h"
#include "runs/runs.h"

/* The bytes of an entry, NUL-terminated; NULL when unreadable. */
static char *read_entry(zip_t *za, zip_uint64_t index, size_t *len)
{
    zip_stat_t st;
    if (zip_stat_index(za, index, 0, &st) < 0 || !(st.valid & ZIP_STAT_SIZE) || st.size >= SIZE_MAX)
        return NULL;
    char *buf = malloc((size_t)st.size + 1);
    zip_file_t *zf = buf ? zip_fopen_index(za, index, 0) : NULL;
    zip_int64_t got = zf ? zip_fread(zf, buf, st.size) : -1;
    if (zf)
        zip_fclose(zf);
    if (got < 0 || (zip_uint64_t)got != st.size) {
        free(buf);
        return NULL;
    }
    buf[st.size] = '\0';
    *len = (size_t)st.size;
    return buf;
}

/* An entry parsed as JSON; NULL with *why ("name:line:col: message", owned). */
static cJSON *entry_json(zip_t *za, zip_uint64_t index, char **why)
{
    const char *name = zip_get_name(za, index, 0);
    size_t len;
    char *text = read_entry(za, index, &len);
    pl_error e = PL_ERROR_INIT;
    cJSON *j = text ? pl_json_parse_exact(text, len, name, &e) : NULL;
    if (!text)
        *why = pl_strdup_printf("%s: cannot read the entry", name);
    else if (!j)
        *why = pl_error_format(&e);
    pl_error_clear(&e);
    free(text);
    return j;
}

static cJSON *read_header(zip_t *za, pl_run_reader *rd, pl_error *err)
{
    zip_int64_t index = zip_name_locate(za, "header.json", 0);
    if (index < 0)
        index = zip_name_locate(za, "_journal/start.json", 0);
    if (index < 0) {
        pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0,
                     "expected an Inspect .eval log: the archive has no header.json or _journal/start.json");
        return NULL;
    }
    char *why = NULL;
    cJSON *header = entry_json(za, (zip_uint64_t)index, &why);
    if (!cJSON_IsObject(pl_json_get(header, "eval"))) {
        pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0, "%s", why ? why : "the log header has no \"eval\" object");
        cJSON_Delete(header);
        header = NULL;
    }
    free(why);
    return header;
}

static bool is_sample_entry(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    return n > 13 && !strncmp(name, "samples/", 8) && !strcmp(name + n - 5, ".json");
}

typedef struct {
    cJSON **items;
    int count;
} sample_list;

/* Every samples/…json entry that parses; the others are warnings. */
static int read_samples(zip_t *za, pl_run_reader *rd, sample_list *out)
{
    zip_int64_t n = zip_get_num_entries(za, 0);
    out->items = calloc((size_t)(n > 0 ? n : 0) + 1, sizeof *out->items);
    if (!out->items)
        return -1;
    for (zip_int64_t i = 0; i < n; i++) {
        if (!is_sample_entry(zip_get_name(za, (zip_uint64_t)i, 0)))
            continue;
        char *why = NULL;
        cJSON *sample = entry_json(za, (zip_uint64_t)i, &why);
        if (sample)
            out->items[out->count++] = sample;
        else
            pl_diags_add(rd->warnings, rd->path, 0, 0, "%s", why ? why : "out of memory");
        free(why);
    }
    return 0;
}

static pl_error_code load_archive(zip_t *za, pl_run_reader *rd, pl_error *err)
{
    cJSON *header = read_header(za, rd, err);
    if (!header)
        return err ? err->code : PL_ERR_SYNTAX;
    sample_list samples = {NULL, 0};
    int rc = read_samples(za, rd, &samples);
    if (rc == 0)
        rc = pl_run_inspect_samples(rd, pl_json_get(header, "eval"), samples.items, samples.count);
    for (int i = 0; i < samples.count; i++)
        cJSON_Delete(samples.items[i]);
    free(samples.items);
    cJSON_Delete(header);
    return rc < 0 ? pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory") : PL_OK;
}

pl_error_code pl_run_load_inspect_zip(pl_run_reader *rd, const char *data, size_t len, pl_error *err)
{
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(data, len, 0, &ze);
    zip_t *za = src ? zip_open_from_source(src, ZIP_RDONLY, &ze) : NULL;
    pl_error_code rc;
    if (za) {
        rc = load_archive(za, rd, err);
        zip_discard(za);
    } else {
        zip_source_free(src);
        rc = pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0,
                          "expected an Inspect .eval log: not a readable zip archive: %s", zip_error_strerror(&ze));
    }
    zip_error_fini(&ze);
    return rc;
}
