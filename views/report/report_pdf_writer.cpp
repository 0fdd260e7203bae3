#include "views/report/report_pdf_writer.h"

#include "model/report/report_writers.h"

#include <QPainter>
#include <QPdfWriter>
#include <QSvgRenderer>
#include <QTextDocument>

namespace views {

namespace {

// QTextDocument understands a subset of CSS (Qt's "Supported HTML Subset"): borders and padding of
// tables are set through attributes there, so the report's fragments are styled with what it supports.
constexpr const char* kPdfStyle = R"css(
h1 { font-size: 16pt; } h2 { font-size: 12.5pt; } h3 { font-size: 10.5pt; }
th { text-align: left; background-color: #f0f0f0; }
td.num { text-align: right; }
code { font-size: 8pt; }
p.guidance { background-color: #fff6e0; }
)css";

/// Lays blocks out top to bottom on pages of the writer, starting a page when a block does not fit.
class PageFlow {
public:
    PageFlow(QPdfWriter& writer, QPainter& painter)
        : m_writer(writer)
        , m_painter(painter)
        , m_width(painter.viewport().width())
        , m_height(painter.viewport().height())
    {
    }

    void html(const std::string& fragment)
    {
        QTextDocument document;
        document.setDefaultStyleSheet(QString::fromLatin1(kPdfStyle));
        document.setDocumentMargin(0);
        document.setHtml(QStringLiteral("<table width=\"100%\"><tr><td>") + QString::fromStdString(fragment)
            + QStringLiteral("</td></tr></table>"));
        document.setTextWidth(m_width);
        const double height = document.size().height();
        // A section taller than a page is cut into page-high slices.
        for (double offset = 0; offset < height; offset += m_height) {
            const double slice = std::min(m_height, height - offset);
            reserve(slice + kGap);
            m_painter.save();
            m_painter.translate(0, m_y - offset);
            document.drawContents(&m_painter, QRectF(0, offset, m_width, slice));
            m_painter.restore();
            m_y += slice + kGap;
        }
    }

    void svg(const std::string& document)
    {
        QSvgRenderer renderer(QByteArray::fromStdString(document));
        if (!renderer.isValid())
            return;
        const QSizeF size = renderer.defaultSize();
        const double scale = m_width / size.width();
        const double height = size.height() * scale;
        reserve(height + kGap);
        renderer.render(&m_painter, QRectF(0, m_y, m_width, height));
        m_y += height + kGap;
    }

private:
    static constexpr double kGap = 10;

    void reserve(double height)
    {
        if (m_y > 0 && m_y + height > m_height) {
            m_writer.newPage();
            m_y = 0;
        }
    }

    QPdfWriter& m_writer;
    QPainter& m_painter;
    double m_width;
    double m_height;
    double m_y = 0;
};

} // namespace

std::optional<QString> writeReportPdf(const model::ReportData& data, const QString& path)
{
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    writer.setResolution(96); // layout units of screen pixels; text and charts stay vector graphics
    writer.setTitle(QStringLiteral("warpscope report: run %1").arg(data.detail.run.id));
    writer.setCreator(QStringLiteral("warpscope"));
    QPainter painter;
    if (!painter.begin(&writer))
        return QStringLiteral("%1: cannot create the file").arg(path);
    PageFlow flow(writer, painter);
    for (const auto& block : model::reportBlocks(data)) {
        if (block.kind == model::ReportBlock::Kind::Svg)
            flow.svg(block.content);
        else
            flow.html(block.content);
    }
    if (!painter.end())
        return QStringLiteral("%1: cannot write the file").arg(path);
    return std::nullopt;
}

} // namespace views
