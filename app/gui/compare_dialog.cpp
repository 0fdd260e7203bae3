#include "app/gui/compare_dialog.h"

#include "model/report/comparison_loader.h"
#include "model/store/trace_snapshots.h"
#include "views/compare/comparison_view.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace app {

namespace {

QString runLabel(const model::RunRow& run)
{
    return QStringLiteral("%1: %2, %3 (%4)")
        .arg(run.id)
        .arg(QString::fromStdString(run.deviceId), QFileInfo(QString::fromStdString(run.scenarioPath)).fileName(),
            QString::fromStdString(run.date));
}

} // namespace

CompareDialog::CompareDialog(QString dbPath, qint64 currentRunId, QWidget* parent)
    : QDialog(parent)
    , m_dbPath(std::move(dbPath))
    , m_currentRunId(currentRunId)
    , m_loader(new model::ComparisonLoader(this))
    , m_view(new views::ComparisonView(this))
    , m_runA(new QComboBox(this))
    , m_runB(new QComboBox(this))
    , m_compare(new QPushButton(tr("&Compare"), this))
    , m_ncu(new QPushButton(tr("Against &ncu export…"), this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("Compare Runs — %1").arg(QFileInfo(m_dbPath).fileName()));
    resize(900, 640);
    auto* pick = new QHBoxLayout;
    pick->addWidget(new QLabel(tr("Run &A:"), this));
    pick->addWidget(m_runA, 1);
    pick->addWidget(new QLabel(tr("Run &B:"), this));
    pick->addWidget(m_runB, 1);
    pick->addWidget(m_compare);
    pick->addWidget(m_ncu);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(pick);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    m_compare->setDefault(true);
    m_compare->setEnabled(false);
    m_ncu->setEnabled(false);
    m_ncu->setToolTip(tr("Compare run B with an `ncu --csv --metrics ...` export of the same program"));

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_compare, &QPushButton::clicked, this, &CompareDialog::compareRuns);
    connect(m_ncu, &QPushButton::clicked, this, [this] {
        const auto file = QFileDialog::getOpenFileName(this, tr("Nsight Compute CSV Export"), {},
            tr("Nsight Compute CSV (*.csv);;All files (*)"));
        if (!file.isEmpty())
            compareWithNcu(file);
    });
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this, [this] { compareRuns(); });
    connect(m_loader, &model::ComparisonLoader::runsListed, this, &CompareDialog::fillRuns);
    connect(m_loader, &model::ComparisonLoader::compared, this, [this](const model::ComparisonTable& table) {
        m_view->setTable(table);
        m_status->setText(tr("%1 against %2").arg(table.titleB, table.titleA));
    });
    connect(m_loader, &model::ComparisonLoader::failed, this, &CompareDialog::showError);
    m_status->setText(tr("Reading the runs…"));
    m_loader->listRuns(m_dbPath);
}

void CompareDialog::fillRuns(const std::vector<model::RunRow>& runs)
{
    m_runA->clear();
    m_runB->clear();
    int current = static_cast<int>(runs.size()) - 1;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        m_runA->addItem(runLabel(runs[i]), QVariant::fromValue(runs[i].id));
        m_runB->addItem(runLabel(runs[i]), QVariant::fromValue(runs[i].id));
        if (runs[i].id == m_currentRunId)
            current = static_cast<int>(i);
    }
    m_runB->setCurrentIndex(current);
    m_runA->setCurrentIndex(current > 0 ? current - 1 : current);
    m_compare->setEnabled(runs.size() >= 1);
    m_ncu->setEnabled(!runs.empty());
    m_status->setText(runs.empty() ? tr("The database holds no complete run.") : tr("%n run(s).", nullptr, static_cast<int>(runs.size())));
    if (runs.size() >= 2)
        compareRuns();
}

void CompareDialog::compareRuns()
{
    if (m_runA->count() == 0)
        return;
    m_status->setText(tr("Comparing…"));
    m_loader->compareRuns(m_dbPath, m_runA->currentData().toLongLong(), m_runB->currentData().toLongLong());
}

void CompareDialog::compareWithNcu(const QString& csvPath)
{
    if (m_runB->count() == 0)
        return;
    m_status->setText(tr("Reading %1…").arg(QFileInfo(csvPath).fileName()));
    m_loader->compareWithNcu(m_dbPath, m_runB->currentData().toLongLong(), csvPath);
}

void CompareDialog::showError(const QString& message)
{
    m_view->setMessage(message);
    m_status->setText(tr("Failed."));
}

} // namespace app
