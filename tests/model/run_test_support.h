#pragma once

#include <QString>

class QTemporaryDir;

namespace model::tests {

/// Writes a small offset-copy scenario (n elements, the bundled resources/kernels/offset_copy.cu) into `dir`
/// and returns its path. `extraKey` adds an unknown top-level key, which the scenario parser rejects.
QString writeOffsetScenario(const QTemporaryDir& dir, int n, const QString& extraKey = {});

} // namespace model::tests
