// The launch form dialog marks the field a scenario error concerns: the argument cell naming no buffer, the
// block's x at zero, and leads the message with the field's label; correcting the entry clears the mark.
#include "model/device/device_catalog_load.h"
#include "model/device/device_list_model.h"
#include "model/launch/launch_form_session.h"
#include "tests/views/views_test_suites.h"
#include "views/launch/launch_form_columns.h"
#include "views/launch/launch_form_dialog.h"

#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

namespace views::tests {

namespace {

bool marked(const QTableWidgetItem* item)
{
    return item->data(Qt::BackgroundRole).isValid();
}

class ProblemMarksTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theFieldInErrorIsMarked()
    {
        QTemporaryDir dir;
        const auto module = dir.filePath(QStringLiteral("offset_copy.ptx"));
        QVERIFY(QFile::copy(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/kernels/sm_80/offset_copy.ptx"), module));
        const auto catalog = model::loadDeviceCatalog({}).catalog;
        model::DeviceListModel devices(*catalog);
        model::LaunchFormSession session(catalog);
        LaunchFormDialog dialog(&session, &devices, QStringLiteral("h100"));
        QSignalSpy loaded(&session, &model::LaunchFormSession::kernelsLoaded);
        dialog.openModule(module);
        QVERIFY(loaded.wait(60000));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));

        auto* args = dialog.argumentsTable();
        args->item(1, ArgValue)->setText(QStringLiteral("nosuch"));
        QVERIFY2(dialog.problem().startsWith(QStringLiteral("Argument 2 (arg1): ")), qPrintable(dialog.problem()));
        QVERIFY(marked(args->item(1, ArgValue)));
        QVERIFY(args->item(1, ArgValue)->toolTip().contains(QStringLiteral("/steps/0/launch/args/1")));
        QVERIFY(!marked(args->item(0, ArgValue)));
        args->item(1, ArgValue)->setText(QStringLiteral("arg1"));
        QVERIFY(dialog.problem().isEmpty());
        QVERIFY(!marked(args->item(1, ArgValue)));
        QCOMPARE(args->item(1, ArgValue)->text(), QStringLiteral("arg1")); // marking is not an edit

        auto* blockX = dialog.findChild<QLineEdit*>(QStringLiteral("block0"));
        QVERIFY(blockX);
        blockX->setText(QStringLiteral("0"));
        Q_EMIT blockX->textEdited(blockX->text());
        QVERIFY2(dialog.problem().startsWith(QStringLiteral("Block x: ")), qPrintable(dialog.problem()));
        QVERIFY(!blockX->styleSheet().isEmpty());
        QVERIFY(!dialog.saveButton()->isEnabled());
        blockX->setText(QStringLiteral("256"));
        Q_EMIT blockX->textEdited(blockX->text());
        QVERIFY(blockX->styleSheet().isEmpty());
        QVERIFY(dialog.saveButton()->isEnabled());

        dialog.buffersTable()->item(0, BufferCount)->setText(QStringLiteral("n *"));
        QVERIFY2(dialog.problem().startsWith(QStringLiteral("Buffer arg0, count: ")), qPrintable(dialog.problem()));
        QVERIFY(marked(dialog.buffersTable()->item(0, BufferCount)));
    }
};

} // namespace

std::unique_ptr<QObject> makeProblemMarksTest()
{
    return std::make_unique<ProblemMarksTest>();
}

} // namespace views::tests

#include "test_problem_marks.moc"
