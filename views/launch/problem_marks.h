#pragma once

#include "model/launch/form_field.h"

#include <array>

class QComboBox;
class QLineEdit;
class QTableWidget;

namespace views {

/// The launch form's widgets a model::FormField can point at.
struct LaunchFormWidgets {
    QLineEdit* module = nullptr;
    QComboBox* kernel = nullptr;
    QComboBox* device = nullptr;
    QLineEdit* name = nullptr;
    std::array<QLineEdit*, 3> grid {};
    std::array<QLineEdit*, 3> block {};
    QLineEdit* shared = nullptr;
    std::array<QLineEdit*, 3> cluster {};
    QTableWidget* params = nullptr;
    QTableWidget* buffers = nullptr;
    QTableWidget* args = nullptr;
};

/// Clears the marks of an earlier problem, then marks the widget or table cell that `field` points at (a red
/// frame or a red tint, readable on light and dark palettes) with `message` as the cell's tool tip; a field of
/// FormPart::None marks nothing. Changing a cell emits QTableWidget::itemChanged: the caller ignores it. GUI
/// thread only.
void markProblemField(const LaunchFormWidgets& widgets, const model::FormField& field, const QString& message);

} // namespace views
