/* libzip and libzstd, loaded on first use: only reading an Inspect .eval log
 * needs them, so nothing else maps them (or the libcrypto libzip brings)
 * into the process. */
#ifndef PL_RUNS_EVAL_LIBS_H
#define PL_RUNS_EVAL_LIBS_H

#include <zip.h>
#include <zstd.h>

/* The functions the .eval reader calls, by library. */
#define PL_ZIP_FUNCTIONS(X)                                                                                   \
    X(zip_source_buffer_create) X(zip_source_free) X(zip_open_from_source) X(zip_discard) X(zip_error_init)  \
    X(zip_error_fini) X(zip_error_strerror) X(zip_get_num_entries) X(zip_get_name) X(zip_stat_index)          \
    X(zip_fopen_index) X(zip_fread) X(zip_fclose) X(zip_compression_method_supported)
#define PL_ZSTD_FUNCTIONS(X) X(ZSTD_createDCtx) X(ZSTD_decompressDCtx) X(ZSTD_freeDCtx) X(ZSTD_isError)

/* A pointer per function, named as the function: libs->zip_fread(...). */
typedef struct {
#define PL_EVAL_POINTER(name) __typeof__(name) *name;
    PL_ZIP_FUNCTIONS(PL_EVAL_POINTER)
    PL_ZSTD_FUNCTIONS(PL_EVAL_POINTER)
#undef PL_EVAL_POINTER
} pl_eval_libs;

/* The functions (loaded once, thread-safe); NULL when a library cannot be
 * loaded, with *why saying why. */
const pl_eval_libs *pl_eval_libs_get(const char **why);

#endif
