#pragma once

#include <QString>

namespace app {

/// What a file given to `warpscope FILE` or File ▸ Open is, judged by its name.
enum class FileKind { Scenario, CudaSource, Ptx, SessionDatabase, Unknown };

FileKind fileKindOf(const QString& path);

/// A readable name for a kind: "scenario", "CUDA source file", ...
QString describe(FileKind kind);

/// The Open dialog's name filters, the kinds above first.
QString openFileFilter();

} // namespace app
