/*
 * floor: the least a full-screen ncurses program can do, the floor `scripts/bench` compares
 * Kuchi with. It starts curses the way Kuchi does (alternate screen, cbreak, no echo, keypad),
 * draws one line, waits for one key and leaves.
 *
 *   cc -O2 -o floor benchmarks/floor.c -lncursesw
 */
#include <curses.h>
#include <locale.h>

int main(void) {
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    mvaddstr(0, 0, "floor: one line; press a key");
    refresh();
    getch();
    endwin();
    return 0;
}
