#include "app/gui/window_messages.h"

#include "model/device/device_catalog_load.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>

namespace app {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("app::MainWindow", text);
}

} // namespace

void openCannotOpenBox(QWidget* parent, const QString& path, const QString& reason)
{
    const auto name = QFileInfo(path).fileName();
    auto* box = new QMessageBox(QMessageBox::Information, tr("Cannot open %1").arg(name), reason, QMessageBox::Ok, parent);
    box->setInformativeText(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void openProfileErrorsBox(QWidget* parent, const QVector<model::ProfileLoadError>& errors)
{
    QStringList lines;
    for (const auto& error : errors)
        lines.push_back(error.text);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Device profiles not loaded"),
        tr("Device profiles in %1 that could not be loaded are left out:")
            .arg(QDir::toNativeSeparators(model::userProfileDirectory())),
        QMessageBox::Ok, parent);
    box->setInformativeText(lines.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace app
