#include "views/console/console_view.h"

#include <QAction>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QVBoxLayout>

namespace views {

namespace {

QString lineCount(qsizetype n)
{
    return n == 1 ? ConsoleView::tr("1 line") : ConsoleView::tr("%1 lines").arg(n);
}

QString dim3(const std::array<quint32, 3>& d)
{
    return QStringLiteral("(%1,%2,%3)").arg(d[0]).arg(d[1]).arg(d[2]);
}

/// "[2 printfFormats] block (1,0,0) thread (16,0,0): text" without the text's own newline.
QString consoleLine(int launch, const model::LaunchSummary& summary, const model::PrintfEntry& entry)
{
    QString text = entry.text;
    if (text.endsWith(QLatin1Char('\n')))
        text.chop(1);
    return QStringLiteral("[%1 %2] block %3 thread %4: %5")
        .arg(launch + 1)
        .arg(summary.kernel, dim3(entry.block), dim3(entry.thread), text);
}

} // namespace

ConsoleView::ConsoleView(QWidget* parent)
    : QWidget(parent)
    , m_launch(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_text(new QPlainTextEdit(this))
{
    m_launch->setToolTip(tr("Show the output of one launch, or of all of them"));
    m_filter->setPlaceholderText(tr("Filter lines"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Show only the lines that contain this text (Ctrl+F)"));
    auto* find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    find->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QAction::triggered, m_filter, [this] {
        m_filter->setFocus();
        m_filter->selectAll();
    });
    addAction(find);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setToolTip(tr("Double-click a line to open the warp that printed it in the Warp Stepper"));
    m_text->viewport()->installEventFilter(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_launch, 1);
    bar->addWidget(m_filter, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_status);
    connect(m_launch, &QComboBox::currentIndexChanged, this, &ConsoleView::rebuild);
    connect(m_filter, &QLineEdit::textChanged, this, &ConsoleView::rebuild);
    setSnapshot(nullptr);
}

void ConsoleView::setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    const QSignalBlocker block(m_launch);
    m_launch->clear();
    m_launch->addItem(tr("All launches"), -1);
    if (m_snapshot) {
        for (int i = 0; i < m_snapshot->launches.size(); ++i) {
            const auto& launch = m_snapshot->launches[i];
            m_launch->addItem(tr("%1: %2 (%3)").arg(i + 1).arg(launch.kernel, lineCount(launch.printfLines.size())), i);
        }
    }
    rebuild();
}

void ConsoleView::selectLaunch(int index)
{
    const int row = m_launch->findData(index);
    m_launch->setCurrentIndex(row < 0 ? 0 : row);
}

QString ConsoleView::text() const
{
    return m_text->toPlainText();
}

void ConsoleView::activateLine(int line)
{
    if (!m_snapshot || line < 0 || line >= m_shown.size())
        return;
    const auto [launchIndex, entryIndex] = m_shown[line];
    const auto& launch = m_snapshot->launches[launchIndex];
    const auto& entry = launch.printfLines[entryIndex];
    // The block's linear index and the warp of the thread, x fastest (Programming Guide, "Thread Hierarchy").
    const auto& g = launch.grid;
    const auto& b = launch.block;
    const quint32 block = entry.block[0] + g[0] * (entry.block[1] + g[1] * entry.block[2]);
    const quint32 thread = entry.thread[0] + b[0] * (entry.thread[1] + b[1] * entry.thread[2]);
    emit warpChosen(launchIndex, block, thread / 32);
}

bool ConsoleView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_text->viewport() && event->type() == QEvent::MouseButtonDblClick) {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        activateLine(m_text->cursorForPosition(mouse->position().toPoint()).block().blockNumber());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

QString ConsoleView::statusText() const
{
    return m_status->text();
}

void ConsoleView::rebuild()
{
    const int chosen = m_launch->currentData().toInt();
    const QString filter = m_filter->text();
    QStringList lines;
    m_shown.clear();
    qsizetype printed = 0;
    quint64 dropped = 0;
    if (m_snapshot) {
        for (int i = 0; i < m_snapshot->launches.size(); ++i) {
            if (chosen >= 0 && i != chosen)
                continue;
            const auto& launch = m_snapshot->launches[i];
            printed += launch.printfLines.size();
            dropped += launch.printfDropped;
            for (qsizetype e = 0; e < launch.printfLines.size(); ++e) {
                QString line = consoleLine(i, launch, launch.printfLines[e]);
                if (filter.isEmpty() || line.contains(filter, Qt::CaseInsensitive)) {
                    lines.push_back(std::move(line));
                    m_shown.push_back(ShownLine {i, e});
                }
            }
        }
    }
    m_text->setPlainText(lines.join(QLatin1Char('\n')));
    if (!m_snapshot)
        m_status->setText(tr("No run shown"));
    else if (printed == 0 && dropped == 0)
        m_status->setText(tr("No device printf output"));
    else {
        QString status = tr("%1 printed").arg(lineCount(printed));
        if (!filter.isEmpty())
            status += tr(", %1 shown").arg(lines.size());
        if (dropped > 0)
            status += tr("; %1 overwritten in the full printf buffer (cudaLimitPrintfFifoSize)")
                          .arg(lineCount(static_cast<qsizetype>(dropped)));
        m_status->setText(status);
    }
}

} // namespace views
