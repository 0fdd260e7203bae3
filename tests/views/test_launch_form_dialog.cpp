// The launch form dialog on offsetCopy's PTX: it lists the kernel's parameters, previews the scenario, refuses
// one that would not run (saying which field), and saves one that would.
#include "tests/views/views_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/device/device_list_model.h"
#include "model/launch/launch_form_session.h"
#include "views/launch/launch_form_dialog.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

namespace views::tests {

namespace {

class LaunchFormDialogTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fillsChecksAndSavesAScenario()
    {
        QTemporaryDir dir;
        const auto module = dir.filePath(QStringLiteral("offset_copy.ptx"));
        QVERIFY(QFile::copy(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/kernels/sm_80/offset_copy.ptx"), module));
        const auto catalog = model::loadDeviceCatalog({}).catalog;
        model::DeviceListModel devices(*catalog);
        model::LaunchFormSession session(catalog);
        LaunchFormDialog dialog(&session, &devices, QStringLiteral("v100"));
        QVERIFY(!dialog.saveButton()->isEnabled()); // nothing to save before a module is loaded
        QSignalSpy loaded(&session, &model::LaunchFormSession::kernelsLoaded);
        dialog.openModule(module);
        QVERIFY(loaded.wait(60000));

        auto* args = dialog.argumentsTable();
        QCOMPARE(args->rowCount(), 3);
        QVERIFY(args->item(0, 1)->text().contains(QStringLiteral(".u64")));
        QCOMPARE(dialog.buffersTable()->rowCount(), 2);
        QVERIFY(dialog.previewText().contains(QStringLiteral("\"kernel\": \"offsetCopy\"")));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY(dialog.saveButton()->isEnabled());

        args->item(1, 2)->setText(QStringLiteral("nosuch")); // a pointer argument naming no buffer
        QVERIFY2(dialog.problem().contains(QStringLiteral("/steps/0/launch/args/1")), qPrintable(dialog.problem()));
        QVERIFY(!dialog.saveAndRunButton()->isEnabled());
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("launchProblem"))->text().contains(QStringLiteral("args/1")));
        args->item(1, 2)->setText(QStringLiteral("arg1"));
        QVERIFY(dialog.problem().isEmpty());

        dialog.buffersTable()->item(0, 2)->setText(QStringLiteral("4096"));
        dialog.buffersTable()->item(1, 2)->setText(QStringLiteral("4096"));
        const auto path = dir.filePath(QStringLiteral("copy.json"));
        dialog.setScenarioPath(path);
        QSignalSpy saved(&dialog, &LaunchFormDialog::scenarioSaved);
        dialog.saveButton()->click();
        QCOMPARE(saved.size(), 1);
        QCOMPARE(saved.front().at(0).toString(), path);
        QCOMPARE(saved.front().at(1).toBool(), false);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto scenario = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(scenario.value(QStringLiteral("module")).toString(), QStringLiteral("offset_copy.ptx"));
        QCOMPARE(scenario.value(QStringLiteral("device")).toString(), QStringLiteral("v100"));
        QCOMPARE(scenario.value(QStringLiteral("buffers")).toObject().value(QStringLiteral("arg0")).toObject()
                     .value(QStringLiteral("count")).toInt(),
            4096);
        const auto launch = scenario.value(QStringLiteral("steps")).toArray().at(0).toObject().value(QStringLiteral("launch")).toObject();
        QCOMPARE(launch.value(QStringLiteral("args")).toArray().size(), 3);
    }

    void aModuleThatDoesNotLoadSaysWhy()
    {
        QTemporaryDir dir;
        const auto broken = dir.filePath(QStringLiteral("broken.ptx"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(".version 8.5\n.target sm_80\n.visible .entry k() { ret }\n");
        file.close();
        const auto catalog = model::loadDeviceCatalog({}).catalog;
        model::DeviceListModel devices(*catalog);
        model::LaunchFormSession session(catalog);
        LaunchFormDialog dialog(&session, &devices, QStringLiteral("h100"));
        QSignalSpy failed(&session, &model::LaunchFormSession::loadFailed);
        dialog.openModule(broken);
        QVERIFY(dialog.problem().startsWith(QStringLiteral("Loading broken.ptx")));
        QVERIFY(failed.wait(60000));
        QVERIFY2(dialog.problem().contains(QStringLiteral("broken.ptx:")), qPrintable(dialog.problem()));
        QVERIFY(!dialog.saveButton()->isEnabled());
    }
};

} // namespace

std::unique_ptr<QObject> makeLaunchFormDialogTest() { return std::make_unique<LaunchFormDialogTest>(); }

} // namespace views::tests

#include "test_launch_form_dialog.moc"
