#include "views/launch/compiler_symbols_box.h"

#include <QCryptographicHash>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

namespace views {

namespace {

enum SymbolColumn { SymbolName, SymbolType, SymbolCount, SymbolInit };

QString settingsKey(const QString& modulePath)
{
    const auto hash = QCryptographicHash::hash(modulePath.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("launchForm/nvcc/") + QString::fromLatin1(hash);
}

QStringList words(const QLineEdit& edit, QChar separator)
{
    return edit.text().split(separator, Qt::SkipEmptyParts);
}

QString cell(const QTableWidget& table, int row, int column)
{
    const auto* item = table.item(row, column);
    return item ? item->text().trimmed() : QString();
}

} // namespace

CompilerSymbolsBox::CompilerSymbolsBox(QWidget* parent)
    : QWidget(parent)
{
    m_includes = new QLineEdit;
    m_includes->setObjectName(QStringLiteral("nvccIncludeDirs"));
    m_includes->setPlaceholderText(tr("folders for #include, separated by ;"));
    m_defines = new QLineEdit;
    m_defines->setObjectName(QStringLiteral("nvccDefines"));
    m_defines->setPlaceholderText(tr("NAME=VALUE NAME2=VALUE2"));
    m_flags = new QLineEdit;
    m_flags->setObjectName(QStringLiteral("nvccFlags"));
    m_flags->setPlaceholderText(tr("e.g. -std=c++17"));
    auto* recompile = new QPushButton(tr("Compile again"));
    recompile->setToolTip(tr("Compile the .cu with these settings and list its kernels again"));
    auto* compiler = new QGroupBox(tr("nvcc (for a .cu; remembered per module)"));
    auto* form = new QFormLayout(compiler);
    form->addRow(tr("Include folders:"), m_includes);
    form->addRow(tr("Defines:"), m_defines);
    auto* flagsRow = new QHBoxLayout;
    flagsRow->addWidget(m_flags, 1);
    flagsRow->addWidget(recompile);
    form->addRow(tr("Flags:"), flagsRow);

    m_symbols = new QTableWidget(0, 4);
    m_symbols->setObjectName(QStringLiteral("symbolsTable"));
    m_symbols->setHorizontalHeaderLabels({tr("Symbol"), tr("Type"), tr("Count"), tr("Contents (empty: initializer)")});
    m_symbols->horizontalHeader()->setStretchLastSection(true);
    m_symbols->verticalHeader()->hide();
    auto* symbols = new QGroupBox(tr("__constant__ and __device__ variables (memcpy_to_symbol before the launch)"));
    auto* symbolsLayout = new QVBoxLayout(symbols);
    symbolsLayout->addWidget(m_symbols);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(compiler);
    layout->addWidget(symbols, 1);

    for (auto* edit : {m_includes, m_defines, m_flags})
        connect(edit, &QLineEdit::textEdited, this, &CompilerSymbolsBox::edited);
    connect(m_symbols, &QTableWidget::itemChanged, this, [this] {
        if (!m_filling)
            Q_EMIT edited();
    });
    connect(recompile, &QPushButton::clicked, this, &CompilerSymbolsBox::recompileRequested);
}

void CompilerSymbolsBox::setForm(const model::LaunchForm& form)
{
    m_filling = true;
    m_includes->setText(form.includeDirs.join(QLatin1Char(';')));
    m_defines->setText(form.defines.join(QLatin1Char(' ')));
    m_flags->setText(form.nvccFlags.join(QLatin1Char(' ')));
    m_symbols->setRowCount(0);
    for (const auto& s : form.symbols) {
        const int r = m_symbols->rowCount();
        m_symbols->insertRow(r);
        auto* name = new QTableWidgetItem(s.name);
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        m_symbols->setItem(r, SymbolName, name);
        m_symbols->setItem(r, SymbolType, new QTableWidgetItem(s.type));
        m_symbols->setItem(r, SymbolCount, new QTableWidgetItem(s.count));
        m_symbols->setItem(r, SymbolInit, new QTableWidgetItem(s.init));
    }
    m_filling = false;
}

void CompilerSymbolsBox::apply(model::LaunchForm& form) const
{
    form.includeDirs = words(*m_includes, QLatin1Char(';'));
    form.defines = words(*m_defines, QLatin1Char(' '));
    form.nvccFlags = words(*m_flags, QLatin1Char(' '));
    form.symbols.clear();
    for (int r = 0; r < m_symbols->rowCount(); ++r)
        form.symbols.push_back({cell(*m_symbols, r, SymbolName), cell(*m_symbols, r, SymbolType),
            cell(*m_symbols, r, SymbolCount), cell(*m_symbols, r, SymbolInit)});
}

bool CompilerSymbolsBox::restoreNvcc(const QString& modulePath, model::LaunchForm& form)
{
    QSettings settings;
    const auto key = settingsKey(modulePath);
    if (!settings.contains(key + QStringLiteral("/includeDirs")))
        return false;
    form.includeDirs = settings.value(key + QStringLiteral("/includeDirs")).toStringList();
    form.defines = settings.value(key + QStringLiteral("/defines")).toStringList();
    form.nvccFlags = settings.value(key + QStringLiteral("/flags")).toStringList();
    return true;
}

void CompilerSymbolsBox::rememberNvcc(const model::LaunchForm& form)
{
    QSettings settings;
    const auto key = settingsKey(form.modulePath);
    settings.setValue(key + QStringLiteral("/includeDirs"), form.includeDirs);
    settings.setValue(key + QStringLiteral("/defines"), form.defines);
    settings.setValue(key + QStringLiteral("/flags"), form.nvccFlags);
}

} // namespace views
