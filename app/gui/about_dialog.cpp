#include "app/gui/about_dialog.h"

#include "model/library_versions.h"
#include "views/plot/plot_library.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

namespace app {

AboutDialog::AboutDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("About warpscope"));
    auto* text = new QLabel(tr("<h3>warpscope %1</h3>"
                               "<p>A visual profiler for CUDA kernels on a modeled GPU: occupancy, per-warp "
                               "timelines, memory transactions and bank conflicts, from G80 to Hopper, "
                               "without a GPU.</p>")
                                .arg(QStringLiteral(WARPSCOPE_VERSION)));
    text->setWordWrap(true);
    auto* versions = new QLabel(versionsText());
    versions->setObjectName(QStringLiteral("versions"));
    versions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(versions);
    layout->addWidget(buttons);
    setMinimumWidth(420);
}

QString AboutDialog::versionsText()
{
    return tr("warpscope %1\nQt %2 (built with %3)\nQCustomPlot %4\nSQLite %5")
        .arg(QStringLiteral(WARPSCOPE_VERSION), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
            views::plotLibraryVersion(), model::sqliteVersion());
}

} // namespace app
