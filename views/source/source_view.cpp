#include "views/source/source_view.h"

#include "model/source/source_filter_model.h"
#include "model/source/source_model.h"
#include "model/source/source_session.h"
#include "views/source/heat_delegate.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace views {

SourceView::SourceView(model::SourceSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cudaFilter(new model::SourceFilterModel(this))
    , m_ptxFilter(new model::SourceFilterModel(this))
{
    m_cudaFilter->setSourceModel(session->cudaModel());
    m_ptxFilter->setSourceModel(session->ptxModel());
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("sourceTitle"));
    m_title->setWordWrap(true);
    m_cudaTable = makeTable(m_cudaFilter);
    m_ptxTable = makeTable(m_ptxFilter);
    m_tables = new QSplitter(Qt::Horizontal);
    m_tables->addWidget(m_cudaTable);
    m_tables->addWidget(m_ptxTable);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(makeFilterBar());
    layout->addWidget(m_tables, 1);
    setupConnections();
    showSnapshot(session->snapshot());
}

Qt::Orientation SourceView::tablesOrientation() const { return m_tables->orientation(); }

void SourceView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_tables->setOrientation(width() < sideBySideWidth ? Qt::Vertical : Qt::Horizontal);
}

QWidget* SourceView::makeFilterBar()
{
    auto* bar = new QWidget;
    m_text = new QLineEdit;
    m_text->setPlaceholderText(tr("Filter lines (e.g. ld.global)"));
    m_text->setClearButtonEnabled(true);
    m_minimumHeat = new QSlider(Qt::Horizontal);
    m_minimumHeat->setRange(0, 100);
    m_minimumHeat->setToolTip(tr("Hide lines cooler than this share of the hottest line"));
    m_executedOnly = new QCheckBox(tr("Executed lines only"));
    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text, 2);
    layout->addWidget(new QLabel(tr("Minimum heat")));
    layout->addWidget(m_minimumHeat, 1);
    layout->addWidget(m_executedOnly);
    return bar;
}

QTableView* SourceView::makeTable(model::SourceFilterModel* filter)
{
    auto* table = new QTableView;
    table->setModel(filter);
    table->setSortingEnabled(true);
    table->sortByColumn(model::SourceModel::LineColumn, Qt::AscendingOrder);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setItemDelegate(new HeatDelegate(model::SourceModel::HeatColumn, table));
    table->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 4);
    // Every column as wide as its contents, the text last: a line longer than the pane scrolls sideways rather
    // than being cut, and the counters stay at the left edge.
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return table;
}

void SourceView::setupConnections()
{
    connect(m_session, &model::SourceSession::snapshotChanged, this, &SourceView::showSnapshot);
    connect(m_session, &model::SourceSession::failed, m_title, &QLabel::setText);
    connect(m_session, &model::SourceSession::busyChanged, this, [this](bool busy) {
        if (busy)
            m_title->setText(tr("Running the launch for its per-line counters…"));
    });
    connect(m_text, &QLineEdit::textChanged, this, &SourceView::applyFilters);
    connect(m_minimumHeat, &QSlider::valueChanged, this, &SourceView::applyFilters);
    connect(m_executedOnly, &QCheckBox::toggled, this, &SourceView::applyFilters);
    connect(m_cudaTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        [this] { linkSelection(m_cudaTable, m_ptxTable); });
    connect(m_ptxTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        [this] { linkSelection(m_ptxTable, m_cudaTable); });
}

void SourceView::applyFilters()
{
    for (auto* filter : { m_cudaFilter, m_ptxFilter }) {
        filter->setTextFilter(m_text->text());
        filter->setMinimumHeat(m_minimumHeat->value() / 100.0);
        filter->setExecutedOnly(m_executedOnly->isChecked());
    }
}

void SourceView::showSnapshot(const std::shared_ptr<const model::SourceSnapshot>& snapshot)
{
    if (!snapshot)
        return;
    const auto& s = *snapshot;
    m_title->setText(tr("<b>%1</b> on %2 — %3 warp instructions, %4 global requests, transactions in %5")
                         .arg(s.kernelName.toHtmlEscaped(), s.deviceName.toHtmlEscaped())
                         .arg(s.totals.warpExecutions)
                         .arg(s.totals.globalRequests)
                         .arg(s.transactionUnit));
    m_cudaTable->setVisible(!s.cudaRows.isEmpty());
}

void SourceView::linkSelection(QTableView* from, QTableView* to)
{
    if (m_linking)
        return;
    m_linking = true;
    auto* fromFilter = static_cast<model::SourceFilterModel*>(from->model());
    auto* toFilter = static_cast<model::SourceFilterModel*>(to->model());
    QItemSelection linked;
    int firstPc = -1;
    for (const auto& index : from->selectionModel()->selectedRows()) {
        const QModelIndex source = fromFilter->mapToSource(index);
        firstPc = firstPc < 0 ? source.data(model::SourceModel::PcRole).toInt() : firstPc;
        for (const int row : source.data(model::SourceModel::LinkedRowsRole).value<QList<int>>()) {
            const QModelIndex target = toFilter->mapFromSource(toFilter->sourceModel()->index(row, 0));
            if (target.isValid())
                linked.select(target, target.siblingAtColumn(model::SourceModel::ColumnCount - 1));
        }
    }
    to->selectionModel()->select(linked, QItemSelectionModel::ClearAndSelect);
    if (!linked.isEmpty())
        to->scrollTo(linked.indexes().first());
    m_linking = false;
    if (from == m_ptxTable && firstPc >= 0)
        Q_EMIT ptxPcSelected(firstPc);
}

} // namespace views
