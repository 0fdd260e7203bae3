#include "views/stepper/ptx_listing_widget.h"

#include <QFontDatabase>
#include <QHeaderView>

namespace views {

namespace {

const QColor kCurrentLine(0xc8, 0xe6, 0xff);
const QString kBreakpointMark = QStringLiteral("●");

QTableWidgetItem* makeCell(const QString& text)
{
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return cell;
}

} // namespace

PtxListingWidget::PtxListingWidget(QWidget* parent)
    : QTableWidget(0, ColumnCount, parent)
{
    setHorizontalHeaderLabels({ QString(), tr("PC"), tr("Line"), tr("PTX"), tr("CUDA") });
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    horizontalHeader()->setSectionResizeMode(TextColumn, QHeaderView::Stretch);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setShowGrid(false);
    connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int column) {
        if (column == BreakpointColumn)
            Q_EMIT breakpointToggled(row);
    });
}

void PtxListingWidget::setListing(const std::shared_ptr<const model::ProgramListing>& listing, int function)
{
    if (listing == m_listing && function == m_function)
        return;
    m_listing = listing;
    m_function = function;
    m_currentPc = -1;
    if (listing && function >= 0 && function < listing->functions.size())
        fill(listing->functions[function]);
    else
        setRowCount(0);
}

void PtxListingWidget::fill(const model::FunctionListing& function)
{
    setRowCount(static_cast<int>(function.lines.size()));
    for (int row = 0; row < function.lines.size(); ++row) {
        const auto& line = function.lines[row];
        setItem(row, BreakpointColumn, makeCell(QString()));
        setItem(row, PcColumn, makeCell(QString::number(line.pc)));
        setItem(row, PtxLineColumn, makeCell(line.ptxLine > 0 ? QString::number(line.ptxLine) : QString()));
        setItem(row, TextColumn, makeCell(line.text));
        setItem(row, CudaLineColumn, makeCell(line.cudaLine > 0 ? QString::number(line.cudaLine) : QString()));
        item(row, BreakpointColumn)->setForeground(QColor(0xd0, 0x30, 0x30));
    }
    resizeColumnToContents(BreakpointColumn);
    resizeColumnToContents(PcColumn);
    resizeColumnToContents(PtxLineColumn);
}

void PtxListingWidget::setCurrentPc(int pc)
{
    for (const int row : { m_currentPc, pc }) {
        if (row < 0 || row >= rowCount())
            continue;
        for (int column = 0; column < ColumnCount; ++column)
            item(row, column)->setBackground(row == pc ? QBrush(kCurrentLine) : QBrush());
    }
    m_currentPc = pc;
    if (pc >= 0 && pc < rowCount())
        scrollToItem(item(pc, TextColumn), QAbstractItemView::EnsureVisible);
}

void PtxListingWidget::setBreakpoints(const QList<int>& pcs)
{
    for (int row = 0; row < rowCount(); ++row)
        item(row, BreakpointColumn)->setText(pcs.contains(row) ? kBreakpointMark : QString());
}

int PtxListingWidget::cursorPc() const
{
    const auto rows = selectionModel() ? selectionModel()->selectedRows() : QModelIndexList {};
    return rows.isEmpty() ? -1 : rows.first().row();
}

} // namespace views
