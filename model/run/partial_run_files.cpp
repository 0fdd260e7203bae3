#include "model/run/partial_run_files.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace model {

namespace {

/// "run-12.wsdb", "run-12.wsdb-wal", "run-12.wsdb-shm": the job is 12.
const QRegularExpression& scratchName()
{
    static const QRegularExpression name(QStringLiteral("^run-(\\d+)\\.wsdb(-wal|-shm|-journal)?$"));
    return name;
}

} // namespace

QString PartialRunFiles::pathFor(quint64 job) const
{
    if (!m_dir.isValid())
        return {};
    return m_dir.filePath(QStringLiteral("run-%1.wsdb").arg(job));
}

void PartialRunFiles::removeBefore(quint64 job) const
{
    if (!m_dir.isValid())
        return;
    const QDir dir(m_dir.path());
    for (const auto& name : dir.entryList(QDir::Files)) {
        const auto match = scratchName().match(name);
        // A stale job's worker may still write its file: on POSIX it writes on unseen, and its results are dropped.
        if (match.hasMatch() && match.captured(1).toULongLong() < job)
            QFile::remove(dir.filePath(name));
    }
}

int PartialRunFiles::fileCount() const
{
    if (!m_dir.isValid())
        return 0;
    int count = 0;
    for (const auto& name : QDir(m_dir.path()).entryList(QDir::Files)) {
        const auto match = scratchName().match(name);
        if (match.hasMatch() && match.captured(2).isEmpty())
            ++count;
    }
    return count;
}

} // namespace model
