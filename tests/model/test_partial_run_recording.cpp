// A run in flight records the launches it finished in a scratch database of its own (PartialRunRecorder), so
// the views that read databases show them; the session database still gets the whole run at its end, unchanged.
#include "tests/model/model_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/run/run_controller.h"
#include "model/run/run_job.h"
#include "model/store/trace_reader.h"

#include "engine/device/device_catalog.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

namespace model::tests {

/// What a partial snapshot said and what its scratch database held when it was delivered (outside the unnamed
/// namespace, since the test class's lambdas hold a list of them).
struct DeliveredPartialRun {
    int launches = 0;
    QString database;
    qint64 runId = 0;
    std::size_t storedRuns = 0;
    std::size_t storedLaunches = 0;
    std::uint64_t firstLaunchIntervals = 0;
};

namespace {

constexpr int partialRunWaitMs = 60000;

/// The bundled staged copy at 16 Ki floats on a V100: four timed launches, each after its copy.
RunRequest stagedCopy(const QString& sessionDatabase = {})
{
    return { QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/staged_copy_4_streams.json"),
        QStringLiteral("v100"), { { QStringLiteral("n"), 16384 } }, sessionDatabase };
}

/// Every row of every table of a database as text, table by table in storage order, without what differs
/// between two recordings of the same run (when it was recorded, by which process).
QString databaseDump(const QString& path)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return QStringLiteral("cannot open ") + path;
    }
    const auto rowsOf = [db](const QString& sql, const QStringList& skipped) {
        QString text;
        sqlite3_stmt* statement = nullptr;
        sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &statement, nullptr);
        while (statement && sqlite3_step(statement) == SQLITE_ROW) {
            for (int c = 0; c < sqlite3_column_count(statement); ++c) {
                if (skipped.contains(QString::fromUtf8(sqlite3_column_name(statement, c))))
                    continue;
                const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement, c));
                text += QString::fromLatin1(QByteArray(bytes, sqlite3_column_bytes(statement, c)).toHex()) + u'|';
            }
            text += u'\n';
        }
        sqlite3_finalize(statement);
        return text;
    };
    QString dump;
    const auto tables = rowsOf(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"), {});
    for (const auto& hexName : tables.split(u'\n', Qt::SkipEmptyParts)) {
        const auto name = QString::fromUtf8(QByteArray::fromHex(hexName.chopped(1).toLatin1()));
        dump += QStringLiteral("== %1\n").arg(name)
            + rowsOf(QStringLiteral("SELECT * FROM \"%1\"").arg(name),
                { QStringLiteral("date"), QStringLiteral("created_at"), QStringLiteral("writer_pid") });
    }
    sqlite3_close(db);
    return dump;
}

/// The rows of `table` in a databaseDump.
QString tableRows(const QString& dump, const QString& table)
{
    return dump.section(QStringLiteral("== %1\n").arg(table), 1).section(QStringLiteral("== "), 0, 0);
}

DeliveredPartialRun readBack(const RunSnapshot& snapshot)
{
    DeliveredPartialRun d {static_cast<int>(snapshot.launches.size()), snapshot.databasePath, snapshot.runId};
    auto reader = TraceReader::open(snapshot.databasePath.toStdString());
    if (!reader)
        return d;
    if (auto runs = reader->runs())
        d.storedRuns = runs->size();
    if (auto launches = reader->launches(snapshot.runId); launches && !launches->empty()) {
        d.storedLaunches = launches->size();
        d.firstLaunchIntervals = launches->front().intervalCount;
    }
    return d;
}

} // namespace

class PartialRunRecordingTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void eachPartialSnapshotIsReadableFromItsScratchDatabase()
    {
        const auto catalog = loadDeviceCatalog({}).catalog;
        const auto session = m_dir.filePath(QStringLiteral("each-session.wsdb"));
        const auto scratch = m_dir.filePath(QStringLiteral("each-scratch.wsdb"));
        QVector<DeliveredPartialRun> delivered;
        const PartialRunCallbacks partial {
            [](int, int) { return true; }, [&](RunSnapshot soFar) { delivered.push_back(readBack(soFar)); }, scratch };
        const auto result = executeRun(stagedCopy(session), *catalog, {}, {}, partial);
        QVERIFY(std::holds_alternative<RunSnapshot>(result));
        // After launches 1, 2 and 3; the fourth comes with the whole run.
        QCOMPARE(delivered.size(), 3);
        for (int i = 0; i < delivered.size(); ++i) {
            const auto& d = delivered[i];
            QCOMPARE(d.launches, i + 1);
            QCOMPARE(d.database, scratch);
            QVERIFY(d.runId > 0);
            QCOMPARE(d.storedRuns, std::size_t { 1 }); // one run, complete as of its last launch
            QCOMPARE(d.storedLaunches, static_cast<std::size_t>(i + 1));
            QVERIFY(d.firstLaunchIntervals > 0); // SM 0's warp states, for the Warp Timeline
        }
        // The session database holds the whole run only, under the id the snapshot names.
        const auto& whole = std::get<RunSnapshot>(result);
        QCOMPARE(whole.databasePath, session);
        auto reader = TraceReader::open(session.toStdString());
        QVERIFY(reader.ok());
        QCOMPARE(reader->runs()->size(), std::size_t { 1 });
        QCOMPARE(reader->launches(whole.runId)->size(), std::size_t { 4 });
    }

    void theSessionDatabaseGetsTheSameRunAsWithoutPartialResults()
    {
        const auto catalog = loadDeviceCatalog({}).catalog;
        const auto plain = m_dir.filePath(QStringLiteral("same-plain.wsdb"));
        const auto withPartial = m_dir.filePath(QStringLiteral("same-partial.wsdb"));
        QVERIFY(std::holds_alternative<RunSnapshot>(executeRun(stagedCopy(plain), *catalog, {}, {})));
        int partials = 0;
        const PartialRunCallbacks partial { [](int, int) { return true; }, [&](RunSnapshot) { ++partials; },
            m_dir.filePath(QStringLiteral("same-scratch.wsdb")) };
        QVERIFY(std::holds_alternative<RunSnapshot>(executeRun(stagedCopy(withPartial), *catalog, {}, {}, partial)));
        QCOMPARE(partials, 3);
        const auto expected = databaseDump(plain);
        QVERIFY(expected.contains(QStringLiteral("== warp_intervals\n")));
        QVERIFY(expected.count(u'\n') > 100);
        QCOMPARE(databaseDump(withPartial), expected);
    }

    void aRunStoppedAfterItsFirstLaunchRecordsNothingInTheSession()
    {
        const auto catalog = loadDeviceCatalog({}).catalog;
        const auto session = m_dir.filePath(QStringLiteral("stopped-session.wsdb"));
        const auto scratch = m_dir.filePath(QStringLiteral("stopped-scratch.wsdb"));
        std::stop_source stop;
        QVector<DeliveredPartialRun> delivered;
        const PartialRunCallbacks partial { [](int, int) { return true; },
            [&](RunSnapshot soFar) {
                delivered.push_back(readBack(soFar));
                stop.request_stop(); // as Esc does, once the first launch is on screen
            },
            scratch };
        const auto result = executeRun(stagedCopy(session), *catalog, stop.get_token(), {}, partial);
        QVERIFY(std::holds_alternative<QString>(result));
        const auto& message = std::get<QString>(result);
        QVERIFY2(message.contains(QStringLiteral("cancelled")), qPrintable(message));
        QCOMPARE(delivered.size(), 1);
        // No run in the session: neither complete nor half-written.
        if (QFileInfo::exists(session))
            QCOMPARE(tableRows(databaseDump(session), QStringLiteral("runs")), QString());
        // The scratch database keeps the first launch for the views still showing it.
        auto reader = TraceReader::open(scratch.toStdString());
        QVERIFY(reader.ok());
        QCOMPARE(reader->runs()->size(), std::size_t { 1 });
        QCOMPARE(reader->launches(delivered.front().runId)->size(), std::size_t { 1 });
    }

    void scratchFilesLastUntilANewerRunDeliversOrTheRunIsRecorded()
    {
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &RunController::finished);
        QSignalSpy partial(&controller, &RunController::partial);
        QCOMPARE(controller.partialFiles().fileCount(), 0);
        // Not recorded: the views keep reading its partial results' file.
        controller.start(stagedCopy());
        QVERIFY(finished.wait(partialRunWaitMs));
        QVERIFY(!partial.isEmpty());
        const auto first = partial.front().at(1).value<std::shared_ptr<const RunSnapshot>>();
        QVERIFY(QFileInfo::exists(first->databasePath));
        QCOMPARE(controller.partialFiles().fileCount(), 1);
        // A newer run replaces it.
        controller.start(stagedCopy());
        QVERIFY(finished.wait(partialRunWaitMs));
        QVERIFY(!QFileInfo::exists(first->databasePath));
        QCOMPARE(controller.partialFiles().fileCount(), 1);
        // Recorded whole in a session database, a run needs no scratch file any more.
        controller.start(stagedCopy(m_dir.filePath(QStringLiteral("files-session.wsdb"))));
        QVERIFY(finished.wait(partialRunWaitMs));
        QCOMPARE(controller.partialFiles().fileCount(), 0);
    }

private:
    QTemporaryDir m_dir;
};

std::unique_ptr<QObject> makePartialRunRecordingTest() { return std::make_unique<PartialRunRecordingTest>(); }

} // namespace model::tests

#include "test_partial_run_recording.moc"
