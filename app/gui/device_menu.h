#pragma once

#include <QObject>

class QActionGroup;
class QMenuBar;

namespace model {
class DeviceListModel;
}

namespace app {

/// The Device menu: one checkable entry per profile, Next/Previous Device, the profile folder and the
/// profile load errors. Emits what the user chose; the main window decides. GUI thread only.
class DeviceMenu : public QObject {
    Q_OBJECT
public:
    DeviceMenu(const model::DeviceListModel& devices, bool hasProfileErrors, QMenuBar* menuBar, QObject* parent);

    /// Checks the entry of `row`.
    void setCurrentRow(int row);

Q_SIGNALS:
    void deviceChosen(const QString& id);
    void stepRequested(int delta);
    void profileErrorsRequested();

private:
    QActionGroup* m_actions = nullptr;
};

} // namespace app
