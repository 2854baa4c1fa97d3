/* Where a teach walk starts (engine/teach/start_state.h): the session put
 * there, and the words the banner says it with. */
#include "teach_view.h"

int pl_teach_begin(pl_teach *s, const pl_start_spec *spec, const pl_start_state *st)
{
    if (spec && spec->state_path)
        return pl_teach_start_at(s, st->state) ? 0 : -1;
    for (int i = 0; st && i < st->steps; i++) /* applied, so that undo goes back to the initial state */
        if (pl_teach_apply(s, st->actions[i]) != 0)
            return -1;
    return 0;
}

/* The wording of `planlens heuristics` and `rpg` (cli_print_start). */
char *pl_teach_start_text(const pl_start_spec *spec, const pl_start_state *s)
{
    if (!spec || (!spec->plan_path && !spec->state_path))
        return pl_strdup("the initial state");
    if (spec->state_path)
        return pl_strdup_printf("read from %s", spec->state_path);
    if (s->steps == 0)
        return pl_strdup_printf("the initial state (0 of the %d actions of %s applied)", s->plan_length,
                                spec->plan_path);
    if (s->steps == 1)
        return pl_strdup_printf("after 1 of the %d actions of %s (step 0; step 0 is the first action), cost %g",
                                s->plan_length, spec->plan_path, s->cost);
    return pl_strdup_printf("after %d of the %d actions of %s (steps 0-%d; step 0 is the first action), cost %g",
                            s->steps, s->plan_length, spec->plan_path, s->steps - 1, s->cost);
}
