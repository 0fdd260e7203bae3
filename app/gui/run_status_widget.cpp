#include "app/gui/run_status_widget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace app {

RunStatusWidget::RunStatusWidget(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("runStatus"));
    m_label = new QLabel;
    m_bar = new QProgressBar;
    m_bar->setObjectName(QStringLiteral("runProgress"));
    m_bar->setMaximumWidth(220);
    m_bar->setTextVisible(true);
    m_cancel = new QToolButton;
    m_cancel->setObjectName(QStringLiteral("runCancel"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the run (Esc)"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &RunStatusWidget::cancelRequested);
    setVisible(false);
}

void RunStatusWidget::showStarted(const QString& what)
{
    m_label->setText(what);
    m_bar->setRange(0, 0); // busy until the first progress report
    setVisible(true);
}

void RunStatusWidget::showProgress(int done, int total, const QString& current)
{
    m_bar->setRange(0, std::max(total, 1));
    m_bar->setValue(done);
    m_bar->setToolTip(current);
}

void RunStatusWidget::showIdle()
{
    setVisible(false);
}

} // namespace app
