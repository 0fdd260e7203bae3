#pragma once

#include "model/device/profile_load_error.h"

#include <QVector>

class QWidget;

namespace app {

/// Opens a window-modal box saying why `path` cannot be opened; it deletes itself when closed.
void openCannotOpenBox(QWidget* parent, const QString& path, const QString& reason);

/// Opens a window-modal box listing the device profiles that were left out and why.
void openProfileErrorsBox(QWidget* parent, const QVector<model::ProfileLoadError>& errors);

} // namespace app
