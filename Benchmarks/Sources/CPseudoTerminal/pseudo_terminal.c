#define _XOPEN_SOURCE 600
#include "pseudo_terminal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int pseudo_terminal_open(unsigned short rows, unsigned short columns, int *controller,
                         int *terminal) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    const char *name = NULL;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || (name = ptsname(master)) == NULL ||
        ioctl(master, TIOCSWINSZ, &size) != 0) {
        close(master);
        return -1;
    }
    int slave = open(name, O_RDWR | O_NOCTTY);
    if (slave < 0) {
        close(master);
        return -1;
    }
    *controller = master;
    *terminal = slave;
    return 0;
}
