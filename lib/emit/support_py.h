// The text of thunderc_support.py, the Python module the emitted traces import; `compile` writes
// it beside them.
#pragma once

namespace thunderc {
extern const char *const support_py_source;
}
