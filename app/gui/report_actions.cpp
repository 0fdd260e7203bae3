#include "app/gui/report_actions.h"

#include "app/gui/compare_dialog.h"
#include "views/report/report_exporter.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QWidget>

namespace app {

ReportActions::ReportActions(QWidget* window, std::function<std::optional<StoredRunRef>()> currentRun)
    : QObject(window)
    , m_window(window)
    , m_currentRun(std::move(currentRun))
    , m_exporter(new views::ReportExporter(this))
    , m_export(new QAction(tr("Export &Report…"), this))
    , m_compare(new QAction(tr("&Compare Runs…"), this))
{
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setStatusTip(tr("Write the current run's report as PDF, HTML, JSON or CSV"));
    m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_compare->setStatusTip(tr("Compare two runs of the session, or a run with an Nsight Compute export"));
    connect(m_export, &QAction::triggered, this, &ReportActions::exportReport);
    connect(m_compare, &QAction::triggered, this, &ReportActions::compareRuns);
    connect(m_exporter, &views::ReportExporter::exported, this,
        [this](const QString& path) { emit statusMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(path))); });
    connect(m_exporter, &views::ReportExporter::failed, this, [this](const QString& message) {
        emit statusMessage(tr("The report was not written."));
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Report not written"), message, QMessageBox::Ok, m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    updateEnabled();
}

void ReportActions::updateEnabled()
{
    const bool has = m_currentRun().has_value();
    m_export->setEnabled(has);
    m_compare->setEnabled(has);
}

void ReportActions::exportReport()
{
    const auto run = m_currentRun();
    if (!run)
        return;
    const auto suggested = QFileInfo(run->dbPath).dir().filePath(QStringLiteral("run-%1.pdf").arg(run->runId));
    const auto path = QFileDialog::getSaveFileName(m_window, tr("Export Report"), suggested, views::ReportExporter::fileFilter());
    if (!path.isEmpty())
        exportTo(path);
}

void ReportActions::exportTo(const QString& path)
{
    const auto run = m_currentRun();
    if (!run)
        return;
    emit statusMessage(tr("Writing the report of run %1…").arg(run->runId));
    m_exporter->exportRun(run->dbPath, run->runId, path);
}

void ReportActions::compareRuns()
{
    const auto run = m_currentRun();
    if (!run)
        return;
    auto* dialog = new CompareDialog(run->dbPath, run->runId, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

} // namespace app
