#pragma once

#include "model/device/device_summary.h"
#include "model/run/sweep_request.h"

#include <QDialog>
#include <QMap>
#include <QVector>

class QCheckBox;
class QComboBox;
class QPushButton;
class QSpinBox;

namespace app {

/// Run ▸ Sweep…: the parameter and its range, and the devices to sweep on, as checkboxes. Defaults come
/// from the scenario: `offset` 0..32 or `stride` 1..32 when it has one (the Best Practices Guide's
/// experiments), on G80, C2050, V100 and H100 plus the current device. GUI thread only.
class SweepDialog : public QDialog {
    Q_OBJECT
public:
    SweepDialog(const QMap<QString, qint64>& params, const QVector<model::DeviceSummary>& devices,
        const QString& currentDeviceId, QWidget* parent = nullptr);

    /// The parameter, range and devices chosen; the caller fills in the scenario and overrides.
    model::SweepRequest request() const;

    /// The parameter a sweep of a scenario with `params` varies first, and its default range.
    static model::SweepRequest defaultsFor(const QMap<QString, qint64>& params);

private:
    QWidget* makeRangeBox(const QMap<QString, qint64>& params);
    QWidget* makeDeviceBoxes(const QVector<model::DeviceSummary>& devices, const QString& currentDeviceId);
    void updateOk();

    QComboBox* m_param = nullptr;
    QSpinBox* m_from = nullptr;
    QSpinBox* m_to = nullptr;
    QSpinBox* m_step = nullptr;
    QCheckBox* m_exact = nullptr;
    QVector<QCheckBox*> m_devices;
    QPushButton* m_ok = nullptr;
};

} // namespace app
