#define _POSIX_C_SOURCE 200809L
#include "runs/eval_libs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static pl_eval_libs libs;
static char load_error[256];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

/* POSIX: a function's address comes back from dlsym as an object pointer. */
#define PL_EVAL_LOAD(name)                                                                                    \
    if (so && !error && !(*(void **)&libs.name = dlsym(so, #name)))                                         \
        error = dlerror();

static void load(void)
{
    void *so = dlopen(PLANLENS_LIBZIP_SONAME, RTLD_NOW | RTLD_LOCAL);
    const char *error = so ? NULL : dlerror();
    PL_ZIP_FUNCTIONS(PL_EVAL_LOAD)
    so = error ? NULL : dlopen(PLANLENS_LIBZSTD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!so && !error)
        error = dlerror();
    PL_ZSTD_FUNCTIONS(PL_EVAL_LOAD)
    if (error)
        snprintf(load_error, sizeof load_error, "cannot load %s", error);
}

const pl_eval_libs *pl_eval_libs_get(const char **why)
{
    pthread_once(&loaded, load);
    *why = load_error;
    return load_error[0] ? NULL : &libs;
}
