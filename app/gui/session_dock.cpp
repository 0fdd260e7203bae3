#include "app/gui/session_dock.h"

#include "model/store/session_runs.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QListView>
#include <QVBoxLayout>

namespace app {

SessionDock::SessionDock(model::SessionRuns* runs, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_header(new QLabel(this))
    , m_list(new QListView(this))
{
    setObjectName(QStringLiteral("sessionView"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_list->setModel(runs);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addWidget(m_list, 1);
    connect(m_list, &QListView::activated, this, [this](const QModelIndex& index) {
        if (const auto id = m_runs->runIdAt(index.row()); id > 0)
            Q_EMIT runActivated(id);
    });
    connect(runs, &model::SessionRuns::refreshed, this, [this] {
        updateHeader();
        setCurrentRun(m_current);
    });
    connect(runs, &QAbstractItemModel::modelReset, this, &SessionDock::updateHeader);
    updateHeader();
}

void SessionDock::setCurrentRun(qint64 runId)
{
    m_current = runId;
    for (int row = 0; row < m_runs->rowCount(); ++row)
        if (m_runs->runIdAt(row) == runId)
            m_list->setCurrentIndex(m_runs->index(row));
}

void SessionDock::updateHeader()
{
    const auto path = m_runs->database();
    if (path.isEmpty()) {
        m_header->setText(tr("Runs are not recorded."));
        return;
    }
    m_header->setText(tr("%n run(s) in %1", nullptr, m_runs->rowCount()).arg(QDir::toNativeSeparators(path)));
    m_header->setToolTip(QFileInfo(path).absoluteFilePath());
}

} // namespace app
