// libxlsxwriter (Debian's libxlsxwriter-dev): writes Excel workbooks.
#include <xlsxwriter.h>
