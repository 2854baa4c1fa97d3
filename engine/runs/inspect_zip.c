/* Inspect's default .eval log: a zip archive holding header.json (while the
 * eval still runs: only _journal/start.json) with the log's "eval", and one
 * samples/<id>_epoch_<n>.json per sample and epoch
 * (inspect_ai/log/_recorders/eval.py).  The recorder appends to the archive
 * at every flush, so a member name may occur more than once: as in Python's
 * zipfile, the last one is the member.  Entries are zstd (zip method 93,
 * Inspect 0.3.206 and later) or deflate (earlier versions). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "base/file.h"
#include "base/json.h"
#include "base/sort.h"
#include "runs/eval_libs.h"
#include "runs/reader.h"

#define METHOD_ZSTD 93

/* libzip and libzstd, once pl_run_load_inspect_zip has loaded them. */
static const pl_eval_libs *eval_functions(void)
{
    const char *why;
    return pl_eval_libs_get(&why);
}

static const char *method_name(int method)
{
    switch (method) {
    case 9:
        return "deflate64";
    case 12:
        return "bzip2";
    case 14:
        return "LZMA";
    case 95:
        return "xz";
    case 96:
        return "JPEG";
    case 97:
        return "WavPack";
    case 98:
        return "PPMd";
    case 99:
        return "AES-encrypted";
    default:
        return "unknown";
    }
}

/* Decompresses every zstd frame of the raw entry into buf (size bytes
 * expected); false when the data is not that. */
static bool zstd_decode(const char *raw, size_t n, char *buf, size_t size)
{
    const pl_eval_libs *z = eval_functions();
    ZSTD_DCtx *d = z->ZSTD_createDCtx();
    size_t got = d ? z->ZSTD_decompressDCtx(d, buf, size, raw, n) : 0;
    z->ZSTD_freeDCtx(d);
    return d && !z->ZSTD_isError(got) && got == size;
}

/* Reads n bytes of the entry, decompressed by libzip or (flags
 * ZIP_FL_COMPRESSED) as stored. */
static bool read_bytes(zip_t *za, zip_uint64_t index, zip_flags_t flags, char *buf, zip_uint64_t n)
{
    const pl_eval_libs *z = eval_functions();
    zip_file_t *zf = z->zip_fopen_index(za, index, flags);
    zip_int64_t got = zf ? z->zip_fread(zf, buf, n) : -1;
    if (zf)
        z->zip_fclose(zf);
    return got >= 0 && (zip_uint64_t)got == n;
}

/* The bytes of a zstd entry, checked against the archive's size and CRC-32. */
static bool read_zstd(zip_t *za, zip_uint64_t index, const zip_stat_t *st, char *buf)
{
    if (st->comp_size > pl_max_input_bytes()) /* a lying central directory: not allocated */
        return false;
    char *raw = malloc((size_t)st->comp_size + 1);
    bool ok = raw && read_bytes(za, index, ZIP_FL_COMPRESSED, raw, st->comp_size) &&
              zstd_decode(raw, (size_t)st->comp_size, buf, (size_t)st->size);
    free(raw);
    uLong crc = crc32(0L, Z_NULL, 0);
    for (size_t off = 0; ok && off < st->size; off += UINT32_MAX / 2) {
        size_t chunk = st->size - off < UINT32_MAX / 2 ? st->size - off : UINT32_MAX / 2;
        crc = crc32(crc, (const Bytef *)buf + off, (uInt)chunk);
    }
    return ok && (!(st->valid & ZIP_STAT_CRC) || crc == st->crc);
}

