#include "app/gui/parameter_bar.h"

#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>

namespace app {

namespace {

/// Marks a field whose text is not an integer, as Qt marks no such state itself.
void markInvalid(QLineEdit& edit, bool invalid)
{
    edit.setStyleSheet(invalid ? QStringLiteral("QLineEdit { background: #f8d7da; }") : QString());
}

} // namespace

ParameterBar::ParameterBar(QWidget* parent)
    : QToolBar(tr("Parameters"), parent)
{
    setObjectName(QStringLiteral("parameterBar"));
    rebuild();
}

void ParameterBar::setParameters(const QMap<QString, qint64>& params)
{
    const bool sameNames = params.keys() == m_params.keys();
    m_params = params;
    if (!sameNames) {
        rebuild();
        return;
    }
    for (auto it = m_params.cbegin(); it != m_params.cend(); ++it) {
        auto* edit = m_fields.value(it.key());
        edit->setText(QString::number(it.value()));
        markInvalid(*edit, false);
    }
}

void ParameterBar::focusFirstField()
{
    if (m_fields.isEmpty())
        return;
    auto* first = m_fields.first();
    first->setFocus(Qt::ShortcutFocusReason);
    first->selectAll();
}

void ParameterBar::rebuild()
{
    clear();
    m_fields.clear();
    if (m_params.isEmpty()) {
        addWidget(new QLabel(tr(" Parameters: none (open a scenario) ")));
        return;
    }
    addWidget(new QLabel(tr(" Parameters: ")));
    // Integers only, as a scenario's params are (DESIGN.md, Scenario files); at most 19 digits fit in 64 bits.
    static const QRegularExpression integer(QStringLiteral("-?\\d{1,18}"));
    for (auto it = m_params.cbegin(); it != m_params.cend(); ++it) {
        const QString name = it.key();
        addWidget(new QLabel(QStringLiteral(" %1 = ").arg(name)));
        auto* edit = new QLineEdit(QString::number(it.value()));
        edit->setObjectName(QStringLiteral("param_") + name);
        edit->setValidator(new QRegularExpressionValidator(integer, edit));
        edit->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("-000000000000")));
        edit->setToolTip(tr("%1: press Enter to run with this value (--set %1=VALUE)").arg(name));
        connect(edit, &QLineEdit::returnPressed, this, [this, name] { commit(name); });
        connect(edit, &QLineEdit::textEdited, edit, [edit] { markInvalid(*edit, !edit->hasAcceptableInput()); });
        addWidget(edit);
        m_fields.insert(name, edit);
    }
}

void ParameterBar::commit(const QString& name)
{
    auto* edit = m_fields.value(name);
    bool ok = false;
    const qint64 value = edit->text().toLongLong(&ok);
    markInvalid(*edit, !ok);
    if (!ok || value == m_params.value(name))
        return;
    m_params.insert(name, value);
    Q_EMIT parametersEdited(m_params);
}

} // namespace app
