#pragma once

#include <QDir>
#include <QString>
#include <QTemporaryDir>

namespace model {

/// The scratch databases that runs in flight record their finished launches in (PartialRunCallbacks::database),
/// one per job, in a temporary folder removed with this object. A job's file stays while the views may read it —
/// until a newer job delivers results — so the partial results a cancelled run left on screen still zoom and
/// pan; a run recorded whole in its session database lets its file go when it is delivered. GUI thread, but for
/// pathFor(), which any thread may call (the folder never changes); workers only write the file they were given.
class PartialRunFiles {
public:
    PartialRunFiles() = default;
    PartialRunFiles(const PartialRunFiles&) = delete;
    PartialRunFiles& operator=(const PartialRunFiles&) = delete;

    /// Where job `job` records its partial results; empty when no temporary folder could be made.
    QString pathFor(quint64 job) const;
    /// Removes the files of jobs before `job` (with SQLite's -wal and -shm beside them): what `job` delivers
    /// replaces what they showed.
    void removeBefore(quint64 job) const;
    /// How many jobs' files there are (tests).
    int fileCount() const;

private:
    QTemporaryDir m_dir { QDir::tempPath() + QStringLiteral("/warpscope-partial-XXXXXX") };
};

} // namespace model
