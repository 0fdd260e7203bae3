#include "views/stepper/memory_picture_widget.h"

#include "views/stepper/memory_picture_canvas.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace views {

MemoryPictureWidget::MemoryPictureWidget(QWidget* parent)
    : QWidget(parent)
    , m_canvas(new MemoryPictureCanvas)
    , m_title(new QLabel)
    , m_explanation(new QPlainTextEdit)
{
    m_title->setObjectName(QStringLiteral("memoryTitle"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_explanation->setObjectName(QStringLiteral("memoryExplanation"));
    m_explanation->setReadOnly(true);
    m_explanation->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_explanation->setMinimumHeight(3 * m_explanation->fontMetrics().lineSpacing()); // it scrolls
    // The explanation scrolls (a G80 half-warp rule names 32 transactions), so it never covers the picture; the
    // splitter lets the user give either more room.
    auto* split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(m_canvas);
    split->addWidget(m_explanation);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);
}

void MemoryPictureWidget::setPicture(const model::MemoryPicture& picture, const QString& title)
{
    m_picture = picture;
    m_canvas->setPicture(picture);
    const QString summaryText = m_canvas->layout().summary;
    m_title->setText(summaryText.isEmpty() ? title : title + QStringLiteral(" — ") + summaryText);
    // Coalescers name their rule in the explanation's first line; bank models do not.
    const bool named = picture.ruleName.isEmpty() || picture.explanation.startsWith(picture.ruleName);
    m_explanation->setPlainText(named ? picture.explanation : picture.ruleName + u'\n' + picture.explanation);
}

QString MemoryPictureWidget::summary() const { return m_canvas->layout().summary; }

} // namespace views
