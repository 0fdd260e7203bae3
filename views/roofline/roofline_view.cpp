#include "views/roofline/roofline_view.h"

#include "model/roofline/roofline_session.h"
#include "views/roofline/memory_chart_widget.h"
#include "views/roofline/roofline_chart.h"
#include "views/roofline/speed_of_light_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace views {

namespace {

    /// Fills `box` with "#1 kernel" per launch of `run`, keeping `selected` chosen.
    void fillLaunches(QComboBox* box, const model::RooflineRun* run, int selected)
    {
        const QSignalBlocker block(box);
        box->clear();
        if (run) {
            for (const auto& launch : run->launches)
                box->addItem(QStringLiteral("#%1 %2").arg(launch.index + 1).arg(QString::fromStdString(launch.kernel)));
        }
        box->setCurrentIndex(std::min(selected, box->count() - 1));
    }

    const model::RooflineLaunch* launchAt(const model::RooflineRun* run, int index)
    {
        if (!run || index < 0 || static_cast<std::size_t>(index) >= run->launches.size())
            return nullptr;
        return &run->launches[static_cast<std::size_t>(index)];
    }

} // namespace

RooflineView::RooflineView(model::RooflineSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_header(new QLabel(this))
    , m_launches(new QComboBox(this))
    , m_pin(new QPushButton(tr("Pin as Baseline"), this))
    , m_clear(new QPushButton(tr("Clear Baselines"), this))
    , m_chart(new RooflineChart(this))
    , m_speedOfLight(new SpeedOfLightPanel(this))
{
    setObjectName(QStringLiteral("rooflineView"));
    m_header->setWordWrap(true);
    m_pin->setToolTip(tr("Keep this run on the chart beside the next runs (another device, another version)"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(m_launches);
    bar->addWidget(m_pin);
    bar->addWidget(m_clear);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_chart);
    split->addWidget(m_speedOfLight);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    connect(m_pin, &QPushButton::clicked, m_session, &model::RooflineSession::pinCurrent);
    connect(m_clear, &QPushButton::clicked, m_session, &model::RooflineSession::clearBaselines);
    connect(m_session, &model::RooflineSession::changed, this, &RooflineView::refresh);
    connect(m_chart, &RooflineChart::launchClicked, this, [this](int index) {
        selectLaunch(index);
        emit launchChosen(index);
    });
    connect(m_launches, &QComboBox::currentIndexChanged, this, [this](int index) {
        selectLaunch(index);
        emit launchChosen(index);
    });
    refresh();
}

QString RooflineView::headerText() const { return m_header->text(); }

void RooflineView::setTimeRange(const std::optional<model::TimeRange>& range) { m_chart->setTimeRange(range); }

void RooflineView::selectLaunch(int index)
{
    m_selected = std::max(0, index);
    showSelection();
}

void RooflineView::refresh()
{
    const auto current = m_session->current();
    const auto runs = m_session->shownRuns();
    m_chart->setRuns(runs);
    fillLaunches(m_launches, current.get(), m_selected);
    QStringList devices;
    for (const auto& run : runs)
        devices << QString::fromStdString(run->deviceId);
    m_header->setText(current ? tr("<b>Roofline</b> — %1 on %2 (roofs of: %3)")
                                    .arg(QString::fromStdString(current->scenarioName).section(QLatin1Char('/'), -1),
                                        QString::fromStdString(current->deviceName), devices.join(QStringLiteral(", ")))
                              : tr("<b>Roofline</b> — run a scenario to place its launches against the device's roofs"));
    m_pin->setEnabled(current != nullptr);
    m_clear->setEnabled(!m_session->baselines().isEmpty());
    showSelection();
}

void RooflineView::showSelection()
{
    const auto current = m_session->current();
    const auto* launch = launchAt(current.get(), m_selected);
    m_chart->selectLaunch(launch ? m_selected : -1);
    m_speedOfLight->showLaunch(current.get(), launch);
    const QSignalBlocker block(m_launches);
    if (m_selected < m_launches->count())
        m_launches->setCurrentIndex(m_selected);
}

MemoryChartView::MemoryChartView(model::RooflineSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_launches(new QComboBox(this))
    , m_chart(new MemoryChartWidget(this))
{
    setObjectName(QStringLiteral("memoryChartView"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("<b>Memory chart</b> — launch:"), this));
    bar->addWidget(m_launches);
    bar->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_chart, 1);
    connect(m_session, &model::RooflineSession::changed, this, &MemoryChartView::refresh);
    connect(m_launches, &QComboBox::currentIndexChanged, this, [this](int index) {
        selectLaunch(index);
        emit launchChosen(index);
    });
    refresh();
}

void MemoryChartView::selectLaunch(int index)
{
    m_selected = std::max(0, index);
    const auto current = m_session->current();
    m_chart->showLaunch(current.get(), launchAt(current.get(), m_selected));
    const QSignalBlocker block(m_launches);
    if (m_selected < m_launches->count())
        m_launches->setCurrentIndex(m_selected);
}

void MemoryChartView::refresh()
{
    fillLaunches(m_launches, m_session->current().get(), m_selected);
    selectLaunch(m_selected);
}

} // namespace views