/* The bytes of an entry, NUL-terminated; NULL with *why (owned). */
static char *read_entry(zip_t *za, zip_uint64_t index, size_t *len, char **why)
{
    const pl_eval_libs *z = eval_functions();
    const char *name = z->zip_get_name(za, index, 0);
    zip_stat_t st;
    zip_uint64_t need = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD;
    if (z->zip_stat_index(za, index, 0, &st) < 0 || (st.valid & need) != need) {
        *why = pl_strdup_printf("%s: cannot read the entry", name);
        return NULL;
    }
    if (st.comp_method != METHOD_ZSTD && !z->zip_compression_method_supported(st.comp_method, 0)) {
        *why = pl_strdup_printf("%s: compression method %d (%s) is not supported: planlens reads zstd (93) and "
                                "deflate (8)",
                                name, st.comp_method, method_name(st.comp_method));
        return NULL;
    }
    if (st.size > pl_max_input_bytes()) {
        *why = pl_strdup_printf("%s: entry larger than %zu bytes", name, pl_max_input_bytes());
        return NULL;
    }
    char *buf = malloc((size_t)st.size + 1);
    bool ok = buf && (st.comp_method == METHOD_ZSTD ? read_zstd(za, index, &st, buf)
                                                    : read_bytes(za, index, 0, buf, st.size));
    if (!ok) {
        *why = buf ? pl_strdup_printf("%s: cannot read the entry (%s data is damaged)", name,
                                      st.comp_method == METHOD_ZSTD ? "zstd" : "compressed")
                   : pl_strdup("out of memory");
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
    const pl_eval_libs *z = eval_functions();
    const char *name = z->zip_get_name(za, index, 0);
    size_t len;
    char *text = read_entry(za, index, &len, why);
    pl_error e = PL_ERROR_INIT;
    cJSON *j = text ? pl_json_parse_exact(text, len, name, &e) : NULL;
    if (text && !j)
        *why = pl_error_format(&e);
    pl_error_clear(&e);
    free(text);
    return j;
}

/* The archive's members: for each name, its last entry (sorted by name). */
typedef struct {
    const char *name;
    zip_uint64_t index;
} member;

typedef struct {
    zip_t *za;
    member *items;
    int count;
} member_list;

static int by_name_then_index(const void *x, const void *y)
{
    const member *a = x, *b = y;
    int c = strcmp(a->name, b->name);
    return c ? c : (a->index > b->index) - (a->index < b->index);
}

static int list_members(zip_t *za, member_list *m)
{
    const pl_eval_libs *z = eval_functions();
    zip_int64_t n = z->zip_get_num_entries(za, 0);
    *m = (member_list){za, malloc(((size_t)(n > 0 ? n : 0) + 1) * sizeof *m->items), 0};
    if (!m->items)
        return -1;
    for (zip_int64_t i = 0; i < n; i++) {
        const char *name = z->zip_get_name(za, (zip_uint64_t)i, 0);
        if (name)
            m->items[m->count++] = (member){name, (zip_uint64_t)i};
    }
    pl_sort(m->items, (size_t)m->count, sizeof *m->items, by_name_then_index);
    int kept = 0;
    for (int i = 0; i < m->count; i++)
        if (i + 1 == m->count || strcmp(m->items[i].name, m->items[i + 1].name)) /* not superseded */
            m->items[kept++] = m->items[i];
    m->count = kept;
    return 0;
}

/* The member's entry index, or -1. */
static zip_int64_t find_member(const member_list *m, const char *name)
{
    for (int i = 0; i < m->count; i++)
        if (!strcmp(m->items[i].name, name))
            return (zip_int64_t)m->items[i].index;
    return -1;
}

static cJSON *read_header(const member_list *m, pl_run_reader *rd, bool *finished, pl_error *err)
{
    zip_int64_t index = find_member(m, "header.json");
    *finished = index >= 0;
    if (index < 0)
        index = find_member(m, "_journal/start.json");
    if (index < 0) {
        pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0,
                     "expected an Inspect .eval log: the archive has no header.json or _journal/start.json");
        return NULL;
    }
    char *why = NULL;
    cJSON *header = entry_json(m->za, (zip_uint64_t)index, &why);
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

/* Every samples/…json member that parses; the others are warnings. */
static int read_samples(const member_list *m, pl_run_reader *rd, sample_list *out)
{
    out->items = calloc((size_t)m->count + 1, sizeof *out->items);
    if (!out->items)
        return -1;
    for (int i = 0; i < m->count; i++) {
        if (!is_sample_entry(m->items[i].name))
            continue;
        char *why = NULL;
        cJSON *sample = entry_json(m->za, m->items[i].index, &why);
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
    member_list members;
    if (list_members(za, &members) < 0)
        return pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory");
    bool finished;
    cJSON *header = read_header(&members, rd, &finished, err);
    if (!header) {
        free(members.items);
        return err ? err->code : PL_ERR_SYNTAX;
    }
    sample_list samples = {NULL, 0};
    int rc = read_samples(&members, rd, &samples);
    if (rc == 0 && !finished) {
        pl_run_reader_file(rd)->warning = rd->warnings ? (int)rd->warnings->count : -1;
        pl_diags_add(rd->warnings, rd->path, 0, 0, samples.count ? "run still in progress: %d samples so far"
                                                                  : "run still in progress: no samples yet",
                     samples.count);
    }
    if (rc == 0)
        rc = pl_run_inspect_samples(rd, header, finished, samples.items, samples.count);
    for (int i = 0; i < samples.count; i++)
        cJSON_Delete(samples.items[i]);
    free(samples.items);
    free(members.items);
    cJSON_Delete(header);
    return rc < 0 ? pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory") : PL_OK;
}

pl_error_code pl_run_load_inspect_zip(pl_run_reader *rd, const char *data, size_t len, pl_error *err)
{
    const char *why;
    const pl_eval_libs *z = pl_eval_libs_get(&why);
    if (!z)
        return pl_error_set(err, PL_ERR_IO, rd->path, 0, 0, "an Inspect .eval log, but %s", why);
    zip_error_t ze;
    z->zip_error_init(&ze);
    zip_source_t *src = z->zip_source_buffer_create(data, len, 0, &ze);
    zip_t *za = src ? z->zip_open_from_source(src, ZIP_RDONLY, &ze) : NULL;
    pl_error_code rc;
    if (za) {
        rc = load_archive(za, rd, err);
        z->zip_discard(za);
    } else {
        z->zip_source_free(src);
        rc = pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0,
                          "expected an Inspect .eval log: not a readable zip archive: %s", z->zip_error_strerror(&ze));
    }
    z->zip_error_fini(&ze);
    return rc;
}
