// Anchor for the test-support library (the helpers themselves are in tests/support/).
#include "support/temp_dir.h"
