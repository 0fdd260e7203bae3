// The Source view on offsetCopy: both sides filled, selection linked through .loc, filters applied to both.
#include "tests/views/stepper_views_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/source/source_filter_model.h"
#include "model/source/source_model.h"
#include "model/source/source_session.h"
#include "views/source/source_view.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

namespace views::tests {

namespace {

class SourceViewTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<model::SourceSession>(model::loadDeviceCatalog({}).catalog);
        m_view = std::make_unique<SourceView>(m_session.get());
        m_view->resize(1400, 700);
        m_view->show();
        QSignalSpy delivered(m_session.get(), &model::SourceSession::snapshotChanged);
        model::StepperTarget target;
        target.scenarioFile = QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json");
        target.deviceId = QStringLiteral("h100");
        target.overrides = { { QStringLiteral("n"), 4096 }, { QStringLiteral("offset"), 1 } };
        m_session->load(target);
        QVERIFY(delivered.wait(30000));
    }

    void cleanup()
    {
        m_view.reset();
        m_session.reset();
    }

    void bothSidesAreFilled()
    {
        QCOMPARE(m_view->cudaTable()->model()->rowCount(), 7);
        QCOMPARE(m_view->ptxTable()->model()->rowCount(), 16);
        QVERIFY(m_view->titleLabel()->text().contains(QStringLiteral("offsetCopy")));
    }

    void selectingACudaLineSelectsItsPtx()
    {
        QSignalSpy pcs(m_view.get(), &SourceView::ptxPcSelected);
        m_view->cudaTable()->selectRow(5); // line 6: odata[xid] = idata[xid]
        const auto rows = m_view->ptxTable()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 5); // mul.wide, add, ld.global, add, st.global
        m_view->ptxTable()->selectRow(12);
        QCOMPARE(m_view->cudaTable()->selectionModel()->selectedRows().size(), 1);
        QCOMPARE(m_view->cudaTable()->selectionModel()->selectedRows().first().row(), 5);
        QCOMPARE(pcs.last().first().toInt(), 12);
    }

    void filtersApplyToBothSides()
    {
        m_view->cudaFilter()->setExecutedOnly(true);
        QCOMPARE(m_view->cudaTable()->model()->rowCount(), 4);
        m_view->ptxFilter()->setTextFilter(QStringLiteral("global"));
        QCOMPARE(m_view->ptxTable()->model()->rowCount(), 4); // 2 cvta.to.global, ld.global, st.global
    }

    void narrowViewsStackTheTablesAndKeepCountersInSight()
    {
        QCOMPARE(m_view->tablesOrientation(), Qt::Horizontal);
        m_view->resize(SourceView::sideBySideWidth - 300, 700);
        QTRY_COMPARE(m_view->tablesOrientation(), Qt::Vertical);
        // The counters come before the text, so a narrow table shows them without scrolling.
        auto* table = m_view->ptxTable();
        auto* header = table->horizontalHeader();
        const int last = model::SourceModel::TextColumn;
        QCOMPARE(header->visualIndex(last), model::SourceModel::ColumnCount - 1);
        QVERIFY(header->sectionViewportPosition(model::SourceModel::DivergentColumn) + header->sectionSize(model::SourceModel::DivergentColumn)
            <= table->viewport()->width());
        QVERIFY(!table->model()->headerData(model::SourceModel::TransactionsPerRequestColumn, Qt::Horizontal, Qt::ToolTipRole)
                     .toString()
                     .isEmpty());
        m_view->resize(SourceView::sideBySideWidth + 100, 700);
        QTRY_COMPARE(m_view->tablesOrientation(), Qt::Horizontal);
    }

private:
    std::unique_ptr<model::SourceSession> m_session;
    std::unique_ptr<SourceView> m_view;
};

} // namespace

std::unique_ptr<QObject> makeSourceViewTest() { return std::make_unique<SourceViewTest>(); }

} // namespace views::tests

#include "test_source_view.moc"
