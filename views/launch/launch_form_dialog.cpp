#include "views/launch/launch_form_dialog.h"

#include "views/launch/compiler_symbols_box.h"

#include "model/device/device_list_model.h"
#include "model/launch/launch_form_session.h"
#include "views/launch/launch_form_columns.h"
#include "views/launch/problem_marks.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <utility>

namespace views {

namespace {

const QStringList& elementTypes()
{
    static const QStringList types { QStringLiteral("f32"), QStringLiteral("f64"), QStringLiteral("i32"),
        QStringLiteral("u32"), QStringLiteral("i64"), QStringLiteral("u64"), QStringLiteral("i16"), QStringLiteral("u16"),
        QStringLiteral("i8"), QStringLiteral("u8"), QStringLiteral("f16"), QStringLiteral("bf16") };
    return types;
}

QTableWidget* makeTable(const QStringList& headers)
{
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    return table;
}

QString cellText(const QTableWidget& table, int row, int column)
{
    const auto* item = table.item(row, column);
    return item ? item->text().trimmed() : QString();
}

QTableWidgetItem* readOnlyItem(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

} // namespace

LaunchFormDialog::LaunchFormDialog(
    model::LaunchFormSession* session, QAbstractItemModel* devices, const QString& deviceId, QWidget* parent)
    : QDialog(parent)
    , m_session(session)
    , m_devicesModel(devices)
{
    setWindowTitle(tr("New Launch"));
    m_form.deviceId = deviceId;
    m_preview = new QPlainTextEdit;
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setObjectName(QStringLiteral("scenarioPreview"));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("launchProblem"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_path = new QLineEdit;
    m_path->setObjectName(QStringLiteral("scenarioPath"));
    auto* pathBrowse = new QPushButton(tr("…"));
    pathBrowse->setToolTip(tr("Choose where the scenario file goes"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(new QLabel(tr("Scenario file:")));
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(pathBrowse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_save = buttons->addButton(tr("&Save"), QDialogButtonBox::ActionRole);
    m_saveAndRun = buttons->addButton(tr("Save && &Run"), QDialogButtonBox::AcceptRole);
    m_saveAndRun->setDefault(true);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(makeModuleRow());
    leftLayout->addWidget(makeLaunchBox());
    leftLayout->addWidget(makeTables(), 1);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_preview);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addLayout(pathRow);
    layout->addWidget(buttons);
    resize(1240, 860);

    connect(pathBrowse, &QPushButton::clicked, this, &LaunchFormDialog::browseScenario);
    connect(m_path, &QLineEdit::textEdited, this, [this] {
        m_pathEdited = true;
        refresh();
    });
    connect(m_save, &QPushButton::clicked, this, [this] { save(false); });
    connect(m_saveAndRun, &QPushButton::clicked, this, [this] { save(true); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_session, &model::LaunchFormSession::busyChanged, m_loading, &QWidget::setVisible);
    connect(m_session, &model::LaunchFormSession::kernelsLoaded, this, &LaunchFormDialog::showKernels);
    connect(m_session, &model::LaunchFormSession::loadFailed, this, [this](const QString& message) {
        m_kernel->clear();
        m_loadError = message;
        m_preview->clear();
        refresh();
    });
    fillFields();
    refresh();
}

QWidget* LaunchFormDialog::makeModuleRow()
{
    auto* box = new QGroupBox(tr("Kernel"));
    m_module = new QLineEdit;
    m_module->setReadOnly(true);
    m_module->setPlaceholderText(tr("a .cu or .ptx file"));
    auto* browse = new QPushButton(tr("&Browse…"));
    m_loading = new QProgressBar;
    m_loading->setRange(0, 0); // busy: loading or compiling the module
    m_loading->setMaximumWidth(120);
    m_loading->setFormat(tr("loading"));
    m_loading->setVisible(false);
    auto* moduleRow = new QHBoxLayout;
    moduleRow->addWidget(m_module, 1);
    moduleRow->addWidget(m_loading);
    moduleRow->addWidget(browse);
    m_kernel = new QComboBox;
    m_kernel->setObjectName(QStringLiteral("kernelPicker"));
    m_signature = new QLabel;
    m_signature->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_device = new QComboBox;
    m_device->setObjectName(QStringLiteral("launchDevice"));
    m_device->setModel(m_devicesModel);
    m_name = new QLineEdit;
    auto* form = new QFormLayout(box);
    form->addRow(tr("Module:"), moduleRow);
    form->addRow(tr("K&ernel:"), m_kernel);
    form->addRow(QString(), m_signature);
    form->addRow(tr("&Device:"), m_device);
    form->addRow(tr("&Name:"), m_name);
    connect(browse, &QPushButton::clicked, this, &LaunchFormDialog::browseModule);
    connect(m_kernel, &QComboBox::activated, this, &LaunchFormDialog::kernelChosen);
    connect(m_device, &QComboBox::activated, this, &LaunchFormDialog::readFields);
    connect(m_name, &QLineEdit::textEdited, this, &LaunchFormDialog::readFields);
    return box;
}

QWidget* LaunchFormDialog::makeLaunchBox()
{
    auto* box = new QGroupBox(tr("Launch"));
    auto* form = new QFormLayout(box);
    const auto dimRow = [this](std::array<QLineEdit*, 3>& edits, const QString& name, const QString& tip) {
        auto* row = new QHBoxLayout;
        for (std::size_t i = 0; i < 3; ++i) {
            edits[i] = new QLineEdit;
            edits[i]->setObjectName(name + QString::number(i)); // "block0" is the block's x
            edits[i]->setToolTip(tip);
            connect(edits[i], &QLineEdit::textEdited, this, &LaunchFormDialog::readFields);
            row->addWidget(edits[i]);
        }
        return row;
    };
    const auto expressions = tr("An integer, or an expression over the parameters: n / 256");
    form->addRow(tr("Grid (x, y, z):"), dimRow(m_grid, QStringLiteral("grid"), expressions));
    form->addRow(tr("Block (x, y, z):"), dimRow(m_block, QStringLiteral("block"), expressions));
    m_shared = new QLineEdit;
    m_shared->setToolTip(tr("Dynamic shared memory per block, in bytes (extern __shared__)"));
    connect(m_shared, &QLineEdit::textEdited, this, &LaunchFormDialog::readFields);
    form->addRow(tr("Dynamic &shared bytes:"), m_shared);
    form->addRow(tr("Cluster (x, y, z):"),
        dimRow(m_cluster, QStringLiteral("cluster"),
            tr("CTAs per thread-block cluster (compute capability 9.0); 1, 1, 1: none, or the kernel's __cluster_dims__")));
    return box;
}

QWidget* LaunchFormDialog::makeTables()
{
    m_params = makeTable({ tr("Parameter"), tr("Value") });
    m_params->setObjectName(QStringLiteral("paramsTable"));
    m_params->setToolTip(tr("Named integers the expressions use; warpscope-cli run --set NAME=VALUE overrides them"));
    m_buffers = makeTable({ tr("Buffer"), tr("Type"), tr("Elements"), tr("Initial contents") });
    m_buffers->setObjectName(QStringLiteral("buffersTable"));
    m_buffers->setToolTip(tr("Device buffers; contents: zero, iota, random:SEED, a number, or file:PATH (raw bytes, relative to the scenario)"));
    m_args = makeTable({ tr("Kernel parameter"), tr("Type"), tr("Argument") });
    m_args->setObjectName(QStringLiteral("argumentsTable"));
    m_args->setToolTip(tr("A buffer name for a pointer, an integer or expression, or a number for float and double"));
    for (auto* table : { m_params, m_buffers, m_args })
        connect(table, &QTableWidget::itemChanged, this, &LaunchFormDialog::readFields);

    using Slot = void (LaunchFormDialog::*)();
    const auto withButtons = [this](const QString& title, QTableWidget* table, Slot add, Slot remove) {
        auto* box = new QGroupBox(title);
        auto* layout = new QVBoxLayout(box);
        layout->addWidget(table, 1);
        if (add) {
            auto* row = new QHBoxLayout;
            auto* addButton = new QPushButton(tr("Add"));
            auto* removeButton = new QPushButton(tr("Remove"));
            connect(addButton, &QPushButton::clicked, this, add);
            connect(removeButton, &QPushButton::clicked, this, remove);
            row->addStretch(1);
            row->addWidget(addButton);
            row->addWidget(removeButton);
            layout->addLayout(row);
        }
        return box;
    };
    auto* tables = new QWidget;
    auto* layout = new QVBoxLayout(tables);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(withButtons(tr("Parameters"), m_params, &LaunchFormDialog::addParam, &LaunchFormDialog::removeParam), 1);
    layout->addWidget(withButtons(tr("Buffers"), m_buffers, &LaunchFormDialog::addBuffer, &LaunchFormDialog::removeBuffer), 2);
    layout->addWidget(withButtons(tr("Arguments"), m_args, Slot {}, Slot {}), 2);
    m_compiler = new CompilerSymbolsBox;
    layout->addWidget(m_compiler, 2);
    connect(m_compiler, &CompilerSymbolsBox::edited, this, &LaunchFormDialog::readFields);
    connect(m_compiler, &CompilerSymbolsBox::recompileRequested, this, [this] {
        readFields();
        m_kernel->clear();
        m_loadError.clear();
        m_session->loadModule(m_form.modulePath, m_form.deviceId, m_form);
        refresh();
    });
    return tables;
}

void LaunchFormDialog::openModule(const QString& modulePath)
{
    m_module->setText(modulePath);
    m_kernel->clear();
    m_loadError.clear();
    m_form.modulePath = QFileInfo(modulePath).absoluteFilePath();
    m_form.includeDirs.clear();
    m_form.defines.clear();
    m_form.nvccFlags.clear();
    CompilerSymbolsBox::restoreNvcc(m_form.modulePath, m_form);
    m_session->loadModule(modulePath, m_form.deviceId, m_form);
    refresh();
}

void LaunchFormDialog::browseModule()
{
    const auto path = QFileDialog::getOpenFileName(this, tr("Kernel module"), QFileInfo(m_form.modulePath).path(),
        tr("Kernels (*.cu *.ptx);;All files (*)"));
    if (!path.isEmpty())
        openModule(path);
}

void LaunchFormDialog::browseScenario()
{
    const auto path = QFileDialog::getSaveFileName(this, tr("Save scenario"), scenarioPath(), tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return;
    m_pathEdited = true;
    setScenarioPath(path);
}

void LaunchFormDialog::showKernels()
{
    m_kernel->clear();
    for (const auto& k : m_session->kernels())
        m_kernel->addItem(k.name);
    kernelChosen();
}

void LaunchFormDialog::kernelChosen()
{
    const auto* kernel = m_session->kernel(m_kernel->currentText());
    if (!kernel)
        return;
    auto form = model::defaultLaunchForm(*kernel, m_session->modulePath(), m_form.deviceId);
    // The module's compiler settings and the contents given to its symbols stay with it across kernels.
    form.includeDirs = m_form.includeDirs;
    form.defines = m_form.defines;
    form.nvccFlags = m_form.nvccFlags;
    form.symbols = m_session->symbols();
    for (auto& symbol : form.symbols) {
        for (const auto& earlier : m_form.symbols)
            if (earlier.name == symbol.name)
                symbol = earlier;
    }
    setForm(form);
}

void LaunchFormDialog::setForm(const model::LaunchForm& form)
{
    m_form = form;
    if (!m_pathEdited)
        m_path->setText(model::defaultScenarioPath(m_form));
    fillFields();
    refresh();
}

void LaunchFormDialog::fillFields()
{
    m_filling = true;
    const auto* kernel = m_session->kernel(m_form.kernel);
    m_kernel->setCurrentText(m_form.kernel);
    m_signature->setText(kernel ? kernel->signature : QString());
    const auto row = static_cast<model::DeviceListModel*>(m_devicesModel)->rowOfId(m_form.deviceId);
    m_device->setCurrentIndex(row);
    m_name->setText(m_form.name);
    for (std::size_t i = 0; i < 3; ++i) {
        m_grid[i]->setText(m_form.grid[i]);
        m_block[i]->setText(m_form.block[i]);
        m_cluster[i]->setText(m_form.cluster[i]);
    }
    m_shared->setText(m_form.sharedBytes);
    m_compiler->setForm(m_form);
    m_shared->setEnabled(!kernel || kernel->dynamicShared || m_form.sharedBytes != QLatin1String("0"));
    m_params->setRowCount(0);
    for (auto it = m_form.params.cbegin(); it != m_form.params.cend(); ++it) {
        const int r = m_params->rowCount();
        m_params->insertRow(r);
        m_params->setItem(r, ParamName, new QTableWidgetItem(it.key()));
        m_params->setItem(r, ParamValue, new QTableWidgetItem(QString::number(it.value())));
    }
    m_buffers->setRowCount(0);
    for (const auto& b : m_form.buffers) {
        const int r = m_buffers->rowCount();
        m_buffers->insertRow(r);
        m_buffers->setItem(r, BufferName, new QTableWidgetItem(b.name));
        auto* type = new QComboBox;
        type->addItems(elementTypes());
        type->setCurrentText(b.type);
        connect(type, &QComboBox::currentTextChanged, this, &LaunchFormDialog::readFields);
        m_buffers->setCellWidget(r, BufferType, type);
        m_buffers->setItem(r, BufferCount, new QTableWidgetItem(b.count));
        m_buffers->setItem(r, BufferInit, new QTableWidgetItem(b.init));
    }
    m_args->setRowCount(0);
    for (qsizetype i = 0; kernel && i < kernel->params.size(); ++i) {
        const auto& p = kernel->params[i];
        const int r = m_args->rowCount();
        m_args->insertRow(r);
        m_args->setItem(r, ArgParameter, readOnlyItem(p.name));
        m_args->setItem(r, ArgType, readOnlyItem(p.cudaType.isEmpty() ? p.ptxType : p.cudaType + QStringLiteral(" (") + p.ptxType + u')'));
        m_args->setItem(r, ArgValue, new QTableWidgetItem(m_form.args.value(i)));
    }
    m_buffers->resizeColumnsToContents();
    m_args->resizeColumnsToContents();
    m_filling = false;
}

void LaunchFormDialog::readFields()
{
    if (m_filling)
        return;
    const auto deviceRow = m_device->currentIndex();
    if (deviceRow >= 0)
        m_form.deviceId = m_devicesModel->index(deviceRow, 0).data(model::DeviceListModel::IdRole).toString();
    m_form.name = m_name->text();
    for (std::size_t i = 0; i < 3; ++i) {
        m_form.grid[i] = m_grid[i]->text();
        m_form.block[i] = m_block[i]->text();
        m_form.cluster[i] = m_cluster[i]->text();
    }
    m_form.sharedBytes = m_shared->text();
    m_form.params.clear();
    for (int r = 0; r < m_params->rowCount(); ++r) {
        const auto name = cellText(*m_params, r, ParamName);
        if (!name.isEmpty())
            m_form.params.insert(name, cellText(*m_params, r, ParamValue).toLongLong());
    }
    m_form.buffers.clear();
    for (int r = 0; r < m_buffers->rowCount(); ++r) {
        model::LaunchBuffer b;
        b.name = cellText(*m_buffers, r, BufferName);
        if (const auto* type = qobject_cast<QComboBox*>(m_buffers->cellWidget(r, BufferType)))
            b.type = type->currentText();
        b.count = cellText(*m_buffers, r, BufferCount);
        b.init = cellText(*m_buffers, r, BufferInit);
        m_form.buffers.push_back(b);
    }
    m_form.args.clear();
    for (int r = 0; r < m_args->rowCount(); ++r)
        m_form.args << cellText(*m_args, r, ArgValue);
    m_compiler->apply(m_form);
    refresh();
}

void LaunchFormDialog::refresh()
{
    const auto* kernel = m_session->kernel(m_form.kernel);
    const bool loaded = kernel != nullptr && !m_session->isBusy();
    model::FormField field;
    if (m_session->isBusy()) {
        m_problem = tr("Loading %1…").arg(QFileInfo(m_form.modulePath).fileName());
    } else if (!m_loadError.isEmpty()) {
        m_problem = m_loadError;
        field.part = model::FormPart::Module;
    } else if (!loaded) {
        m_problem = tr("Choose a .cu or .ptx module (Browse…).");
    } else {
        m_preview->setPlainText(QString::fromUtf8(m_session->scenarioText(m_form, scenarioPath())));
        if (scenarioPath().isEmpty()) {
            m_problem = tr("Choose where the scenario file goes.");
        } else if (const auto problem = m_session->diagnose(m_form, scenarioPath())) {
            field = problem->field; // the message leads with the field's label, as the form names it
            const auto label = model::formFieldLabel(m_form, field, kernel);
            m_problem = label.isEmpty() ? problem->message : label + QStringLiteral(": ") + problem->message;
        } else {
            m_problem.clear();
        }
    }
    markField(field);
    m_status->setText(m_problem.isEmpty() ? tr("Ready: the scenario checks out against the engine's rules.")
                                          : m_problem);
    m_status->setStyleSheet(m_problem.isEmpty() ? QString() : QStringLiteral("color: #b00020;"));
    m_save->setEnabled(loaded && m_problem.isEmpty());
    m_saveAndRun->setEnabled(loaded && m_problem.isEmpty());
}

void LaunchFormDialog::markField(const model::FormField& field)
{
    const LaunchFormWidgets widgets { m_module, m_kernel, m_device, m_name, m_grid, m_block, m_shared, m_cluster,
        m_params, m_buffers, m_args };
    const bool filling = std::exchange(m_filling, true); // marking a cell emits itemChanged: not an edit
    markProblemField(widgets, field, m_problem);
    m_filling = filling;
}

QString LaunchFormDialog::previewText() const { return m_preview->toPlainText(); }

QString LaunchFormDialog::scenarioPath() const { return m_path->text().trimmed(); }

void LaunchFormDialog::setScenarioPath(const QString& path)
{
    m_path->setText(path);
    refresh();
}

void LaunchFormDialog::addBuffer()
{
    readFields();
    model::LaunchBuffer buffer;
    buffer.name = QStringLiteral("buffer%1").arg(m_form.buffers.size());
    m_form.buffers.push_back(buffer);
    fillFields();
    refresh();
}

void LaunchFormDialog::removeBuffer()
{
    const int row = m_buffers->currentRow();
    if (row < 0)
        return;
    readFields();
    m_form.buffers.removeAt(row);
    fillFields();
    refresh();
}

void LaunchFormDialog::addParam()
{
    readFields();
    int index = 0;
    while (m_form.params.contains(QStringLiteral("p%1").arg(index)))
        ++index;
    m_form.params.insert(QStringLiteral("p%1").arg(index), 0);
    fillFields();
    refresh();
}

void LaunchFormDialog::removeParam()
{
    const int row = m_params->currentRow();
    if (row < 0)
        return;
    readFields();
    m_form.params.remove(cellText(*m_params, row, ParamName));
    fillFields();
    refresh();
}

void LaunchFormDialog::save(bool run)
{
    readFields();
    if (const auto problem = m_session->save(m_form, scenarioPath())) {
        m_problem = *problem;
        m_status->setText(*problem);
        return;
    }
    CompilerSymbolsBox::rememberNvcc(m_form);
    Q_EMIT scenarioSaved(scenarioPath(), run);
    accept();
}

} // namespace views
