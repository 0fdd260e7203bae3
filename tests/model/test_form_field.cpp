// Where the launch form shows a scenario error: JSON paths the engine names mapped to the form's fields, and the
// field of each bad entry the brief of the form lists (unknown buffer, zero block, bad expressions).
#include "model/device/device_catalog_load.h"
#include "model/launch/form_field.h"
#include "model/launch/launch_form_session.h"
#include "tests/model/model_test_suites.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace model::tests {

namespace {

class FormFieldTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_module = m_dir.filePath(QStringLiteral("offset_copy.ptx"));
        QVERIFY(QFile::copy(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/kernels/sm_80/offset_copy.ptx"), m_module));
        m_session = std::make_unique<LaunchFormSession>(loadDeviceCatalog({}).catalog);
        QSignalSpy loaded(m_session.get(), &LaunchFormSession::kernelsLoaded);
        m_session->loadModule(m_module, QStringLiteral("h100"));
        QVERIFY(loaded.wait(60000));
        m_good = defaultLaunchForm(m_session->kernels().front(), m_module, QStringLiteral("h100"));
        m_good.params[QStringLiteral("m")] = 3;
    }

    void jsonPathsPointAtFields_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("part");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("label");
        const auto row
            = [](const char* tag, const char* path, FormPart part, int index, const char* column, const char* label) {
                  QTest::newRow(tag) << QString::fromLatin1(path) << static_cast<int>(part) << index
                                     << QString::fromLatin1(column) << QString::fromLatin1(label);
              };
        row("argument", "/steps/0/launch/args/1", FormPart::Argument, 1, "", "Argument 2 (arg1)");
        row("block dim", "/steps/0/launch/block/0", FormPart::Block, 0, "", "Block x");
        row("whole block", "/steps/0/launch/block", FormPart::Block, -1, "", "Block");
        row("grid y", "/steps/0/launch/grid/1", FormPart::Grid, 1, "", "Grid y");
        row("shared", "/steps/0/launch/shared", FormPart::Shared, -1, "", "Dynamic shared bytes");
        row("kernel", "/steps/0/launch/kernel", FormPart::Kernel, -1, "", "Kernel");
        row("buffer count", "/buffers/arg1/count", FormPart::Buffer, 1, "count", "Buffer arg1, count");
        row("buffer file", "/buffers/arg0/init/file", FormPart::Buffer, 0, "init", "Buffer arg0, init");
        row("param", "/params/n", FormPart::Param, 1, "", "Parameter n"); // rows in name order: m, n
        row("device", "/device", FormPart::Device, -1, "", "Device");
        row("all the arguments", "/steps/0/launch/args", FormPart::None, -1, "", "");
        row("unknown buffer", "/buffers/nosuch/count", FormPart::None, -1, "", "");
        row("unknown key", "/steps/0/launch/stream", FormPart::None, -1, "", "");
        row("no path", "", FormPart::None, -1, "", "");
    }

    void jsonPathsPointAtFields()
    {
        QFETCH(QString, path);
        QFETCH(int, part);
        QFETCH(int, index);
        QFETCH(QString, column);
        QFETCH(QString, label);
        const auto field = formFieldAt(m_good, path);
        QCOMPARE(static_cast<int>(field.part), part);
        QCOMPARE(field.index, index);
        QCOMPARE(field.column, column);
        QCOMPARE(formFieldLabel(m_good, field, &m_session->kernels().front()), label);
    }

    void escapedBufferNamesAreFound()
    {
        auto form = m_good;
        form.buffers[0].name = QStringLiteral("a/b");
        QCOMPARE(formFieldAt(form, QStringLiteral("/buffers/a~1b/type")),
            (FormField {FormPart::Buffer, 0, QStringLiteral("type")}));
    }

    void badEntriesNameTheirField_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("part");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("path");
        QTest::newRow("unknown buffer as a pointer")
            << "arg1"
            << "nosuch" << static_cast<int>(FormPart::Argument) << 1 << "/steps/0/launch/args/1";
        QTest::newRow("zero block") << "block0"
                                    << "0" << static_cast<int>(FormPart::Block) << 0 << "/steps/0/launch/block/0";
        QTest::newRow("block too large") << "block0"
                                         << "4096" << static_cast<int>(FormPart::Block) << -1
                                         << "/steps/0/launch/block";
        QTest::newRow("bad argument expression")
            << "arg2"
            << "n +" << static_cast<int>(FormPart::Argument) << 2 << "/steps/0/launch/args/2";
        QTest::newRow("unknown name in the grid")
            << "grid1"
            << "rows" << static_cast<int>(FormPart::Grid) << 1 << "/steps/0/launch/grid/1";
        QTest::newRow("grid divided by zero")
            << "grid0"
            << "n / 0" << static_cast<int>(FormPart::Grid) << 0 << "/steps/0/launch/grid/0";
        QTest::newRow("bad buffer count") << "count1"
                                          << "n *" << static_cast<int>(FormPart::Buffer) << 1 << "/buffers/arg1/count";
        QTest::newRow("missing buffer file")
            << "init1"
            << "file:nothing.bin" << static_cast<int>(FormPart::Buffer) << 1 << "nothing.bin";
    }

    void badEntriesNameTheirField()
    {
        QFETCH(QString, entry);
        QFETCH(QString, value);
        QFETCH(int, part);
        QFETCH(int, index);
        QFETCH(QString, path);
        auto form = m_good;
        const int n = entry.back().digitValue();
        if (entry.startsWith(QLatin1String("arg")))
            form.args[n] = value;
        else if (entry.startsWith(QLatin1String("block")))
            form.block[static_cast<std::size_t>(n)] = value;
        else if (entry.startsWith(QLatin1String("grid")))
            form.grid[static_cast<std::size_t>(n)] = value;
        else if (entry.startsWith(QLatin1String("count")))
            form.buffers[n].count = value;
        else
            form.buffers[n].init = value;
        const auto scenario = m_dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(m_session->diagnose(m_good, scenario) == std::nullopt);
        const auto problem = m_session->diagnose(form, scenario);
        QVERIFY(problem.has_value());
        QVERIFY2(
            problem->message.startsWith(scenario) && problem->message.contains(path), qPrintable(problem->message));
        QCOMPARE(static_cast<int>(problem->field.part), part);
        QCOMPARE(problem->field.index, index);
        QCOMPARE(m_session->check(form, scenario), problem->message);
    }

private:
    QTemporaryDir m_dir;
    QString m_module;
    std::unique_ptr<LaunchFormSession> m_session;
    LaunchForm m_good;
};

} // namespace

std::unique_ptr<QObject> makeFormFieldTest()
{
    return std::make_unique<FormFieldTest>();
}

} // namespace model::tests

#include "test_form_field.moc"
