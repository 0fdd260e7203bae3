#include "tests/views/views_test_suites.h"

#include "app/gui/about_dialog.h"
#include "app/gui/main_window.h"
#include "app/gui/recent_files.h"
#include "model/occupancy/occupancy_model.h"
#include "views/launch/launch_form_dialog.h"
#include "views/occupancy/occupancy_view.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTest>

namespace views::tests {

namespace {

class MainWindowTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QSettings().clear(); }

    void startsOnH100WithTheOccupancyDock()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        QCOMPARE(window.occupancyModel()->deviceId(), QStringLiteral("h100"));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("occupancyDock"));
        QVERIFY(dock);
        QCOMPARE(dock->widget(), static_cast<QWidget*>(window.occupancyView()));
        auto* picker = window.findChild<QComboBox*>(QStringLiteral("devicePicker"));
        QVERIFY(picker->currentText().contains(QStringLiteral("CC 9.0")));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("statusBandwidth"))->text().contains(QStringLiteral("GB/s")));
    }

    void devicePickerSwitchesEveryView()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        auto* picker = window.findChild<QComboBox*>(QStringLiteral("devicePicker"));
        const int row = picker->findText(QStringLiteral("M2090"), Qt::MatchContains);
        QVERIFY(row >= 0);
        Q_EMIT picker->activated(row);
        QCOMPARE(window.occupancyModel()->deviceId(), QStringLiteral("m2090"));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("statusDevice"))->text().contains(QStringLiteral("CC 2.0")));
        // best-practices-guide-v8.0.txt §8.2.1: 177.6 GB/s, about 20 % less with ECC on (the M2090's default).
        QCOMPARE(window.findChild<QLabel*>(QStringLiteral("statusBandwidth"))->text(),
            QStringLiteral("177.6 GB/s theoretical · ECC on: 142.1 GB/s"));
        QVERIFY(window.selectDevice(QStringLiteral("v100"))); // HBM2: ECC costs no bandwidth
        QCOMPARE(window.findChild<QLabel*>(QStringLiteral("statusBandwidth"))->text(), QStringLiteral("898.0 GB/s theoretical"));
        QVERIFY(window.selectDevice(QStringLiteral("m2090")));
        QVERIFY(!window.selectDevice(QStringLiteral("no-such-gpu")));
        QCOMPARE(window.occupancyModel()->deviceId(), QStringLiteral("m2090"));
    }

    void filesItCannotOpenGiveAMessageAndKernelsOpenTheLaunchForm()
    {
        QTemporaryDir dir;
        const auto kernel = dir.filePath(QStringLiteral("copy.cu"));
        QFile file(kernel);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("__global__ void copy() {}\n");
        file.close();
        app::MainWindow window(model::loadDeviceCatalog({}));
        window.openFile(kernel);
        auto* form = window.findChild<views::LaunchFormDialog*>();
        QVERIFY(form); // a .cu opens the form that writes its scenario
        QVERIFY(form->isVisible());
        QCOMPARE(app::RecentFiles().files().value(0), kernel);
        auto* newLaunch = window.findChild<QAction*>(QStringLiteral("newLaunchAction"));
        QVERIFY(newLaunch && newLaunch->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
        window.openFile(dir.filePath(QStringLiteral("missing.ptx")));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("does not exist")));
        window.openFile(dir.path());
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("not a readable file")));
    }

    void layoutDeviceAndInputsAreRestored()
    {
        {
            app::MainWindow window(model::loadDeviceCatalog({}));
            QVERIFY(window.selectDevice(QStringLiteral("v100")));
            window.occupancyModel()->setInputs({ 128, 40, 8192, {} });
            window.close();
        }
        QSettings settings;
        QVERIFY(!settings.value(QStringLiteral("mainWindow/state")).toByteArray().isEmpty());
        app::MainWindow restored(model::loadDeviceCatalog({}));
        QCOMPARE(restored.occupancyModel()->deviceId(), QStringLiteral("v100"));
        QCOMPARE(restored.occupancyModel()->inputs(), (model::OccupancyInputs { 128, 40, 8192, {} }));
    }

    void profileLoadErrorsAreShownInTheStatusBar()
    {
        auto load = model::loadDeviceCatalog({});
        load.errors.push_back({ QStringLiteral("/home/me/.config/warpscope/devices/mine.json"),
            QStringLiteral("/limits/max_warps_per_sm"), QStringLiteral("expected an integer, found string"),
            QStringLiteral("mine.json: /limits/max_warps_per_sm: expected an integer, found string") });
        app::MainWindow window(std::move(load));
        auto* label = window.findChild<QLabel*>(QStringLiteral("profileErrors"));
        QVERIFY(!label->isHidden());
        QVERIFY(label->text().contains(QStringLiteral("1 device profile")));
        QVERIFY(label->toolTip().contains(QStringLiteral("/limits/max_warps_per_sm")));
    }

    void aboutNamesEveryLibraryVersion()
    {
        const auto text = app::AboutDialog::versionsText();
        QVERIFY(text.contains(QStringLiteral("warpscope ")));
        QVERIFY(text.contains(QStringLiteral("Qt %1").arg(QString::fromLatin1(qVersion()))));
        QVERIFY(text.contains(QStringLiteral("QCustomPlot 2.")));
        QVERIFY(text.contains(QStringLiteral("SQLite 3.")));
    }

    void recentFilesKeepTheNewestFirst()
    {
        app::RecentFiles recent(QStringLiteral("recentTest"), 3);
        for (const char* name : { "/a.cu", "/b.cu", "/c.cu", "/a.cu", "/d.cu" })
            recent.add(QString::fromLatin1(name));
        QCOMPARE(recent.files(), (QStringList { QStringLiteral("/d.cu"), QStringLiteral("/a.cu"), QStringLiteral("/c.cu") }));
        recent.remove(QStringLiteral("/a.cu"));
        QCOMPARE(recent.files().size(), 2);
        recent.clear();
        QVERIFY(recent.files().isEmpty());
    }

    void helpUserGuideOpensTheRenderedGuide()
    {
        // The build renders docs/guide into build/share/doc/warpscope/guide, where an installed warpscope finds it
        // relative to its own folder too.
        app::MainWindow window(model::loadDeviceCatalog({}));
        auto* action = window.findChild<QAction*>(QStringLiteral("userGuideAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
        action->trigger();
        auto* browser = window.findChild<QTextBrowser*>(QStringLiteral("userGuideBrowser"));
        QVERIFY(browser);
        QCOMPARE(browser->documentTitle(), QStringLiteral("warpscope User Guide"));
        QVERIFY(browser->toHtml().contains(QStringLiteral("walkthrough-step-a-warp.html")));
        browser->setSource(QUrl(QStringLiteral("cli-run.html")));
        QCOMPARE(browser->documentTitle(), QStringLiteral("warpscope-cli run"));
        QVERIFY(browser->toPlainText().contains(QStringLiteral("--set NAME=VALUE")));
        action->trigger();
        QCOMPARE(window.findChildren<QTextBrowser*>(QStringLiteral("userGuideBrowser")).size(), 1);
    }
};

} // namespace

std::unique_ptr<QObject> makeMainWindowTest()
{
    return std::make_unique<MainWindowTest>();
}

} // namespace views::tests

#include "test_main_window.moc"
