#include "views/stepper/memory_picture_widget.h"

#include "views/stepper/memory_picture_canvas.h"

#include <QFontDatabase>
#include <QLabel>
#include <QVBoxLayout>

namespace views {

MemoryPictureWidget::MemoryPictureWidget(QWidget* parent)
    : QWidget(parent)
    , m_canvas(new MemoryPictureCanvas)
    , m_title(new QLabel)
    , m_explanation(new QLabel)
{
    m_title->setObjectName(QStringLiteral("memoryTitle"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_explanation->setObjectName(QStringLiteral("memoryExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_explanation);
}

void MemoryPictureWidget::setPicture(const model::MemoryPicture& picture, const QString& title)
{
    m_picture = picture;
    m_canvas->setPicture(picture);
    const QString summaryText = m_canvas->layout().summary;
    m_title->setText(summaryText.isEmpty() ? title : title + QStringLiteral(" — ") + summaryText);
    // Coalescers name their rule in the explanation's first line; bank models do not.
    const bool named = picture.ruleName.isEmpty() || picture.explanation.startsWith(picture.ruleName);
    m_explanation->setText(named ? picture.explanation : picture.ruleName + u'\n' + picture.explanation);
}

QString MemoryPictureWidget::summary() const { return m_canvas->layout().summary; }

} // namespace views
