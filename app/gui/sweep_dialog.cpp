#include "app/gui/sweep_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace app {

namespace {

const QStringList defaultDevices = { QStringLiteral("g80"), QStringLiteral("c2050"), QStringLiteral("v100"),
    QStringLiteral("h100") };

QSpinBox* makeSpin(int minimum, int value)
{
    auto* spin = new QSpinBox;
    spin->setRange(minimum, 1 << 30);
    spin->setValue(value);
    return spin;
}

} // namespace

model::SweepRequest SweepDialog::defaultsFor(const QMap<QString, qint64>& params)
{
    model::SweepRequest request;
    // Best Practices Guide v8.0 §9.2.1.3 (offset 0..32) and §9.2.1.4 (stride 1..32).
    if (params.contains(QStringLiteral("offset"))) {
        request.param = QStringLiteral("offset");
        request.to = 32;
    } else if (params.contains(QStringLiteral("stride"))) {
        request.param = QStringLiteral("stride");
        request.from = 1;
        request.to = 32;
    } else if (!params.isEmpty()) {
        request.param = params.firstKey();
        request.from = params.first();
        request.to = params.first() * 2;
    }
    return request;
}

SweepDialog::SweepDialog(const QMap<QString, qint64>& params, const QVector<model::DeviceSummary>& devices,
    const QString& currentDeviceId, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Sweep"));
    setObjectName(QStringLiteral("sweepDialog"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeRangeBox(params));
    layout->addWidget(makeDeviceBoxes(devices, currentDeviceId));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Run Sweep"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOk();
}

QWidget* SweepDialog::makeRangeBox(const QMap<QString, qint64>& params)
{
    const auto defaults = defaultsFor(params);
    auto* box = new QGroupBox(tr("Parameter range (inclusive)"), this);
    m_param = new QComboBox;
    m_param->setEditable(true);
    m_param->addItems(params.keys());
    m_param->setCurrentText(defaults.param);
    m_from = makeSpin(-(1 << 30), static_cast<int>(defaults.from));
    m_to = makeSpin(-(1 << 30), static_cast<int>(defaults.to));
    m_step = makeSpin(1, 1);
    auto* form = new QFormLayout(box);
    form->addRow(tr("&Parameter:"), m_param);
    form->addRow(tr("&From:"), m_from);
    form->addRow(tr("&To:"), m_to);
    form->addRow(tr("&Step:"), m_step);
    m_exact = new QCheckBox(tr("Simulate every &block (exact, slower)"));
    m_exact->setObjectName(QStringLiteral("exactSweep"));
    m_exact->setToolTip(tr("Unchecked, a launch whose blocks retire at a steady rate stops there and its time and "
                           "counters are extrapolated, as warpscope-cli sweep does without --exact (at most 1.2 % from the exact cycles on the "
                           "bundled offset sweep, bench/README.md)."));
    form->addRow(QString(), m_exact);
    connect(m_param, &QComboBox::currentTextChanged, this, &SweepDialog::updateOk);
    connect(m_from, &QSpinBox::valueChanged, this, &SweepDialog::updateOk);
    connect(m_to, &QSpinBox::valueChanged, this, &SweepDialog::updateOk);
    return box;
}

QWidget* SweepDialog::makeDeviceBoxes(const QVector<model::DeviceSummary>& devices, const QString& currentDeviceId)
{
    auto* box = new QGroupBox(tr("Devices (one curve each)"), this);
    auto* grid = new QGridLayout(box);
    for (const auto& device : devices) {
        auto* check = new QCheckBox(QStringLiteral("%1 (CC %2)").arg(device.name, device.computeCapability));
        check->setObjectName(device.id);
        check->setChecked(defaultDevices.contains(device.id) || device.id == currentDeviceId);
        connect(check, &QCheckBox::toggled, this, &SweepDialog::updateOk);
        const auto index = static_cast<int>(m_devices.size());
        grid->addWidget(check, index / 2, index % 2);
        m_devices.push_back(check);
    }
    return box;
}

void SweepDialog::updateOk()
{
    if (!m_ok)
        return;
    const auto request = this->request();
    m_ok->setEnabled(!request.param.isEmpty() && request.from <= request.to && !request.deviceIds.isEmpty());
}

model::SweepRequest SweepDialog::request() const
{
    model::SweepRequest request;
    request.param = m_param->currentText().trimmed();
    request.from = m_from->value();
    request.to = m_to->value();
    request.step = m_step->value();
    request.exact = m_exact->isChecked();
    for (const auto* check : m_devices) {
        if (check->isChecked())
            request.deviceIds << check->objectName();
    }
    return request;
}

} // namespace app
