#include "app/gui/user_guide_window.h"

#include "app/gui/resource_paths.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QMessageBox>
#include <QTextBrowser>
#include <QToolBar>

namespace app {

void UserGuideWindow::showFor(QWidget* owner)
{
    auto* window = owner->findChild<UserGuideWindow*>(QString(), Qt::FindDirectChildrenOnly);
    if (!window) {
        const auto index = userGuidePath();
        if (index.isEmpty()) {
            QMessageBox::information(owner, tr("User Guide"),
                tr("The user guide was not found in %1.")
                    .arg(QDir::cleanPath(QDir(QCoreApplication::applicationDirPath())
                                             .filePath(QStringLiteral(WARPSCOPE_GUIDE_FROM_BIN)))));
            return;
        }
        window = new UserGuideWindow(index, owner);
    }
    window->show();
    window->raise();
    window->activateWindow();
}

UserGuideWindow::UserGuideWindow(const QString& indexPath, QWidget* owner)
    : QMainWindow(owner, Qt::Window)
    , m_indexPath(indexPath)
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("userGuideWindow"));
    setAttribute(Qt::WA_DeleteOnClose, false);
    m_browser->setObjectName(QStringLiteral("userGuideBrowser"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setSource(QUrl::fromLocalFile(indexPath));
    setCentralWidget(m_browser);
    setupToolBar();
    connect(m_browser, &QTextBrowser::sourceChanged, this,
        [this] { setWindowTitle(tr("%1 — warpscope User Guide").arg(m_browser->documentTitle())); });
    setWindowTitle(tr("%1 — warpscope User Guide").arg(m_browser->documentTitle()));
    resize(900, 760);
}

void UserGuideWindow::setupToolBar()
{
    auto* toolBar = addToolBar(tr("Navigation"));
    toolBar->setMovable(false);
    auto* back = toolBar->addAction(tr("Back"), m_browser, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    back->setEnabled(false);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    auto* forward = toolBar->addAction(tr("Forward"), m_browser, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    forward->setEnabled(false);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    toolBar->addAction(tr("Contents"), this, [this] { m_browser->setSource(QUrl::fromLocalFile(m_indexPath)); });
    toolBar->addAction(tr("Open in Web Browser"), this, [this] { QDesktopServices::openUrl(m_browser->source()); });
}

} // namespace app
