/* Where planlens finds the files it ships (keymaps/, templates/,
 * sample-runs/): the source tree it was built from while that exists,
 * else beside the executable, else ../share/planlens/ beside it (the
 * installed layout, `cmake --install`). */
#ifndef PL_BASE_RESOURCES_H
#define PL_BASE_RESOURCES_H

/* The first existing directory `name` of those places, as an owned path;
 * NULL when none exists (or out of memory). */
char *pl_resource_dir(const char *name);
/* "<directory of the running executable>/<relative>", owned; NULL when the
 * executable's path is unknown (or out of memory).  Whether it exists is
 * not checked. */
char *pl_beside_executable(const char *relative);

#endif
