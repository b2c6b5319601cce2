// PostgreSQL's C client library, from Debian's libpq-dev (/usr/include/postgresql).
#include <postgresql/libpq-fe.h>
