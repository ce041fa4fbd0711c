// CZstd: Debian's libzstd (libzstd-dev), for the zstd-compressed collection in current Anki packages.
#include <zstd.h>
