#pragma once

#include "model/stepper/step_snapshot.h"

#include <QString>

namespace views {

/// The stepper's status line: why it stopped, where, after how many steps ("Stepped · step 11 · pc 11 ·
/// line 6 · ready"). Pure; tested.
QString stepStatusText(const model::StepSnapshot& snapshot);

/// The memory picture's title: "ld.global of pc 10 on H100 (CC 9.0)".
QString memoryTitleText(const model::StepSnapshot& snapshot);

} // namespace views
