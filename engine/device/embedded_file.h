#pragma once

#include <vector>

namespace engine {

/// A data file compiled into the library (cmake/EmbedFiles.cmake writes the tables).
struct EmbeddedFile {
    const char* name;
    const char* text;
};

/// The bundled resources/devices/*.json profiles.
const std::vector<EmbeddedFile>& builtinProfileFiles();

} // namespace engine
