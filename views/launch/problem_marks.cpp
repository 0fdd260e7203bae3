#include "views/launch/problem_marks.h"

#include "views/launch/launch_form_columns.h"

#include <QColor>
#include <QComboBox>
#include <QLineEdit>
#include <QTableWidget>

namespace views {

namespace {

const QString& frameStyle()
{
    static const QString style = QStringLiteral("border: 1px solid #b00020;");
    return style;
}

void clearMarks(const LaunchFormWidgets& w)
{
    for (QWidget* widget : {static_cast<QWidget*>(w.module), static_cast<QWidget*>(w.kernel),
             static_cast<QWidget*>(w.device), static_cast<QWidget*>(w.name), static_cast<QWidget*>(w.shared)})
        widget->setStyleSheet({});
    for (std::size_t i = 0; i < 3; ++i) {
        w.grid[i]->setStyleSheet({});
        w.block[i]->setStyleSheet({});
        w.cluster[i]->setStyleSheet({});
    }
    for (auto* table : {w.params, w.buffers, w.args})
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < table->columnCount(); ++c) {
                if (auto* item = table->item(r, c); item && item->data(Qt::BackgroundRole).isValid()) {
                    item->setData(Qt::BackgroundRole, {});
                    item->setToolTip({});
                }
                if (auto* widget = table->cellWidget(r, c))
                    widget->setStyleSheet({});
            }
}

void markCell(QTableWidget* table, int row, int column, const QString& message)
{
    if (row < 0 || row >= table->rowCount())
        return;
    if (auto* widget = table->cellWidget(row, column)) {
        widget->setStyleSheet(frameStyle());
        return;
    }
    if (auto* item = table->item(row, column)) {
        item->setBackground(QColor(0xb0, 0x00, 0x20, 70)); // translucent, so the text stays readable
        item->setToolTip(message);
    }
}

void markDims(const std::array<QLineEdit*, 3>& edits, int index)
{
    for (int d = 0; d < 3; ++d)
        if (index < 0 || index == d)
            edits[static_cast<std::size_t>(d)]->setStyleSheet(frameStyle());
}

int bufferColumn(const QString& key)
{
    if (key == QLatin1String("type"))
        return BufferType;
    if (key == QLatin1String("count"))
        return BufferCount;
    return key == QLatin1String("init") ? BufferInit : BufferName;
}

} // namespace

void markProblemField(const LaunchFormWidgets& w, const model::FormField& field, const QString& message)
{
    clearMarks(w);
    using model::FormPart;
    switch (field.part) {
    case FormPart::None:
        return;
    case FormPart::Name:
        return w.name->setStyleSheet(frameStyle());
    case FormPart::Module:
        return w.module->setStyleSheet(frameStyle());
    case FormPart::Device:
        return w.device->setStyleSheet(frameStyle());
    case FormPart::Kernel:
        return w.kernel->setStyleSheet(frameStyle());
    case FormPart::Shared:
        return w.shared->setStyleSheet(frameStyle());
    case FormPart::Grid:
        return markDims(w.grid, field.index);
    case FormPart::Block:
        return markDims(w.block, field.index);
    case FormPart::Cluster:
        return markDims(w.cluster, field.index);
    case FormPart::Param:
        return markCell(w.params, field.index, ParamValue, message);
    case FormPart::Buffer:
        return markCell(w.buffers, field.index, bufferColumn(field.column), message);
    case FormPart::Argument:
        return markCell(w.args, field.index, ArgValue, message);
    }
}

} // namespace views
