#pragma once

#include <QMap>
#include <QString>
#include <QToolBar>

class QLineEdit;

namespace app {

/// The open scenario's parameters (`params` after overrides) as a toolbar of integer fields: editing one and
/// pressing Enter asks for a run with the new values, as `--set NAME=VALUE` would. A field that does not
/// hold an integer is marked and asks for nothing. GUI thread only.
class ParameterBar : public QToolBar {
    Q_OBJECT
public:
    explicit ParameterBar(QWidget* parent = nullptr);

    /// Shows `params`; fields keep their place (and focus) when the names are the same as before.
    void setParameters(const QMap<QString, qint64>& params);
    QMap<QString, qint64> parameters() const { return m_params; }
    /// The field of parameter `name`, or nullptr.
    QLineEdit* field(const QString& name) const { return m_fields.value(name); }
    /// Puts the keyboard focus in the first field (Run ▸ Edit Parameters).
    void focusFirstField();

Q_SIGNALS:
    /// Every parameter, with the one just edited at its new value.
    void parametersEdited(const QMap<QString, qint64>& params);

private:
    void rebuild();
    void commit(const QString& name);

    QMap<QString, qint64> m_params;
    QMap<QString, QLineEdit*> m_fields;
};

} // namespace app
