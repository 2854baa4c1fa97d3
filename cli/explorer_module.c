/* The explorer and teach mode (tui/, with ncurses and readline) are a module,
 * planlens-explorer.so, loaded when one of them opens: the batch commands
 * start without mapping those libraries.  The module resolves the engine and
 * the views against this executable, which exports them (one engine, one
 * set of settings). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/resources.h"
#include "cli.h"

#define MODULE "planlens-explorer.so"

/* Beside the executable (the build tree), else in the installed libdir. */
static void *load_module(void)
{
    static const char *const places[] = {MODULE, "../" PLANLENS_LIBDIR "/planlens/" MODULE};
    const char *why = "the executable's directory is unknown";
    for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
        char *path = pl_beside_executable(places[i]);
        void *module = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
        free(path);
        if (module)
            return module;
        why = dlerror();
    }
    fprintf(stderr, "planlens: cannot load the explorer (%s): %s\n", MODULE, why ? why : "not found");
    return NULL;
}

static int run_entry(const char *name, int argc, char **argv)
{
    void *module = load_module();
    if (!module)
        return PL_EXIT_INPUT;
    int (*entry)(int, char **);
    *(void **)&entry = dlsym(module, name); /* POSIX: a function's address as an object pointer */
    if (!entry) {
        fprintf(stderr, "planlens: %s: no %s in the explorer module\n", MODULE, name);
        return PL_EXIT_INPUT;
    }
    return entry(argc, argv);
}

int cli_explorer(int argc, char **argv)
{
    return run_entry("tui_main", argc, argv);
}

int cli_teach(int argc, char **argv)
{
    return run_entry("tui_teach_main", argc, argv);
}
