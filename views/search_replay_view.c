/* The screen of one position of a search replay (search_replay.h): the
 * expanded node, the path to it, its successors with g, h and f, the open
 * and closed counts, where the goal was first generated and taken. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search_replay.h"

/* "7", or "∞" for a dead end's h or f. */
static const char *value(long long v, bool ascii, char *buf, size_t size)
{
    if (v == PL_REPLAY_INF)
        return ascii ? "inf" : "\u221e";
    snprintf(buf, size, "%lld", v);
    return buf;
}

static void heading(pl_view_model *vm, const char *fmt, long count)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_heading(vm);
    pl_vm_span(vm, ROLE_HEADER, fmt, count);
}

/* Where the goal shows up in the search: first generated, then taken. */
static void goal_line(const pl_search_replay *r, pl_view_model *vm)
{
    pl_vm_line(vm, -1);
    if (!r->goal_generated && !r->has_goal) {
        pl_vm_span(vm, ROLE_DIM, "goal: never generated%s", r->end ? "" : " (the trace has no end line)");
        return;
    }
    if (r->goal_generated)
        pl_vm_span(vm, ROLE_TEXT, "goal: first generated at expansion %ld", r->goal_generated);
    else
        pl_vm_span(vm, ROLE_TEXT, "goal: the start state");
    bool greedy = r->search && !strncmp(r->search, "gbfs", 4);
    if (r->has_goal && greedy)
        pl_vm_span(vm, ROLE_TEXT, ", where greedy search stops (g=%lld)", r->goal_g);
    else if (r->has_goal)
        pl_vm_span(vm, ROLE_TEXT, "; taken after expansion %ld (g=%lld)", r->nrecords, r->goal_g);
}

/* A search run here and cut short by its expansion limit says so on every screen. */
static void limit_line(const pl_search_replay *r, pl_view_model *vm)
{
    if (!r->limit)
        return;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_ERROR, "stopped at the limit of %ld expansions: the search did not finish", r->limit);
}

static void path_lines(pl_view_model *vm, const char **actions, int len)
{
    if (len < 0) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_ERROR, "(out of memory)");
        return;
    }
    if (!len) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  (the start state: no action)");
    }
    for (int i = 0; i < len; i++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "%4d  ", i + 1);
        pl_vm_span(vm, ROLE_TEXT, "%s", actions[i]);
    }
}

static void successor_lines(const pl_replay_record *rec, bool ascii, pl_view_model *vm)
{
    heading(vm, "Successors (%ld)", rec->nsuccessors);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "   g   h   f  action  (what became of it)");
    if (!rec->nsuccessors) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  (none: no applicable action, or a limit ended the search here)");
    }
    for (int i = 0; i < rec->nsuccessors; i++) {
        const pl_replay_successor *c = &rec->successors[i];
        char hb[24], fb[24];
        bool dropped = !strcmp(c->fate, "duplicate") || !strcmp(c->fate, "pruned");
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "%4lld %3s %3s  ", c->g, value(c->h, ascii, hb, sizeof hb), value(c->f, ascii, fb, sizeof fb));
        pl_vm_span(vm, c->goal ? ROLE_CORRECT : dropped ? ROLE_DIM : ROLE_TEXT, "%s", c->action);
        pl_vm_span(vm, ROLE_DIM, "  %s%s", c->fate, c->goal ? ", goal" : "");
        if (c->expanded_at)
            pl_vm_span(vm, ROLE_DIM, ", expanded at %ld", c->expanded_at);
    }
}

static void record_view(const pl_search_replay *r, const pl_replay_record *rec, bool ascii, pl_view_model *vm)
{
    char hb[24], fb[24];
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Expansion %ld of %ld", rec->n, r->nrecords);
    pl_vm_span(vm, ROLE_TEXT, "   state #%d   g=%lld h=%s f=%s   open %ld  closed %ld", rec->id, rec->g,
               value(rec->h, ascii, hb, sizeof hb), value(rec->f, ascii, fb, sizeof fb), rec->open, rec->closed);
    pl_vm_line(vm, -1);
    if (rec->action)
        pl_vm_span(vm, ROLE_DIM, "reached by %s from expansion %ld", rec->action, rec->parent);
    else
        pl_vm_span(vm, ROLE_DIM, "the start state");
    goal_line(r, vm);
    limit_line(r, vm);
    vm->nfixed = vm->nlines;
    successor_lines(rec, ascii, vm);
    const char **path;
    int len = pl_replay_path(r, rec->n, &path);
    heading(vm, len == 1 ? "Path to this state (%ld action)" : "Path to this state (%ld actions)", len < 0 ? 0 : len);
    path_lines(vm, path, len);
    free(path);
    heading(vm, "State (%ld atoms)", rec->natoms);
    for (int i = 0; i < rec->natoms; i++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "  %s", rec->atoms[i]);
    }
}

static void end_view(const pl_search_replay *r, pl_view_model *vm)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "End of the search after %ld expansion%s", r->nrecords, PL_PLURAL(r->nrecords));
    pl_vm_span(vm, ROLE_TEXT, ": %s", r->end ? r->end : "not recorded (the trace was cut short)");
    goal_line(r, vm);
    limit_line(r, vm);
    vm->nfixed = vm->nlines;
    if (!r->has_goal)
        return;
    const char **plan;
    int len = pl_replay_plan(r, &plan);
    heading(vm, len == 1 ? "Plan: the path to the goal (%ld action)" : "Plan: the path to the goal (%ld actions)",
            len < 0 ? 0 : len);
    path_lines(vm, plan, len);
    free(plan);
}

void pl_replay_view(const pl_search_replay *r, bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "search replay%s%s", r->search ? " " : "", r->search ? r->search : "");
    if (r->at < r->nrecords)
        record_view(r, &r->records[r->at], ascii, vm);
    else
        end_view(r, vm);
    pl_vm_set_status(vm, "%s %ld/%ld", r->at < r->nrecords ? "expansion" : "end", r->at < r->nrecords ? r->at + 1 : r->nrecords,
                     r->nrecords);
}
