#define _POSIX_C_SOURCE 200809L
#include "terminal.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

bool tui_open_terminal(FILE **tty, SCREEN **screen)
{
    const char *term = getenv("TERM");
    if (!term || !*term || !strcmp(term, "dumb") || !(*tty = fopen("/dev/tty", "r+")))
        return false;
    if (!(*screen = newterm(NULL, *tty, *tty))) {
        fclose(*tty);
        return false;
    }
    set_term(*screen);
    set_escdelay(25);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    timeout(100); /* wake up to show progress and notice signals */
    return true;
}

int tui_read_key(void)
{
    int ch = getch();
    if (ch != 27)
        return ch;
    nodelay(stdscr, TRUE); /* what came with the Esc, if anything */
    int next = getch();
    if (next == '[' || next == 'O') {
        /* a CSI or SS3 sequence keypad() did not recognise: up to its final byte */
        for (int c = getch(); c != ERR && !(c >= 0x40 && c <= 0x7e); c = getch())
            ;
        ch = TUI_KEY_UNKNOWN;
    } else if (next == 27) {
        ungetch(next); /* Esc Esc typed quickly: two Escs, not Alt-Esc */
    } else if (next != ERR) {
        ch = next > 0 && next < 256 ? TUI_KEY_ALT(next) : TUI_KEY_UNKNOWN;
    }
    timeout(100);
    return ch;
}

static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
}

void tui_catch_stop_signals(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_stop_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int tui_stop_signal(void)
{
    return stop_signal;
}

