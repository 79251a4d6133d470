/* lower.cc -- (being written).  */
#include "gcc-plugin.h"
#include "erbium-plugin.h"

void
erbium_init_lower (const char *)
{
}
