#pragma once

#include <QString>

namespace model {

/// A device profile file that could not be loaded: which file, where in its JSON, and why.
struct ProfileLoadError {
    QString file;
    QString jsonPath; ///< e.g. "/limits/max_warps_per_sm"; empty when the whole file is unreadable
    QString message;
    QString text; ///< the engine's one-line form: "file: /json/path: message"
};

} // namespace model
