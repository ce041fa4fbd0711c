#ifndef KUCHI_CNCURSES_SHIM_H
#define KUCHI_CNCURSES_SHIM_H
// The wide-character API (get_wch, mvwadd_wch, cchar_t) is only declared when this is set.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Function-like macros and macro globals are not imported into Swift; these wrappers expose
// what Kuchi uses.
static inline unsigned int kuchi_a_bold(void) { return (unsigned int)A_BOLD; }
static inline unsigned int kuchi_a_dim(void) { return (unsigned int)A_DIM; }
static inline unsigned int kuchi_a_reverse(void) { return (unsigned int)A_REVERSE; }
static inline unsigned int kuchi_a_underline(void) { return (unsigned int)A_UNDERLINE; }
static inline unsigned int kuchi_a_normal(void) { return (unsigned int)A_NORMAL; }
// libc's width of a character, as ncurses measures cells (declared by <wchar.h> only under
// _XOPEN_SOURCE, so declared here).
extern int wcwidth(wchar_t c);
static inline int kuchi_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
static inline int kuchi_key_code_yes(void) { return KEY_CODE_YES; }
static inline WINDOW *kuchi_stdscr(void) { return stdscr; }
static inline WINDOW *kuchi_curscr(void) { return curscr; }
static inline FILE *kuchi_stdout(void) { return stdout; }
static inline FILE *kuchi_stdin(void) { return stdin; }
static inline int kuchi_color_pairs(void) { return COLOR_PAIRS; }
static inline int kuchi_set_escdelay(int ms) { return set_escdelay(ms); }
static inline unsigned long kuchi_button1_clicked(void) { return (unsigned long)BUTTON1_CLICKED; }
static inline unsigned long kuchi_button1_pressed(void) { return (unsigned long)BUTTON1_PRESSED; }
#endif
