#include "engine/common/error.h"

namespace engine {

std::string Error::toString() const
{
    std::string out;
    if (!location.file.empty()) {
        out += location.file;
        if (location.line > 0) {
            out += ':' + std::to_string(location.line);
            if (location.column > 0)
                out += ':' + std::to_string(location.column);
        }
        out += ": ";
    }
    if (!location.jsonPath.empty())
        out += location.jsonPath + ": ";
    out += message;
    return out;
}

} // namespace engine
