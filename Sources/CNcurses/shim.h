#ifndef KUCHI_CNCURSES_SHIM_H
#define KUCHI_CNCURSES_SHIM_H
// The wide-character API (get_wch, mvwaddwstr, cchar_t) is only declared when this is set.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Function-like macros are not imported into Swift; these wrappers expose what Kuchi uses.
static inline int kuchi_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline unsigned int kuchi_a_bold(void) { return (unsigned int)A_BOLD; }
static inline unsigned int kuchi_a_dim(void) { return (unsigned int)A_DIM; }
static inline unsigned int kuchi_a_reverse(void) { return (unsigned int)A_REVERSE; }
static inline unsigned int kuchi_a_underline(void) { return (unsigned int)A_UNDERLINE; }
static inline unsigned int kuchi_a_normal(void) { return (unsigned int)A_NORMAL; }
static inline int kuchi_key_code_yes(void) { return KEY_CODE_YES; }
static inline WINDOW *kuchi_stdscr(void) { return stdscr; }
static inline int kuchi_set_escdelay(int ms) { return set_escdelay(ms); }
#endif
