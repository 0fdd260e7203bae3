#pragma once

#include <QDialog>

namespace app {

/// Help ▸ About: what warpscope is and the versions of it and the libraries it runs on.
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);

    /// "warpscope 0.1.0", "Qt 6.4.2", "QCustomPlot 2.1.0", "SQLite 3.40.1", one per line.
    static QString versionsText();
};

} // namespace app
