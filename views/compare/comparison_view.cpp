#include "views/compare/comparison_view.h"

#include "model/report/comparison_table_model.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace views {

namespace {

/// Paints the change cell of a highlighted row in a warm tone, the way profilers mark large deltas.
class HighlightDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        if (index.data(model::ComparisonTableModel::HighlightRole).toBool())
            painter->fillRect(option.rect, QColor(255, 224, 178));
        QStyledItemDelegate::paint(painter, option, index);
    }
};

} // namespace

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent)
    , m_model(new model::ComparisonTableModel(this))
    , m_table(new QTableView(this))
    , m_onlyDifferences(new QCheckBox(tr("Only &differences"), this))
    , m_notes(new QLabel(this))
{
    m_table->setModel(m_model);
    m_table->setItemDelegate(new HighlightDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_onlyDifferences);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_notes);
    connect(m_onlyDifferences, &QCheckBox::toggled, m_model, &model::ComparisonTableModel::setOnlyDifferences);
}

void ComparisonView::setTable(model::ComparisonTable table)
{
    const auto notes = table.notes.join(QLatin1Char('\n'));
    m_model->setTable(std::move(table));
    m_table->resizeColumnsToContents();
    m_notes->setText(notes);
    m_notes->setVisible(!notes.isEmpty());
}

void ComparisonView::setMessage(const QString& message)
{
    m_model->setTable({});
    m_notes->setText(message);
    m_notes->setVisible(true);
}

QString ComparisonView::notesText() const { return m_notes->text(); }

} // namespace views
