#include "tests/views/views_test_suites.h"
#include "views/console/console_view.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

namespace views::tests {

namespace {

/// Two launches: the first printed two lines (and lost three to a full buffer), the second none.
std::shared_ptr<const model::RunSnapshot> printingRun()
{
    auto run = std::make_shared<model::RunSnapshot>();
    model::LaunchSummary first;
    first.kernel = QStringLiteral("printfFormats");
    first.printfLines = {model::PrintfEntry {{0, 0, 0}, {16, 0, 0}, QStringLiteral("b0 t16: -24\n")},
        model::PrintfEntry {{1, 0, 0}, {0, 0, 0}, QStringLiteral("b1 t00: 24\n")}};
    first.printfDropped = 3;
    model::LaunchSummary second;
    second.kernel = QStringLiteral("offsetCopy");
    run->launches = {first, second};
    return run;
}

} // namespace

class ConsoleViewTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void linesNameTheirLaunchBlockAndThread()
    {
        ConsoleView view;
        view.setSnapshot(printingRun());
        QCOMPARE(view.text(),
            QStringLiteral("[1 printfFormats] block (0,0,0) thread (16,0,0): b0 t16: -24\n"
                           "[1 printfFormats] block (1,0,0) thread (0,0,0): b1 t00: 24"));
        QVERIFY2(view.statusText().startsWith(QStringLiteral("2 lines printed; 3 lines overwritten")),
            qPrintable(view.statusText()));
        QCOMPARE(view.launchChoice()->count(), 3); // all, then each launch
    }

    void filterAndLaunchChoiceNarrowTheLines()
    {
        ConsoleView view;
        view.setSnapshot(printingRun());
        view.filter()->setText(QStringLiteral("T00"));
        QCOMPARE(view.text(), QStringLiteral("[1 printfFormats] block (1,0,0) thread (0,0,0): b1 t00: 24"));
        QVERIFY2(view.statusText().contains(QStringLiteral("1 shown")), qPrintable(view.statusText()));
        view.filter()->clear();
        view.selectLaunch(1);
        QVERIFY(view.text().isEmpty());
        QCOMPARE(view.statusText(), QStringLiteral("No device printf output"));
        view.selectLaunch(-1);
        QCOMPARE(view.text().count(QLatin1Char('\n')), 1);
    }

    void doubleClickChoosesTheWarpThatPrinted()
    {
        ConsoleView view;
        view.setSnapshot(printingRun());
        QSignalSpy chosen(&view, &ConsoleView::warpChosen);
        view.activateLine(0); // block 0, thread 16: warp 0
        view.activateLine(1); // block 1, thread 0: warp 0 of block 1
        view.filter()->setText(QStringLiteral("t16"));
        view.activateLine(0);
        view.activateLine(1); // no such line shown: nothing
        QCOMPARE(chosen.size(), 3);
        QCOMPARE(chosen[0], (QVariantList {0, 0u, 0u}));
        QCOMPARE(chosen[1], (QVariantList {0, 1u, 0u}));
        QCOMPARE(chosen[2], (QVariantList {0, 0u, 0u}));
    }

    void noRunSaysSo()
    {
        ConsoleView view;
        view.setSnapshot(nullptr);
        QVERIFY(view.text().isEmpty());
        QCOMPARE(view.statusText(), QStringLiteral("No run shown"));
    }
};

std::unique_ptr<QObject> makeConsoleViewTest()
{
    return std::make_unique<ConsoleViewTest>();
}

} // namespace views::tests

#include "test_console_view.moc"
