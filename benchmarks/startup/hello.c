/* hello.c: the floor of a process start — the C library only. */
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
