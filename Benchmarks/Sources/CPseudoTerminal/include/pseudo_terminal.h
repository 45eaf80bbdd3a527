// A pseudo-terminal for the browse benchmark: glibc's posix_openpt family is not visible to
// Swift's Glibc module (it needs _XOPEN_SOURCE), so it is reached through this C file.
#ifndef PSEUDO_TERMINAL_H
#define PSEUDO_TERMINAL_H

/// Opens a pseudo-terminal of `rows` × `columns`: its controller side in `*controller`, the
/// terminal a program runs in in `*terminal`. Returns 0, or -1 with errno set.
int pseudo_terminal_open(unsigned short rows, unsigned short columns, int *controller,
                         int *terminal);

#endif
