// The warp stepper view on offsetCopy at offset 1: its actions drive the session, the listing follows the
// warp, and switching the device redraws the memory picture with that generation's rules.
#include "tests/views/stepper_views_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/stepper/register_table_model.h"
#include "model/stepper/stepper_session.h"
#include "views/stepper/lane_strip.h"
#include "views/stepper/memory_picture_widget.h"
#include "views/stepper/ptx_listing_widget.h"
#include "views/stepper/warp_stepper_view.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QTableView>
#include <QTest>

namespace views::tests {

namespace {

model::StepperTarget offsetCopy()
{
    model::StepperTarget target;
    target.scenarioFile = QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json");
    target.deviceId = QStringLiteral("h100");
    target.overrides = { { QStringLiteral("n"), 1024 }, { QStringLiteral("offset"), 1 } };
    return target;
}

class WarpStepperViewTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<model::StepperSession>(model::loadDeviceCatalog({}).catalog);
        m_view = std::make_unique<WarpStepperView>(m_session.get());
        m_view->resize(1400, 900);
        m_view->show();
        m_session->open(offsetCopy());
        QVERIFY(settle());
    }

    void cleanup()
    {
        m_view.reset();
        m_session.reset();
    }

    void showsTheFirstInstruction()
    {
        QCOMPARE(m_view->listing()->rowCount(), 16);
        QCOMPARE(m_view->listing()->currentPc(), 0);
        QVERIFY(m_view->listing()->item(12, PtxListingWidget::TextColumn)->text().startsWith(QStringLiteral("ld.global.f32")));
        QCOMPARE(m_view->registerTable()->model()->columnCount(), 32);
        QVERIFY(m_view->registerTable()->model()->rowCount() >= 17);
        QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("step 0")));
    }

    void stepActionsMoveTheHighlight()
    {
        m_view->stepAction()->trigger();
        QVERIFY(settle()); // a step in flight disables the actions, so wait before the next
        m_view->stepAction()->trigger();
        QVERIFY(settle());
        QCOMPARE(m_view->listing()->currentPc(), 2);
        m_view->stepBackAction()->trigger();
        QVERIFY(settle());
        QCOMPARE(m_view->listing()->currentPc(), 1);
    }

    void shortcutsAreTheDocumentedKeys()
    {
        QCOMPARE(m_view->stepAction()->shortcut(), QKeySequence(Qt::Key_F10));
        QCOMPARE(m_view->stepBackAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F10));
        QCOMPARE(m_view->runToCursorAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_F10));
        QCOMPARE(m_view->toggleBreakpointAction()->shortcut(), QKeySequence(Qt::Key_F9));
        QCOMPARE(m_view->continueAction()->shortcut(), QKeySequence(Qt::Key_F8));
        QCOMPARE(m_view->stepAction()->shortcutContext(), Qt::WidgetWithChildrenShortcut);
    }

    void breakpointAndRunToCursorUseTheSelectedLine()
    {
        m_view->listing()->selectRow(14);
        m_view->toggleBreakpointAction()->trigger();
        QCOMPARE(m_view->listing()->item(14, PtxListingWidget::BreakpointColumn)->text(), QStringLiteral("●"));
        m_view->continueAction()->trigger();
        QVERIFY(settle());
        QCOMPARE(m_view->listing()->currentPc(), 14);
        m_view->listing()->selectRow(3);
        m_view->runToCursorAction()->trigger(); // past the end: the warp finishes
        QVERIFY(settle());
        QVERIFY(m_view->statusLabel()->text().startsWith(QStringLiteral("Warp finished")));
    }

    void f5ContinuesInsideTheStepperAndNowhereElse()
    {
        // A window-wide F5 (the main window's Run) beside the stepper: F5 with the focus in the stepper continues
        // the warp and leaves Run alone.
        QAction run(QStringLiteral("Run"));
        run.setShortcut(QKeySequence(Qt::Key_F5));
        run.setShortcutContext(Qt::WindowShortcut);
        m_view->addAction(&run);
        int runs = 0;
        connect(&run, &QAction::triggered, this, [&runs] { ++runs; });
        QApplication::setActiveWindow(m_view.get());
        QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
        m_view->listing()->selectRow(14);
        m_view->toggleBreakpointAction()->trigger();
        m_view->listing()->setFocus();
        QTest::keyClick(m_view->listing(), Qt::Key_F5);
        QVERIFY(settle());
        QCOMPARE(m_view->listing()->currentPc(), 14);
        QCOMPARE(runs, 0);
        QVERIFY(m_view->continueAction()->toolTip().contains(QStringLiteral("F5")));
    }

    void deviceSwitchRedrawsTheMemoryPicture()
    {
        m_view->listing()->selectRow(13);
        m_view->runToCursorAction()->trigger();
        QVERIFY(settle());
        QVERIFY(m_view->memoryPicture()->summary().startsWith(QStringLiteral("5 × 32-byte sectors")));
        m_session->setDevice(QStringLiteral("g80"));
        QVERIFY(settle());
        QVERIFY(m_view->memoryPicture()->summary().endsWith(QStringLiteral("(16 + 16 per half-warp)")));
        QCOMPARE(m_view->listing()->currentPc(), 13);
        const auto title = m_view->memoryPicture()->findChild<QLabel*>(QStringLiteral("memoryTitle"));
        QVERIFY(title->text().contains(QStringLiteral("CC 1.0")));
    }

    void busyDisablesStepping()
    {
        m_view->stepAction()->trigger();
        QVERIFY(!m_view->stepAction()->isEnabled());
        QVERIFY(m_view->stopAction()->isEnabled());
        QVERIFY(settle());
        QVERIFY(m_view->stepAction()->isEnabled());
    }

private:
    bool settle() { return QTest::qWaitFor([this] { return !m_session->isBusy(); }, 20000); }

    std::unique_ptr<model::StepperSession> m_session;
    std::unique_ptr<WarpStepperView> m_view;
};

} // namespace

std::unique_ptr<QObject> makeWarpStepperViewTest() { return std::make_unique<WarpStepperViewTest>(); }

} // namespace views::tests

#include "test_warp_stepper_view.moc"
