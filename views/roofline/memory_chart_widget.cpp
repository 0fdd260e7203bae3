#include "views/roofline/memory_chart_widget.h"

#include "views/roofline/roofline_style.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace views {

namespace {

    constexpr double kBoxWidth = 130;
    constexpr double kBoxHeight = 58;
    constexpr double kTop = 96; ///< room above the boxes for the arrows' labels

    /// Column and row of a box: data flows left to right, the host link comes up from below DRAM.
    QPointF cell(const QString& id)
    {
        if (id == QLatin1String("kernel"))
            return { 0, 0 };
        if (id == QLatin1String("global"))
            return { 1, 0 };
        if (id == QLatin1String("shared"))
            return { 1, 1 };
        if (id == QLatin1String("l1"))
            return { 2, 0 };
        if (id == QLatin1String("l2"))
            return { 3, 0 };
        if (id == QLatin1String("host"))
            return { 4, 1.35 };
        return { 4, 0 }; // dram
    }

    /// QPainter::drawText takes its alignment and text flags as an int.
    int flags(Qt::Alignment alignment, int more = 0) { return static_cast<int>(alignment.toInt()) | more; }

    QString bytesText(quint64 bytes)
    {
        return QLocale::system().formattedDataSize(static_cast<qint64>(bytes), 1, QLocale::DataSizeSIFormat);
    }

} // namespace

MemoryChartWidget::MemoryChartWidget(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("memoryChartWidget"));
    setMinimumSize(640, 260);
}

QSize MemoryChartWidget::sizeHint() const { return { 900, 320 }; }

void MemoryChartWidget::showLaunch(const model::RooflineRun* run, const model::RooflineLaunch* launch)
{
    m_chart = {};
    m_title.clear();
    if (run && launch) {
        m_chart = launch->memoryChart;
        if (run->hostLink) {
            m_chart.nodes.push_back({ "host", "Host (PCIe)", std::nullopt });
            m_chart.links.push_back(*run->hostLink);
        }
        m_title = tr("Launch #%1 %2 on %3").arg(launch->index + 1).arg(QString::fromStdString(launch->kernel), QString::fromStdString(run->deviceName));
        if (!launch->speedOfLight)
            m_title += tr(" — untimed: no cache or DRAM figures");
    }
    update();
}

QRectF MemoryChartWidget::boxRect(const QString& id) const
{
    const bool present = std::any_of(m_chart.nodes.begin(), m_chart.nodes.end(),
        [&](const auto& n) { return QString::fromStdString(n.id) == id; });
    if (!present)
        return {};
    const double column = (width() - kBoxWidth - 20) / 4.0;
    const QPointF c = cell(id);
    return { 10 + c.x() * column, kTop + c.y() * (kBoxHeight + 70), kBoxWidth, kBoxHeight };
}

QString MemoryChartWidget::linkText(const QString& from, const QString& to) const
{
    for (const auto& link : m_chart.links) {
        if (QString::fromStdString(link.from) != from || QString::fromStdString(link.to) != to)
            continue;
        QStringList lines;
        const QLocale locale = QLocale::system();
        if (link.requests > 0)
            lines << tr("%1 req").arg(locale.toString(qulonglong(link.requests)));
        if (link.sectors > 0)
            lines << (to == QLatin1String("shared") ? tr("%1 wavefronts") : tr("%1 sectors")).arg(locale.toString(qulonglong(link.sectors)));
        QString bytes = bytesText(link.bytes);
        if (link.percentOfPeak)
            bytes += tr(" · %1 % of peak").arg(*link.percentOfPeak, 0, 'f', 1);
        lines << bytes;
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}

void MemoryChartWidget::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    painter.setPen(palette().color(QPalette::Text));
    if (m_chart.nodes.empty()) {
        painter.drawText(rect(), Qt::AlignCenter, tr("Run a scenario to see its memory chart."));
        return;
    }
    painter.drawText(QRectF(10, 4, width() - 20, 24), flags(Qt::AlignLeft | Qt::AlignVCenter), m_title);
    for (const auto& link : m_chart.links)
        paintLink(painter, link);
    for (const auto& node : m_chart.nodes)
        paintNode(painter, node);
}

void MemoryChartWidget::paintNode(QPainter& painter, const engine::MemoryChartNode& node) const
{
    const QRectF box = boxRect(QString::fromStdString(node.id));
    const bool unit = node.id == "l1" || node.id == "l2" || node.id == "dram" || node.id == "host";
    painter.setBrush(unit ? palette().color(QPalette::AlternateBase) : palette().color(QPalette::Base));
    painter.setPen(QPen(palette().color(QPalette::Text), 1.2));
    painter.drawRoundedRect(box, 6, 6);
    QString text = QString::fromStdString(node.label);
    if (node.hitRate)
        text += tr("\nhit rate %1 %").arg(*node.hitRate * 100, 0, 'f', 1);
    painter.drawText(box.adjusted(4, 2, -4, -2), flags(Qt::AlignCenter, Qt::TextWordWrap), text);
}

void MemoryChartWidget::paintLink(QPainter& painter, const engine::MemoryChartLink& link) const
{
    const QRectF from = boxRect(QString::fromStdString(link.from));
    const QRectF to = boxRect(QString::fromStdString(link.to));
    if (from.isEmpty() || to.isEmpty())
        return;
    const bool vertical = link.from == "host";
    QPointF a = vertical ? QPointF(from.center().x(), from.top()) : QPointF(from.right(), from.center().y());
    QPointF b = vertical ? QPointF(to.center().x(), to.bottom()) : QPointF(to.left(), to.center().y());
    if (!vertical && std::abs(from.center().y() - to.center().y()) > 1) // kernel → shared: leave from the box's foot
        a = QPointF(from.center().x(), from.bottom());
    const QColor color = linkColor(link.percentOfPeak);
    painter.setPen(QPen(color, 5, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(a, b);
    // Arrowhead at b.
    const QPointF d = (b - a) / std::hypot(b.x() - a.x(), b.y() - a.y());
    const QPointF n(-d.y(), d.x());
    QPainterPath head;
    head.moveTo(b);
    head.lineTo(b - d * 12 + n * 7);
    head.lineTo(b - d * 12 - n * 7);
    head.closeSubpath();
    painter.fillPath(head, color);
    painter.setPen(palette().color(QPalette::Text));
    const QString text = linkText(QString::fromStdString(link.from), QString::fromStdString(link.to));
    const QPointF mid = (a + b) / 2;
    // Above the row of boxes (or left of the host link), where no box is.
    const QRectF label = vertical ? QRectF(mid.x() - 228, mid.y() - 30, 220, 60)
                                  : QRectF(mid.x() - 105, std::min(from.top(), to.top()) - 62, 210, 58);
    QFont small = painter.font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    painter.setFont(small);
    painter.drawText(label, flags((vertical ? Qt::AlignRight : Qt::AlignHCenter) | Qt::AlignBottom), text);
    painter.setFont(font());
}

} // namespace views
